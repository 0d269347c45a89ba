import { COMMENT_QUEUE } from '@moc/domain/api/commentReview'
import { can, isSuperAdmin } from '@moc/domain/permissions/can'
import { contentReviewResources, recordResources } from '@moc/domain/resources/index'
import type { Database } from '../db/client.ts'
import type { DataScope } from '../platform/dataScope.ts'
import type { Principal } from '../platform/sessions.ts'
import { commentPendingTotal } from './commentReviewRoutes.ts'
import { recordPendingTotals } from './records/recordPending.ts'
import { type RecordTable, recordTableOf } from './records/recordTable.ts'
import { allNodes, foreignNodeIds, pendingTotals } from './reviewFlow.ts'

/**
 * Every review queue's pending count, through one mechanism (DESIGN §5): a source lists the queues it counts and
 * counts those a caller may review, all in one call. The badges (GET /api/verify-center/pendingCounts) ask every
 * source; content counts come from its maintained counters in one statement, record-store queues from their
 * pending partial indexes, comments from theirs.
 */
export interface PendingEntry {
  /** The queue's screen path: the badge's key. */
  queue: string
  /** The page whose 审核 the queue needs. */
  page: string
}

interface PendingSource<E extends PendingEntry> {
  entries: readonly E[]
  /** One total per entry given, in order; `foreign`: the nodes the caller may not act at. */
  count(
    database: Database,
    scope: DataScope,
    foreign: readonly number[],
    entries: readonly E[],
  ): Promise<number[]>
}

const source = <E extends PendingEntry>(s: PendingSource<E>) => s as unknown as PendingSource<PendingEntry>

const sources: readonly PendingSource<PendingEntry>[] = [
  source({
    entries: [...contentReviewResources.values()].map((d) => ({
      queue: d.review.queue,
      page: d.review.permissionPage,
      kind: d.storage.kind,
    })),
    async count(database, scope, foreign, entries) {
      const totals = await pendingTotals(
        database,
        entries.map((e) => e.kind),
        scope,
        foreign,
      )
      return entries.map((e) => totals.get(e.kind) ?? 0)
    },
  }),
  source({
    entries: [...recordResources.values()]
      .filter((d) => d.review)
      .map((d) => ({
        queue: d.review!.queue,
        page: d.review!.permissionPage,
        rt: recordTableOf(d) as RecordTable,
      })),
    count: (database, scope, foreign, entries) =>
      recordPendingTotals(
        database.db,
        entries.map((e) => e.rt),
        scope,
        foreign,
      ),
  }),
  source({
    entries: [{ queue: COMMENT_QUEUE, page: '评论审核' }],
    count: async (database, scope) => [await commentPendingTotal(database.db, scope)],
  }),
]

/** Does any queue count items at review nodes (so the caller's foreign nodes matter)? */
const NODE_SOURCES = 2

/**
 * The pending totals of every queue the principal may review (审核 on its page), by queue path — queues several
 * types share (爆料 and 节目爆料) add up — and their sum.
 */
export async function pendingCounts(
  database: Database,
  p: Principal,
  scopeOf: () => Promise<DataScope>,
): Promise<{ counts: Record<string, number>; total: number }> {
  const mine = sources.map((s) => s.entries.filter((e) => can(p, e.page, '审核')))
  if (!mine.some((m) => m.length)) return { counts: {}, total: 0 }
  const scope = await scopeOf()
  // The super administrator acts at every node: no node list to read.
  const needsNodes = mine.slice(0, NODE_SOURCES).some((m) => m.length) && !isSuperAdmin(p)
  const foreign = needsNodes ? foreignNodeIds(p, await allNodes(database.db)) : []
  const totals = await Promise.all(
    sources.map((s, i) =>
      mine[i]!.length ? s.count(database, scope, foreign, mine[i]!) : Promise.resolve([]),
    ),
  )
  const counts: Record<string, number> = {}
  let total = 0
  for (const [i, entries] of mine.entries())
    for (const [j, e] of entries.entries()) {
      const n = totals[i]![j] ?? 0
      counts[e.queue] = (counts[e.queue] ?? 0) + n
      total += n
    }
  return { counts, total }
}
