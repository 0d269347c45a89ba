import {
  type CommentSource,
  commentAddSchema,
  commentDetailQuerySchema,
  commentListQuerySchema,
  commentModifyBatchSchema,
  commentModifySchema,
  commentRemoveSchema,
  commentSchema,
  commentMessages as msg,
} from '@moc/domain/api/comments'
import { contentMessages } from '@moc/domain/api/content'
import type { ResourceDef } from '@moc/domain/resources/types'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { descIndexed } from '../db/order.ts'
import { comment, content } from '../db/schema.ts'
import { post } from '../db/tables/community.ts'
import type { Ctx } from '../platform/context.ts'
import { dataScopeOf } from '../platform/dataScope.ts'
import { AppError } from '../platform/errors.ts'
import { resourceOf } from '../platform/guard.ts'
import { containsPattern } from '../platform/paging.ts'
import { screenCommentBody } from './commentScreening.ts'
import {
  commentAccess,
  commentIds,
  communityVisible,
  countComments,
  recountPostComments,
  selectComments,
} from './commentTargets.ts'
import { contentInScope } from './contentInScope.ts'

const tags = ['评论']
const kindOf = (def: ResourceDef) => ('kind' in def.storage ? def.storage.kind : def.name)

/**
 * Which screen a call serves, as the guard chose it from `source` (query or body): a content type's comments (the
 * guard checked the type and set it) or the community's 评论管理 (a permission page, no type). The handler never
 * re-reads `source`, so it cannot act on another choice than the one authorised.
 */
const sourceOf = (req: FastifyRequest): CommentSource => (req.resource ? 'content' : 'community')

type Row = Omit<z.infer<typeof commentSchema>, 'createdAt'> & { createdAt: Date }
const itemOf = (r: Row) => ({
  ...r,
  parentAuthor: r.parentAuthor ?? null,
  createdAt: r.createdAt.toISOString(),
})

const auditTarget = (req: FastifyRequest, ids: readonly number[]) => {
  req.auditInfo.target = ids.map((id) => `comment:${id}`).join(',')
}

/**
 * 评论 (spec §7 /comment/*, decision 0042): a content type's comment screens — the comments of one item, detail,
 * modify, show/hide and delete in batch, staff comments; every call names the content `kind`, whose page's 评论 it
 * needs, and the commented item's data scope applies (DESIGN §1.2) — and, with `source: community`, the community's
 * 评论管理 (/comments, /topicComment) over comments on content and on posts, under 社区-评论. Bodies pass the
 * sensitive-word list on arrival and on edit (commentScreening.ts).
 */
