import {
  type AwardRule,
  openAwardsSchema,
  openSigninQuerySchema,
  openSigninResultSchema,
  openSigninStateSchema,
  openTaskReportBodySchema,
  openTaskReportSchema,
  openTasksSchema,
  openWearBodySchema,
  openWearSchema,
  taskMessages,
} from '@moc/domain/api/tasks'
import { chinaDay, dayBefore } from '@moc/domain/rules/chinaTime'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rowsOf.ts'
import type { Ctx } from '../../platform/context.ts'
import { fail } from '../../platform/errors.ts'
import { appNow } from '../../platform/testClock.ts'
import { appUserOf, auditApp } from '../community/openCommon.ts'
import { currentStreak, invitesMade, pointsEarned, tasksCompleted } from './awardRules.ts'
import { num, type Row, text, time } from './rowValues.ts'
import { signIn, signinState } from './signin.ts'
import { progressTask } from './taskProgress.ts'

const openTags = ['App 开放接口-任务与签到']

/**
 * The app-facing calls of tasks (decision 0050): shown tasks with my progress, reports of read and share, sign-in and
 * its calendar, my medals and frames, wearing a frame.
 */
export async function openTaskRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const inTx = <T>(fn: (tx: Db) => Promise<T>) => db.transaction((t) => fn(t as unknown as Db))

  app.get(
    '/api/open/tasks',
    {
      config: { access: 'appUser' },
      schema: {
        tags: openTags,
        summary: '任务列表：上线的任务按排序，附我在本周期（每日任务为今天）的进度',
        response: { 200: envelopeSchema(openTasksSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const today = chinaDay(appNow())
      const rows = rowsOf<Row>(
        await db.execute(sql`
          select t.id, t.name, t.icon, t.description, t.link, t.action, t.period, t.target, t.points,
            coalesce(p.count, 0) as count, p.completed_at
          from task t
          left join task_progress p on p.task_id = t.id and p.user_id = ${me.userId}
            and p.period_key = case when t.period = 'once' then 'once' else ${today} end
          where t.show_state
          order by t.sort, t.id`),
      )
      return ok({
        today,
        items: rows.map((r) => ({
          id: num(r.id),
          name: text(r.name),
          icon: text(r.icon),
          description: text(r.description),
          link: text(r.link),
          action: text(r.action),
          period: text(r.period),
          target: num(r.target),
          points: num(r.points),
          count: num(r.count),
          completed: r.completed_at !== null && r.completed_at !== undefined,
        })),
      })
    },
  )

  app.post(
    '/api/open/task/report',
    {
      config: { access: 'appUser', audit: 'App用户上报任务动作' },
      schema: {
        tags: openTags,
        summary:
          '上报服务端看不到的任务动作（阅读 read、分享 share）：相应任务进度加一，达到次数时发放积分（每周期一次）',
        body: openTaskReportBodySchema,
        response: { 200: envelopeSchema(openTaskReportSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const completed = await inTx((tx) => progressTask(tx, me.userId, req.body.action, appNow()))
      auditApp(req, `task:${req.body.action}`, req.body.refId ? `${req.body.action}#${req.body.refId}` : '')
      return ok({ completed }, taskMessages.reported)
    },
  )

  app.post(
    '/api/open/signin',
    {
      config: { access: 'appUser', audit: 'App用户签到' },
      schema: {
        tags: openTags,
        summary:
          '今日签到：每天一次（今天已签到），发放签到积分；连续签到达到奖励天数时发放奖励积分与勋章（每段连续签到一次）',
        response: { 200: envelopeSchema(openSigninResultSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const result = await inTx((tx) => signIn(tx, me.userId, appNow()))
      auditApp(req, `signin:${me.userId}`, `${result.day} 连续${result.streak}天`)
      return ok(result, taskMessages.signedIn)
    },
  )

  app.get(
    '/api/open/signin',
    {
      config: { access: 'appUser' },
      schema: {
        tags: openTags,
        summary:
          '签到日历：本月（或 month=YYYY-MM）已签到的日期、连续天数、今日是否已签到、签到积分与连续签到奖励',
        querystring: openSigninQuerySchema,
        response: { 200: envelopeSchema(openSigninStateSchema) },
      },
    },
    async (req) => ok(await signinState(db, appUserOf(req).userId, appNow(), req.query.month)),
  )

  app.get(
    '/api/open/awards',
    {
      config: { access: 'appUser' },
      schema: {
        tags: openTags,
        summary:
          '勋章与头像框：启用的全部及我已获得的，附是否获得、获得时间与我在获得规则上的进度，及佩戴中的头像框',
        response: { 200: envelopeSchema(openAwardsSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const today = chinaDay(appNow())
      const [rows, [u], points, streak, tasks, invites] = await Promise.all([
        db.execute(sql`
          select a.id, a.kind, a.name, a.image, a.description, a.rule, a.threshold, ua.created_at as earned_at
          from award a left join user_award ua on ua.award_id = a.id and ua.user_id = ${me.userId}
          where a.show_state or ua.id is not null
          order by a.sort, a.id`),
        db.execute(sql`select avatar_frame_id from app_user where id = ${me.userId}`).then(rowsOf<Row>),
        pointsEarned(db, me.userId),
        currentStreak(db, me.userId, today, dayBefore(today)),
        tasksCompleted(db, me.userId),
        invitesMade(db, me.userId),
      ])
      const progress: Record<AwardRule, number> = { manual: 0, points, signinStreak: streak, tasks, invites }
      const items = rowsOf<Row>(rows).map((r) => ({
        id: num(r.id),
        kind: text(r.kind),
        name: text(r.name),
        image: text(r.image),
        description: text(r.description),
        rule: text(r.rule),
        threshold: num(r.threshold),
        held: r.earned_at !== null && r.earned_at !== undefined,
        earnedAt: r.earned_at ? time(r.earned_at) : null,
        progress: progress[r.rule as AwardRule] ?? 0,
      }))
      return ok({
        wornFrameId:
          u?.avatar_frame_id === null || u?.avatar_frame_id === undefined ? null : num(u.avatar_frame_id),
        medals: items.filter((i) => i.kind === 'medal'),
        frames: items.filter((i) => i.kind === 'avatarFrame'),
      })
    },
  )

  app.post(
    '/api/open/avatarFrame/wear',
    {
      config: { access: 'appUser', audit: 'App用户佩戴头像框' },
      schema: {
        tags: openTags,
        summary: '佩戴一个已获得的头像框（awardId），或取下（null）；同时只佩戴一个',
        body: openWearBodySchema,
        response: { 200: envelopeSchema(openWearSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const { awardId } = req.body
      const worn = await inTx(async (tx) => {
        if (awardId !== null) {
          const held = rowsOf(
            await tx.execute(sql`
              select 1 from user_award ua join award a on a.id = ua.award_id
              where ua.user_id = ${me.userId} and ua.award_id = ${awardId} and a.kind = 'avatarFrame'`),
          )
          if (!held.length) fail('CONFLICT', taskMessages.frameNotHeld)
        }
        await tx.execute(sql`update app_user set avatar_frame_id = ${awardId} where id = ${me.userId}`)
        return awardId
      })
      auditApp(req, awardId === null ? `appUser:${me.userId}` : `avatarFrame:${awardId}`)
      return ok({ wornFrameId: worn }, worn === null ? taskMessages.unworn : taskMessages.worn)
    },
  )
}
