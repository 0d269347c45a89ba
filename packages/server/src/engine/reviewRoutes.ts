import { contentDetailSchema, contentIdQuerySchema, contentMessages } from '@moc/domain/api/content'
import {
  approveSchema,
  idsSchema,
  kindIdsSchema,
  pendingCountsSchema,
  queueItemSchema,
  queueQuerySchema,
  type ReviewAction,
  rejectSchema,
  resourceLogItemSchema,
  resourceLogQuerySchema,
  reviewMessages,
  transitionResultSchema,
} from '@moc/domain/api/review'
import { can } from '@moc/domain/permissions/can'
import {
  contentResources,
  contentReviewResources,
  recordResources,
  resTypeOf,
  reviewPathSegment,
  reviewResources,
} from '@moc/domain/resources/index'
import type { ResourceDef } from '@moc/domain/resources/types'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../db/client.ts'
import { execOn } from '../db/execOn.ts'
import { descIndexed } from '../db/order.ts'
import { content, processResourceLog } from '../db/schema.ts'
import { auditRow } from '../platform/auditLog.ts'
import type { Ctx } from '../platform/context.ts'
import { dataScopeOf } from '../platform/dataScope.ts'
import { AppError } from '../platform/errors.ts'
import { resourceOf } from '../platform/guard.ts'
import { plainJsonSerializer } from '../platform/plainJson.ts'
import type { Principal } from '../platform/sessions.ts'
import { contentFieldValues } from './contentFields.ts'
import { contentInScope } from './contentInScope.ts'
import { auditTitles, contentDetail, counted, type ReadItem, readInScope } from './contentRoutes.ts'
import { pendingCounts } from './pendingCounts.ts'
import { recordDecider } from './records/recordReview.ts'
import { col, recordInScope, recordTableOf } from './records/recordTable.ts'
import {
  actableWhere,
  allNodes,
  foreignNodeIds,
  fourEyesOf,
  mayActAt,
  mayDecide,
  mayReadItem,
  type Node,
  nextNode,
  nodesOf,
  pendingTotal,
} from './reviewFlow.ts'
import { asDecided, decidedOnColumns, queueColumns, queueItem, withQueueJoins } from './reviewQueueItems.ts'
import {
  isStaleWrite,
  TRANSITION_WRITE,
  type TransitionPatch,
  type TransitionRow,
  transitionValues,
} from './transitionWrite.ts'
import { decisionOf, versionWrite } from './versions.ts'

const tags = ['审核']
type Row = typeof content.$inferSelect

/** Reads and plans a transition again at most this often while concurrent writes keep changing its items. */
const MAX_ATTEMPTS = 3

const transitionResponse = { 200: envelopeSchema(transitionResultSchema) }

/** One planned change of one item: the columns to set and the resource-log entry to write. */
interface Step {
  row: Row
  set: TransitionPatch
  action: ReviewAction
  node: Node | null
  comment?: string
}

/**
 * Applies planned steps in one statement (transitionWrite.ts) that writes only if no item changed since `read`:
 * the items' new states, the version a submission or decision keeps (marked approved at the final approval,
 * decision 0009), one resource-log row per item, the operation-log row, and last the counters of every changed
 * verify_state. Throws what isStaleWrite recognises when an item changed.
 */
async function applySteps(
  db: Db,
  def: ResourceDef,
  p: Principal,
  steps: readonly Step[],
  read: readonly ReadItem[],
  audit: ReturnType<typeof auditRow>,
) {
  const now = new Date()
  const asRead = new Map(read.map((r) => [r.row.id, r]))
  const rows = steps.map((s): TransitionRow => {
    const after: Row = { ...s.row, ...s.set, updatedAt: now }
    const decision = decisionOf(s.action, after.verifyState)
    const { latest, xmin } = asRead.get(after.id)!
    return {
      after,
      xmin,
      version:
        decision === undefined
          ? undefined
          : versionWrite(
              def,
              { resType: after.kind, resId: after.id },
              contentFieldValues(def, after),
              latest,
              p.adminId,
              decision,
            ),
      log: {
        resType: resTypeOf(def),
        action: s.action,
        actorId: p.adminId,
        actorName: p.username,
        stateId: s.node?.id ?? null,
        stateName: s.node?.name ?? '',
        comment: s.comment ?? '',
      },
    }
  })
  const counts = steps.map((s, i) => ({ before: counted(s.row), after: counted(rows[i]!.after) }))
  await execOn(db, 'transition_write', TRANSITION_WRITE, transitionValues(now, rows, audit, counts))
  return steps.length
}

