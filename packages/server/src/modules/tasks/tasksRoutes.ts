import {
  type AwardRule,
  awardHolderSchema,
  dayBefore,
  localDay,
  openAwardsSchema,
  openSigninQuerySchema,
  openSigninResultSchema,
  openSigninStateSchema,
  openTaskReportBodySchema,
  openTaskReportSchema,
  openTasksSchema,
  openWearBodySchema,
  openWearSchema,
  pagedIdQuerySchema,
  pointLogItemSchema,
  signinSettingBodySchema,
  signinSettingSchema,
  taskMessages,
  testClockBodySchema,
  testClockSchema,
  userAwardsQuerySchema,
  userAwardsSchema,
} from '@moc/domain/api/tasks'
import { recordResources } from '@moc/domain/resources/index'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rowsOf.ts'
import { newRowValues, recordTableOf } from '../../engine/records/recordTable.ts'
import type { Ctx } from '../../platform/context.ts'
import { fail } from '../../platform/errors.ts'
import { appNow, clockOffsetDays, moveTestClock } from '../../platform/testClock.ts'
import { appUserOf, auditApp } from '../community/openCommon.ts'
import { POINT_SOURCES } from '../points/grantPoints.ts'
import { currentStreak, invitesMade, pointsEarned, tasksCompleted } from './awardRules.ts'
import { signIn, signinState } from './signin.ts'
import { lockSigninTask } from './taskHooks.ts'
import { progressTask } from './taskProgress.ts'

const openTags = ['App 开放接口-任务与签到']
type Row = Record<string, unknown>
const num = (v: unknown) => Number(v ?? 0)
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))
const time = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString())

/**
 * The routes of 任务、签到、勋章、头像框 (/taskManage, /taskDetail, /taskMedal, /taskAvatar …; decision 0050): the
 * app-facing calls (tasks with my progress, reports of read/share, sign-in and its calendar, my awards, wearing a
 * frame), the console's 签到设置, holders of a medal or frame, a user's awards and points history (/userDetail), and —
 * on a test-mode server only — the test clock.
 */
