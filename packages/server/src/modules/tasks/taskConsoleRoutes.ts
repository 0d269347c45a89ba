import {
  awardHolderSchema,
  pagedIdQuerySchema,
  pointLogItemSchema,
  signinSettingBodySchema,
  signinSettingSchema,
  taskMessages,
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
import { POINT_SOURCES } from '../points/grantPoints.ts'
import { num, type Row, text, time } from './rowValues.ts'
import { lockSigninTask } from './taskHooks.ts'

/**
 * The console's calls of tasks beside the engine's (decision 0050): 签到设置, the holders of a medal or frame, a
 * user's awards and points history (/userDetail).
 */
export async function taskConsoleRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const inTx = <T>(fn: (tx: Db) => Promise<T>) => db.transaction((t) => fn(t as unknown as Db))

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
}
