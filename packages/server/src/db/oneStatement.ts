import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'

/**
 * Several writes sent as one statement: all but the last as data-modifying WITH queries, the last as the main
 * one. PostgreSQL runs them all, on one snapshot, in one round trip; none may change a row another one changes.
 */
export function oneStatement(writes: readonly SQLWrapper[]): SQL {
  const last = writes.at(-1)
  if (!last) throw new Error('oneStatement needs a write')
  if (writes.length === 1) return last.getSQL()
  const ctes = writes.slice(0, -1).map((w, i) => sql`${sql.raw(`w${i}`)} as (${w.getSQL()})`)
  return sql`with ${sql.join(ctes, sql`, `)} ${last.getSQL()}`
}
