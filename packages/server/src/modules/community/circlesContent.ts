import {
  circleTopItemSchema,
  circleTopQuerySchema,
  circleTopSortBodySchema,
  communityContentMessages as msg,
} from '@moc/domain/api/communityContent'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, asc, count, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { circle, post } from '../../db/tables/community.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'

/**
 * A circle's topped posts in their order (spec §7 GET content/top, POST content/top/sorting; decision 0042): the
 * order is `top_sort`, which the post list does not sort by. Guarded like the post list and its 置顶.
 */
export async function circleTopRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const tags = ['帖子']
  const topped = (circleId: number) =>
    and(eq(post.circleId, circleId), eq(post.top, true), isNull(post.recycledAt))

  app.get(
    '/api/circle/content/top',
    {
      config: { access: { resource: 'list', record: 'post' } },
      schema: {
        tags,
        summary: '圈子的置顶帖子，按置顶顺序（circleId 或 id 为圈子）',
        querystring: circleTopQuerySchema,
        response: { 200: envelopeSchema(pageSchema(circleTopItemSchema)) },
      },
    },
    async (req) => {
      const q = req.query
      const where = topped((q.circleId ?? q.id)!)
      const [rows, [n]] = await Promise.all([
        db
          .select({
            id: post.id,
            title: post.title,
            body: post.body,
            images: post.images,
            userId: post.userId,
            topSort: post.topSort,
            showState: post.showState,
            verifyState: post.verifyState,
            createdAt: post.createdAt,
          })
          .from(post)
          .where(where)
          .orderBy(asc(post.topSort), asc(post.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(post).where(where),
      ])
      const items = rows.map((r) => ({
        ...r,
        images: r.images as string[],
        createdAt: r.createdAt.toISOString(),
      }))
      return ok({ items, total: n?.n ?? 0 })
    },
  )

  app.post(
    '/api/circle/content/top/sorting',
    {
      config: { access: { resource: 'update', record: 'post', action: '置顶' }, audit: '置顶排序' },
      schema: {
        tags,
        summary: '圈子置顶帖子排序：列出该圈子全部置顶帖子的新顺序（第一条在最上）',
        body: circleTopSortBodySchema,
        response: { 200: envelopeSchema(z.object({ updated: z.number().int() })) },
      },
    },
    async (req) => {
      const { circleId, ids } = req.body
      const order = [...new Set(ids)]
      const updated = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const [c] = await tx.select({ name: circle.name }).from(circle).where(eq(circle.id, circleId))
        if (!c) throw new AppError('NOT_FOUND', msg.circleNotFound)
        req.auditInfo.target = `circle:${circleId}`
        req.auditInfo.targetName = c.name
        const rows = await tx
          .select({ id: post.id })
          .from(post)
          .where(topped(circleId))
          .orderBy(asc(post.id))
          .for('update')
        const have = new Set(rows.map((r) => r.id))
        if (rows.length !== order.length || order.some((id) => !have.has(id)))
          throw new AppError('CONFLICT', msg.notTopped(c.name))
        for (const [i, id] of order.entries())
          await tx
            .update(post)
            .set({ topSort: i + 1 })
            .where(eq(post.id, id))
        return order.length
      })
      return ok({ updated }, msg.sorted)
    },
  )
}
