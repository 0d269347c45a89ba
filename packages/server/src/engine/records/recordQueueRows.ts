import { eq, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { admin, processState } from '../../db/schema.ts'
import { col, type RecordTable, titleField } from './recordTable.ts'

type Row = Record<string, unknown> & { id: number }
type Names = { creatorName: string | null; submitterName: string | null; stateName: string | null }

const creator = alias(admin, 'creator')
const submitter = alias(admin, 'submitter')

/** The first picture of a row, as a queue shows it (a splash's image, a pop-up's picture). */
export const coverOf = (rt: RecordTable, r: Record<string, unknown>) => {
  const name = Object.entries(rt.def.fields).find(([, f]) => f.kind === 'image')?.[0]
  return name ? String(r[name] ?? '') : ''
}

/** A record-store row as a review queue lists it (the content queue's item shape, queueItemSchema). */
export const recordQueueRow = (rt: RecordTable, r: Row, names: Names) => ({
  id: r.id,
  kind: rt.def.name,
  title: String(r[titleField(rt)] ?? ''),
  cover: coverOf(rt, r),
  verifyState: r.verifyState as number,
  processType: (r.processType as string | null) ?? null,
  createdBy: (r.createdBy as number | undefined) ?? 0,
  creatorName: names.creatorName ?? '',
  submittedBy: (r.submittedBy as number | null) ?? null,
  submitterName: names.submitterName ?? '',
  submittedAt: r.submittedAt instanceof Date ? r.submittedAt.toISOString() : null,
  stateId: (r.processStateId as number | null) ?? null,
  stateName: names.stateName ?? '',
  logId: null as number | null,
  action: null as string | null,
  comment: null as string | null,
  decidedAt: null as string | null,
})

/** Rows of the type with their creator's, submitter's and node's names (a queue page, or the rows of some ids). */
export function recordQueueSelect(db: Db, rt: RecordTable) {
  return db
    .select({
      row: rt.table,
      creatorName: creator.username,
      submitterName: submitter.username,
      stateName: processState.name,
    })
    .from(rt.table)
    .leftJoin(creator, eq(creator.id, rt.traits.scoped ? col(rt, 'createdBy') : sql`null`))
    .leftJoin(submitter, eq(submitter.id, col(rt, 'submittedBy')))
    .leftJoin(processState, eq(processState.id, col(rt, 'processStateId')))
    .$dynamic()
}

/** The queue items of rows found by `where`. */
export async function recordQueueItems(db: Db, rt: RecordTable, where: SQL | undefined) {
  const rows = await recordQueueSelect(db, rt).where(where)
  return rows.map((r) => recordQueueRow(rt, r.row as Row, r))
}
