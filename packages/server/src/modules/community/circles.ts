import { circleRelationBodySchema, communityContentMessages as msg } from '@moc/domain/api/communityContent'
import { recordResources } from '@moc/domain/resources/index'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { circle, post, topic } from '../../db/tables/community.ts'
import { type CommandHandler, registerCommand } from '../../engine/records/recordCommands.ts'
import { recordInScope, recordTableOf } from '../../engine/records/recordTable.ts'
import type { Ctx } from '../../platform/context.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { recountPosts } from './openPostCounts.ts'

/** 推荐 / 取消推荐 of circles and topics: the `recommend` switch (the app lists recommended ones first). */
const recommending =
  (table: typeof circle | typeof topic, on: boolean): CommandHandler =>
  async ({ tx, rows }) => {
    await tx
      .update(table)
      .set({ recommend: on, updatedAt: new Date() })
      .where(
        inArray(
          table.id,
          rows.map((r) => r.id),
        ),
      )
    return { updated: rows.length }
  }

registerCommand('circle', 'recommend', recommending(circle, true))
registerCommand('circle', 'unrecommend', recommending(circle, false))
registerCommand('topic', 'recommend', recommending(topic, true))
registerCommand('topic', 'unrecommend', recommending(topic, false))

/**
 * Spec §7 addRelation / removeRelation (decision 0042): posts moved into a circle, or out of it (then in none, shown
 * in no circle's list). A post moved loses its place on top of its old circle. Guarded by 社区-圈子 编辑 on the
 * circle, which must be in the caller's data scope; the circles' counts follow.
 */
export async function circleRelationRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const rt = recordTableOf(recordResources.get('circle')!)
  const tags = ['圈子']
  const response = { 200: envelopeSchema(z.object({ updated: z.number().int() })) }
  const access = { resource: 'update', record: 'circle' } as const

  /** The circle, locked, in the caller's scope; 404 outside it. */
  async function circleOf(tx: Db, id: number, req: Parameters<typeof dataScopeOf>[0]) {
    const [found] = await tx
      .select({ id: circle.id, name: circle.name })
      .from(circle)
      .where(and(eq(circle.id, id), recordInScope(rt, await dataScopeOf(req, db))))
      .for('update')
    if (!found) throw new AppError('NOT_FOUND', msg.circleNotFound)
    return found
  }

  const move =
    (into: boolean) =>
    async (req: Parameters<typeof dataScopeOf>[0] & { body: z.infer<typeof circleRelationBodySchema> }) => {
      const { id, postIds } = req.body
      const updated = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const c = await circleOf(tx, id, req)
        req.auditInfo.target = `circle:${c.id}`
        req.auditInfo.targetName = c.name
        const posts = await tx
          .select({ id: post.id, circleId: post.circleId, topicId: post.topicId })
          .from(post)
          .where(and(inArray(post.id, postIds), isNull(post.recycledAt)))
          .for('update')
        if (posts.length !== new Set(postIds).size) throw new AppError('NOT_FOUND', msg.postNotFound)
        if (!into && posts.some((p) => p.circleId !== id))
          throw new AppError('CONFLICT', msg.notInCircle(c.name))
        const moved = posts.filter((p) => (into ? p.circleId !== id : true))
        if (moved.length)
          await tx
            .update(post)
            .set({ circleId: into ? id : null, top: false, topSort: 0, updatedAt: new Date() })
            .where(
              inArray(
                post.id,
                moved.map((p) => p.id),
              ),
            )
        await recountPosts(tx, [id, ...moved.map((p) => p.circleId)], [])
        return moved.length
      })
      return ok({ updated }, into ? msg.related : msg.unrelated)
    }

  app.post(
    '/api/circle/addRelation',
    {
      config: { access, audit: '关联帖子到圈子' },
      schema: {
        tags,
        summary: '把帖子移入圈子（id 为圈子，postIds 为帖子；原圈子的置顶取消）',
        body: circleRelationBodySchema,
        response,
      },
    },
    move(true),
  )
  app.post(
    '/api/circle/removeRelation',
    {
      config: { access, audit: '从圈子移出帖子' },
      schema: {
        tags,
        summary: '把帖子移出圈子（移出后不属于任何圈子）',
        body: circleRelationBodySchema,
        response,
      },
    },
    move(false),
  )
}
