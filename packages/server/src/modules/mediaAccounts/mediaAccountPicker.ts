import { mediaAccountListSchema, mediaAccountSchema } from '@moc/domain/api/mediaAccounts'
import { can } from '@moc/domain/permissions/can'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, eq, ilike, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { descIndexed } from '../../db/order.ts'
import { mediaAccount } from '../../db/tables/media.ts'
import type { Ctx } from '../../platform/context.ts'
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
 * The content form's 媒体号 picker (spec §7 /mediaAccount list; page, pageSize 10, state, verifyState, content). Every
 * other media-account call is the engine's (definition mediaAccount; its own list is /api/mediaAccount/pageList).
 */
export async function mediaAccountPickerRoutes(fastify: FastifyInstance, ctx: Ctx) {
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
      // The spec's state 1 is 正常 and 0 已冻结.
      const state = !manager || q.state === 1 ? 'normal' : q.state === 0 ? 'frozen' : undefined
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
}
