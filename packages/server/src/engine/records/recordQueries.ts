import { recordSearchValueSchema } from '@moc/domain/api/records'
import type { ListFilter } from '@moc/domain/resources/types'
import { eq, ilike, type SQL, sql } from 'drizzle-orm'
import { containsPattern } from '../../platform/paging.ts'
import { col, type RecordTable } from './recordTable.ts'

/** The reason of a rejected row's latest rejection (驳回原因 on list rows), null in any other state. */
export const rejectReasonOf = (rt: RecordTable) =>
  sql<string | null>`case when ${rt.cols.verifyState} = 2 then (select l.comment from process_resource_log l
    where l.res_type = ${rt.resType} and l.res_id = ${rt.cols.id} and l.action = 'reject' order by l.id desc limit 1)
    end`

/** A tab's condition over the table (ListFilter): recycle bin, review state, and field values (`is`). */
export function tabWhere(rt: RecordTable, where: ListFilter, verifyState?: number): SQL[] {
  const out: SQL[] = []
  if (rt.traits.recyclable)
    out.push(where.recycled ? sql`${rt.cols.recycledAt} is not null` : sql`${rt.cols.recycledAt} is null`)
  const vs = where.verifyState
  if (rt.traits.reviewed) {
    if (typeof vs === 'number') out.push(eq(col(rt, 'verifyState'), vs))
    else if (vs) out.push(sql`${col(rt, 'verifyState')} <> ${vs.not}`)
    if (verifyState !== undefined) out.push(eq(col(rt, 'verifyState'), verifyState))
  }
  for (const [name, v] of Object.entries(where.is ?? {})) out.push(eq(col(rt, name), v))
  return out
}

/** The definition's search fields from a list query: select fields by equality, a platform list by containment, text by contains. */
export function searchWhere(rt: RecordTable, q: Record<string, unknown>): SQL[] {
  const out: SQL[] = []
  for (const [name, f] of Object.entries(rt.def.fields)) {
    const v = q[name]
    if (!f.search || f.derived || typeof v !== 'string' || !v.trim()) continue
    const c = col(rt, name)
    if (f.kind === 'select') out.push(eq(c, v.trim()))
    else if (f.kind === 'multiSelect') out.push(sql`${c} @> ${JSON.stringify([v.trim()])}::jsonb`)
    else if (f.kind === 'tags' && /^\d+$/.test(v.trim()))
      out.push(sql`${c} @> ${JSON.stringify([Number(v.trim())])}::jsonb`)
    else if (f.kind === 'number' && /^\d+$/.test(v.trim())) out.push(eq(c, Number(v.trim())))
    else out.push(ilike(c, containsPattern(v.trim())))
  }
  return out
}

/** The definition's search fields as list-query parameters, each by its name (a platform, a title keyword). */
export const searchShapeOf = (def: RecordTable['def']) =>
  Object.fromEntries(
    Object.entries(def.fields)
      .filter(([, f]) => f.search && !f.derived)
      .map(([n]) => [n, recordSearchValueSchema.optional()]),
  )