export async function commentRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  /** The comments this request may see: of the kind on content in scope, or the community's (communityVisible). */
  async function visible(req: FastifyRequest): Promise<SQL> {
    const scope = await dataScopeOf(req, db)
    if (sourceOf(req) === 'community') return communityVisible(scope)
    return and(
      isNull(comment.deletedAt),
      eq(comment.contentKind, kindOf(resourceOf(req))),
      contentInScope(scope),
    )!
  }

  async function one(where: SQL, id: number) {
    const [row] = await selectComments(db).where(and(eq(comment.id, id), where))
    if (!row) throw new AppError('NOT_FOUND', msg.notFound)
    return itemOf(row)
  }

  /** The ids among `ids` the caller may act on; 404 unless all are. */
  async function idsVisible(where: SQL, ids: readonly number[]) {
    const unique = [...new Set(ids)]
    const rows = await commentIds(db, and(inArray(comment.id, unique), where))
    if (rows.length !== unique.length) throw new AppError('NOT_FOUND', msg.notFound)
    return unique
  }

  app.get(
    '/api/comment/list',
    {
      config: { access: commentAccess('查看') },
      schema: {
        tags,
        summary:
          '评论列表，最新在前：某内容的评论（kind + contentId）；source=community 为社区评论管理（内容与帖子的评论，可按帖子、话题、圈子、状态筛选）',
        querystring: commentListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(commentSchema)) },
      },
    },
    async (req) => {
      const q = req.query
      const where = await visible(req)
      if (sourceOf(req) !== 'community') {
        // A content type's screen lists one item of its kind, which must be in the caller's scope.
        const scope = await dataScopeOf(req, db)
        const [item] = q.contentId
          ? await db
              .select({ id: content.id })
              .from(content)
              .where(
                and(
                  eq(content.id, q.contentId),
                  eq(content.kind, kindOf(resourceOf(req))),
                  contentInScope(scope),
                ),
              )
          : []
        if (!item) throw new AppError('NOT_FOUND', contentMessages.notFound)
      }
      const filters: (SQL | undefined)[] = [where]
      if (q.contentId) filters.push(eq(comment.contentId, q.contentId))
      if (q.postId) filters.push(eq(comment.postId, q.postId))
      if (q.topicId) filters.push(eq(post.topicId, q.topicId))
      if (q.circleId) filters.push(eq(post.circleId, q.circleId))
      if (q.target) filters.push(isNotNull(q.target === 'post' ? comment.postId : comment.contentId))
      if (q.showState !== undefined) filters.push(eq(comment.showState, q.showState === 1))
      if (q.verifyState !== undefined) filters.push(eq(comment.verifyState, q.verifyState))
      if (q.keyword) {
        const like = containsPattern(q.keyword)
        filters.push(or(ilike(comment.body, like), ilike(comment.authorName, like)))
      }
      if (q.startTime) filters.push(gte(comment.createdAt, new Date(q.startTime)))
      if (q.endTime) filters.push(lte(comment.createdAt, new Date(q.endTime)))
      const all = and(...filters)
      const [rows, total] = await Promise.all([
        selectComments(db)
          .where(all)
          .orderBy(descIndexed(comment.createdAt), descIndexed(comment.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        countComments(db, all),
      ])
      return ok({ items: rows.map(itemOf), total })
    },
  )

  app.get(
    '/api/comment/detail',
    {
      config: { access: commentAccess('查看') },
      schema: {
        tags,
        summary: '评论详情（source=community：社区评论管理）',
        querystring: commentDetailQuerySchema,
        response: { 200: envelopeSchema(commentSchema) },
      },
    },
    async (req) => ok(await one(await visible(req), req.query.id)),
  )

  app.post(
    '/api/comment/add',
    {
      config: { access: { resource: 'comment' }, audit: '发表评论' },
      schema: {
        tags,
        summary: '以当前账号发表官方评论，或回复该内容的一条评论（parentId）',
        body: commentAddSchema,
        response: { 200: envelopeSchema(commentSchema) },
      },
    },
    async (req) => {
      const def = resourceOf(req)
      const { contentId, parentId, body } = req.body
      const scope = await dataScopeOf(req, db)
      const [item] = await db
        .select({ id: content.id })
        .from(content)
        .where(and(eq(content.id, contentId), eq(content.kind, kindOf(def)), contentInScope(scope)))
      if (!item) throw new AppError('NOT_FOUND', contentMessages.notFound)
      if (parentId !== null) {
        const [p] = await db
          .select({ contentId: comment.contentId })
          .from(comment)
          .where(and(eq(comment.id, parentId), isNull(comment.deletedAt)))
        if (!p) throw new AppError('NOT_FOUND', msg.notFound)
        if (p.contentId !== contentId) throw new AppError('BAD_REQUEST', msg.parentMismatch)
      }
      const me = req.principal!
      const screened = await screenCommentBody(ctx.sensitive, body)
      const [row] = await db
        .insert(comment)
        .values({
          contentId,
          contentKind: kindOf(def),
          parentId,
          authorName: me.username,
          adminId: me.adminId,
          ...screened,
        })
        .returning({ id: comment.id })
      auditTarget(req, [row!.id])
      return ok(await one(await visible(req), row!.id), msg.added)
    },
  )

  app.post(
    '/api/comment/modify',
    {
      config: { access: commentAccess('编辑'), audit: '修改评论' },
      schema: {
        tags,
        summary: '修改一条评论的内容和/或显示状态（source=community：社区评论管理）',
        body: commentModifySchema,
        response: { 200: envelopeSchema(commentSchema) },
      },
    },
    async (req) => {
      const { id, body, showState } = req.body
      auditTarget(req, [id])
      if (body === undefined && showState === undefined)
        throw new AppError('BAD_REQUEST', msg.nothingToModify)
      const where = await visible(req)
      await idsVisible(where, [id])
      const screened = body === undefined ? {} : await screenCommentBody(ctx.sensitive, body)
      await db.transaction(async (tx) => {
        await tx
          .update(comment)
          .set({
            ...screened,
            ...(showState === undefined ? {} : { showState }),
            updatedAt: new Date(),
          })
          .where(eq(comment.id, id))
        await recountPostComments(tx as unknown as Db, [id])
      })
      return ok(await one(where, id), msg.modified)
    },
  )

  app.post(
    '/api/comment/modifyBatch',
    {
      config: { access: commentAccess('显示/隐藏'), audit: '批量显示/隐藏评论' },
      schema: {
        tags,
        summary: '批量显示/隐藏评论（source=community：社区评论管理）',
        body: commentModifyBatchSchema,
        response: { 200: envelopeSchema(z.object({ updated: z.number().int() })) },
      },
    },
    async (req) => {
      const { ids, showState } = req.body
      auditTarget(req, ids)
      const unique = await idsVisible(await visible(req), ids)
      await db.transaction(async (tx) => {
        await tx.update(comment).set({ showState, updatedAt: new Date() }).where(inArray(comment.id, unique))
        await recountPostComments(tx as unknown as Db, unique)
      })
      return ok({ updated: unique.length }, showState ? msg.shown : msg.hidden)
    },
  )

  app.post(
    '/api/comment/removeComments',
    {
      config: { access: commentAccess('删除'), audit: '删除评论' },
      schema: {
        tags,
        summary: '批量删除评论（保留记录，不再列出；source=community：社区评论管理）',
        body: commentRemoveSchema,
        response: { 200: envelopeSchema(z.object({ removed: z.number().int() })) },
      },
    },
    async (req) => {
      auditTarget(req, req.body.ids)
      const unique = await idsVisible(await visible(req), req.body.ids)
      const now = new Date()
      await db.transaction(async (tx) => {
        await tx
          .update(comment)
          .set({ deletedAt: now, deletedBy: req.principal!.adminId, updatedAt: now })
          .where(inArray(comment.id, unique))
        await recountPostComments(tx as unknown as Db, unique)
      })
      return ok({ removed: unique.length }, msg.removed)
    },
  )
}
