import {
  REVIEW_STATUSES,
  reviewStatusMessages,
  statusItemSchema,
  statusListQuerySchema,
  statusUpdateSchema,
} from '@moc/domain/api/reviewStatus'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { reviewStatusName } from '../db/schema.ts'
import type { Ctx } from '../platform/context.ts'
import { AppError } from '../platform/errors.ts'
import { auditTarget, idResponse, PROCESS_PAGE, processTags as tags } from './processLibrary.ts'

/**
 * 审核状态 (spec §7 content state list): the names every screen shows for the review states. Reading is open
 * to every signed-in account, since every content list shows them; renaming is 系统-审核流程 编辑.
 */
export async function reviewStatusRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  app.get(
    '/api/content/state/list',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          '审核状态名称列表（审核状态 0–3 与流程状态 PENDING/PASS/REJECT/WITHDRAW；page 1, size 1000）',
        querystring: statusListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(statusItemSchema)) },
      },
    },
    async (req) => {
      const { page, size } = req.query
      const renamed = new Map((await db.select().from(reviewStatusName)).map((r) => [r.statusId, r.name]))
      const items = REVIEW_STATUSES.slice((page - 1) * size, page * size).map((s) => ({
        id: s.id,
        group: s.group,
        code: s.code,
        name: renamed.get(s.id) ?? s.defaultName,
        defaultName: s.defaultName,
      }))
      return ok({ items, total: REVIEW_STATUSES.length })
    },
  )

  app.post(
    '/api/content/state/update',
    {
      config: { access: { page: PROCESS_PAGE, action: '编辑' }, audit: '修改审核状态名称' },
      schema: {
        tags,
        summary: '修改审核状态的显示名称（填默认名称即恢复默认）',
        body: statusUpdateSchema,
        response: idResponse,
      },
    },
    async (req) => {
      const { id, name } = req.body
      auditTarget(req, 'review_status', id)
      const status = REVIEW_STATUSES.find((s) => s.id === id)
      if (!status) throw new AppError('NOT_FOUND', reviewStatusMessages.unknown)
      // The state by its built-in name, then the name it is given.
      auditTarget(req, 'review_status', id, `${status.defaultName} → ${name}`)
      if (name === status.defaultName)
        await db.delete(reviewStatusName).where(eq(reviewStatusName.statusId, id))
      else
        await db
          .insert(reviewStatusName)
          .values({ statusId: id, name })
          .onConflictDoUpdate({ target: reviewStatusName.statusId, set: { name, updatedAt: new Date() } })
      return ok({ id })
    },
  )
}
