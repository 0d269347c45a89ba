import {
  openCommunityMessages as msg,
  openCommentAddedSchema,
  openCommentBodySchema,
  openCommentListQuerySchema,
  openCommentSchema,
} from '@moc/domain/api/openCommunity'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { comment, content } from '../../db/schema.ts'
import { appUser, circle, post } from '../../db/tables/community.ts'
import { mediaAccount } from '../../db/tables/media.ts'
import { screenCommentBody } from '../../engine/commentScreening.ts'
import { recountPostComments } from '../../engine/commentTargets.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { appNow } from '../../platform/testClock.ts'
import { progressTask } from '../tasks/taskProgress.ts'
import { appUserOf, auditApp, liveContent, livePost, offsetOf, openTags as tags } from './openCommon.ts'

const parent = alias(comment, 'parent')
/** Comments the app shows: not deleted, shown, passed. */
const shownComment = and(
  isNull(comment.deletedAt),
  eq(comment.showState, true),
  eq(comment.verifyState, VERIFY_STATE.passed),
)

/**
 * The published target a comment call names — content (contentId) or a post (postId) — or 404. `lock` takes the
 * post's row for the caller's transaction, so comments on one post are counted one after another.
 */
async function targetOf(db: Db, t: { contentId?: number; postId?: number }, lock = false) {
  if (t.contentId !== undefined) {
    const [c] = await db
      .select({ kind: content.kind, title: content.title })
      .from(content)
      .leftJoin(mediaAccount, eq(mediaAccount.id, content.mediaAccountId))
      .where(and(eq(content.id, t.contentId), liveContent(new Date())))
    if (!c) throw new AppError('NOT_FOUND', msg.contentNotFound)
    return { contentId: t.contentId, postId: null, contentKind: c.kind, title: c.title }
  }
  const q = db
    .select({ title: post.title, body: post.body })
    .from(post)
    .innerJoin(circle, eq(circle.id, post.circleId))
    .where(and(eq(post.id, t.postId!), livePost))
  const [p] = lock ? await q.for('update', { of: post }) : await q
  if (!p) throw new AppError('NOT_FOUND', msg.postNotFound)
  return { contentId: null, postId: t.postId!, contentKind: 'post', title: p.title || p.body.slice(0, 30) }
}

/**
 * Comments from the app (decision 0041) on published content or a published post, screened as every comment is
 * (engine/commentScreening.ts: block-level words refuse, replace-level are masked, review-level hold the comment in
 * /commentAudit); post.comment_count stays exact in the comment's transaction.
 */
export async function openCommentRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  app.post(
    '/api/open/comment/add',
    {
      config: { access: 'appUser', audit: 'App用户发表评论' },
      schema: {
        tags,
        summary:
          '评论已发布的内容（contentId）或帖子（postId），可回复其中一条评论（parentId）；含审核词的进入评论审核',
        body: openCommentBodySchema,
        response: { 200: envelopeSchema(openCommentAddedSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const { parentId } = req.body
      const screened = await screenCommentBody(ctx.sensitive, req.body.body)
      const row = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const target = await targetOf(tx, req.body, true)
        if (parentId !== null) {
          const [p] = await tx
            .select({ contentId: comment.contentId, postId: comment.postId })
            .from(comment)
            .where(and(eq(comment.id, parentId), shownComment))
          if (!p) throw new AppError('NOT_FOUND', msg.commentNotFound)
          if (p.contentId !== target.contentId || p.postId !== target.postId)
            throw new AppError('BAD_REQUEST', msg.parentMismatch)
        }
        const [made] = await tx
          .insert(comment)
          .values({
            contentId: target.contentId,
            postId: target.postId,
            contentKind: target.contentKind,
            parentId,
            authorName: me.nickname,
            userId: me.userId,
            ...screened,
          })
          .returning({ id: comment.id, verifyState: comment.verifyState, body: comment.body })
        if (target.postId !== null) await recountPostComments(tx, [made!.id])
        // 任务 评论 (decision 0050): a shown comment counts now, a held one when it is approved (taskHooks.ts).
        if (made!.verifyState === VERIFY_STATE.passed) await progressTask(tx, me.userId, 'comment', appNow())
        return { ...made!, title: target.title }
      })
      const { title, ...added } = row
      auditApp(req, `comment:${row.id}`, title)
      return ok(added, row.verifyState === VERIFY_STATE.passed ? msg.commentAdded : msg.commentHeld)
    },
  )

  app.get(
    '/api/open/comment/list',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '已发布内容或帖子的评论（显示且审核通过的，最新在前）',
        querystring: openCommentListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(openCommentSchema)) },
      },
    },
    async (req) => {
      const target = await targetOf(db, req.query)
      const where = and(
        shownComment,
        target.postId === null ? eq(comment.contentId, target.contentId) : eq(comment.postId, target.postId),
      )
      const [rows, [n]] = await Promise.all([
        db
          .select({
            id: comment.id,
            parentId: comment.parentId,
            parentAuthor: parent.authorName,
            body: comment.body,
            userId: comment.userId,
            nickname: sql<string>`coalesce(${appUser.nickname}, ${comment.authorName})`,
            avatar: sql<string>`coalesce(${appUser.avatar}, '')`,
            createdAt: comment.createdAt,
          })
          .from(comment)
          .leftJoin(parent, eq(parent.id, comment.parentId))
          .leftJoin(appUser, eq(appUser.id, comment.userId))
          .where(where)
          .orderBy(desc(comment.createdAt), desc(comment.id))
          .limit(req.query.pageSize)
          .offset(offsetOf(req.query)),
        db.select({ n: count() }).from(comment).where(where),
      ])
      return ok({
        items: rows.map(({ userId, nickname, avatar, ...r }) => ({
          ...r,
          parentAuthor: r.parentAuthor ?? null,
          author: { id: userId, nickname, avatar },
          createdAt: r.createdAt.toISOString(),
        })),
        total: n?.n ?? 0,
      })
    },
  )
}
