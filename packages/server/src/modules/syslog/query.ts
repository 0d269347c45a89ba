import { SYSLOG_NO_PAGE } from '@moc/domain/api/syslog'
import { and, eq, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm'
import { operationLog } from '../../db/schema.ts'
import { containsPattern } from '../../platform/paging.ts'

/** The filters of the 操作日志 list and export, parsed. */
export interface SyslogFilters {
  actor?: string
  pageName?: string
  action?: string
  result?: 'success' | 'fail'
  startTime?: Date
  endTime?: Date
}

/**
 * The WHERE clause of a filtered log query. Account id, page and time use the indexes
 * (admin_id, created_at), (page, created_at) and (created_at); name and action are partial matches.
 */
export function syslogWhere(f: SyslogFilters): SQL | undefined {
  const filters: SQL[] = []
  if (f.actor) {
    const byName = ilike(operationLog.username, containsPattern(f.actor))
    filters.push(/^\d{1,9}$/.test(f.actor) ? or(eq(operationLog.adminId, Number(f.actor)), byName)! : byName)
  }
  if (f.pageName) filters.push(eq(operationLog.page, f.pageName === SYSLOG_NO_PAGE ? '' : f.pageName))
  if (f.action) filters.push(ilike(operationLog.action, containsPattern(f.action)))
  if (f.result) filters.push(eq(operationLog.result, f.result))
  if (f.startTime) filters.push(gte(operationLog.createdAt, f.startTime))
  if (f.endTime) filters.push(lte(operationLog.createdAt, f.endTime))
  return filters.length ? and(...filters) : undefined
}

/** Keyset condition: rows after (older than) the last row of the previous batch, for newest-first order. */
export const olderThan = (last: { createdAt: Date; id: number }): SQL =>
  or(
    lt(operationLog.createdAt, last.createdAt),
    and(eq(operationLog.createdAt, last.createdAt), lt(operationLog.id, last.id)),
  )!
