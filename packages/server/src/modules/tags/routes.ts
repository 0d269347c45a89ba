import {
  tagMessages as msg,
  TAG_PAGES,
  TAG_TYPE,
  tagAddQuerySchema,
  tagFindSchema,
  tagInfoQuerySchema,
  tagModifyQuerySchema,
  tagRemovesSchema,
  tagSchema,
} from '@moc/domain/api/tags'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { descIndexed } from '../../db/order.ts'
import { admin, tag } from '../../db/schema.ts'
import type { TypedAccess } from '../../platform/access.ts'
import { auditNameList } from '../../platform/auditNames.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { containsPattern, pageOf } from '../../platform/paging.ts'

const tags = ['标签']
/** Tag management is on 内容-标签 (type 0) or 用户标签 (type 1): the request's `type` picks the page. */
const on = (action: TypedAccess['action']): TypedAccess => ({
  byType: TAG_PAGES,
  typeDefault: String(TAG_TYPE.content),
  action,
})

const columns = {
  id: tag.id,
  name: tag.name,
  type: tag.type,
  creatorName: admin.username,
  createdAt: tag.createdAt,
}
const itemOf = (r: {
  id: number
  name: string
  type: number
  creatorName: string | null
  createdAt: Date
}) => ({
  ...r,
  creatorName: r.creatorName ?? '',
  createdAt: r.createdAt.toISOString(),
})

/** Refuses a name already used by another tag of the type (the unique index backs it against races). */
async function refuseTakenName(db: Db, type: number, name: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: tag.id })
    .from(tag)
    .where(and(eq(tag.type, type), eq(tag.name, name), exceptId ? ne(tag.id, exceptId) : undefined))
    .limit(1)
  if (dup) throw new AppError('CONFLICT', msg.nameTaken)
}

/**
 * 标签 (spec §7 Tags): paged search, add, rename, info, delete in batch. add and modify are GETs in the spec;
 * they are kept as GETs but guarded and written to the operation log exactly like POSTs (a GET that changes
 * state is safe here because the session travels in the x-auth-token header, never a cookie, so a cross-site
 * link cannot call it with the user's rights).
 */
export async function tagRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  app.post(
    '/api/tag/findTags',
    {
      // Any signed-in account: every content form's tag picker searches here; names are not confidential.
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '标签分页搜索（type 0 内容标签 / 1 用户标签；name 包含；ids 指定标签），最新在前',
        body: tagFindSchema,
        response: { 200: envelopeSchema(pageSchema(tagSchema)) },
      },
    },
    async (req) => {
      const { page, pageSize, type, name, ids } = req.body
      const where: SQL | undefined = and(
        eq(tag.type, type),
        name ? ilike(tag.name, containsPattern(name)) : undefined,
        ids ? inArray(tag.id, ids.length ? ids : [0]) : undefined,
      )
      const result = await pageOf(
        page,
        pageSize,
        (limit, offset) =>
          db
            .select(columns)
            .from(tag)
            .leftJoin(admin, eq(admin.id, tag.createdBy))
            .where(where)
            .orderBy(descIndexed(tag.createdAt), descIndexed(tag.id))
            .limit(limit)
            .offset(offset),
        db.select({ n: count() }).from(tag).where(where),
      )
      return ok({ items: result.items.map(itemOf), total: result.total })
    },
  )

  app.get(
    '/api/tag/info',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '标签详情',
        querystring: tagInfoQuerySchema,
        response: { 200: envelopeSchema(tagSchema) },
      },
    },
    async (req) => {
      const [row] = await db
        .select(columns)
        .from(tag)
        .leftJoin(admin, eq(admin.id, tag.createdBy))
        .where(eq(tag.id, req.query.id))
      if (!row) throw new AppError('NOT_FOUND', msg.notFound)
      return ok(itemOf(row))
    },
  )

  app.get(
    '/api/tag/add',
    {
      config: { access: on('添加'), audit: '添加标签' },
      schema: {
        tags,
        summary: '添加标签（GET，按 type 记操作日志）；同类型下名称唯一',
        querystring: tagAddQuerySchema,
        response: { 200: envelopeSchema(tagSchema) },
      },
    },
    async (req) => {
      const { type, name } = req.query
      await refuseTakenName(db, type, name)
      const [row] = await db
        .insert(tag)
        .values({ type, name, createdBy: req.principal!.adminId })
        .onConflictDoNothing()
        .returning()
      if (!row) throw new AppError('CONFLICT', msg.nameTaken)
      req.auditInfo.target = `tag:${row.id}`
      req.auditInfo.targetName = row.name
      return ok(itemOf({ ...row, creatorName: req.principal!.username }), msg.added)
    },
  )

  app.get(
    '/api/tag/modify',
    {
      config: { access: on('编辑'), audit: '修改标签' },
      schema: {
        tags,
        summary: '修改标签名称（GET，按 type 记操作日志）',
        querystring: tagModifyQuerySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const { id, name, type } = req.query
      req.auditInfo.target = `tag:${id}`
      req.auditInfo.targetName = name
      await refuseTakenName(db, type, name, id)
      const done = await db
        .update(tag)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(tag.id, id), eq(tag.type, type)))
        .returning({ id: tag.id })
      if (!done.length) throw new AppError('NOT_FOUND', msg.notFound)
      return ok(null, msg.modified)
    },
  )

  app.post(
    '/api/tag/removes',
    {
      config: { access: on('删除'), audit: '删除标签' },
      schema: {
        tags,
        summary: '批量删除标签（内容中引用的标签 id 随之不再显示）',
        body: tagRemovesSchema,
        response: { 200: envelopeSchema(z.object({ removed: z.number().int() })) },
      },
    },
    async (req) => {
      const { type, ids } = req.body
      req.auditInfo.target = ids.map((id) => `tag:${id}`).join(',')
      const removed = await db
        .delete(tag)
        .where(and(inArray(tag.id, ids), eq(tag.type, type)))
        .returning({ id: tag.id, name: tag.name })
      req.auditInfo.targetName = auditNameList(removed.map((r) => r.name))
      if (!removed.length) throw new AppError('NOT_FOUND', msg.notFound)
      return ok({ removed: removed.length }, msg.removed)
    },
  )
}
