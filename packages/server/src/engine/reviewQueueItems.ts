import { eq } from 'drizzle-orm'
import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import { admin, content, type processResourceLog, processState } from '../db/schema.ts'
import { type ListRow, listColumns } from './contentPage.ts'

/** The rows of review queues (queueItemSchema of @moc/domain/api/review): per-type queues and the cross-type list. */

const creator = alias(admin, 'creator')
const submitter = alias(admin, 'submitter')

/** The columns a queue row selects: the item, its creator's and submitter's names, its current node's name. */
export const queueColumns = {
  row: listColumns,
  creatorName: creator.username,
  submitterName: submitter.username,
  stateName: processState.name,
}

export interface QueueRow {
  row: ListRow
  creatorName: string | null
  submitterName: string | null
  stateName: string | null
}

/** Adds the joins `queueColumns` reads to a select from `content` (or from a table joined to it). */
export const withQueueJoins = <T extends PgSelect>(q: T) =>
  q
    .leftJoin(creator, eq(creator.id, content.createdBy))
    .leftJoin(submitter, eq(submitter.id, content.submittedBy))
    .leftJoin(processState, eq(processState.id, content.processStateId))

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** A queue row as sent; with `decision` (审核记录), the node and time of the caller's decision. */
export const queueItem = (r: QueueRow, decision?: typeof processResourceLog.$inferSelect) => ({
  id: r.row.id,
  kind: r.row.kind,
  title: r.row.title,
  cover: r.row.cover,
  verifyState: r.row.verifyState,
  processType: r.row.processType,
  createdBy: r.row.createdBy,
  creatorName: r.creatorName ?? '',
  submittedBy: r.row.submittedBy,
  submitterName: r.submitterName ?? '',
  submittedAt: iso(r.row.submittedAt),
  stateId: decision ? decision.stateId : r.row.processStateId,
  stateName: decision ? decision.stateName : (r.stateName ?? ''),
  logId: decision?.id ?? null,
  action: decision?.action ?? null,
  comment: decision?.comment ?? null,
  decidedAt: decision ? decision.createdAt.toISOString() : null,
})
