import type { FieldDef, ResourceDef } from '@moc/domain/resources/types'
import dayjs from 'dayjs'
import { type ChildRow, fieldPayload, formFields, ROW_KEY } from './derive.ts'

/** An item as the detail call returns it: its server-kept values and its definition's fields by name. */
export interface Item {
  id: number
  title?: string
  fields: Record<string, unknown>
  /** The names of the rows its `ref` fields point at (record store), by field. */
  refs?: Record<string, string>
}

/** One field's value as the form holds it: dates as dayjs, switches as booleans, lists as arrays. */
export function formValueOf(f: FieldDef, v: unknown): unknown {
  switch (f.kind) {
    case 'datetime':
      return v ? dayjs(v as string) : undefined
    case 'switch':
      return Boolean(v)
    case 'tags':
    case 'relation':
    case 'modules':
    case 'multiSelect':
    case 'imageList':
      return Array.isArray(v) ? v : []
    case 'children':
      return Array.isArray(v) ? (v as Record<string, unknown>[]).map((row) => childRowValues(f, row)) : []
    default:
      return v ?? undefined
  }
}

let rowSeq = 0

/** A child row as the form holds it (a new row: the child fields' defaults), keyed for the table. */
export function childRowValues(f: FieldDef, row: Record<string, unknown> | undefined): ChildRow {
  const out: ChildRow = { [ROW_KEY]: `row-${++rowSeq}` }
  if (typeof row?.id === 'number') out.id = row.id
  for (const [name, cf] of Object.entries(f.children?.fields ?? {}))
    out[name] = formValueOf(cf, row ? row[name] : cf.default)
  return out
}

/** The form's values of an item's fields (or of a new item): see formValueOf. */
export function formValues(
  def: Pick<ResourceDef, 'fields'>,
  item: Item['fields'] | undefined,
): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  // A new item starts from the definition's defaults (e.g. shown), else empty.
  for (const [name, f] of formFields(def)) values[name] = formValueOf(f, item ? item[name] : f.default)
  return values
}

/** The body of a save from the form's values (see fieldPayload); read-only fields are left out. */
export function savePayload(
  def: Pick<ResourceDef, 'fields'>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const [name, f] of formFields(def)) if (!f.readOnly) body[name] = fieldPayload(name, f, values[name])
  return body
}

/** Whether the duplicate-title lookup (GET /api/content/same) found another item. */
export function sameTitleFound(data: unknown): boolean {
  if (typeof data === 'boolean') return data
  if (Array.isArray(data)) return data.length > 0
  if (typeof data !== 'object' || data === null) return false
  const d = data as { same?: unknown; total?: unknown; items?: unknown }
  if (typeof d.same === 'boolean') return d.same
  if (typeof d.total === 'number') return d.total > 0
  return Array.isArray(d.items) && d.items.length > 0
}
