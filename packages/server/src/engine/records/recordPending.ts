import { and, count, eq, isNull, notInArray, or, type SQL } from 'drizzle-orm'
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

/** Their number: an index range on the table's pending partial index (db/traits.ts recordIndexes). */
export async function recordPendingTotal(
  db: Db,
  rt: RecordTable,
  scope: DataScope,
  foreign: readonly number[],
) {
  const [r] = await db
    .select({ n: count() })
    .from(rt.table)
    .where(actableRecords(rt, scope, foreign))
  return r?.n ?? 0
}
