import type { FieldDef, FieldKind } from '../resources/types.ts'
import { htmlTextBlocks } from './htmlText.ts'
import { type DiffPart, textDiff } from './textDiff.ts'

/**
 * What changed between two snapshots of a content item's fields (the reviewer's 修改对比): one entry per
 * changed field, in definition order. Text fields carry a word/character-level diff; rich text is compared
 * as readable text blocks (htmlTextBlocks), so markup-only changes of the same text show no text change
 * but still count as a change of the field. Other kinds carry the two values for display.
 */
export interface FieldChange {
  name: string
  label: string
  kind: FieldKind
  before: unknown
  after: unknown
  /** For text, textarea and rich text: the marked-up difference (rich text: blocks joined by newlines). */
  parts?: DiffPart[]
}

const TEXTUAL = new Set<FieldKind>(['text', 'textarea', 'richText', 'url', 'image', 'video'])

/** null, undefined and '' are the same "empty"; arrays and objects compare by their JSON. */
const norm = (v: unknown) => (v === undefined || v === null || v === '' ? null : v)
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(norm(a)) === JSON.stringify(norm(b))

/** Whether two snapshots hold the same value for every field (jsonb does not keep key order). */
export const sameFields = (
  fields: Record<string, FieldDef>,
  a: Record<string, unknown>,
  b: Record<string, unknown>,
) => Object.keys(fields).every((name) => sameValue(a[name], b[name]))

const asText = (kind: FieldKind, v: unknown): string => {
  if (v === undefined || v === null) return ''
  const s = typeof v === 'string' ? v : JSON.stringify(v)
  return kind === 'richText' ? htmlTextBlocks(s).join('\n') : s
}

export function fieldChanges(
  fields: Record<string, FieldDef>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldChange[] {
  const out: FieldChange[] = []
  for (const [name, f] of Object.entries(fields)) {
    if (sameValue(before[name], after[name])) continue
    const change: FieldChange = {
      name,
      label: f.label,
      kind: f.kind,
      before: before[name] ?? null,
      after: after[name] ?? null,
    }
    if (TEXTUAL.has(f.kind))
      change.parts = textDiff(asText(f.kind, before[name]), asText(f.kind, after[name]))
    out.push(change)
  }
  return out
}
