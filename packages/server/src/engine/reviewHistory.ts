import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { processResourceLog, resourceVersion } from '../db/schema.ts'

/**
 * An item deleted for ever takes its review history with it: its resource-log rows and kept versions, keyed by
 * (res_type, res_id) with no foreign key to any one table (DESIGN §5). Call it in the deleting transaction.
 */
export async function forgetReviewHistory(tx: Db, resType: string, ids: readonly number[]) {
  if (!ids.length) return
  await tx
    .delete(processResourceLog)
    .where(and(eq(processResourceLog.resType, resType), inArray(processResourceLog.resId, [...ids])))
  await tx
    .delete(resourceVersion)
    .where(and(eq(resourceVersion.resType, resType), inArray(resourceVersion.resId, [...ids])))
}
