import { type AnyColumn, type SQL, sql } from 'drizzle-orm'

/**
 * Newest first, exactly as the `.desc()` index columns are built (drizzle writes DESC NULLS LAST). PostgreSQL
 * serves an ORDER BY from an index only when the NULLS order matches too, so a plain `desc()` (NULLS FIRST) on
 * these columns sorts every matching row: 350 ms instead of 0.2 ms for a 30-row page of 10^6 articles.
 */
export const descIndexed = (column: AnyColumn): SQL => sql`${column} desc nulls last`
