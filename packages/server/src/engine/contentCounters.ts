import type { ListFilter } from '@moc/domain/resources/types'
import { and, eq, ne, not, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { execOn } from '../db/execOn.ts'
import { contentCount } from '../db/schema.ts'
import type { DataScope } from '../platform/dataScope.ts'
import { anyOf, type ScopeValues, type Value } from './contentInScope.ts'

/** The counted state of one content row: what decides which counter rows it adds to. */
export interface CountedState {
  kind: string
  departmentId: number | null
  createdBy: number
  recycled: boolean
  verifyState: number
  isFirst: boolean
}

/** Counter levels (schema.ts contentCount): the whole kind, a department, a creator within a department. */

/**
 * The counter stripe a transaction adds into: its connection's, so transitions on different connections never
 * wait for each other's counter rows (approvals queued on one row lock: 204/s, bench/README 2026-11-25), and
 * the rows of one transaction stay in one stripe, locked in key order as before.
 */
export const COUNTER_STRIPES = 8
const ALL_DEPARTMENTS = -1
const ALL_CREATORS = 0
/**
 * The levels as literals in counterRows' text, not parameters: a plan made without the values (named statements,
 * decision 0028) then still knows created_by 0 is most counter rows and reads them through the primary key, not
 * through (kind, created_by) — a list's total 0.13–0.24 → 0.02 ms of database time.
 */
const level = {
  wholeKind: sql`${contentCount.departmentId} = ${sql.raw(String(ALL_DEPARTMENTS))}`,
  allCreators: sql`${contentCount.createdBy} = ${sql.raw(String(ALL_CREATORS))}`,
  /** The department and creator levels (department 0: none), not the whole kind's -1. */
  department: sql`${contentCount.departmentId} >= 0`,
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Applies the counter deltas of a set of row changes, inside the caller's transaction: `before` undefined for
 * an insert, `after` undefined for a delete. One upsert statement into the connection's stripe, keys sorted so
 * concurrent transactions take counter-row locks in the same order.
 */
export async function applyCounts(tx: Tx | Db, changes: readonly CountChange[]) {
  const columns = counterColumns(changes)
  if (columns) await execOn(tx as Db, 'counts_upsert', counterUpsert(1), columns)
}

/** One change of a counted row: `before` undefined for an insert, `after` undefined for a delete. */
export interface CountChange {
  before?: CountedState | undefined
  after?: CountedState | undefined
}

/**
 * The counter rows a set of changes adds to, as the seven arrays counterUpsert takes (kind, department, creator,
 * recycled, verify state, 首发, delta), sorted by key; undefined when nothing changes.
 */
export function counterColumns(changes: readonly CountChange[]): unknown[][] | undefined {
  const deltas = new Map<string, number>()
  const add = (s: CountedState, by: number) => {
    const d = s.departmentId ?? 0
    for (const [dep, creator] of [
      [ALL_DEPARTMENTS, ALL_CREATORS],
      [d, ALL_CREATORS],
      [d, s.createdBy],
    ] as const) {
      const k = JSON.stringify([s.kind, dep, creator, s.recycled, s.verifyState, s.isFirst])
      deltas.set(k, (deltas.get(k) ?? 0) + by)
    }
  }
  for (const c of changes) {
    if (c.before) add(c.before, -1)
    if (c.after) add(c.after, 1)
  }
  const rows = [...deltas.entries()]
    .filter(([, n]) => n !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  if (!rows.length) return undefined
  const columns: unknown[][] = [[], [], [], [], [], [], []]
  for (const [k, n] of rows) {
    const values = [...(JSON.parse(k) as unknown[]), n]
    for (let i = 0; i < values.length; i++) columns[i]!.push(values[i])
  }
  return columns
}

/**
 * The counter upsert over counterColumns' arrays, as parameters $first … $first+6: one short text whatever the
 * number of rows. Rows go in key order (WITH ORDINALITY), so concurrent transactions take counter-row locks in
 * the same order; each adds into its connection's stripe.
 */
export const counterUpsert = (first: number) => {
  const p = (i: number) => `$${first + i}`
  return `insert into content_count (kind, department_id, created_by, recycled, verify_state, is_first, n, slot)
    select k, d, c, r, v, f, n, (pg_backend_pid() % ${COUNTER_STRIPES})::smallint
    from unnest(${p(0)}::text[], ${p(1)}::int[], ${p(2)}::int[], ${p(3)}::boolean[], ${p(4)}::int[],
                ${p(5)}::boolean[], ${p(6)}::bigint[]) with ordinality as t(k, d, c, r, v, f, n, o)
    order by o
    on conflict (kind, department_id, created_by, recycled, verify_state, is_first, slot)
    do update set n = content_count.n + excluded.n`
}

/** A list filter over the counted dimensions, with the optional verifyState query filter added. */
export interface CountFilter extends ListFilter {
  /** An extra exact verify state (list query `verifyState`); a placeholder in a prepared statement. */
  verifyStateIs?: Value<number> | undefined
}

/** The bucket conditions of a filter, for the content table's columns or the counter's. */
export function bucketConditions(
  f: CountFilter,
  cols: { recycled: (yes: boolean) => SQL; verifyState: SQL; isFirst: SQL },
): SQL[] {
  const out: SQL[] = [cols.recycled(!!f.recycled)]
  if (typeof f.verifyState === 'number') out.push(eq(cols.verifyState, f.verifyState))
  else if (f.verifyState) out.push(ne(cols.verifyState, f.verifyState.not))
  if (f.verifyStateIs !== undefined) out.push(eq(cols.verifyState, f.verifyStateIs))
  if (f.isFirst !== undefined) out.push(f.isFirst ? sql`${cols.isFirst}` : sql`not ${cols.isFirst}`)
  return out
}

/**
 * The counter rows whose sum is the exact number of items of a kind matching a counted filter within a scope
 * (undefined: unrestricted), optionally of one creator (a literal); several kinds sum together unless grouped. Scope semantics match contentInScope: an
 * item is in scope when its department is, or the caller created it. Scope values may be placeholders.
 */
export function counterRows(
  kind: string | readonly string[],
  filter: CountFilter,
  scope: ScopeValues | undefined,
  creatorId?: number,
): SQL | undefined {
  const c = contentCount
  const rows: SQL | undefined = !scope
    ? creatorId === undefined
      ? and(level.wholeKind, level.allCreators)
      : and(level.department, eq(c.createdBy, creatorId))
    : creatorId === undefined
      ? or(
          and(level.allCreators, anyOf(c.departmentId, scope.departmentIds)),
          and(
            eq(c.createdBy, scope.adminId),
            level.department,
            not(anyOf(c.departmentId, scope.departmentIds)),
          ),
        )
      : and(
          eq(c.createdBy, creatorId),
          level.department,
          creatorId === scope.adminId ? undefined : anyOf(c.departmentId, scope.departmentIds),
        )
  return and(
    typeof kind === 'string' ? eq(c.kind, kind) : anyOf(c.kind, kind),
    rows,
    ...bucketConditions(filter, {
      recycled: (yes) => (yes ? sql`${c.recycled}` : sql`not ${c.recycled}`),
      verifyState: sql`${c.verifyState}`,
      isFirst: sql`${c.isFirst}`,
    }),
  )
}

/** The exact total of counterRows as one int: a handful of counter rows, never the content table. */
export const counterSum = sql<number>`coalesce(sum(${contentCount.n}), 0)::int`

/** The exact number of items of a kind matching a counted filter within the caller's scope (see counterRows). */
export async function countedTotal(
  db: Db,
  kind: string,
  filter: CountFilter,
  scope: DataScope,
  creatorId?: number,
): Promise<number> {
  const [row] = await db
    .select({ n: counterSum })
    .from(contentCount)
    .where(counterRows(kind, filter, scope.unrestricted ? undefined : scope, creatorId))
  return row?.n ?? 0
}
