import { and, eq, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import type { DataScope } from '../../platform/dataScope.ts'
import { col, liveRows, type RecordTable, recordInScope } from './recordTable.ts'

/** The pending live rows of a reviewed record type the caller may act on: in scope, not at a node not theirs. */
export const actableRecords = (
  rt: RecordTable,
  scope: DataScope,
  foreign: readonly number[],
): SQL | undefined =>
  and(
    eq(col(rt, 'verifyState'), 3),
    liveRows(rt),
    recordInScope(rt, scope),
    foreign.length
      ? or(isNull(col(rt, 'processStateId')), notInArray(col(rt, 'processStateId'), [...foreign]))
      : undefined,
  )

/**
 * Their numbers for several types in one statement (one round trip for every record-store queue of the badges), each an
 * index range on its table's pending partial index (db/traits.ts recordIndexes).
 */
export async function recordPendingTotals(
  db: Db,
  tables: readonly RecordTable[],
  scope: DataScope,
  foreign: readonly number[],
): Promise<number[]> {
  if (!tables.length) return []
  const counts = tables.map(
    (rt, i) =>
      sql`(select count(*) from ${rt.table} where ${actableRecords(rt, scope, foreign) ?? sql`true`})::int as ${sql.identifier(`n${i}`)}`,
  )
  const result = await db.execute<Record<string, number>>(sql`select ${sql.join(counts, sql`, `)}`)
  const [row] = (result as unknown as { rows: Record<string, number>[] }).rows
  return tables.map((_, i) => Number(row?.[`n${i}`] ?? 0))
}
