import type { ReviewAction } from '@moc/domain/api/review'
import type { content } from '../db/schema.ts'
import { LOG_COLUMNS } from '../platform/auditLog.ts'
import { type CountChange, counterColumns, counterUpsert } from './contentCounters.ts'
import type { VersionWrite } from './versions.ts'

type Row = typeof content.$inferSelect

/** The columns a review transition changes; transitionWrite writes exactly these. */
export type TransitionPatch = Partial<
  Pick<Row, 'verifyState' | 'processType' | 'processStateId' | 'publishedAt' | 'submittedBy' | 'submittedAt'>
>

/** One item's transition as written: the row after it, the version it keeps, its resource-log entry. */
export interface TransitionRow {
  after: Row
  /** The row version the transition was planned on (contentRoutes ReadItem.xmin). */
  xmin: string
  version: VersionWrite | undefined
  log: {
    resType: string
    action: ReviewAction
    actorId: number
    actorName: string
    stateId: number | null
    stateName: string
    comment: string
  }
}

/**
 * A review transition's writes in one statement of fixed text (so PostgreSQL prepares it once per connection and
 * nothing is built per call), planned on rows read without locks: the items' transition columns set to their
 * values after the change, only on rows whose version (xmin) is still the one read (a column the transition leaves
 * alone is set to the value read, unchanged since); the versions kept or decided; the resource-log rows; the
 * request's operation-log row (committed with the change it records); and last the counters. Every part but the
 * operation log takes its rows as arrays. When any item changed since it was read, transition_guard (migration
 * 0015) aborts the whole statement with SQLSTATE 40001 and nothing is written (isStaleWrite).
 */
export const TRANSITION_WRITE = `with moved as (
    update content c set verify_state = v.verify_state, process_type = v.process_type,
      process_state_id = v.process_state_id, published_at = v.published_at, submitted_by = v.submitted_by,
      submitted_at = v.submitted_at, updated_at = $1
    from unnest($2::int[], $3::int[], $4::text[], $5::int[], $6::timestamptz[], $7::int[], $8::timestamptz[],
                $45::text[])
      as v(id, verify_state, process_type, process_state_id, published_at, submitted_by, submitted_at, xmin)
    where c.id = v.id and c.xmin::text = v.xmin
    returning c.id
  ), kept as (
    insert into resource_version (res_type, res_id, version_no, fields, created_by, decision)
    select r, c, n, f::jsonb, b, d
    from unnest($46::text[], $9::int[], $10::int[], $11::text[], $12::int[], $13::text[]) as t(r, c, n, f, b, d)
  ), decided as (
    update resource_version cv set decision = d.decision
    from unnest($14::bigint[], $15::text[]) as d(id, decision) where cv.id = d.id
  ), logged as (
    insert into process_resource_log (res_id, res_type, action, actor_id, actor_name, state_id, state_name, comment)
    select * from unnest($16::int[], $17::text[], $18::text[], $19::int[], $20::text[], $21::int[], $22::text[],
                         $23::text[])
  ), audited as (
    insert into operation_log (admin_id, username, page, action, method, path, target, ip, user_agent, result, code,
                               status, created_at, target_name)
    select $24::int, $25::text, $26::text, $27::text, $28::text, $29::text, $30::text, $31::text, $32::text,
      $33::text, $34::int, $35::int, $36::timestamptz, $37::text
    where transition_guard((select count(*) from moved), cardinality($2::int[]))
  )
  ${counterUpsert(38)}`

const iso = (d: Date | null) => d?.toISOString() ?? null

/**
 * The parameters of TRANSITION_WRITE for these rows, the request's operation-log row (auditLog.ts auditRow, in
 * LOG_COLUMNS order) and the counter changes.
 */
export function transitionValues(
  now: Date,
  rows: readonly TransitionRow[],
  audit: Record<(typeof LOG_COLUMNS)[number], unknown>,
  counts: readonly CountChange[],
) {
  const col = <T>(pick: (r: TransitionRow) => T) => rows.map(pick)
  const kept = rows.flatMap((r) => (r.version && 'insert' in r.version ? [r.version.insert] : []))
  const decided = rows.flatMap((r) => (r.version && 'decide' in r.version ? [r.version.decide] : []))
  return [
    now.toISOString(),
    col((r) => r.after.id),
    col((r) => r.after.verifyState),
    col((r) => r.after.processType),
    col((r) => r.after.processStateId),
    col((r) => iso(r.after.publishedAt)),
    col((r) => r.after.submittedBy),
    col((r) => iso(r.after.submittedAt)),
    kept.map((v) => v.resId),
    kept.map((v) => v.versionNo),
    kept.map((v) => JSON.stringify(v.fields)),
    kept.map((v) => v.createdBy),
    kept.map((v) => v.decision ?? null),
    decided.map((d) => d.id),
    decided.map((d) => d.decision),
    col((r) => r.after.id),
    col((r) => r.log.resType),
    col((r) => r.log.action),
    col((r) => r.log.actorId),
    col((r) => r.log.actorName),
    col((r) => r.log.stateId),
    col((r) => r.log.stateName),
    col((r) => r.log.comment),
    ...LOG_COLUMNS.map((c) => (audit[c] instanceof Date ? audit[c].toISOString() : audit[c])),
    ...(counterColumns(counts) ?? [[], [], [], [], [], [], []]),
    col((r) => r.xmin),
    kept.map((v) => v.resType),
  ]
}

/**
 * The write found an item changed since it was read: transition_guard's 40001, or another transition's version of
 * the same item (resource_version_no). Read again and plan afresh.
 */
export const isStaleWrite = (err: unknown) => {
  const e = err as { code?: string; constraint?: string }
  return e.code === '40001' || (e.code === '23505' && e.constraint === 'resource_version_no')
}
