import {
  MEDIA_ACCOUNT_STATE,
  mediaAccountInsertSchema,
  mediaAccountListSchema,
  mediaAccountSchema,
  mediaAccountMessages as msg,
} from '@moc/domain/api/mediaAccounts'
import { can } from '@moc/domain/permissions/can'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, eq, ilike, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { descIndexed } from '../../db/order.ts'
import { mediaAccount } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { containsPattern, pageOf } from '../../platform/paging.ts'

const tags = ['媒体号']
const MANAGE_PAGE = '媒体号管理'

const columns = {
  id: mediaAccount.id,
  name: mediaAccount.name,
  avatar: mediaAccount.avatar,
  state: mediaAccount.state,
  verifyState: mediaAccount.verifyState,
}

/**
 * 媒体号, the minimal slice the content form needs: the list (spec §7 /mediaAccount list; page, pageSize 10,
 * state, verifyState, content) and insert. The 媒体号管理 screens (detail, update, freeze, review, ...) come later.
 */
export async function mediaAccountRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  app.get(
    '/api/mediaAccount/list',
    {
      // Any signed-in account, because every content form picks a 媒体号 here; without 媒体号管理 查看 the
      // list is narrowed to usable accounts (normal and approved), whatever the query asks for.
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '媒体号列表（content 名称包含；无媒体号管理查看权限时仅返回正常且已审核的媒体号）',
        querystring: mediaAccountListSchema,
        response: { 200: envelopeSchema(pageSchema(mediaAccountSchema)) },
      },
    },
    async (req) => {
      const q = req.query
      const manager = can(req.principal!, MANAGE_PAGE, '查看')
      const state = manager ? q.state : MEDIA_ACCOUNT_STATE.normal
      const verifyState = manager ? q.verifyState : VERIFY_STATE.passed
      const where = and(
        state === undefined ? undefined : eq(mediaAccount.state, state),
        verifyState === undefined ? undefined : eq(mediaAccount.verifyState, verifyState),
        q.content ? ilike(mediaAccount.name, containsPattern(q.content)) : undefined,
        q.ids ? inArray(mediaAccount.id, q.ids.length ? q.ids : [0]) : undefined,
      )
      return ok(
        await pageOf(
          q.page,
          q.pageSize,
          (limit, offset) =>
            db
              .select(columns)
              .from(mediaAccount)
              .where(where)
              .orderBy(descIndexed(mediaAccount.createdAt), descIndexed(mediaAccount.id))
              .limit(limit)
              .offset(offset),
          db.select({ n: count() }).from(mediaAccount).where(where),
        ),
      )
    },
  )

  app.post(
    '/api/mediaAccount/insert',
    {
      config: { access: { page: MANAGE_PAGE, action: '添加' }, audit: '新增媒体号' },
      schema: {
        tags,
        summary: '新增媒体号（名称唯一；由后台创建的媒体号视为已审核）',
        body: mediaAccountInsertSchema,
        response: { 200: envelopeSchema(mediaAccountSchema) },
      },
    },
    async (req) => {
      const { name, avatar, state } = req.body
      const [row] = await db
        .insert(mediaAccount)
        .values({ name, avatar, state, verifyState: VERIFY_STATE.passed, createdBy: req.principal!.adminId })
        .onConflictDoNothing()
        .returning(columns)
      if (!row) throw new AppError('CONFLICT', msg.nameTaken)
      req.auditInfo.target = `mediaAccount:${row.id}`
      return ok(row, msg.added)
    },
  )
}
