import {
  openCommunityMessages as msg,
  openIdQuerySchema,
  openMyPostSchema,
  openPostAddedSchema,
  openPostBodySchema,
  openPostListQuerySchema,
  openPostSchema,
  POST_STATES,
} from '@moc/domain/api/openCommunity'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { processResourceLog } from '../../db/schema.ts'
import { appUser, circle, circleMember, post, topic } from '../../db/tables/community.ts'
import { maskReplaced } from '../../engine/commentScreening.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { appNow } from '../../platform/testClock.ts'
import { progressTask } from '../tasks/taskProgress.ts'
import type { SensitiveScanner } from '../words/sensitiveScanner.ts'
import { appUserOf, auditApp, iso, livePost, offsetOf, openTags as tags } from './openCommon.ts'
import { createPost, POST_RES_TYPE, postPlace } from './postCreate.ts'

/**
 * A post's title and body through the sensitive-word list (as comments and content are screened): replace-level
 * words masked; block-level and review-level words named in `hitWords`, and either holds the post for review.
 */
export async function screenPost(scanner: SensitiveScanner, title: string, body: string, via?: Db) {
  // Inside a transaction, through it (PGlite has one connection).
  const index = await scanner.index(via)
  const [t, b] = [index.scan({ text: title }), index.scan({ text: body })]
  const hitWords = [
    ...new Set([...t.hits, ...b.hits].filter((h) => h.level !== 'replace').map((h) => h.word)),
  ]
  return { title: maskReplaced(title, t.hits), body: maskReplaced(body, b.hits), hitWords }
}

const columns = {
  id: post.id,
  circleId: post.circleId,
  circleName: sql<string>`coalesce(${circle.name}, '')`,
  topicId: post.topicId,
  topicName: sql<string>`coalesce(${topic.name}, '')`,
  title: post.title,
  body: post.body,
  images: post.images,
  video: post.video,
  top: post.top,
  likeCount: post.likeCount,
  commentCount: post.commentCount,
  authorId: appUser.id,
  authorName: appUser.nickname,
  authorAvatar: appUser.avatar,
  publishedAt: post.publishedAt,
  createdAt: post.createdAt,
}
interface Row {
  images: unknown[]
  authorId: number
  authorName: string
  authorAvatar: string
  publishedAt: Date | null
  createdAt: Date
}
const itemOf = <R extends Row>({ authorId, authorName, authorAvatar, ...r }: R) => ({
  ...r,
  images: r.images as string[],
  author: { id: authorId, nickname: authorName, avatar: authorAvatar },
  publishedAt: iso(r.publishedAt),
  createdAt: r.createdAt.toISOString(),
})

/**
 * Posts from the app (decision 0041): an app user posts in a circle they joined; the post is screened like comments
 * and held for review (verify_state 3, /postAudit) when the circle asks for review or a block- or review-level word
 * hits, else published at once. Lists show published, shown, not recycled posts of circles the app shows.
 */
