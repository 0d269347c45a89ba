import {
  activityMessages,
  openActivityDetailSchema,
  openActivityIdQuerySchema,
  openActivityListQuerySchema,
  openActivitySchema,
  openArticleBodySchema,
  openArticleSchema,
  openEnrollBodySchema,
  openEnrollSchema,
  openMineItemSchema,
  openMineQuerySchema,
} from '@moc/domain/api/activities'
import { activityStage } from '@moc/domain/resources/activity/activityRules'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { activity, activityArticle, activityEnroll } from '../../db/tables/activities.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { appUserOf, auditApp, offsetOf } from '../community/openCommon.ts'
import { enroll, formFieldsOf, liveActivity, submitArticle } from './activityEnroll.ts'

const tags = ['App 开放接口-活动']

type ActivityRow = typeof activity.$inferSelect
const iso = (d: Date | null) => (d ? d.toISOString() : null)

const openItem = (a: ActivityRow, now: Date): z.infer<typeof openActivitySchema> => ({
  id: a.id,
  kind: a.kind,
  title: a.title,
  cover: a.cover,
  location: a.location,
  enrollStart: iso(a.enrollStart),
  enrollEnd: iso(a.enrollEnd),
  startAt: iso(a.startAt),
  endAt: iso(a.endAt),
  maxEnrolls: a.maxEnrolls,
  entriesPerUser: a.entriesPerUser,
  fee: a.fee,
  enrollCount: a.enrollCount,
  stage: activityStage(a, now),
})

/**
 * The app-facing activity calls (DESIGN §6a, decision 0045), for signed-in app users: the live activities (published,
 * shown, not in the recycle bin, not cancelled) and one with its enrolment form, enrolling, an essay entry, and the
 * caller's own enrolments with their results.
 */
export async function openActivityRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  app.get(
    '/api/open/activity/list',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: '活动列表：已发布、显示、未取消的活动（可按类型），最新发布在前',
        querystring: openActivityListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(openActivitySchema)) },
      },
    },
    async (req) => {
      const q = req.query
      const where = and(liveActivity, q.kind ? eq(activity.kind, q.kind) : undefined)
      const now = new Date()
      const [rows, [n]] = await Promise.all([
        db
          .select()
          .from(activity)
          .where(where)
          .orderBy(desc(activity.publishedAt), desc(activity.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        db.select({ n: count() }).from(activity).where(where),
      ])
      return ok({ items: rows.map((a) => openItem(a, now)), total: n?.n ?? 0 })
    },
  )

  app.get(
    '/api/open/activity/detail',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: '活动详情：规则、报名表单，以及本人的报名（如有）',
        querystring: openActivityIdQuerySchema,
        response: { 200: envelopeSchema(openActivityDetailSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const [a] = await db
        .select()
        .from(activity)
        .where(and(liveActivity, eq(activity.id, req.query.id)))
      if (!a) throw new AppError('NOT_FOUND', activityMessages.notFound)
      const [mine] = await db
        .select({ id: activityEnroll.id, state: activityEnroll.state, payState: activityEnroll.payState })
        .from(activityEnroll)
        .where(and(eq(activityEnroll.activityId, a.id), eq(activityEnroll.userId, me.userId)))
      return ok({
        ...openItem(a, new Date()),
        rules: a.rules,
        fields: await formFieldsOf(db, a.id),
        mine: mine ?? null,
      })
    },
  )

  app.post(
    '/api/open/activity/enroll',
    {
      config: { access: 'appUser', audit: 'App用户报名活动' },
      schema: {
        tags,
        summary:
          '报名：报名时间内、按报名表单填写（必填项、类型同控制台校验），每人一次，不超过报名人数上限；付费活动生成待支付订单',
        body: openEnrollBodySchema,
        response: { 200: envelopeSchema(openEnrollSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      auditApp(req, `activity:${req.body.activityId}`)
      const row = await enroll(db, me.userId, req.body.activityId, req.body.answers)
      return ok(
        { id: row.id, state: row.state, fee: row.fee, payState: row.payState, orderNo: row.orderNo },
        activityMessages.enrolled,
      )
    },
  )

  app.post(
    '/api/open/activity/article',
    {
      config: { access: 'appUser', audit: 'App用户提交活动作品' },
      schema: {
        tags,
        summary: '投稿（征文活动）：已报名且未被判不合格的用户，活动结束前，不超过每人可投稿数',
        body: openArticleBodySchema,
        response: { 200: envelopeSchema(openArticleSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const { activityId, ...text } = req.body
      auditApp(req, `activity:${activityId}`, text.title)
      const row = await submitArticle(db, me.userId, activityId, text)
      return ok({ id: row.id, state: row.state }, activityMessages.submitted)
    },
  )

  app.get(
    '/api/open/activity/mine',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: '我的活动：本人的报名（最新在前），附活动、评审结果、支付状态与作品',
        querystring: openMineQuerySchema,
        response: { 200: envelopeSchema(pageSchema(openMineItemSchema)) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const q = req.query
      const mine = and(eq(activityEnroll.userId, me.userId), isNull(activity.recycledAt))
      const [rows, [n]] = await Promise.all([
        db
          .select({ e: activityEnroll, a: activity })
          .from(activityEnroll)
          .innerJoin(activity, eq(activity.id, activityEnroll.activityId))
          .where(mine)
          .orderBy(desc(activityEnroll.createdAt), desc(activityEnroll.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        db
          .select({ n: count() })
          .from(activityEnroll)
          .innerJoin(activity, eq(activity.id, activityEnroll.activityId))
          .where(mine),
      ])
      const ids = rows.map((r) => r.a.id)
      const articles = ids.length
        ? await db
            .select({
              id: activityArticle.id,
              activityId: activityArticle.activityId,
              title: activityArticle.title,
              state: activityArticle.state,
              prize: activityArticle.prize,
            })
            .from(activityArticle)
            .where(
              and(
                inArray(activityArticle.activityId, ids),
                eq(activityArticle.userId, me.userId),
                isNull(activityArticle.removedAt),
              ),
            )
        : []
      const now = new Date()
      return ok({
        items: rows.map(({ e, a }) => ({
          enrollId: e.id,
          activity: openItem(a, now),
          state: e.state,
          reason: e.reason,
          prize: e.prize,
          payState: e.payState,
          enrolledAt: e.createdAt.toISOString(),
          articles: articles.filter((x) => x.activityId === a.id).map(({ activityId: _, ...x }) => x),
        })),
        total: n?.n ?? 0,
      })
    },
  )
}
