import type { ResourceDef } from '@moc/domain/resources/types'
import dayjs from 'dayjs'
import { fieldPayload, formFields } from './derive.ts'

/** An item as the detail call returns it: its server-kept values and its definition's fields by name. */
export interface Item {
  id: number
  title?: string
  fields: Record<string, unknown>
}

/** The form's values of an item's fields (or of a new item): dates as dayjs, switches as booleans. */
export function formValues(def: ResourceDef, item: Item['fields'] | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [name, f] of formFields(def)) {
    // A new item starts from the definition's defaults (e.g. shown), else empty.
    const v = item ? item[name] : f.default
    if (f.kind === 'datetime') values[name] = v ? dayjs(v as string) : undefined
    else if (f.kind === 'switch') values[name] = Boolean(v)
    else if (f.kind === 'tags' || f.kind === 'relation' || f.kind === 'modules')
      values[name] = Array.isArray(v) ? v : []
    else values[name] = v ?? undefined
  }
  return values
}

/** The body of a save from the form's values (see fieldPayload); read-only fields are left out. */
export function savePayload(def: ResourceDef, values: Record<string, unknown>): Record<string, unknown> {
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