export async function openPostRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  // The reason of the latest rejection, from the review trail (my posts).
  const rejectReason = sql<string>`coalesce((select l.comment from ${processResourceLog} l
    where l.res_type = ${POST_RES_TYPE} and l.res_id = ${post.id} and l.action = 'reject'
    order by l.id desc limit 1), '')`
  const mineColumns = { ...columns, verifyState: post.verifyState, rejectReason }
  const select = () =>
    db
      .select(columns)
      .from(post)
      .innerJoin(appUser, eq(appUser.id, post.userId))
      .leftJoin(circle, eq(circle.id, post.circleId))
      .leftJoin(topic, eq(topic.id, post.topicId))
  const selectMine = () =>
    db
      .select(mineColumns)
      .from(post)
      .innerJoin(appUser, eq(appUser.id, post.userId))
      .leftJoin(circle, eq(circle.id, post.circleId))
      .leftJoin(topic, eq(topic.id, post.topicId))

  app.post(
    '/api/open/post/add',
    {
      config: { access: 'appUser', audit: 'App用户发帖' },
      schema: {
        tags,
        summary:
          '在已加入的圈子发帖（文字、最多9张图片、一个视频）；圈子要求审核或含禁用词/审核词时进入帖子审核，否则直接发布',
        body: openPostBodySchema,
        response: { 200: envelopeSchema(openPostAddedSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const b = req.body
      const screened = await screenPost(ctx.sensitive, b.title, b.body)
      const row = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const c = await postPlace(tx, b.circleId, b.topicId)
        const [member] = await tx
          .select({ id: circleMember.userId })
          .from(circleMember)
          .where(and(eq(circleMember.circleId, b.circleId), eq(circleMember.userId, me.userId)))
        if (!member) throw new AppError('FORBIDDEN', msg.notMember)
        const made = await createPost(tx, {
          userId: me.userId,
          circleId: b.circleId,
          topicId: b.topicId,
          title: screened.title,
          body: screened.body,
          hitWords: screened.hitWords,
          images: b.images,
          video: b.video,
          held: c.postReview || screened.hitWords.length > 0,
          // The review trail starts with the app user's submission (no console account: actor 0, named).
          submitter: { id: 0, name: `App用户 ${me.nickname}` },
        })
        // 任务 发帖 (decision 0050): a published post counts now, a held one when it is approved (taskHooks.ts).
        if (made.verifyState === VERIFY_STATE.passed) await progressTask(tx, me.userId, 'post', appNow())
        return made
      })
      auditApp(req, `post:${row.id}`, b.title || b.body.slice(0, 30))
      return ok(
        { ...row, stateName: POST_STATES[row.verifyState] ?? '' },
        row.verifyState === VERIFY_STATE.passed ? msg.postPublished : msg.postHeld,
      )
    },
  )

  app.get(
    '/api/open/post/list',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '帖子列表：某圈子的（置顶在前）或某话题的，都不给则全部；仅已发布、显示、未删除的',
        querystring: openPostListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(openPostSchema)) },
      },
    },
    async (req) => {
      const { circleId, topicId } = req.query
      await postPlace(db, circleId, topicId)
      const where = and(
        livePost,
        circleId === undefined ? undefined : eq(post.circleId, circleId),
        topicId === undefined ? undefined : eq(post.topicId, topicId),
      )
      const newest = [desc(post.publishedAt), desc(post.id)]
      const order: SQL[] = circleId === undefined ? newest : [desc(post.top), asc(post.topSort), ...newest]
      const [rows, [n]] = await Promise.all([
        select()
          .where(where)
          .orderBy(...order)
          .limit(req.query.pageSize)
          .offset(offsetOf(req.query)),
        db.select({ n: count() }).from(post).innerJoin(circle, eq(circle.id, post.circleId)).where(where),
      ])
      return ok({ items: rows.map(itemOf), total: n?.n ?? 0 })
    },
  )

  app.get(
    '/api/open/post/detail',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '帖子详情（已发布、显示、未删除的）',
        querystring: openIdQuerySchema,
        response: { 200: envelopeSchema(openPostSchema) },
      },
    },
    async (req) => {
      const [row] = await select().where(and(livePost, eq(post.id, req.query.id)))
      if (!row) throw new AppError('NOT_FOUND', msg.postNotFound)
      return ok(itemOf(row))
    },
  )

  app.get(
    '/api/open/post/mine',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: '我的帖子（含审核中、未通过的，附审核状态与驳回原因）',
        querystring: openPostListQuerySchema.pick({ page: true, pageSize: true }),
        response: { 200: envelopeSchema(pageSchema(openMyPostSchema)) },
      },
    },
    async (req) => {
      const mine = and(eq(post.userId, appUserOf(req).userId), isNull(post.recycledAt))
      const [rows, [n]] = await Promise.all([
        selectMine()
          .where(mine)
          .orderBy(desc(post.createdAt), desc(post.id))
          .limit(req.query.pageSize)
          .offset(offsetOf(req.query)),
        db.select({ n: count() }).from(post).where(mine),
      ])
      return ok({
        items: rows.map((r) => ({
          ...itemOf(r),
          stateName: POST_STATES[r.verifyState] ?? '',
          rejectReason: r.verifyState === VERIFY_STATE.rejected ? r.rejectReason : '',
        })),
        total: n?.n ?? 0,
      })
    },
  )
}