export async function tasksRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const inTx = <T>(fn: (tx: Db) => Promise<T>) => db.transaction((t) => fn(t as unknown as Db))

  // ---- app-facing ------------------------------------------------------------------------------------------------

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
      const today = localDay(appNow())
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
      const today = localDay(appNow())
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

  // ---- console ---------------------------------------------------------------------------------------------------

  const taskRt = recordTableOf(recordResources.get('task')!)

  async function signinSetting(tx: Db) {
    const [t] = rowsOf<Row>(
      await tx.execute(
        sql`select id, name, points, show_state from task where action = 'signin' order by id limit 1`,
      ),
    )
    return {
      task: t
        ? { id: num(t.id), name: text(t.name), points: num(t.points), showState: t.show_state === true }
        : null,
    }
  }

  app.get(
    '/api/task/signinSetting',
    {
      config: { access: { page: '任务管理', action: '查看' } },
      schema: {
        tags: ['任务'],
        summary: '签到设置：签到任务（任务动作为签到的任务）的每日积分与是否开启',
        response: { 200: envelopeSchema(signinSettingSchema) },
      },
    },
    async () => ok(await signinSetting(db as unknown as Db)),
  )

  app.post(
    '/api/task/signinSetting',
    {
      config: { access: { page: '任务管理', action: '编辑' }, audit: '保存签到设置' },
      schema: {
        tags: ['任务'],
        summary: '保存签到设置：每日签到积分与开启/关闭签到（没有签到任务时新建“每日签到”）',
        body: signinSettingBodySchema,
        response: { 200: envelopeSchema(signinSettingSchema) },
      },
    },
    async (req) => {
      const { points, showState } = req.body
      const saved = await inTx(async (tx) => {
        await lockSigninTask(tx)
        const { task } = await signinSetting(tx)
        if (task)
          await tx.execute(
            sql`update task set points = ${points}, show_state = ${showState}, updated_at = now() where id = ${task.id}`,
          )
        else {
          const values = await newRowValues(tx, taskRt, req.principal!.adminId)
          await tx.insert(taskRt.table).values({
            ...values,
            name: '每日签到',
            description: '每天签到领积分，连续签到有额外奖励',
            action: 'signin',
            period: 'daily',
            target: 1,
            points,
            showState,
          } as never)
        }
        return signinSetting(tx)
      })
      req.auditInfo.target = `task:${saved.task!.id}`
      req.auditInfo.targetName = `每日签到 ${points} 积分${showState ? '' : '（已关闭）'}`
      return ok(saved, taskMessages.signinSaved)
    },
  )

  for (const name of ['medal', 'avatarFrame'] as const) {
    const def = recordResources.get(name)!
    app.get(
      `/api/${name}/holders`,
      {
        config: { access: { page: def.permissionPage, action: '查看' } },
        schema: {
          tags: [def.label],
          summary: `${def.label}的获得用户：用户、获得方式、发放人、原因与时间，最新在前`,
          querystring: pagedIdQuerySchema,
          response: { 200: envelopeSchema(pageSchema(awardHolderSchema)) },
        },
      },
      async (req) => {
        const { id, page, pageSize } = req.query
        const [own] = rowsOf(await db.execute(sql`select id from award where id = ${id} and kind = ${name}`))
        if (!own) fail('NOT_FOUND', `${def.label}不存在`)
        const [rows, [n]] = await Promise.all([
          db
            .execute(sql`
              select ua.user_id, u.nickname, u.phone, ua.source, ua.reason, ad.username as granted_by_name, ua.created_at
              from user_award ua join app_user u on u.id = ua.user_id left join admin ad on ad.id = ua.granted_by
              where ua.award_id = ${id}
              order by ua.created_at desc, ua.id desc
              limit ${pageSize} offset ${(page - 1) * pageSize}`)
            .then(rowsOf<Row>),
          db.execute(sql`select count(*) as n from user_award where award_id = ${id}`).then(rowsOf<Row>),
        ])
        return ok({
          total: num(n?.n),
          items: rows.map((r) => ({
            userId: num(r.user_id),
            nickname: text(r.nickname),
            phone: text(r.phone),
            source: text(r.source),
            reason: text(r.reason),
            grantedByName: r.granted_by_name ? text(r.granted_by_name) : null,
            createdAt: time(r.created_at),
          })),
        })
      },
    )
  }

  const userExists = async (id: number) => {
    const [u] = rowsOf<Row>(
      await db.execute(
        sql`select avatar_frame_id, points from app_user where id = ${id} and operator = false`,
      ),
    )
    if (!u) fail('NOT_FOUND', taskMessages.userNotFound)
    return u!
  }

  app.get(
    '/api/appUser/awards',
    {
      config: { access: { page: '用户管理', action: '查看' } },
      schema: {
        tags: ['用户'],
        summary: '用户的勋章与头像框（获得方式、发放人、时间）、佩戴中的头像框与积分',
        querystring: userAwardsQuerySchema,
        response: { 200: envelopeSchema(userAwardsSchema) },
      },
    },
    async (req) => {
      const u = await userExists(req.query.id)
      const rows = rowsOf<Row>(
        await db.execute(sql`
          select a.id, a.kind, a.name, a.image, ua.source, ua.reason, ad.username as granted_by_name, ua.created_at
          from user_award ua join award a on a.id = ua.award_id left join admin ad on ad.id = ua.granted_by
          where ua.user_id = ${req.query.id}
          order by ua.created_at desc, ua.id desc`),
      )
      return ok({
        wornFrameId: u.avatar_frame_id === null ? null : num(u.avatar_frame_id),
        points: num(u.points),
        items: rows.map((r) => ({
          awardId: num(r.id),
          kind: text(r.kind),
          name: text(r.name),
          image: text(r.image),
          source: text(r.source),
          reason: text(r.reason),
          grantedByName: r.granted_by_name ? text(r.granted_by_name) : null,
          createdAt: time(r.created_at),
        })),
      })
    },
  )

  app.get(
    '/api/appUser/pointLog',
    {
      config: { access: { page: '用户管理', action: '查看' } },
      schema: {
        tags: ['用户'],
        summary: '用户的积分记录：每次变动、变动后余额、来源与备注，最新在前',
        querystring: pagedIdQuerySchema,
        response: { 200: envelopeSchema(pageSchema(pointLogItemSchema)) },
      },
    },
    async (req) => {
      const { id, page, pageSize } = req.query
      await userExists(id)
      const [rows, [n]] = await Promise.all([
        db
          .execute(sql`
            select id, delta, balance, source, remark, created_at from point_log where user_id = ${id}
            order by created_at desc, id desc limit ${pageSize} offset ${(page - 1) * pageSize}`)
          .then(rowsOf<Row>),
        db.execute(sql`select count(*) as n from point_log where user_id = ${id}`).then(rowsOf<Row>),
      ])
      return ok({
        total: num(n?.n),
        items: rows.map((r) => ({
          id: num(r.id),
          delta: num(r.delta),
          balance: num(r.balance),
          source: text(r.source),
          sourceName: POINT_SOURCES[r.source as keyof typeof POINT_SOURCES] ?? text(r.source),
          remark: text(r.remark),
          createdAt: time(r.created_at),
        })),
      })
    },
  )

  // ---- the test clock (test-mode servers only) -------------------------------------------------------------------

  if (ctx.config.testClock)
    app.post(
      '/api/test/clock',
      {
        config: { access: 'superAdmin', audit: '调整测试时钟' },
        schema: {
          tags: ['测试'],
          summary: '仅测试模式（MOC_TEST_CLOCK=1）：把签到与任务所用的日期前后移动 days 天（累加）',
          body: testClockBodySchema,
          response: { 200: envelopeSchema(testClockSchema) },
        },
      },
      async (req) => {
        moveTestClock(req.body.days)
        const now = appNow()
        req.auditInfo.target = 'testClock'
        req.auditInfo.targetName = `${clockOffsetDays()} 天`
        return ok(
          { offsetDays: clockOffsetDays(), now: now.toISOString(), today: localDay(now) },
          taskMessages.clockMoved(clockOffsetDays()),
        )
      },
    )
}
