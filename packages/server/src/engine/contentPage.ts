import { count, eq, getTableColumns, gte, ilike, lte, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { descIndexed } from '../db/order.ts'
import { admin, content } from '../db/schema.ts'
import { containsPattern } from '../platform/paging.ts'

/** What a list row reads: everything but the long texts (an article body may be 500,000 characters). */
export const { body: _body, summary: _summary, ...listColumns } = getTableColumns(content)
export type ListRow = Omit<typeof content.$inferSelect, 'body' | 'summary'>

/** The filters content lists take beyond the counted buckets: title contains, created from / until. */
export function freeFilters(q: { title?: string; startTime?: string; endTime?: string }): SQL[] {
  const free: SQL[] = []
  if (q.title) free.push(ilike(content.title, containsPattern(q.title)))
  if (q.startTime) free.push(gte(content.createdAt, new Date(q.startTime)))
  if (q.endTime) free.push(lte(content.createdAt, new Date(q.endTime)))
  return free
}

/**
 * One page of content rows, newest first through the (created_at, id) indexes, with the creator's name, and the
 * exact total (decision 0006): `counted` (the maintained counters) when only bucket filters apply, else count(*).
 */
export async function contentPage(
  db: Db,
  where: SQL | undefined,
  hasFree: boolean,
  q: { page: number; pageSize: number },
  counted: () => Promise<number>,
) {
  const [rows, total] = await Promise.all([
    db
      .select({ row: listColumns, creatorName: admin.username })
      .from(content)
      .leftJoin(admin, eq(admin.id, content.createdBy))
      .where(where)
      .orderBy(descIndexed(content.createdAt), descIndexed(content.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    hasFree
      ? db
          .select({ n: count() })
          .from(content)
          .where(where)
          .then((r) => r[0]?.n ?? 0)
      : counted(),
  ])
  return { rows, total }
}
