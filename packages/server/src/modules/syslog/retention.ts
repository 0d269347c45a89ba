import { inArray, lt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { operationLog } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { every } from '../../platform/periodic.ts'

const DAY_MS = 86_400_000
/** How often the retention task runs (also once when the app is ready). */
export const RETENTION_INTERVAL_MS = 6 * 3_600_000
/** Rows deleted per statement, so one prune never holds a long transaction. */
const BATCH = 5_000

/**
 * Deletes operation-log rows older than the retention setting `log.retentionDays` (at least 180 days),
 * oldest first through the created_at index. This is the only code that removes log rows; nothing
 * updates them. Returns how many rows went.
 */
export async function pruneOperationLog(ctx: Ctx, now = new Date()): Promise<number> {
  const { db } = ctx.database
  const days = await ctx.settings.get('log.retentionDays')
  const cutoff = new Date(now.getTime() - days * DAY_MS)
  let deleted = 0
  for (;;) {
    const old = db
      .select({ id: operationLog.id })
      .from(operationLog)
      .where(lt(operationLog.createdAt, cutoff))
      .orderBy(operationLog.createdAt)
      .limit(BATCH)
    const rows = await db
      .delete(operationLog)
      .where(inArray(operationLog.id, old))
      .returning({ id: operationLog.id })
    deleted += rows.length
    if (rows.length < BATCH) return deleted
  }
}

/** Runs the prune when the app is ready and then every RETENTION_INTERVAL_MS until it closes. */
export function startLogRetention(app: FastifyInstance, ctx: Ctx) {
  every(app, 'operation log prune', RETENTION_INTERVAL_MS, async () => {
    const n = await pruneOperationLog(ctx)
    if (n > 0) app.log.info({ deleted: n }, 'operation log pruned')
  })
}
