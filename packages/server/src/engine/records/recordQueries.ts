import { recordSearchValueSchema } from '@moc/domain/api/records'
import type { ListFilter } from '@moc/domain/resources/types'
import { type AnyColumn, eq, ilike, type SQL, sql } from 'drizzle-orm'
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
    // An id or a number that is none matches nothing (a column of numbers is never searched as text).
    else if (f.kind === 'number' || f.kind === 'tags')
      out.push(/^\d{1,9}$/.test(v.trim()) ? numberMatch(f.kind, c, Number(v.trim())) : sql`false`)
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

/** A number field equal to `n`, or a tags field (ids) holding it. */
const numberMatch = (kind: string, c: AnyColumn, n: number): SQL =>
  kind === 'tags' ? sql`${c} @> ${JSON.stringify([n])}::jsonb` : eq(c, n)
