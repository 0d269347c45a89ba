import {
  activityMessages,
  activityRowsQuerySchema,
  activityStatsSchema,
  articleDetailSchema,
  articleIdQuerySchema,
  articleItemSchema,
  articlePreserveBodySchema,
  articleRemoveBodySchema,
  articleUpdateBodySchema,
  awardQuerySchema,
  confirmPayBodySchema,
  confirmPaySchema,
  decisionResultSchema,
  disqualifyQuerySchema,
  enrollListSchema,
  qualifyQuerySchema,
} from '@moc/domain/api/activities'
import { recordResources } from '@moc/domain/resources/index'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { activity, activityArticle, activityEnroll } from '../../db/tables/activities.ts'
import { appUser } from '../../db/tables/community.ts'
import { recordInScope, recordTableOf } from '../../engine/records/recordTable.ts'
import type { Ctx } from '../../platform/context.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { containsPattern } from '../../platform/paging.ts'
import { payments } from '../../platform/payments/payments.ts'
import { sendXlsx } from '../../platform/xlsxReply.ts'
import { formFieldsOf, submitArticle } from './activityEnroll.ts'
import { activityStats, enrollRows, writeEnrollXlsx } from './activityStats.ts'

const tags = ['活动']
const rt = () => recordTableOf(recordResources.get('activity') as never)
const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** The activity `id`, in the caller's data scope and not deleted for ever; 404 otherwise. */
export async function activityInScope(req: FastifyRequest, db: Db, id: number) {
  const scope = await dataScopeOf(req, db)
  const [a] = await db
    .select()
    .from(activity)
    .where(and(eq(activity.id, id), recordInScope(rt(), scope)))
  if (!a) throw new AppError('NOT_FOUND', activityMessages.notFound)
  return a
}

const articleColumns = {
  id: activityArticle.id,
  activityId: activityArticle.activityId,
  userId: activityArticle.userId,
  nickname: appUser.nickname,
  title: activityArticle.title,
  cover: activityArticle.cover,
  state: activityArticle.state,
  reason: activityArticle.reason,
  prize: activityArticle.prize,
  decidedAt: activityArticle.decidedAt,
  createdAt: activityArticle.createdAt,
  updatedAt: activityArticle.updatedAt,
}
type ArticleRow = Omit<
  { [K in keyof typeof articleColumns]: (typeof articleColumns)[K]['_']['data'] },
  'decidedAt'
> & { decidedAt: Date | null }
const articleItem = (r: ArticleRow) => ({
  ...r,
  state: r.state as z.infer<typeof articleItemSchema>['state'],
  decidedAt: iso(r.decidedAt),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
})

/** An operator's decision on an enrolment or an entry, as the row is after it. */
type Decision =
  | { state: 'qualified' }
  | { state: 'disqualified'; reason: string }
  | { state: 'awarded'; prize: string }

/**
 * The console's calls on an activity's enrolments and entries (spec §7 Activities, decision 0045): their lists, 合格
 * / 不合格 (with a reason) / 颁奖 (with a prize tier) — GET paths of the spec that change rows, so guarded by 编辑 and
 * written to the operation log like any write — entries kept by operators (补录, edit, remove), the statistics and
 * the enrolment export, and 确认收款 of a paid enrolment (the payment adapter's manual settlement).
 */
