import { contentVersionDiffSchema, contentVersionSchema } from '@moc/domain/api/content'
import {
  recordDecisionSchema,
  recordIdQuerySchema,
  recordIdsBodySchema,
  recordMessages,
} from '@moc/domain/api/records'
import {
  queueItemSchema,
  queueQuerySchema,
  type ReviewAction,
  reviewMessages,
  transitionResultSchema,
} from '@moc/domain/api/review'
import { can } from '@moc/domain/permissions/can'
import { reviewPathSegment } from '@moc/domain/resources/index'
import { supportsAction } from '@moc/domain/resources/types'
import { fieldChanges } from '@moc/domain/rules/versionDiff'
import { type Envelope, envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { idQuerySchema } from '@moc/domain/transport/ids'
import { and, count, desc, eq, inArray, lt, lte, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { descIndexed } from '../../db/order.ts'
import { admin, processResourceLog, resourceVersion } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import type { Principal } from '../../platform/sessions.ts'
import { freshFileUrls } from '../../platform/storage/freshFileUrls.ts'
import {
  allNodes,
  foreignNodeIds,
  fourEyesOf,
  mayActAt,
  mayDecide,
  mayReadItem,
  type Node,
  nextNode,
  nodesOf,
} from '../reviewFlow.ts'
import { decisionOf, keepVersion } from '../versions.ts'
import { readChildren } from './recordChildren.ts'
import { afterWrite, rowExtras } from './recordDerived.ts'
import type { RecordKit } from './recordKit.ts'
import { actableRecords } from './recordPending.ts'
import { coverOf, recordQueueRow, recordQueueSelect } from './recordQueueRows.ts'
import { col, type RecordTable, recordInScope, rowColumns } from './recordTable.ts'
import { recordFieldValues } from './recordValues.ts'

type Row = Record<string, unknown> & { id: number }

/** One planned change of one row: the columns to set and the resource-log entry to write. */
interface Step {
  row: Row
  set: Record<string, unknown>
  action: ReviewAction
  node: Node | null
  comment?: string
}

/** The shared decision routes (POST /api/verify-center/approved|rejection) hand a record type's decisions here. */
type Decide = (
  req: FastifyRequest,
  ids: readonly number[],
  decision: 'pass' | 'reject',
  reason?: string,
) => Promise<Envelope<{ updated: number }>>
/** Per app (tests build several in one process): the record types' decisions by resType. */
const decidersOf = new WeakMap<Ctx, Map<string, Decide>>()
/** The decision of a reviewed record type, by its resType (reviewRoutes.ts approve / reject). */
export const recordDecider = (ctx: Ctx, resType: string) => decidersOf.get(ctx)?.get(resType)

/** The field values a version keeps: the row's fields and its child rows. */
async function itemFields(db: Db, rt: RecordTable, row: Row) {
  const children = (await readChildren(db, rt.def, [row.id])).get(row.id) ?? {}
  return { ...recordFieldValues(rt.def, row), ...children }
}

/**
 * The review flow of a record-store type (DESIGN §5): the editor-side transitions, decisions through the shared
 * routes, its queue and the queue's detail, versions and the diff, its pending count. Transitions run in a
 * transaction holding the rows' locks: the record store's types are reviewed by the dozen, not by the thousand.
 */
export function recordReviewRoutes(h: RecordKit) {
  const { app, ctx, db, rt, def } = h
  if (!def.review || !rt.traits.reviewed) return
  const { name, label } = def
  const base = `/api/${name}`
  const tags = [label, '审核']
  const t = rt.table
  const id = col(rt, 'id')
  const access = (resource: 'submit' | 'list' | 'publishNoExamine' | 'withdraw') => ({
    resource,
    record: name,
  })

  async function transition(
    req: FastifyRequest,
    ids: readonly number[],
    plan: (rows: Row[], nodes: Map<number, Node>, tx: Db) => Promise<Step[]> | Step[],
  ) {
    const scope = await dataScopeOf(req, db)
    const p = req.principal!
    const updated = await db.transaction(async (t2) => {
      const tx = t2 as unknown as Db
      const rows = await h.locked(tx, scope, ids)
      h.audit(req, rows)
      if (rows.some((r) => r.recycledAt)) throw new AppError('CONFLICT', reviewMessages.recycled)
      const nodes = rows.some((r) => r.processStateId !== null) ? await allNodes(tx) : new Map<number, Node>()
      const steps = await plan(rows, nodes, tx)
      const now = new Date()
      for (const s of steps) {
        const [after] = (await tx
          .update(t)
          .set({ ...s.set, updatedAt: now } as never)
          .where(eq(id, s.row.id))
          .returning()) as Row[]
        const decision = decisionOf(s.action, after!.verifyState as number)
        if (decision !== undefined)
          await keepVersion(
            tx,
            def,
            { resType: rt.resType, resId: s.row.id },
            await itemFields(tx, rt, after!),
            p.adminId,
            decision,
          )
        await tx.insert(processResourceLog).values({
          resType: rt.resType,
          resId: s.row.id,
          action: s.action,
          actorId: p.adminId,
          actorName: p.username,
          stateId: s.node?.id ?? null,
          stateName: s.node?.name ?? '',
          comment: s.comment ?? '',
        })
      }
      // A decision changes what the app sees (an approved post counts in its circle): the type's hooks follow.
      if (steps.length)
        await afterWrite(
          tx,
          def.name,
          steps.map((s) => s.row.id),
          { kind: 'review', action: steps[0]!.action },
        )
      return steps.length
    })
    return ok({ updated })
  }

  const requireState = (rows: Row[], good: (r: Row) => boolean, msg: string) => {
    if (rows.some((r) => !good(r))) throw new AppError('CONFLICT', msg)
  }
  const refuseSensitive = async (tx: Db, rows: Row[]) =>
    ctx.sensitive.refuseBlocked(def, await Promise.all(rows.map((r) => itemFields(tx, rt, r))), tx)

  const transitionResponse = { 200: envelopeSchema(transitionResultSchema) }
  if (supportsAction(def, 'submit'))
    app.post(
      `${base}/examination`,
      {
        config: { access: access('submit'), audit: `提交${label}审核` },
        schema: {
          tags,
          summary: `提交${label}审核：草稿或被驳回的进入待审核`,
          body: recordIdsBodySchema,
          response: transitionResponse,
        },
      },
      (req) =>
        transition(req, req.body.ids, async (rows, _nodes, tx) => {
          requireState(rows, (r) => r.verifyState === 0 || r.verifyState === 2, reviewMessages.notDraft)
          await refuseSensitive(tx, rows)
          const first = (await nodesOf(tx, rt.resType))[0] ?? null
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

  // Reverting a submission: the submitter (提交审核) or anyone with 撤销审核 (decision 0007); the guard asks 查看.
  app.post(
    `${base}/revert`,
    {
      config: { access: access('list'), audit: `撤回${label}审核` },
      schema: {
        tags,
        summary: `撤回${label}审核：待审核回到草稿（提交人或有撤销审核权限者）`,
        body: recordIdsBodySchema,
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
          node: row.processStateId ? (nodes.get(row.processStateId as number) ?? null) : null,
          set: { verifyState: 0, processType: null, processStateId: null },
        }))
      }),
  )

  if (supportsAction(def, 'publishNoExamine'))
    app.post(
      `${base}/publish/noExamine`,
      {
        config: { access: access('publishNoExamine'), audit: `免审发布${label}` },
        schema: {
          tags,
          summary: `免审发布${label}`,
          body: recordIdsBodySchema,
          response: transitionResponse,
        },
      },
      (req) =>
        transition(req, req.body.ids, async (rows, _nodes, tx) => {
          requireState(rows, (r) => r.verifyState !== 1, reviewMessages.alreadyPublished)
          await refuseSensitive(tx, rows)
          const now = new Date()
          return rows.map((row) => ({
            row,
            action: 'publish' as const,
            node: null,
            set: { verifyState: 1, processType: 'PASS', processStateId: null, publishedAt: now },
          }))
        }),
    )

  if (supportsAction(def, 'withdraw'))
    app.post(
      `${base}/revoke/batch`,
      {
        config: { access: access('withdraw'), audit: `撤回发布${label}` },
        schema: {
          tags,
          summary: `批量撤回${label}：已发布的回到草稿`,
          body: recordIdsBodySchema,
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

  /** Pending rows, each at a node the caller may act at and not theirs under 禁止本人审核. */
  async function reviewable(tx: Db, p: Principal, rows: Row[], nodes: Map<number, Node>) {
    requireState(rows, (r) => r.verifyState === 3, reviewMessages.notPending)
    const own = rows.some((r) => r.submittedBy === p.adminId)
    const fourEyes = own && (await fourEyesOf(tx, rt.resType))
    return rows.map((row) => {
      const node = row.processStateId ? (nodes.get(row.processStateId as number) ?? null) : null
      if (!mayActAt(p, node)) throw new AppError('FORBIDDEN', reviewMessages.notYourNode)
      if (!mayDecide(p, row.submittedBy as number | null, fourEyes))
        throw new AppError('FORBIDDEN', reviewMessages.selfReview)
      return { row, node }
    })
  }

  if (!decidersOf.has(ctx)) decidersOf.set(ctx, new Map())
  const decide: Decide = (req, ids, decision, reason) =>
    transition(req, ids, async (rows, nodes, tx) => {
      const decided = await reviewable(tx, req.principal!, rows, nodes)
      if (decision === 'reject')
        return decided.map(({ row, node }) => ({
          row,
          node,
          action: 'reject' as const,
          comment: reason,
          set: { verifyState: 2, processType: 'REJECT', processStateId: null },
        }))
      await refuseSensitive(tx, rows)
      const now = new Date()
      const steps: Step[] = []
      for (const { row, node } of decided) {
        const next = node ? await nextNode(tx, node) : null
        steps.push({
          row,
          node,
          action: 'pass',
          set: next
            ? { processStateId: next.id }
            : { verifyState: 1, processType: 'PASS', processStateId: null, publishedAt: now },
        })
      }
      return steps
    })
  decidersOf.get(ctx)!.set(rt.resType, decide)

  const segment = reviewPathSegment(rt.resType)
  const queueAccess = { resource: 'approve' as const, queue: true as const, record: name }
  // The queue's own path decides too, in one call (spec §7 "approve and reject variants": splash, version), with the
  // comment queue's body; the shared /approved and /rejection take the resType instead.
  app.post(
    `/api/verify-center/${segment}`,
    {
      config: { access: queueAccess, audit: `审核${label}` },
      schema: {
        tags,
        summary: `${label}审核：pass=true 通过（可批量），pass=false 驳回（须填写驳回原因）`,
        body: recordDecisionSchema,
        response: transitionResponse,
      },
    },
    (req) =>
      req.body.pass
        ? decide(req, req.body.ids, 'pass')
        : decide(req, req.body.ids, 'reject', req.body.reason),
  )

  const creator = alias(admin, 'creator')
  const queueRow = (r: Row, names: Parameters<typeof recordQueueRow>[2]) => recordQueueRow(rt, r, names)

  app.get(
    `/api/verify-center/${segment}`,
    {
      config: { access: queueAccess },
      schema: {
        tags,
        summary: `${label}审核队列：type=list 待我审核（按提交时间倒序），type=wait 我的审核记录`,
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
        const where = actableRecords(rt, scope, foreign)
        const [rows, [n]] = await Promise.all([
          recordQueueSelect(db, rt)
            .where(where)
            .orderBy(descIndexed(col(rt, 'submittedAt')), descIndexed(id))
            .limit(pageSize)
            .offset(offset),
          db.select({ n: count() }).from(t).where(where),
        ])
        return ok({ items: rows.map((r) => queueRow(r.row as Row, r)), total: n?.n ?? 0 })
      }
      // 审核记录: the caller's decisions, each showing the version and submission it acted on (decision 0034).
      const log = processResourceLog
      const mine = and(
        eq(log.actorId, p.adminId),
        eq(log.resType, rt.resType),
        inArray(log.action, ['pass', 'reject']),
      )
      const submission = alias(processResourceLog, 'submission')
      const [rows, [n]] = await Promise.all([
        db
          .select({ row: t, log, creatorName: creator.username })
          .from(log)
          .innerJoin(t, eq(id, log.resId))
          .leftJoin(creator, eq(creator.id, rt.traits.scoped ? col(rt, 'createdBy') : sql`null`))
          .where(and(mine, recordInScope(rt, scope)))
          .orderBy(descIndexed(log.id))
          .limit(pageSize)
          .offset(offset),
        db
          .select({ n: count() })
          .from(log)
          .innerJoin(t, eq(id, log.resId))
          .where(and(mine, recordInScope(rt, scope))),
      ])
      const items = await Promise.all(
        rows.map(async (r) => {
          const [version] = await db
            .select({ fields: resourceVersion.fields })
            .from(resourceVersion)
            .where(
              and(
                eq(resourceVersion.resType, rt.resType),
                eq(resourceVersion.resId, r.log.resId),
                lte(resourceVersion.createdAt, r.log.createdAt),
              ),
            )
            .orderBy(desc(resourceVersion.versionNo))
            .limit(1)
          const [sub] = await db
            .select({ at: submission.createdAt, by: submission.actorId, name: submission.actorName })
            .from(submission)
            .where(
              and(
                eq(submission.resType, rt.resType),
                eq(submission.resId, r.log.resId),
                eq(submission.action, 'submit'),
                lt(submission.id, r.log.id),
              ),
            )
            .orderBy(desc(submission.id))
            .limit(1)
          const row = { ...(r.row as Row), ...(version?.fields ?? {}), id: r.log.resId } as Row
          return {
            ...queueRow(row, {
              creatorName: r.creatorName,
              submitterName: sub?.name ?? null,
              stateName: null,
            }),
            submittedBy: sub?.by ?? null,
            submittedAt: sub?.at.toISOString() ?? null,
            stateId: r.log.stateId,
            stateName: r.log.stateName,
            logId: r.log.id,
            action: r.log.action,
            comment: r.log.comment,
            decidedAt: r.log.createdAt.toISOString(),
          }
        }),
      )
      return ok({ items, total: n?.n ?? 0 })
    },
  )

  /** A row the caller may read, by 查看 on its page or 审核 on its queue (the guard states one, so checked here). */
  async function readable(req: FastifyRequest, rowId: number) {
    if (!mayReadItem(req.principal!, def)) throw new AppError('FORBIDDEN')
    const scope = await dataScopeOf(req, db)
    const [row] = (await db
      .select()
      .from(t)
      .where(and(eq(id, rowId), recordInScope(rt, scope)))) as Row[]
    if (!row) throw new AppError('NOT_FOUND', recordMessages.notFound(rt.def.label))
    return row
  }

  app.get(
    `/api/verify-center/${segment}/detail`,
    {
      config: { access: queueAccess },
      schema: {
        tags,
        summary: `${label}审核详情（审核权限即可查看）`,
        querystring: recordIdQuerySchema,
        response: { 200: envelopeSchema(z.record(z.string(), z.unknown())) },
      },
    },
    async (req) => {
      const row = await readable(req, req.query.id)
      const [names] = await db
        .select({ creatorName: creator.username })
        .from(creator)
        .where(eq(creator.id, (row.createdBy as number | undefined) ?? 0))
      const extra = (await rowExtras(db, rt, [row])).get(row.id)!
      const shown = rowColumns(rt, { richText: true })
      const iso = Object.fromEntries(
        Object.entries(row)
          .filter(([k]) => k in shown)
          .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
      )
      return ok({
        ...iso,
        title: h.titleOf(row),
        cover: coverOf(rt, row),
        kind: name,
        creatorName: names?.creatorName ?? '',
        fields: await freshFileUrls(ctx, def, { ...(await itemFields(db, rt, row)), ...extra.values }),
        refs: extra.refs,
        refTo: extra.refTo,
        relations: {},
        lockedBy: null,
        lockedAt: null,
      })
    },
  )

  const v = resourceVersion
  const versions = (rowId: number, where?: SQL) =>
    db
      .select({
        versionNo: v.versionNo,
        createdBy: v.createdBy,
        creatorName: admin.username,
        createdAt: v.createdAt,
        decision: v.decision,
        fields: v.fields,
      })
      .from(v)
      .leftJoin(admin, eq(admin.id, v.createdBy))
      .where(and(eq(v.resType, rt.resType), eq(v.resId, rowId), where))
      .orderBy(desc(v.versionNo))
  const versionOf = ({ fields: _f, ...x }: Awaited<ReturnType<typeof versions>>[number]) => ({
    ...x,
    creatorName: x.creatorName ?? '',
    createdAt: x.createdAt.toISOString(),
    decision: x.decision as 'pass' | 'reject' | null,
  })
  app.get(
    `${base}/versions`,
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: `${label}的历史版本（新到旧），需查看或队列审核权限`,
        querystring: recordIdQuerySchema,
        response: { 200: envelopeSchema(pageSchema(contentVersionSchema)) },
      },
    },
    async (req) => {
      await readable(req, req.query.id)
      const items = (await versions(req.query.id)).map(versionOf)
      return ok({ items, total: items.length })
    },
  )
  app.get(
    `${base}/versionDiff`,
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: `${label}修改对比：当前与指定版本（默认最近一次通过，没有则最近一次驳回）逐字段对比`,
        querystring: recordIdQuerySchema.extend({ versionNo: idQuerySchema.optional() }),
        response: { 200: envelopeSchema(contentVersionDiffSchema) },
      },
    },
    async (req) => {
      const { id: rowId, versionNo } = req.query
      const row = await readable(req, rowId)
      const pick = async (where: SQL) => (await versions(rowId, where).limit(1))[0]
      const baseline = versionNo
        ? await pick(eq(v.versionNo, versionNo))
        : ((await pick(eq(v.decision, 'pass'))) ?? (await pick(eq(v.decision, 'reject'))))
      if (versionNo && !baseline) throw new AppError('NOT_FOUND', '版本不存在')
      if (!baseline) return ok({ baseline: null, changes: [] })
      return ok({
        baseline: versionOf(baseline),
        changes: fieldChanges(def.fields, baseline.fields, await itemFields(db, rt, row)),
      })
    },
  )
}
