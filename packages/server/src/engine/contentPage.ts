import type { ListFilter, ResourceDef } from '@moc/domain/resources/types'
import { type AnyColumn, and, count, eq, getTableColumns, gte, ilike, lte, type SQL, sql } from 'drizzle-orm'
import type { Database, Db } from '../db/client.ts'
import { descIndexed } from '../db/order.ts'
import { preparedStatement, runPrepared } from '../db/prepared.ts'
import { admin, content, contentCount } from '../db/schema.ts'
import type { DataScope } from '../platform/dataScope.ts'
import { containsPattern } from '../platform/paging.ts'
import { bucketConditions, countedTotal, counterRows, counterSum } from './contentCounters.ts'
import { contentInScopeOf, scopeSlots, scopeSlotValues } from './contentInScope.ts'

/** What a list row reads: everything but the long texts (an article body may be 500,000 characters). */
export const { body: _body, summary: _summary, ...listColumns } = getTableColumns(content)
export type ListRow = Omit<typeof content.$inferSelect, 'body' | 'summary'>

/** The content table's bucket columns, for the filters shared with the counters. */
export const contentBuckets = {
  recycled: (yes: boolean) =>
    yes ? sql`${content.recycledAt} is not null` : sql`${content.recycledAt} is null`,
  verifyState: sql`${content.verifyState}`,
  isFirst: sql`${content.isFirst}`,
}

/**
 * The definition's searchable fields kept in `extra` (e.g. a disclosure's 区域), from a list query's values of
 * the same names: a select field, or one whose values a call offers (searchFrom), by equality; other text by
 * contains.
 */
export function fieldFilters(def: ResourceDef, q: Record<string, unknown>): SQL[] {
  const out: SQL[] = []
  for (const [name, f] of Object.entries(def.fields)) {
    const v = q[name]
    if (name === 'title' || !f.search || typeof v !== 'string' || !v.trim()) continue
    out.push(
      f.kind === 'select' || f.searchFrom
        ? sql`${content.extra}->>${name} = ${v.trim()}`
        : sql`${content.extra}->>${name} ilike ${containsPattern(v.trim())}`,
    )
  }
  return out
}

/** The filters content lists take beyond the counted buckets: title contains, created from / until. */
export function freeFilters(q: { title?: string; startTime?: string; endTime?: string }): SQL[] {
  const free: SQL[] = []
  if (q.title) free.push(ilike(content.title, containsPattern(q.title)))
  if (q.startTime) free.push(gte(content.createdAt, new Date(q.startTime)))
  if (q.endTime) free.push(lte(content.createdAt, new Date(q.endTime)))
  return free
}

/**
 * The reason of a rejected item's latest rejection, null in any other state (驳回原因 on list rows, decision 0034).
 * Only rejected rows run the subquery (CASE), each one step back along process_resource_log (res_type, res_id, id). The
 * outer row is spelled out: drizzle writes a select list's columns unqualified, which here would name the log's.
 */
export const rejectReason = sql<string | null>`case when "content"."verify_state" = 2 then (select l.comment
  from process_resource_log l where l.res_type = "content"."kind" and l.res_id = "content"."id" and l.action = 'reject' order by l.id desc limit 1)
  end`

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
      .select({ row: listColumns, creatorName: admin.username, rejectReason })
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

/** A timestamp as JavaScript's toISOString() writes it, made by PostgreSQL (no Date per cell in the server). */
const isoText = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * What a list item shows, in its order (contentRoutes itemOf; creatorName comes from the creator's account,
 * rejectReason from the review log).
 */
const ITEM_KEYS = [
  'id',
  'kind',
  'title',
  'cover',
  'verifyState',
  'processType',
  'showState',
  'isFirst',
  'viewNum',
  'operateViewNum',
  'likeNum',
  'operateLikeNum',
  'createdBy',
  'creatorName',
  'departmentId',
  'displayStart',
  'displayEnd',
  'displayFlag',
  'publishedAt',
  'recycledAt',
  'createdAt',
  'updatedAt',
  'rejectReason',
] as const satisfies readonly (keyof ListRow | 'creatorName' | 'rejectReason')[]
const ITEM_KEY_SET = new Set<string>(ITEM_KEYS)

/** A text as an SQL string literal (definition field names only: written into the statement's text). */
const literal = (s: string) => sql.raw(`'${s.replaceAll("'", "''")}'`)

/**
 * One list item as JSON text, written by PostgreSQL (row_to_json): the definition's list columns kept in `extra`
 * first, then the item's own values as itemOf gives them, timestamps as toISOString() writes them. The server
 * then neither parses 20-odd values per row nor builds and serialises an object for each (bench/README,
 * 2026-11-27).
 */
