import { can, isSuperAdmin } from '@moc/domain/permissions/can'
import { contentReviewResources } from '@moc/domain/resources/index'
import type { ResourceDef } from '@moc/domain/resources/types'
import { and, asc, eq, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type { Database, Db } from '../db/client.ts'
import { preparedStatement, runPrepared } from '../db/prepared.ts'
import { content, contentCount, processSetting, processState } from '../db/schema.ts'
import type { DataScope } from '../platform/dataScope.ts'
import type { Principal } from '../platform/sessions.ts'
import { counterRows, counterSum } from './contentCounters.ts'
import { anyOf, contentInScope, scopeSlots, scopeSlotValues } from './contentInScope.ts'

/** Review-flow rules shared by the transitions, the queues and the pending counts (DESIGN §5). */

export type Node = typeof processState.$inferSelect
type ContentDef = ResourceDef & { storage: { table: 'content'; kind: string } }

export const kindOf = (def: ResourceDef) => (def as ContentDef).storage.kind

/** The content review definitions whose queue the principal may 审核 (spec §6: 驳回原因 etc. grant it too). */
export const reviewableQueues = (p: Principal) =>
  [...contentReviewResources.values()].filter((d) => can(p, d.review.permissionPage, '审核'))

/** May the principal read an item of this definition: 查看 on its page, or 审核 on its review queue? */
export const mayReadItem = (p: Principal, d: ResourceDef) =>
  can(p, d.permissionPage, '查看') || (!!d.review && can(p, d.review.permissionPage, '审核'))

/** The ordered nodes of the process a resType uses; [] = the implicit single node. */
export async function nodesOf(db: Db, resType: string): Promise<Node[]> {
  const [setting] = await db
    .select({ processId: processSetting.processId })
    .from(processSetting)
    .where(eq(processSetting.resType, resType))
  if (!setting?.processId) return []
  return db
    .select()
    .from(processState)
    .where(eq(processState.processId, setting.processId))
    .orderBy(asc(processState.sort), asc(processState.id))
}

/** Is 禁止本人审核 on for the resType (process_setting.four_eyes; no row: off)? */
export async function fourEyesOf(db: Db, resType: string): Promise<boolean> {
  const [setting] = await db
    .select({ fourEyes: processSetting.fourEyes })
    .from(processSetting)
    .where(eq(processSetting.resType, resType))
  return setting?.fourEyes ?? false
}

/**
 * May the principal decide (approve or reject) an item they may act at? Not their own submission while
 * 禁止本人审核 is on — at any node, and the super administrator is not exempt (decision 0008).
 */
export const mayDecide = (p: Pick<Principal, 'adminId'>, submittedBy: number | null, fourEyes: boolean) =>
  !fourEyes || submittedBy !== p.adminId

/** The node after `node` in its own process (null: `node` is the last), ordered by (sort, id). */
export async function nextNode(db: Db, node: Node): Promise<Node | null> {
  const [next] = await db
    .select()
    .from(processState)
    .where(
      and(
        eq(processState.processId, node.processId),
        sql`(${processState.sort}, ${processState.id}) > (${node.sort}, ${node.id})`,
      ),
    )
    .orderBy(asc(processState.sort), asc(processState.id))
    .limit(1)
  return next ?? null
}

/**
 * May the principal act at this node? The route already required the queue's 审核; at a node the caller
 * must also be one of its roles or accounts (a node naming nobody is open to every reviewer). The super
 * administrator acts everywhere; the implicit node (null) is open to every reviewer.
 */
export function mayActAt(p: Pick<Principal, 'adminId' | 'roleId'>, node: Node | null | undefined): boolean {
  if (!node || isSuperAdmin(p)) return true
  if (!node.roleIds.length && !node.adminIds.length) return true
  return (p.roleId !== null && node.roleIds.includes(p.roleId)) || node.adminIds.includes(p.adminId)
}

/** Every node, by id (a small table: a handful of processes of a few nodes each). */
export async function allNodes(db: Db): Promise<Map<number, Node>> {
  const rows = await db.select().from(processState)
  return new Map(rows.map((n) => [n.id, n]))
}

/** The ids of the nodes the principal may not act at (empty for the super administrator). */
export function foreignNodeIds(p: Pick<Principal, 'adminId' | 'roleId'>, nodes: Map<number, Node>): number[] {
  return [...nodes.values()].filter((n) => !mayActAt(p, n)).map((n) => n.id)
}

/** The pending live items of a kind the principal may act on, inside the scope. */
export function actableWhere(kind: string, scope: DataScope, foreign: readonly number[]): SQL | undefined {
  return and(
    eq(content.kind, kind),
    eq(content.verifyState, 3),
    isNull(content.recycledAt),
    contentInScope(scope),
    foreign.length
      ? or(isNull(content.processStateId), notInArray(content.processStateId, [...foreign]))
      : undefined,
  )
}

/**
 * The exact numbers of pending items of several kinds the principal may act on: the maintained counters' pending
 * buckets of all the kinds in one prepared statement (a handful of rows), minus — only when some nodes are not
 * the caller's — the pending items waiting at those nodes (an index range on content_pending). No count(*) over
 * the queues in the common case.
 */
export async function pendingTotals(
  database: Database,
  kinds: readonly string[],
  scope: DataScope,
  foreign: readonly number[],
): Promise<Map<string, number>> {
  const totals = new Map(kinds.map((k) => [k, 0]))
  if (!kinds.length) return totals
  const c = contentCount
  const scoped = !scope.unrestricted
  const counted = preparedStatement(`pending|${kinds.join(',')}|${scoped}`, () =>
    database.db
      .select({ kind: c.kind, n: counterSum })
      .from(c)
      .where(counterRows(kinds, { verifyState: 3 }, scoped ? scopeSlots : undefined))
      .groupBy(c.kind)
      .toSQL(),
  )
  for (const [kind, n] of await runPrepared(database, counted, scopeSlotValues(scope)))
    totals.set(kind as string, n as number)
  if (!foreign.length || ![...totals.values()].some((n) => n > 0)) return totals
  const waiting = await database.db
    .select({ kind: content.kind, n: sql<number>`count(*)::int` })
    .from(content)
    .where(
      and(
        anyOf(content.kind, kinds),
        eq(content.verifyState, 3),
        isNull(content.recycledAt),
        inArray(content.processStateId, [...foreign]),
        contentInScope(scope),
      ),
    )
    .groupBy(content.kind)
  for (const w of waiting) totals.set(w.kind, (totals.get(w.kind) ?? 0) - w.n)
  return totals
}

/** The exact number of pending items of one kind the principal may act on (see pendingTotals). */
export const pendingTotal = async (
  database: Database,
  kind: string,
  scope: DataScope,
  foreign: readonly number[],
) => (await pendingTotals(database, [kind], scope, foreign)).get(kind) ?? 0
