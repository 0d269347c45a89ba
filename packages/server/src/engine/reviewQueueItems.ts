import { and, desc, eq, lt, lte, sql } from 'drizzle-orm'
import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { admin, content, processResourceLog, processState, resourceVersion } from '../db/schema.ts'
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

const submission = alias(processResourceLog, 'submission')

/**
 * What a decision of the review log acted on (审核记录, decision 0034): the submission it answered — the item's
 * last `submit` entry before it — and the version kept by then (a submission keeps one, and so does every save of
 * a submitted item; the decision's own version is written in the same statement, so with the same time). Each is
 * one step down an index ((res_type, res_id, id), (res_type, res_id, version_no)) per row of the page. Without a version (rows
 * older than versions) the item's current title and cover stand in.
 */
export function decidedOnColumns(db: Db) {
  const submitted = db
    .select({ at: submission.createdAt, by: submission.actorId, name: submission.actorName })
    .from(submission)
    .where(
      and(
        eq(submission.resType, processResourceLog.resType),
        eq(submission.resId, processResourceLog.resId),
        eq(submission.action, 'submit'),
        lt(submission.id, processResourceLog.id),
      ),
    )
    .orderBy(desc(submission.id))
    .limit(1)
    .as('submitted')
  const version = db
    .select({
      title: sql<string | null>`${resourceVersion.fields}->>'title'`.as('version_title'),
      cover: sql<string | null>`${resourceVersion.fields}->>'cover'`.as('version_cover'),
    })
    .from(resourceVersion)
    .where(
      and(
        eq(resourceVersion.resType, processResourceLog.resType),
        eq(resourceVersion.resId, processResourceLog.resId),
        lte(resourceVersion.createdAt, processResourceLog.createdAt),
      ),
    )
    .orderBy(desc(resourceVersion.versionNo))
    .limit(1)
    .as('decided_version')
  return {
    columns: {
      decidedOn: {
        title: version.title,
        cover: version.cover,
        submittedAt: submitted.at,
        submittedBy: submitted.by,
        submitterName: submitted.name,
      },
    },
    join: <T extends PgSelect>(q: T) =>
      q.leftJoinLateral(submitted, sql`true`).leftJoinLateral(version, sql`true`),
  }
}

/** A decided-on row as decidedOnColumns reads it (null when both joins found nothing). */
export interface DecidedOn {
  title: string | null
  cover: string | null
  submittedAt: Date | null
  submittedBy: number | null
  submitterName: string | null
}

/** A queue row as its decision saw it: the decided version's title and cover, the submission it answered. */
export const asDecided = (r: QueueRow, on: DecidedOn | null): QueueRow => ({
  ...r,
  row: {
    ...r.row,
    title: on?.title ?? r.row.title,
    cover: on?.cover ?? r.row.cover,
    submittedAt: on?.submittedAt ?? r.row.submittedAt,
    submittedBy: on?.submittedBy ?? r.row.submittedBy,
  },
  submitterName: on?.submitterName ?? r.submitterName,
})

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
