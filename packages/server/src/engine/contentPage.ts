import type { ListFilter, ResourceDef } from '@moc/domain/resources/types'
import { type AnyColumn, and, count, eq, getTableColumns, gte, ilike, lte, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
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

/** A timestamp as JavaScript's toISOString() writes it, made by PostgreSQL (no Date per cell in the server). */
const isoText = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** What a list item shows (contentRoutes itemOf), and `extra` for the definition's own list columns. */
const ITEM_KEYS = [
  'id',
  'kind',
  'title',
  'cover',
  'extra',
  'verifyState',
  'processType',
  'showState',
  'isFirst',
  'viewNum',
  'operateViewNum',
  'likeNum',
  'operateLikeNum',
  'createdBy',
  'departmentId',
  'displayStart',
  'displayEnd',
  'displayFlag',
  'publishedAt',
  'recycledAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof ListRow)[]
type ItemKey = (typeof ITEM_KEYS)[number]

/** The item columns in select order; timestamps come as ISO text. */
const itemSelection = Object.fromEntries(
  ITEM_KEYS.map((k) => [
    k,
    listColumns[k].columnType === 'PgTimestamp' ? isoText(listColumns[k]) : listColumns[k],
  ]),
) as Record<ItemKey, PgColumn | SQL>

/** A list row as the prepared page reads it: the item columns, timestamps as ISO strings. */
export type ListRowText = {
  [K in ItemKey]: ListRow[K] extends Date
    ? string
    : ListRow[K] extends Date | null
      ? string | null
      : ListRow[K]
}

/**
 * The page statement of one list shape (kind, tab, verifyState filter or not, scoped or not, page size, first page
 * or a later one), as SQL text and its parameters (`vs`, `offset` and the scope slots named, filled per call): the rows and, as a scalar subquery
 * PostgreSQL evaluates once, their exact total from the counters — one round trip, one snapshot. LIMIT is written
 * into the text: as a parameter PostgreSQL's generic plan must guess the row count, loses to a custom plan, and
 * the statement is planned again at every execution (0.6 ms of a 1.2 ms call under load).
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
    .select({ ...itemSelection, creatorName: admin.username, total: sql<number>`(${total})` })
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
 * with, and paging through it: one named prepared statement per list shape, its text built once per process,
 * its rows mapped by position — a request neither builds SQL, nor has it parsed and planned again, nor maps
 * rows through the ORM (bench/README, 2026-11-25).
 */
export async function preparedContentPage(
  database: Database,
  list: { kind: string; typeName: string; tab: ListFilter; verifyState: number | undefined },
  scope: DataScope,
  q: { page: number; pageSize: number },
) {
  const { page, pageSize } = q
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new Error('pageSize must be a positive integer')
  const shape = {
    kind: list.kind,
    tab: list.tab,
    byState: list.verifyState !== undefined,
    scoped: !scope.unrestricted,
    pageSize,
    later: page > 1,
  }
  const key = [list.kind, list.typeName, shape.byState, shape.scoped, pageSize, shape.later].join('|')
  const stmt = preparedStatement(`content_page|${key}`, () => pageStatement(database.db, shape))
  const found = await runPrepared(database, stmt, {
    vs: list.verifyState,
    offset: (page - 1) * pageSize,
    ...scopeSlotValues(scope),
  })
  const rows = found.map((a) => {
    const row: Record<string, unknown> = {}
    for (let i = 0; i < ITEM_KEYS.length; i++) row[ITEM_KEYS[i]!] = a[i]
    return { row: row as ListRowText, creatorName: a[ITEM_KEYS.length] as string | null }
  })
  if (found.length) return { rows, total: found[0]![ITEM_KEYS.length + 1] as number }
  // No row carries the total when nothing matches (or the page is past the end): the counters are exact.
  if (page === 1) return { rows, total: 0 }
  const filter = { ...list.tab, verifyStateIs: list.verifyState }
  return { rows, total: await countedTotal(database.db, list.kind, filter, scope) }
}