function itemJson(extraColumns: readonly string[]) {
  const values = [
    ...extraColumns
      .filter((name) => !ITEM_KEY_SET.has(name))
      .map((name) => sql`${content.extra}->${literal(name)} as ${sql.identifier(name)}`),
    ...ITEM_KEYS.map((k) => {
      if (k === 'creatorName') return sql`coalesce(${admin.username}, '') as "creatorName"`
      if (k === 'rejectReason') return sql`${rejectReason} as "rejectReason"`
      const column = listColumns[k]
      return sql`${column.columnType === 'PgTimestamp' ? isoText(column) : column} as ${sql.identifier(k)}`
    }),
  ]
  return sql<string>`(select row_to_json(item)::text from (select ${sql.join(values, sql`, `)}) item)`
}

/**
 * The page statement of one list shape (kind and its list columns, tab, verifyState filter or not, scoped or not,
 * page size, first page or a later one), as SQL text and its parameters (`vs`, `offset` and the scope slots named,
 * filled per call): each row's id and item JSON and, as a scalar subquery PostgreSQL evaluates once, their exact
 * total from the counters — one round trip, one snapshot. LIMIT is written into the text: as a parameter
 * PostgreSQL's generic plan must guess the row count, loses to a custom plan, and the statement is planned again
 * at every execution (0.6 ms of a 1.2 ms call under load).
 *
 * A later page finds its ids first (only the index is read for the rows OFFSET skips), then reads those rows:
 * selecting the items with OFFSET directly would format the timestamps of every skipped row.
 */
function pageStatement(
  db: Db,
  shape: {
    kind: string
    tab: ListFilter
    byState: boolean
    scoped: boolean
    pageSize: number
    later: boolean
    extraColumns: readonly string[]
  },
) {
  const filter = { ...shape.tab, verifyStateIs: shape.byState ? sql.placeholder('vs') : undefined }
  const scope = shape.scoped ? scopeSlots : undefined
  const total = db
    .select({ n: counterSum })
    .from(contentCount)
    .where(counterRows(shape.kind, filter, scope))
  const matching = and(
    eq(content.kind, shape.kind),
    ...bucketConditions(filter, contentBuckets),
    scope ? contentInScopeOf(scope) : undefined,
  )
  const newestFirst = [descIndexed(content.createdAt), descIndexed(content.id)]
  // Written into the text (see above); drizzle types limit() as a number or a parameter, so the raw SQL is cast.
  const limit = sql.raw(String(shape.pageSize)) as unknown as number
  const items = db
    .select({ id: content.id, item: itemJson(shape.extraColumns), total: sql<number>`(${total})` })
    .from(content)
  if (!shape.later)
    return items
      .leftJoin(admin, eq(admin.id, content.createdBy))
      .where(matching)
      .orderBy(...newestFirst)
      .limit(limit)
      .toSQL()
  const page = db
    .select({ id: content.id })
    .from(content)
    .where(matching)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(sql.placeholder('offset'))
    .as('page')
  return items
    .innerJoin(page, eq(page.id, content.id))
    .leftJoin(admin, eq(admin.id, content.createdBy))
    .orderBy(...newestFirst)
    .toSQL()
}

/**
 * A page of a list tab without creator or free filters — the call every list screen and badge refresh starts
 * with, and paging through it: one named prepared statement per list shape, its text built once per process; a
 * request neither builds SQL, nor has it parsed and planned again, nor maps rows (bench/README, 2026-11-25). Items
 * come as JSON text with their ids, for the caller to finish (e.g. a signed preview link) without parsing them.
 */
export async function preparedContentPage(
  database: Database,
  list: {
    kind: string
    typeName: string
    tab: ListFilter
    verifyState: number | undefined
    /** The definition's list columns kept in `extra` (contentFields extraListColumns). */
    extraColumns: readonly string[]
  },
  scope: DataScope,
  q: { page: number; pageSize: number },
): Promise<{ items: { id: number; json: string }[]; total: number }> {
  const { page, pageSize } = q
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new Error('pageSize must be a positive integer')
  const shape = {
    kind: list.kind,
    tab: list.tab,
    byState: list.verifyState !== undefined,
    scoped: !scope.unrestricted,
    pageSize,
    later: page > 1,
    extraColumns: list.extraColumns,
  }
  const { kind, typeName, extraColumns } = list
  const key = [kind, typeName, shape.byState, shape.scoped, pageSize, shape.later, ...extraColumns].join('|')
  const stmt = preparedStatement(`content_page|${key}`, () => pageStatement(database.db, shape))
  const found = await runPrepared(database, stmt, {
    vs: list.verifyState,
    offset: (page - 1) * pageSize,
    ...scopeSlotValues(scope),
  })
  const items = found.map((a) => ({ id: a[0] as number, json: a[1] as string }))
  if (found.length) return { items, total: found[0]![2] as number }
  // No row carries the total when nothing matches (or the page is past the end): the counters are exact.
  if (page === 1) return { items, total: 0 }
  const filter = { ...list.tab, verifyStateIs: list.verifyState }
  return { items, total: await countedTotal(database.db, list.kind, filter, scope) }
}
