/** The rows of a raw `db.execute(sql…)`: the drivers answer a result with `rows` (node-postgres, PGlite) or an array. */
export const rowsOf = <T = Record<string, unknown>>(r: unknown): T[] =>
  Array.isArray(r) ? (r as T[]) : ((r as { rows?: T[] }).rows ?? [])
