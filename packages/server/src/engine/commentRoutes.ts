import {
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
import { and, count, eq, gte, ilike, inArray, isNull, lte, or, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { descIndexed } from '../db/order.ts'
import { comment, content } from '../db/schema.ts'
import type { Ctx } from '../platform/context.ts'
import { type DataScope, dataScopeOf } from '../platform/dataScope.ts'
import { AppError } from '../platform/errors.ts'
import { resourceOf } from '../platform/guard.ts'
import { containsPattern } from '../platform/paging.ts'
import { screenCommentBody } from './commentScreening.ts'
import { contentInScope } from './contentInScope.ts'

const tags = ['评论']
const kindOf = (def: ResourceDef) => ('kind' in def.storage ? def.storage.kind : def.name)
/** The replied-to comment (its author is shown with a reply). */
export const parent = alias(comment, 'parent')

/** A comment's columns as every comment call answers them (with `parent` joined). */
export const commentColumns = {
  id: comment.id,
  contentId: comment.contentId,
  contentKind: comment.contentKind,
  parentId: comment.parentId,
  parentAuthor: parent.authorName,
  authorName: comment.authorName,
  userId: comment.userId,
  adminId: comment.adminId,
  body: comment.body,
  showState: comment.showState,
  verifyState: comment.verifyState,
  createdAt: comment.createdAt,
}
const itemOf = <R extends { parentAuthor: string | null; createdAt: Date }>(r: R) => ({
  ...r,
  parentAuthor: r.parentAuthor ?? null,
  createdAt: r.createdAt.toISOString(),
})

/** Comments that are live, of the definition's kind, on content inside the caller's data scope. */
const visible = (def: ResourceDef, scope: DataScope) =>
  and(isNull(comment.deletedAt), eq(comment.contentKind, kindOf(def)), contentInScope(scope))

const auditTarget = (req: FastifyRequest, ids: readonly number[]) => {
  req.auditInfo.target = ids.map((id) => `comment:${id}`).join(',')
}

/** The ids among `ids` the caller may act on (live, right kind, content in scope); 404 unless all are. */
async function idsInScope(db: Db, def: ResourceDef, scope: DataScope, ids: readonly number[]) {
  const unique = [...new Set(ids)]
  const rows = await db
    .select({ id: comment.id })
    .from(comment)
    .innerJoin(content, eq(content.id, comment.contentId))
    .where(and(inArray(comment.id, unique), visible(def, scope)))
  if (rows.length !== unique.length) throw new AppError('NOT_FOUND', msg.notFound)
  return unique
}

/**
 * 评论 of the content family (spec §7 /comment/*): the comment list of one item, detail, modify, show/hide and
 * delete in batch, and staff comments. Bodies pass the sensitive-word list on arrival (commentScreening.ts). Every call names the content `kind`, whose page's 评论 action it needs;
 * data scope follows the commented item (DESIGN §1.2). The review queue (/commentAudit) builds on this later.
 */
export async function commentRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const access = { resource: 'comment' } as const

  async function one(def: ResourceDef, scope: DataScope, id: number) {
    const [row] = await db
      .select(commentColumns)
      .from(comment)
      .innerJoin(content, eq(content.id, comment.contentId))
      .leftJoin(parent, eq(parent.id, comment.parentId))
      .where(and(eq(comment.id, id), visible(def, scope)))
    if (!row) throw new AppError('NOT_FOUND', msg.notFound)
    return itemOf(row)
  }

  app.get(
    '/api/comment/list',
    {
      config: { access },
      schema: {
        tags,
        summary: '某内容的评论列表（kind + contentId；显示状态、关键词、时间筛选），最新在前',
        querystring: commentListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(commentSchema)) },
      },
    },
    async (req) => {
      const def = resourceOf(req)
      const q = req.query
      const scope = await dataScopeOf(req, db)
      const [item] = await db
        .select({ id: content.id })
        .from(content)
        .where(and(eq(content.id, q.contentId), eq(content.kind, kindOf(def)), contentInScope(scope)))
      if (!item) throw new AppError('NOT_FOUND', contentMessages.notFound)
      const filters: (SQL | undefined)[] = [eq(comment.contentId, q.contentId), isNull(comment.deletedAt)]
      if (q.showState !== undefined) filters.push(eq(comment.showState, q.showState === 1))
      if (q.keyword) {
        const like = containsPattern(q.keyword)
        filters.push(or(ilike(comment.body, like), ilike(comment.authorName, like)))
      }
      if (q.startTime) filters.push(gte(comment.createdAt, new Date(q.startTime)))
      if (q.endTime) filters.push(lte(comment.createdAt, new Date(q.endTime)))
      const where = and(...filters)
      const [rows, [total]] = await Promise.all([
        db
          .select(commentColumns)
          .from(comment)
          .leftJoin(parent, eq(parent.id, comment.parentId))
          .where(where)
          .orderBy(descIndexed(comment.createdAt), descIndexed(comment.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(comment).where(where),
      ])
      return ok({ items: rows.map(itemOf), total: total?.n ?? 0 })
    },
  )

  app.get(
    '/api/comment/detail',
    {
      config: { access },
      schema: {
        tags,
        summary: '评论详情',
        querystring: commentDetailQuerySchema,
        response: { 200: envelopeSchema(commentSchema) },
      },
    },
    async (req) => ok(await one(resourceOf(req), await dataScopeOf(req, db), req.query.id)),
  )

  app.post(
    '/api/comment/add',
    {
      config: { access, audit: '发表评论' },
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
      return ok(await one(def, scope, row!.id), msg.added)
    },
  )

  app.post(
    '/api/comment/modify',
    {
      config: { access, audit: '修改评论' },
      schema: {
        tags,
        summary: '修改一条评论的内容和/或显示状态',
        body: commentModifySchema,
        response: { 200: envelopeSchema(commentSchema) },
      },
    },
    async (req) => {
      const def = resourceOf(req)
      const { id, body, showState } = req.body
      auditTarget(req, [id])
      if (body === undefined && showState === undefined)
        throw new AppError('BAD_REQUEST', msg.nothingToModify)
      const scope = await dataScopeOf(req, db)
      await idsInScope(db, def, scope, [id])
      const screened = body === undefined ? {} : await screenCommentBody(ctx.sensitive, body)
      await db
        .update(comment)
        .set({
          ...screened,
          ...(showState === undefined ? {} : { showState }),
          updatedAt: new Date(),
        })
        .where(eq(comment.id, id))
      return ok(await one(def, scope, id), msg.modified)
    },
  )

  app.post(
    '/api/comment/modifyBatch',
    {
      config: { access, audit: '批量显示/隐藏评论' },
      schema: {
        tags,
        summary: '批量显示/隐藏评论',
        body: commentModifyBatchSchema,
        response: { 200: envelopeSchema(z.object({ updated: z.number().int() })) },
      },
    },
    async (req) => {
      const def = resourceOf(req)
      const { ids, showState } = req.body
      auditTarget(req, ids)
      const unique = await idsInScope(db, def, await dataScopeOf(req, db), ids)
      await db.update(comment).set({ showState, updatedAt: new Date() }).where(inArray(comment.id, unique))
      return ok({ updated: unique.length }, showState ? msg.shown : msg.hidden)
    },
  )

  app.post(
    '/api/comment/removeComments',
    {
      config: { access, audit: '删除评论' },
      schema: {
        tags,
        summary: '批量删除评论（保留记录，不再列出）',
        body: commentRemoveSchema,
        response: { 200: envelopeSchema(z.object({ removed: z.number().int() })) },
      },
    },
    async (req) => {
      const def = resourceOf(req)
      auditTarget(req, req.body.ids)
      const unique = await idsInScope(db, def, await dataScopeOf(req, db), req.body.ids)
      const now = new Date()
      await db
        .update(comment)
        .set({ deletedAt: now, deletedBy: req.principal!.adminId, updatedAt: now })
        .where(inArray(comment.id, unique))
      return ok({ removed: unique.length }, msg.removed)
    },
  )
}
