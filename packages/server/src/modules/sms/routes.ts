import { envelopeSchema, ok, pageQuerySchema, pageSchema } from '@moc/domain/transport/envelope'
import { count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { smsOutbox } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { pageOf } from '../../platform/paging.ts'

/** The built-in SMS provider's outbox, for super administrators. */
export async function smsRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  app.get(
    '/api/sms/outbox',
    {
      config: { access: { page: '系统-短信发件箱', action: '查看' } },
      schema: {
        tags: ['系统-短信发件箱'],
        summary: '内置短信通道的发件箱',
        querystring: pageQuerySchema.extend({ phone: z.string().trim().max(20).optional() }),
        response: {
          200: envelopeSchema(
            pageSchema(
              z.object({
                id: z.number(),
                phone: z.string(),
                content: z.string(),
                purpose: z.string(),
                createdAt: z.string(),
              }),
            ),
          ),
        },
      },
    },
    async (req) => {
      const { page, pageSize, phone } = req.query
      const where = phone ? eq(smsOutbox.phone, phone) : undefined
      const result = await pageOf(
        page,
        pageSize,
        (limit, offset) =>
          db.select().from(smsOutbox).where(where).orderBy(desc(smsOutbox.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(smsOutbox).where(where),
      )
      return ok({
        ...result,
        items: result.items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      })
    },
  )
}