export async function activityConsoleRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const view = { resource: 'detail' as const, record: 'activity' }
  const edit = { resource: 'update' as const, record: 'activity' }

  app.get(
    '/api/activity/enroll/list',
    {
      config: { access: view },
      schema: {
        tags,
        summary: '活动报名列表：按昵称或手机号搜索、按状态筛选，最新在前；附报名表单的项目',
        querystring: activityRowsQuerySchema,
        response: { 200: envelopeSchema(enrollListSchema) },
      },
    },
    async (req) => {
      const a = await activityInScope(req, db, req.query.activityId)
      const { items, total } = await enrollRows(db, a.id, req.query)
      return ok({ items, total, fields: await formFieldsOf(db, a.id) })
    },
  )

  const articleWhere = (activityId: number, q: { keyword?: string; state?: string }): SQL =>
    and(
      eq(activityArticle.activityId, activityId),
      isNull(activityArticle.removedAt),
      q.state ? eq(activityArticle.state, q.state) : undefined,
      q.keyword
        ? or(
            ilike(activityArticle.title, containsPattern(q.keyword)),
            ilike(appUser.nickname, containsPattern(q.keyword)),
          )
        : undefined,
    )!

  app.get(
    '/api/activity/articles/list',
    {
      config: { access: view },
      schema: {
        tags,
        summary: '征文活动作品列表：按标题或作者昵称搜索、按状态筛选，最新在前（已移除的不列出）',
        querystring: activityRowsQuerySchema,
        response: { 200: envelopeSchema(pageSchema(articleItemSchema)) },
      },
    },
    async (req) => {
      const q = req.query
      const a = await activityInScope(req, db, q.activityId)
      const where = articleWhere(a.id, q)
      const [rows, [n]] = await Promise.all([
        db
          .select(articleColumns)
          .from(activityArticle)
          .innerJoin(appUser, eq(appUser.id, activityArticle.userId))
          .where(where)
          .orderBy(desc(activityArticle.createdAt), desc(activityArticle.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db
          .select({ n: count() })
          .from(activityArticle)
          .innerJoin(appUser, eq(appUser.id, activityArticle.userId))
          .where(where),
      ])
      return ok({ items: rows.map(articleItem), total: n?.n ?? 0 })
    },
  )

  /** An entry (not removed) of an activity in the caller's scope, with the activity. */
  async function articleInScope(req: FastifyRequest, tx: Db, id: number, lock = false) {
    const q = tx
      .select({ ...articleColumns, body: activityArticle.body })
      .from(activityArticle)
      .innerJoin(appUser, eq(appUser.id, activityArticle.userId))
      .where(and(eq(activityArticle.id, id), isNull(activityArticle.removedAt)))
    const [row] = lock ? await q.for('update', { of: activityArticle }) : await q
    if (!row) throw new AppError('NOT_FOUND', activityMessages.articleNotFound)
    const a = await activityInScope(req, tx, row.activityId)
    return { row, a }
  }

  app.get(
    '/api/activity/articles/detail',
    {
      config: { access: view },
      schema: {
        tags,
        summary: '作品详情：标题、正文、封面、作者、评审结果',
        querystring: articleIdQuerySchema,
        response: { 200: envelopeSchema(articleDetailSchema) },
      },
    },
    async (req) => {
      const { row, a } = await articleInScope(req, db, req.query.id)
      return ok({ ...articleItem(row), body: row.body, activityTitle: a.title })
    },
  )

  /**
   * Decides on one enrolment or entry in a transaction holding its row lock: 合格 clears a reason and prize, 不合格
   * needs a reason (and takes any prize back), 颁奖 needs a prize tier and refuses a disqualified row. A cancelled
   * activity's rows take no decisions.
   */
  async function decide(req: FastifyRequest, id: number, target: 'enroll' | 'article', d: Decision) {
    const now = new Date()
    const by = req.principal!.adminId
    const set = {
      state: d.state,
      reason: d.state === 'disqualified' ? d.reason : '',
      prize: d.state === 'awarded' ? d.prize : '',
      decidedBy: by,
      decidedAt: now,
    }
    return db.transaction(async (t) => {
      const tx = t as unknown as Db
      const table = target === 'enroll' ? activityEnroll : activityArticle
      const [row] = await tx
        .select({ id: table.id, activityId: table.activityId, state: table.state, userId: table.userId })
        .from(table)
        .where(and(eq(table.id, id), target === 'article' ? isNull(activityArticle.removedAt) : undefined))
        .for('update')
      if (!row)
        throw new AppError(
          'NOT_FOUND',
          target === 'enroll' ? activityMessages.enrollNotFound : activityMessages.articleNotFound,
        )
      const a = await activityInScope(req, tx, row.activityId)
      req.auditInfo.target = `activity:${a.id}:${target}:${id}`
      req.auditInfo.targetName = a.title
      if (a.cancelledAt) throw new AppError('CONFLICT', activityMessages.cancelled)
      if (d.state === 'awarded' && row.state === 'disqualified')
        throw new AppError('CONFLICT', '不合格的不能颁奖，请先设为合格')
      if (target === 'article')
        await tx
          .update(activityArticle)
          .set({ ...set, updatedAt: now })
          .where(eq(activityArticle.id, id))
      else await tx.update(activityEnroll).set(set).where(eq(activityEnroll.id, id))
      return { id, state: d.state }
    })
  }

  const decisionResponse = { 200: envelopeSchema(decisionResultSchema) }
  app.get(
    '/api/activity/qualify',
    {
      config: { access: edit, audit: '活动报名/作品设为合格' },
      schema: {
        tags,
        summary: '设为合格：target=enroll 报名（默认）或 article 作品',
        querystring: qualifyQuerySchema,
        response: decisionResponse,
      },
    },
    async (req) =>
      ok(await decide(req, req.query.id, req.query.target, { state: 'qualified' }), '已设为合格'),
  )
  app.get(
    '/api/activity/disqualify',
    {
      config: { access: edit, audit: '活动报名/作品设为不合格' },
      schema: {
        tags,
        summary: '设为不合格（须填写原因 reason）：target=enroll 报名（默认）或 article 作品',
        querystring: disqualifyQuerySchema,
        response: decisionResponse,
      },
    },
    async (req) =>
      ok(
        await decide(req, req.query.id, req.query.target, {
          state: 'disqualified',
          reason: req.query.reason,
        }),
        '已设为不合格',
      ),
  )
  app.get(
    '/api/activity/award',
    {
      config: { access: edit, audit: '活动颁奖' },
      schema: {
        tags,
        summary:
          '颁奖（prize 奖项：一等奖、二等奖、三等奖、优秀奖）：target=enroll 报名（默认）或 article 作品',
        querystring: awardQuerySchema,
        response: decisionResponse,
      },
    },
    async (req) =>
      ok(
        await decide(req, req.query.id, req.query.target, { state: 'awarded', prize: req.query.prize }),
        '颁奖成功',
      ),
  )

  app.post(
    '/api/activity/articles/preserve',
    {
      config: { access: edit, audit: '补录活动作品' },
      schema: {
        tags,
        summary: '作品补录：为已报名的用户录入一篇作品（征文活动；每人投稿数限制同 App）',
        body: articlePreserveBodySchema,
        response: { 200: envelopeSchema(articleItemSchema) },
      },
    },
    async (req) => {
      const { activityId, userId, ...text } = req.body
      const a = await activityInScope(req, db, activityId)
      req.auditInfo.target = `activity:${a.id}`
      req.auditInfo.targetName = a.title
      const row = await submitArticle(db, userId, a.id, text, { byOperator: true })
      const { row: saved } = await articleInScope(req, db, row.id)
      return ok(articleItem(saved))
    },
  )

  app.post(
    '/api/activity/articles/update',
    {
      config: { access: edit, audit: '编辑活动作品' },
      schema: {
        tags,
        summary: '编辑作品：标题、正文、封面（只改给出的）',
        body: articleUpdateBodySchema,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => {
      const { id, ...changes } = req.body
      await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const { a } = await articleInScope(req, tx, id, true)
        req.auditInfo.target = `activity:${a.id}:article:${id}`
        req.auditInfo.targetName = a.title
        const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
        await tx
          .update(activityArticle)
          .set({ ...set, updatedAt: new Date() })
          .where(eq(activityArticle.id, id))
      })
      return ok({ id })
    },
  )

  app.post(
    '/api/activity/articles/remove',
    {
      config: { access: edit, audit: '移除活动作品' },
      schema: {
        tags,
        summary: '移除作品（id 或 ids）：不再列出、不计入作品数与投稿数',
        body: articleRemoveBodySchema,
        response: { 200: envelopeSchema(z.object({ removed: z.number().int() })) },
      },
    },
    async (req) => {
      const ids = [...new Set(req.body.ids ?? [req.body.id!])]
      const removed = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const rows = await tx
          .select({ id: activityArticle.id, activityId: activityArticle.activityId })
          .from(activityArticle)
          .where(and(inArray(activityArticle.id, ids), isNull(activityArticle.removedAt)))
          .for('update')
        if (rows.length !== ids.length) throw new AppError('NOT_FOUND', activityMessages.articleNotFound)
        const byActivity = new Map<number, number>()
        for (const r of rows) byActivity.set(r.activityId, (byActivity.get(r.activityId) ?? 0) + 1)
        const titles: string[] = []
        for (const [activityId, n] of byActivity) {
          titles.push((await activityInScope(req, tx, activityId)).title)
          await tx
            .update(activity)
            .set({ entryCount: sql`greatest(${activity.entryCount} - ${n}, 0)` })
            .where(eq(activity.id, activityId))
        }
        req.auditInfo.target = ids.map((id) => `activityArticle:${id}`).join(',')
        req.auditInfo.targetName = titles.join('、')
        await tx
          .update(activityArticle)
          .set({ removedAt: new Date(), updatedAt: new Date() })
          .where(inArray(activityArticle.id, ids))
        return rows.length
      })
      return ok({ removed }, activityMessages.removed(removed))
    },
  )

  app.post(
    '/api/activity/enroll/confirmPay',
    {
      config: { access: { page: '活动-付费活动', action: '编辑' }, audit: '确认收款' },
      schema: {
        tags,
        summary: '确认收款：付费活动的一条待支付报名记为已支付（本地支付适配器；线下收费时由运营确认）',
        body: confirmPayBodySchema,
        response: { 200: envelopeSchema(confirmPaySchema) },
      },
    },
    async (req) => {
      if (!payments.confirmManually) throw new AppError('CONFLICT', '当前支付方式不支持人工确认收款')
      const result = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const [row] = await tx
          .select()
          .from(activityEnroll)
          .where(eq(activityEnroll.id, req.body.id))
          .for('update')
        if (!row) throw new AppError('NOT_FOUND', activityMessages.enrollNotFound)
        const a = await activityInScope(req, tx, row.activityId)
        req.auditInfo.target = `activity:${a.id}:enroll:${row.id}`
        req.auditInfo.targetName = `${a.title} ${row.orderNo}`
        if (row.payState === 'none') throw new AppError('CONFLICT', activityMessages.notPay)
        if (row.payState !== 'unpaid') throw new AppError('CONFLICT', activityMessages.paidAlready)
        const { paidAt } = await payments.settle(row.orderNo)
        await tx.update(activityEnroll).set({ payState: 'paid', paidAt }).where(eq(activityEnroll.id, row.id))
        return { id: row.id, payState: 'paid', paidAt: paidAt.toISOString() }
      })
      return ok(result, '已确认收款')
    },
  )

  app.get(
    '/api/activity/detail/stats',
    {
      config: { access: view },
      schema: {
        tags,
        summary: '活动统计：每日报名数（北京时间）、报名与作品各状态数、支付状态数',
        querystring: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: envelopeSchema(activityStatsSchema) },
      },
    },
    async (req) => ok(await activityStats(db, await activityInScope(req, db, req.query.id))),
  )

  const exportAccess = { resource: 'export' as const, record: 'activity' }
  const exportQuery = activityRowsQuerySchema.omit({ page: true, pageSize: true })
  async function exportEnrolls(req: FastifyRequest, reply: FastifyReply, q: z.infer<typeof exportQuery>) {
    const a = await activityInScope(req, db, q.activityId)
    req.auditInfo.target = `activity:${a.id}`
    req.auditInfo.targetName = a.title
    const fields = await formFieldsOf(db, a.id)
    return sendXlsx(req, reply, { name: 'activity-enrolls', label: `${a.title}-报名列表` }, (out) =>
      writeEnrollXlsx(db, a, fields, q, out),
    )
  }
  const exportSummary =
    '导出活动报名列表为 Excel（.xlsx：用户、手机号、报名表单各项、状态、原因、奖项、付费活动的支付，报名时间；筛选同报名列表）'
  app.get(
    '/api/activity/export',
    {
      config: { access: exportAccess, audit: '导出活动报名' },
      schema: { tags, summary: exportSummary, querystring: exportQuery },
    },
    (req, reply) => exportEnrolls(req, reply, req.query),
  )
  // The console's download (POST, as every export of the console is: the body may be sealed).
  app.post(
    '/api/activity/enroll/export',
    {
      config: { access: exportAccess, audit: '导出活动报名' },
      schema: { tags, summary: `${exportSummary}（同 GET /api/activity/export）`, body: exportQuery },
    },
    (req, reply) => exportEnrolls(req, reply, req.body),
  )
}
