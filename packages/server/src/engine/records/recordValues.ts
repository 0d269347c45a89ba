import { recordMessages } from '@moc/domain/api/records'
import { type FieldDef, type ResourceDef, whenHolds } from '@moc/domain/resources/types'
import { displayWindowValid } from '@moc/domain/rules/displayWindow'
import { AppError } from '../../platform/errors.ts'
import { sanitizeRichText } from '../../platform/richText.ts'

/** A record's field values ↔ its columns (the column of a field has the field's name, db/traits.ts). */

/** The query a signed local-storage URL carries (platform/storage/localStorage.ts signedUrl). */
const SIGNATURE = /\?expires=\d+&sig=[\w-]+$/

const toDate = (v: unknown) => (typeof v === 'string' && v ? new Date(v) : null)

/** Fields stored in the row itself (a child collection has a table of its own; a derived value none). */
export const columnFields = (def: Pick<ResourceDef, 'fields'>): [string, FieldDef][] =>
  Object.entries(def.fields).filter(([, f]) => f.kind !== 'children' && !f.derived)

/**
 * Validated field values → the columns to write: rich text sanitized (DESIGN §7; iframes only from `embedOrigins`),
 * date-times parsed, a file's URL without its lapsing signature, an optional select left out stored as null, the display
 * window checked (end not before start).
 * Only the fields given are written (a command's input sets a few).
 */
export function recordWrite(
  def: Pick<ResourceDef, 'fields'>,
  values: Record<string, unknown>,
  embedOrigins: readonly string[],
): Record<string, unknown> {
  const row: Record<string, unknown> = {}
  for (const [name, f] of columnFields(def)) {
    if (!(name in values)) continue
    // A field that does not apply (its `when` does not hold: a rating's scale on a fill-in question) keeps what it
    // has; the form sends it empty, and its column may be never null.
    if (f.when && f.when.field in values && !whenHolds(f.when, values[f.when.field])) continue
    let v = values[name]
    if (f.kind === 'richText' && typeof v === 'string') v = sanitizeRichText(v, embedOrigins)
    if (f.kind === 'datetime') v = toDate(v)
    // A private file's signature lapses and is made anew on each read (freshFileUrls): it is not the file's address.
    if (f.kind === 'file' && typeof v === 'string') v = v.replace(SIGNATURE, '')
    // Left empty where the field has a default (a number the form cleared): the default, not a null.
    if ((v === null || v === undefined) && f.default !== undefined) v = f.default
    row[name] = v === undefined ? null : v
  }
  if ('displayStart' in row || 'displayEnd' in row)
    if (!displayWindowValid(row.displayStart, row.displayEnd))
      throw new AppError('BAD_REQUEST', recordMessages.displayWindow)
  return row
}

/** A stored row → its definition's column field values (what the form shows and saves back), dates as ISO text. */
export function recordFieldValues(def: Pick<ResourceDef, 'fields'>, row: Record<string, unknown>) {
  const out: Record<string, unknown> = {}
  for (const [name, f] of columnFields(def)) {
    const v = row[name]
    out[name] = f.kind === 'datetime' && v instanceof Date ? v.toISOString() : (v ?? null)
  }
  return out
}

/** Timestamps of a row as ISO text (lists and details answer JSON). */
export function isoRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v
  return out
}
