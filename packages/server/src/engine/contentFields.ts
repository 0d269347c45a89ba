import { contentMessages } from '@moc/domain/api/content'
import type { ResourceDef } from '@moc/domain/resources/types'
import { displayWindowValid } from '@moc/domain/rules/displayWindow'
import type { content } from '../db/schema.ts'
import { AppError } from '../platform/errors.ts'
import { sanitizeRichText } from '../platform/richText.ts'

type ContentRow = typeof content.$inferSelect
type ContentWrite = Partial<typeof content.$inferInsert>

/** Definition fields stored in their own `content` column; every other field lives in `extra`. */
const COLUMN_FIELDS = new Set([
  'title',
  'cover',
  'summary',
  'body',
  'tags',
  'mediaAccountId',
  'showState',
  'isFirst',
  'displayStart',
  'displayEnd',
  'operateViewNum',
  'operateLikeNum',
])

const toDate = (v: unknown) => (typeof v === 'string' ? new Date(v) : null)
const toIso = (v: unknown) => (v instanceof Date ? v.toISOString() : null)

/**
 * Validated field values → the columns to write: rich text sanitized (DESIGN §7; iframes only from
 * `embedOrigins`), date-times parsed, the display window checked (end not before start), non-column fields gathered into `extra`.
 */
export function contentWrite(
  def: ResourceDef,
  values: Record<string, unknown>,
  embedOrigins: readonly string[],
): ContentWrite {
  const row: Record<string, unknown> = {}
  const extra: Record<string, unknown> = {}
  for (const [name, f] of Object.entries(def.fields)) {
    if (!(name in values)) continue
    let v = values[name]
    if (f.kind === 'richText' && typeof v === 'string') v = sanitizeRichText(v, embedOrigins)
    if (f.kind === 'datetime') v = COLUMN_FIELDS.has(name) ? toDate(v) : v
    if (COLUMN_FIELDS.has(name)) row[name] = v
    else extra[name] = v
  }
  const start = row.displayStart as Date | null | undefined
  const end = row.displayEnd as Date | null | undefined
  if (!displayWindowValid(start, end)) throw new AppError('BAD_REQUEST', contentMessages.displayWindow)
  return { ...row, extra } as ContentWrite
}

/** A stored row → its definition's field values (what the form shows and saves back). */
export function contentFieldValues(def: ResourceDef, row: ContentRow): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const cols = row as unknown as Record<string, unknown>
  for (const [name, f] of Object.entries(def.fields)) {
    const v = COLUMN_FIELDS.has(name) ? cols[name] : row.extra[name]
    out[name] = f.kind === 'datetime' && v instanceof Date ? toIso(v) : (v ?? null)
  }
  return out
}

/**
 * The list-column values of a definition that live in `extra` (e.g. a video's duration, a collection's type):
 * list rows carry them beside the item's own values, so any field can be a list column.
 */
export function extraColumnValues(def: ResourceDef, row: Pick<ContentRow, 'extra'>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const name of extraListColumns(def)) out[name] = row.extra[name] ?? null
  return out
}

/** The definition's list columns whose values live in `extra`. */
export const extraListColumns = (def: ResourceDef) =>
  def.list.columns.filter((name) => !COLUMN_FIELDS.has(name) && def.fields[name])
