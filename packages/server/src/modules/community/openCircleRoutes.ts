import {
  openCommunityMessages as msg,
  openCircleBodySchema,
  openCircleListQuerySchema,
  openCircleSchema,
  openMembershipSchema,
  openTopicSchema,
} from '@moc/domain/api/openCommunity'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { type AnyColumn, and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { circle, circleMember, post, topic } from '../../db/tables/community.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { appUserOf, auditApp, offsetOf, openTags as tags, visibleCircle } from './openCommon.ts'

/**
 * Circles and topics for the app (decision 0041): the approved, 开启 circles with their member counts and whether
 * the caller joined; joining and leaving keep circle.member_count exact in the membership's transaction. Topics:
 * the shown ones.
 */
/**
 * The posts the app shows of a circle or topic, counted when read (as the console's derived 帖子数): a review
 * decision publishes a post without touching the stored post_count.
 */
const shownPosts = (id: AnyColumn, column: 'circle_id' | 'topic_id') =>
  sql<number>`(select count(*)::int from ${post} p where p.${sql.raw(column)} = ${id}
    and p.verify_state = 1 and p.show_state and p.recycled_at is null)`

export async function openCircleRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const order = [desc(circle.recommend), asc(circle.sort), asc(circle.id)]

  app.get(
    '/api/open/circle/list',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: '圈子列表（审核通过且开启的，推荐在前）：成员数、帖子数、我是否已加入',
        querystring: openCircleListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(openCircleSchema)) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const [items, [n]] = await Promise.all([
        db
          .select({
            id: circle.id,
            name: circle.name,
            icon: circle.icon,
            cover: circle.cover,
            intro: circle.intro,
            category: circle.category,
            recommend: circle.recommend,
            memberCount: circle.memberCount,
            postCount: shownPosts(circle.id, 'circle_id'),
            joined: sql<boolean>`exists(select 1 from ${circleMember} m where m.circle_id = ${circle.id} and m.user_id = ${me.userId})`,
          })
          .from(circle)
          .where(visibleCircle)
          .orderBy(...order)
          .limit(req.query.pageSize)
          .offset(offsetOf(req.query)),
        db.select({ n: count() }).from(circle).where(visibleCircle),
      ])
      return ok({ items, total: n?.n ?? 0 })
    },
  )

  /** Joins or leaves, counting the change on the circle in the same transaction; answers the new count. */
  const membership = (join: boolean) => async (userId: number, circleId: number) =>
    db.transaction(async (t) => {
      const tx = t as unknown as Db
      // Joining needs a circle the app shows; leaving is allowed from any circle that still exists.
      const [c] = await tx
        .select({ id: circle.id, name: circle.name })
        .from(circle)
        .where(and(eq(circle.id, circleId), join ? visibleCircle : undefined))
      if (!c) throw new AppError('NOT_FOUND', msg.circleNotFound)
      const changed = join
        ? await tx
            .insert(circleMember)
            .values({ circleId, userId })
            .onConflictDoNothing()
            .returning({ id: circleMember.circleId })
        : await tx
            .delete(circleMember)
            .where(and(eq(circleMember.circleId, circleId), eq(circleMember.userId, userId)))
            .returning({ id: circleMember.circleId })
      const [after] = changed.length
        ? await tx
            .update(circle)
            .set({ memberCount: sql`greatest(${circle.memberCount} ${join ? sql`+` : sql`-`} 1, 0)` })
            .where(eq(circle.id, circleId))
            .returning({ memberCount: circle.memberCount })
        : await tx.select({ memberCount: circle.memberCount }).from(circle).where(eq(circle.id, circleId))
      return { name: c.name, joined: join, memberCount: after?.memberCount ?? 0 }
    })
  const join = membership(true)
  const leave = membership(false)

  app.post(
    '/api/open/circle/join',
    {
      config: { access: 'appUser', audit: 'App用户加入圈子' },
      schema: {
        tags,
        summary: '加入圈子（已加入时不变）',
        body: openCircleBodySchema,
        response: { 200: envelopeSchema(openMembershipSchema) },
      },
    },
    async (req) => {
      const { name, ...result } = await join(appUserOf(req).userId, req.body.circleId)
      auditApp(req, `circle:${req.body.circleId}`, name)
      return ok(result, msg.joined)
    },
  )

  app.post(
    '/api/open/circle/leave',
    {
      config: { access: 'appUser', audit: 'App用户退出圈子' },
      schema: {
        tags,
        summary: '退出圈子（未加入时不变）',
        body: openCircleBodySchema,
        response: { 200: envelopeSchema(openMembershipSchema) },
      },
    },
    async (req) => {
      const { name, ...result } = await leave(appUserOf(req).userId, req.body.circleId)
      auditApp(req, `circle:${req.body.circleId}`, name)
      return ok(result, msg.left)
    },
  )

  const shownTopic = eq(topic.showState, true)
  app.get(
    '/api/open/topic/list',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '话题列表（显示的，推荐在前）',
        querystring: openCircleListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(openTopicSchema)) },
      },
    },
    async (req) => {
      const [items, [n]] = await Promise.all([
        db
          .select({
            id: topic.id,
            name: topic.name,
            cover: topic.cover,
            intro: topic.intro,
            recommend: topic.recommend,
            postCount: shownPosts(topic.id, 'topic_id'),
          })
          .from(topic)
          .where(shownTopic)
          .orderBy(desc(topic.recommend), asc(topic.sort), asc(topic.id))
          .limit(req.query.pageSize)
          .offset(offsetOf(req.query)),
        db.select({ n: count() }).from(topic).where(shownTopic),
      ])
      return ok({ items, total: n?.n ?? 0 })
    },
  )
}
