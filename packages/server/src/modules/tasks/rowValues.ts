/** A raw row's values as the answers carry them. */
export type Row = Record<string, unknown>
export const num = (v: unknown) => Number(v ?? 0)
export const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))
export const time = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString())