const auditTarget = (req: FastifyRequest, ids: readonly number[]) => {
  req.auditInfo.target = ids.map((id) => `content:${id}`).join(',')
}

/** Review transitions, queues, pending counts and the item log (DESIGN §5, decision 0007). */
export async function reviewRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  if (!contentResources.size) return

  /**
   * Runs a transition: reads the items (404 unless every one is of the definition's kind and in scope), refuses
   * recycled items, lets `plan` check and plan each item, and writes it all in one statement that applies only
   * if no item changed since it was read (transitionWrite.ts). When one did (a concurrent decision or edit),
   * nothing is written and the transition starts over from a fresh read, which then plans or refuses on the
   * item as it now is. No transaction, no row lock held between the read and the write.
   */
  async function transition(
    req: FastifyRequest,
    ids: readonly number[],
    plan: (rows: Row[], nodes: Map<number, Node>) => Promise<Step[]> | Step[],
  ) {
    const def = resourceOf(req)
    auditTarget(req, ids)
    const scope = await dataScopeOf(req, db)
    for (let attempt = 1; ; attempt++) {
      const read = await readInScope(db, def, scope, ids, { lock: false, latest: true })
      const rows = read.map((r) => r.row)
      auditTitles(req, rows)
      if (rows.some((r) => r.recycledAt)) throw new AppError('CONFLICT', reviewMessages.recycled)
      // Items at the implicit node (no process) need no node list: a round trip saved on every such call.
      const nodes = rows.some((r) => r.processStateId !== null) ? await allNodes(db) : new Map<number, Node>()
      const steps = await plan(rows, nodes)
      try {
        // The success this request will answer, logged with the change (auditLog.ts auditRow).
        const updated = await applySteps(db, def, req.principal!, steps, read, auditRow(req, 200, 0))
        req.auditInfo.written = true
        return ok({ updated })
      } catch (err) {
        if (!isStaleWrite(err)) throw err
        if (attempt === MAX_ATTEMPTS) throw new AppError('CONFLICT', reviewMessages.changed)
      }
    }
  }

  const requireState = (rows: Row[], ok: (r: Row) => boolean, msg: string) => {
    if (rows.some((r) => !ok(r))) throw new AppError('CONFLICT', msg)
  }

  // Sensitive words (decision 0010): a block-level word refuses submission, approval and publication, naming them.
  const refuseSensitive = (req: FastifyRequest, rows: Row[]) => {
    const def = resourceOf(req)
    return ctx.sensitive.refuseBlocked(
      def,
      rows.map((r) => contentFieldValues(def, r)),
    )
  }

  // Spec §7 names each of these transitions twice (review centre and process module): one handler, both paths.
  for (const url of ['/api/content/examination', '/api/process/submit'])
    app.post(
      url,
      {
        config: { access: { resource: 'submit' }, audit: '提交审核' },
        schema: {
          tags,
          summary: '提交审核：草稿或被驳回的内容进入待审核（流程的第一个节点）',
          body: kindIdsSchema,
          response: transitionResponse,
        },
      },
      (req) =>
        transition(req, req.body.ids, async (rows) => {
          requireState(rows, (r) => r.verifyState === 0 || r.verifyState === 2, reviewMessages.notDraft)
          await refuseSensitive(req, rows)
          const first = (await nodesOf(db, resTypeOf(resourceOf(req))))[0] ?? null
          const now = new Date()
          return rows.map((row) => ({
            row,
            action: 'submit' as const,
            node: first,
            set: {
              verifyState: 3,
              processType: 'PENDING',
              processStateId: first?.id ?? null,
              submittedBy: req.principal!.adminId,
              submittedAt: now,
            },
          }))
        }),
    )

  for (const def of contentResources.values()) {
    const kind = def.storage.kind
    // Revert a submission. Permission: the submitter (holding 提交审核), or anyone holding 撤销审核; the guard
    // can state only one action, so it requires 查看 and the handler decides the rest (decision 0007).
    app.post(
      `/api/content/${kind}/revert`,
      {
        config: { access: { resource: 'list', kind }, audit: `撤回${def.label}审核` },
        schema: {
          tags,
          summary: `撤回${def.label}审核：待审核回到草稿（提交人或有撤销审核权限者）`,
          body: idsSchema,
          response: transitionResponse,
        },
      },
      (req) =>
        transition(req, req.body.ids, (rows, nodes) => {
          const p = req.principal!
          requireState(rows, (r) => r.verifyState === 3, reviewMessages.notPending)
          const anyone = can(p, def.permissionPage, '撤销审核')
          const submitter = can(p, def.permissionPage, '提交审核')
          if (!anyone && !(submitter && rows.every((r) => r.submittedBy === p.adminId)))
            throw new AppError('FORBIDDEN', reviewMessages.notSubmitter)
          return rows.map((row) => ({
            row,
            action: 'revoke' as const,
            node: row.processStateId ? (nodes.get(row.processStateId) ?? null) : null,
            set: { verifyState: 0, processType: null, processStateId: null },
          }))
        }),
    )
  }

  app.post(
    '/api/content/publish/noExamine',
    {
      config: { access: { resource: 'publishNoExamine' }, audit: '免审发布' },
      schema: {
        tags,
        summary: '免审发布：草稿、被驳回或待审核的内容直接发布（需免审发布权限）',
        body: kindIdsSchema,
        response: transitionResponse,
      },
    },
    (req) =>
      transition(req, req.body.ids, async (rows) => {
        requireState(rows, (r) => r.verifyState !== 1, reviewMessages.alreadyPublished)
        await refuseSensitive(req, rows)
        const now = new Date()
        return rows.map((row) => ({
          row,
          action: 'publish' as const,
          node: null,
          set: { verifyState: 1, processType: 'PASS', processStateId: null, publishedAt: now },
        }))
      }),
  )

  for (const url of ['/api/content/revoke/batch', '/api/process/resource/withdraw'])
    app.post(
      url,
      {
        config: { access: { resource: 'withdraw' }, audit: '撤回发布' },
        schema: {
          tags,
          summary: '批量撤回（下线）：已发布的内容回到草稿',
          body: kindIdsSchema,
          response: transitionResponse,
        },
      },
      (req) =>
        transition(req, req.body.ids, (rows) => {
          requireState(rows, (r) => r.verifyState === 1, reviewMessages.notPublished)
          return rows.map((row) => ({
            row,
            action: 'withdraw' as const,
            node: null,
            set: { verifyState: 0, processType: 'WITHDRAW', processStateId: null, publishedAt: null },
          }))
        }),
    )

  /** Pending items, each at a node the caller may act at and not theirs under 禁止本人审核; the node of each. */
  async function reviewable(req: FastifyRequest, rows: Row[], nodes: Map<number, Node>) {
    const p = req.principal!
    requireState(rows, (r) => r.verifyState === 3, reviewMessages.notPending)
    // 禁止本人审核 matters only for the caller's own submissions: read the setting only when there are some.
    const own = rows.some((r) => r.submittedBy === p.adminId)
    const fourEyes = own && (await fourEyesOf(db, resTypeOf(resourceOf(req))))
    return rows.map((row) => {
      const node = row.processStateId ? (nodes.get(row.processStateId) ?? null) : null
      if (!mayActAt(p, node)) throw new AppError('FORBIDDEN', reviewMessages.notYourNode)
      if (!mayDecide(p, row.submittedBy, fourEyes)) throw new AppError('FORBIDDEN', reviewMessages.selfReview)
      return { row, node }
    })
  }

  for (const url of ['/api/verify-center/approved', '/api/process/resource/pass'])
    app.post(
      url,
      {
        config: { access: { resource: 'approve', queue: true }, audit: '审核通过' },
        schema: {
          tags,
          summary: '审核通过（可批量）：进入下一节点，最后一个节点通过即发布',
          body: approveSchema,
          response: transitionResponse,
        },
      },
      (req) =>
        recordDecider(ctx, req.body.resType)?.(req, req.body.ids, 'pass') ??
        transition(req, req.body.ids, async (rows, nodes) => {
          const now = new Date()
          const steps: Step[] = []
          const decided = await reviewable(req, rows, nodes)
          await refuseSensitive(req, rows)
          for (const { row, node } of decided) {
            const next = node ? await nextNode(db, node) : null
            steps.push({
              row,
              action: 'pass',
              node,
              set: next
                ? { processStateId: next.id }
                : { verifyState: 1, processType: 'PASS', processStateId: null, publishedAt: now },
            })
          }
          return steps
        }),
    )

  for (const url of ['/api/verify-center/rejection', '/api/process/resource/reject'])
    app.post(
      url,
      {
        config: { access: { resource: 'reject', queue: true }, audit: '审核驳回' },
        schema: {
          tags,
          summary: '审核驳回（可批量，须填写驳回原因）：回到编辑，原因记入审核记录',
          body: rejectSchema,
          response: transitionResponse,
        },
      },
      (req) =>
        recordDecider(ctx, req.body.resType)?.(req, req.body.ids, 'reject', req.body.reason) ??
        transition(req, req.body.ids, async (rows, nodes) =>
          (await reviewable(req, rows, nodes)).map(({ row, node }) => ({
            row,
            action: 'reject' as const,
            node,
            comment: req.body.reason,
            set: { verifyState: 2, processType: 'REJECT', processStateId: null },
          })),
        ),
    )

  // Review queues, one spec path per resType.
  for (const def of contentReviewResources.values()) {
    const kind = def.storage.kind
    const resType = def.review.resType
    // Reviewers read the item they decide on through their queue's permission, not the content page's.
    app.get(
      `/api/verify-center/${reviewPathSegment(resType)}/detail`,
      {
        config: { access: { resource: 'approve', queue: true, kind } },
        schema: {
          tags,
          summary: `${def.label}审核详情（审核权限即可查看）`,
          querystring: contentIdQuerySchema,
          response: { 200: envelopeSchema(contentDetailSchema) },
        },
      },
      async (req) => ok(await contentDetail(db, def, req.query.id, await dataScopeOf(req, db))),
    )
    app.get(
      `/api/verify-center/${reviewPathSegment(resType)}`,
      {
        config: { access: { resource: 'approve', queue: true, kind } },
        schema: {
          tags,
          summary: `${def.label}审核队列：type=list 待我审核（按提交时间倒序），type=wait 我的审核记录`,
          querystring: queueQuerySchema,
          response: { 200: envelopeSchema(pageSchema(queueItemSchema)) },
        },
      },
      async (req) => {
        const { type, page, pageSize } = req.query
        const p = req.principal!
        const scope = await dataScopeOf(req, db)
        const offset = (page - 1) * pageSize
        if (type === 'list') {
          const foreign = foreignNodeIds(p, await allNodes(db))
          const [rows, total] = await Promise.all([
            withQueueJoins(db.select(queueColumns).from(content).$dynamic())
              .where(actableWhere(kind, scope, foreign))
              .orderBy(descIndexed(content.submittedAt), descIndexed(content.id))
              .limit(pageSize)
              .offset(offset),
            pendingTotal(ctx.database, kind, scope, foreign),
          ])
          return ok({ items: rows.map((r) => queueItem(r)), total })
        }
        const mine = and(eq(processResourceLog.actorId, p.adminId), eq(processResourceLog.resType, resType))
        const decided = inArray(processResourceLog.action, ['pass', 'reject'])
        // Each record shows the version and submission its decision acted on, not the item as it is now.
        const on = decidedOnColumns(db)
        const [rows, [n]] = await Promise.all([
          on
            .join(
              withQueueJoins(
                db
                  .select({ ...queueColumns, log: processResourceLog, ...on.columns })
                  .from(processResourceLog)
                  .innerJoin(content, eq(content.id, processResourceLog.resId))
                  .$dynamic(),
              ),
            )
            .where(and(mine, decided))
            .orderBy(descIndexed(processResourceLog.id))
            .limit(pageSize)
            .offset(offset),
          db.select({ n: count() }).from(processResourceLog).where(and(mine, decided)),
        ])
        return ok({ items: rows.map((r) => queueItem(asDecided(r, r.decidedOn), r.log)), total: n?.n ?? 0 })
      },
    )
  }

  app.get(
    '/api/verify-center/pendingCounts',
    {
      config: { access: 'signedIn' },
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags,
        summary: '待审核数（侧边菜单角标）：仅包含调用者有审核权限的队列，键为队列页面路径',
        response: { 200: envelopeSchema(pendingCountsSchema) },
      },
    },
    async (req) =>
      ok(
        await pendingCache.get(String(req.principal!.adminId), () =>
          pendingCounts(ctx.database, req.principal!, () => dataScopeOf(req, db)),
        ),
      ),
  )

  /**
   * Every shell polls this for its badges: a caller's counts are reused until a write (readCaches.ts), which is
   * what keeps them exact within this process; the counters are read again after any change.
   */
  const pendingCache = ctx.readCaches.create<{ counts: Record<string, number>; total: number }>({
    readsContent: true,
  })
  app.get(
    '/api/process/resource/log',
    {
      // 查看 on the item's content page, or 审核 on its review queue: the item decides which, so the handler checks.
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          '审核记录（提交、通过、驳回及原因、撤回、免审发布）：内容按 resId；其他类型另给 resType。需查看或队列审核权限',
        querystring: resourceLogQuerySchema,
        response: { 200: envelopeSchema(pageSchema(resourceLogItemSchema)) },
      },
    },
    async (req) => {
      const p = req.principal!
      const { resId, resType } = req.query
      const scope = await dataScopeOf(req, db)
      // A record-store type names itself (resType); a content item is found by its id alone.
      const record = resType ? recordResources.get(reviewResources.get(resType)?.name ?? '') : undefined
      if (resType && !record) throw new AppError('BAD_REQUEST', reviewMessages.unknownResType)
      let def: ResourceDef | undefined
      let itemType = resType
      if (record) {
        const rt = recordTableOf(record)
        const [found] = await db
          .select({ id: col(rt, 'id') })
          .from(rt.table)
          .where(and(eq(col(rt, 'id'), resId), recordInScope(rt, scope)))
        def = found ? record : undefined
      } else {
        if (![...contentResources.values()].some((d) => mayReadItem(p, d))) throw new AppError('FORBIDDEN')
        const [item] = await db
          .select({ kind: content.kind })
          .from(content)
          .where(and(eq(content.id, resId), contentInScope(scope)))
        def = item && contentResources.get(item.kind)
        itemType = item?.kind
      }
      if (!def || !itemType) throw new AppError('NOT_FOUND', contentMessages.notFound)
      if (!mayReadItem(p, def)) throw new AppError('FORBIDDEN')
      const rows = await db
        .select()
        .from(processResourceLog)
        .where(and(eq(processResourceLog.resType, itemType), eq(processResourceLog.resId, resId)))
        .orderBy(asc(processResourceLog.id))
      const items = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
      return ok({ items, total: items.length })
    },
  )
}
