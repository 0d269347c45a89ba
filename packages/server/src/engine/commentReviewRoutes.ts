import {
  COMMENT_QUEUE,
  commentDecisionSchema,
  commentQueueDetailQuerySchema,
  commentQueueItemSchema,
  commentQueueQuerySchema,
  commentReviewMessages as msg,
} from '@moc/domain/api/commentReview'
import { commentMessages } from '@moc/domain/api/comments'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, asc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { descIndexed } from '../db/order.ts'
import { admin, comment, content } from '../db/schema.ts'
import { post } from '../db/tables/community.ts'
import type { Ctx } from '../platform/context.ts'
import { type DataScope, dataScopeOf } from '../platform/dataScope.ts'
import { AppError } from '../platform/errors.ts'
import { containsPattern } from '../platform/paging.ts'
import { commentsPassed } from './commentHooks.ts'
import {
  commentColumns,
  commentIds,
  communityVisible,
  countComments,
  parent,
  recountPostComments,
} from './commentTargets.ts'

const tags = ['审核']
const PAGE = '评论审核'
const reviewer = alias(admin, 'reviewer')

const columns = {
  ...commentColumns,
  reviewerName: reviewer.username,
  reviewedAt: comment.reviewedAt,
  reviewReason: comment.reviewReason,
}
type Row = { [K in keyof typeof columns]: unknown } & { createdAt: Date; reviewedAt: Date | null }
const itemOf = (r: Row) =>
  ({
    ...r,
    parentAuthor: r.parentAuthor ?? null,
    reviewerName: r.reviewerName ?? null,
    createdAt: r.createdAt.toISOString(),
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
  }) as z.infer<typeof commentQueueItemSchema>

const held = and(eq(comment.verifyState, VERIFY_STATE.pending), isNull(comment.deletedAt))

/**
 * The held comments the caller may review: on posts, or on content inside the caller's scope: the /commentAudit
 * badge (spec §7 resType comment).
 */
export async function commentPendingTotal(db: Db, scope: DataScope): Promise<number> {
  return countComments(db, and(held, communityVisible(scope)))
}

/**
 * The comment review queue (spec §2 /commentAudit, /commentAuditDetail; §7 verify-center comments, comment/detail,
 * the comment approve variant): comments the sensitive-word matcher held on arrival, of every content kind
 * (within the reviewer's data scope, the commented item's) and on posts (every reviewer's). Guarded by 评论审核 审核.
 */
export async function commentReviewRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const access = { page: PAGE, action: '审核' } as const

  const select = () =>
    db
      .select(columns)
      .from(comment)
      .leftJoin(content, eq(content.id, comment.contentId))
      .leftJoin(post, eq(post.id, comment.postId))
      .leftJoin(parent, eq(parent.id, comment.parentId))
      .leftJoin(reviewer, eq(reviewer.id, comment.reviewedBy))

  app.get(
    '/api/verify-center/comments',
    {
      config: { access },
      schema: {
        tags,
        summary: '评论审核队列：type=list 待审核（先到先审），type=wait 我的审核记录（最新在前）',
        querystring: commentQueueQuerySchema,
        response: { 200: envelopeSchema(pageSchema(commentQueueItemSchema)) },
      },
    },
    async (req) => {
      const q = req.query
      const scope = await dataScopeOf(req, db)
      const me = req.principal!.adminId
      const filters: (SQL | undefined)[] = [communityVisible(scope)]
      if (q.keyword) {
        const like = containsPattern(q.keyword)
        filters.push(or(ilike(comment.body, like), ilike(comment.authorName, like)))
      }
      const pending = q.type === 'list'
      const where = pending
        ? and(held, ...filters)
        : and(eq(comment.reviewedBy, me), isNull(comment.deletedAt), ...filters)
      const order = pending
        ? [asc(comment.createdAt), asc(comment.id)]
        : [descIndexed(comment.reviewedAt), descIndexed(comment.id)]
      const [rows, total] = await Promise.all([
        select()
          .where(where)
          .orderBy(...order)
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        countComments(db, where),
      ])
      return ok({ items: rows.map((r) => itemOf(r as Row)), total })
    },
  )

  app.get(
    '/api/verify-center/comment/detail',
    {
      config: { access },
      schema: {
        tags,
        summary: '评论审核详情：评论、所评内容及审核结果',
        querystring: commentQueueDetailQuerySchema,
        response: { 200: envelopeSchema(commentQueueItemSchema) },
      },
    },
    async (req) => {
      const scope = await dataScopeOf(req, db)
      const [row] = await select().where(and(eq(comment.id, req.query.id), communityVisible(scope)))
      if (!row) throw new AppError('NOT_FOUND', commentMessages.notFound)
      return ok(itemOf(row as Row))
    },
  )

  app.post(
    '/api/verify-center/comment',
    {
      config: { access, audit: '评论审核' },
      schema: {
        tags,
        summary:
          '评论审核：pass=true 通过（显示），pass=false 驳回（须填原因，不再显示）；批量，全部成功或全部不变',
        body: commentDecisionSchema,
        response: { 200: envelopeSchema(z.object({ updated: z.number().int() })) },
      },
    },
    async (req) => {
      const body = req.body
      const ids = [...new Set(body.ids)]
      req.auditInfo.target = ids.map((id) => `comment:${id}`).join(',')
      const scope = await dataScopeOf(req, db)
      const updated = await db.transaction(async (tx) => {
        const rows = await commentIds(
          tx as unknown as Db,
          and(inArray(comment.id, ids), communityVisible(scope)),
          true,
        )
        if (rows.length !== ids.length) throw new AppError('NOT_FOUND', commentMessages.notFound)
        if (rows.some((r) => r.verifyState !== VERIFY_STATE.pending))
          throw new AppError('CONFLICT', msg.notPending)
        const now = new Date()
        await tx
          .update(comment)
          .set({
            verifyState: body.pass ? VERIFY_STATE.passed : VERIFY_STATE.rejected,
            reviewedBy: req.principal!.adminId,
            reviewedAt: now,
            reviewReason: body.pass ? '' : body.reason,
            updatedAt: now,
          })
          .where(inArray(comment.id, ids))
        await recountPostComments(tx as unknown as Db, ids)
        if (body.pass) {
          const shown = await tx
            .select({ id: comment.id, userId: comment.userId })
            .from(comment)
            .where(inArray(comment.id, ids))
            .orderBy(asc(comment.id))
          await commentsPassed(tx as unknown as Db, shown)
        }
        return ids.length
      })
      return ok({ updated }, body.pass ? msg.approved : msg.rejected)
    },
  )
}

export const commentQueue = { queue: COMMENT_QUEUE, page: PAGE, pending: commentPendingTotal }
