import {
  BULLET_PAGE,
  BULLET_TABS,
  bulletAddSchema,
  bulletContentSchema,
  bulletContentsQuerySchema,
  bulletListQuerySchema,
  bulletPageSchema,
  bulletRemoveSchema,
  bulletSchema,
  bulletShowSchema,
  bulletMessages as msg,
} from '@moc/domain/api/bulletChat'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, eq, ilike, inArray, isNull, max, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { descIndexed } from '../../db/order.ts'
import { bulletChat, content } from '../../db/schema.ts'
import { screenCommentBody } from '../../engine/commentScreening.ts'
import { contentInScope } from '../../engine/contentInScope.ts'
import type { Ctx } from '../../platform/context.ts'
import { type DataScope, dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { containsPattern } from '../../platform/paging.ts'

const tags = ['弹幕']
const BULLET_KINDS = Object.values(BULLET_TABS).flat() as string[]
const on = (action: '查看' | '添加' | '编辑' | '删除' | '显示/隐藏') =>
  ({ page: BULLET_PAGE, action }) as const

const columns = {
  id: bulletChat.id,
  contentId: bulletChat.contentId,
  authorName: bulletChat.authorName,
  adminId: bulletChat.adminId,
  body: bulletChat.body,
  at: bulletChat.at,
  showState: bulletChat.showState,
  verifyState: bulletChat.verifyState,
  createdAt: bulletChat.createdAt,
}
const audit = (req: FastifyRequest, ids: readonly number[]) => {
  req.auditInfo.target = ids.map((id) => `bullet:${id}`).join(',')
}

/** A video or live item the caller may see (data scope); 404 otherwise. */
async function bulletContent(db: Db, scope: DataScope, id: number) {
  const [item] = await db
    .select({ id: content.id, kind: content.kind, title: content.title })
    .from(content)
    .where(and(eq(content.id, id), contentInScope(scope)))
  if (!item) throw new AppError('NOT_FOUND', msg.notFound)
  if (!BULLET_KINDS.includes(item.kind)) throw new AppError('BAD_REQUEST', msg.notBulletContent)
  return item
}

/** The live danmaku among `ids` on content in scope; 404 unless every one is. */
async function idsInScope(db: Db, scope: DataScope, ids: readonly number[]) {
  const unique = [...new Set(ids)]
  const rows = await db
    .select({ id: bulletChat.id })
    .from(bulletChat)
    .innerJoin(content, eq(content.id, bulletChat.contentId))
    .where(and(inArray(bulletChat.id, unique), isNull(bulletChat.deletedAt), contentInScope(scope)))
  if (rows.length !== unique.length) throw new AppError('NOT_FOUND', msg.notFound)
  return unique
}

/**
 * 弹幕管理 (spec §2 /bulletChat, /bulletChatDetail): videos or live streams with their danmaku counts, the danmaku
 * of one item with show/hide/delete in batch and official danmaku. The preset phrases (§7 /bullet-template) are a
 * definition on the record store (resources/content/bulletTemplate.ts).
 * Everything is on 内容-弹幕; data scope follows the item, as for comments.
 */
export async function bulletRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  app.get(
    '/api/bullet/contents',
    {
      config: { access: on('查看') },
      schema: {
        tags,
        summary: '有弹幕的视频（type=video）或直播（type=live）及其弹幕数，最新弹幕在前',
        querystring: bulletContentsQuerySchema,
        response: { 200: envelopeSchema(pageSchema(bulletContentSchema)) },
      },
    },
    async (req) => {
      const q = req.query
      const scope = await dataScopeOf(req, db)
      const where = and(
        inArray(bulletChat.contentKind, [...BULLET_TABS[q.type]]),
        isNull(bulletChat.deletedAt),
        contentInScope(scope),
        q.title ? ilike(content.title, containsPattern(q.title)) : undefined,
      )
      const lastAt = max(bulletChat.createdAt)
      const [rows, [total]] = await Promise.all([
        db
          .select({
            contentId: content.id,
            kind: content.kind,
            title: content.title,
            total: count(),
            hidden: sql<number>`count(*) filter (where not ${bulletChat.showState})`.mapWith(Number),
            lastAt,
          })
          .from(bulletChat)
          .innerJoin(content, eq(content.id, bulletChat.contentId))
          .where(where)
          .groupBy(content.id)
          .orderBy(sql`${lastAt} desc`, descIndexed(content.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db
          .select({ n: sql<number>`count(distinct ${bulletChat.contentId})`.mapWith(Number) })
          .from(bulletChat)
          .innerJoin(content, eq(content.id, bulletChat.contentId))
          .where(where),
      ])
      return ok({
        items: rows.map((r) => ({ ...r, lastAt: r.lastAt ? new Date(r.lastAt).toISOString() : null })),
        total: total?.n ?? 0,
      })
    },
  )

  app.get(
    '/api/bullet/list',
    {
      config: { access: on('查看') },
      schema: {
        tags,
        summary: '某视频/直播的弹幕（关键词、显示状态筛选），最新在前；附内容标题',
        querystring: bulletListQuerySchema,
        response: { 200: envelopeSchema(bulletPageSchema) },
      },
    },
    async (req) => {
      const q = req.query
      const item = await bulletContent(db, await dataScopeOf(req, db), q.contentId)
      const filters: (SQL | undefined)[] = [eq(bulletChat.contentId, item.id), isNull(bulletChat.deletedAt)]
      if (q.showState !== undefined) filters.push(eq(bulletChat.showState, q.showState === 1))
      if (q.keyword) {
        const like = containsPattern(q.keyword)
        filters.push(or(ilike(bulletChat.body, like), ilike(bulletChat.authorName, like)))
      }
      const where = and(...filters)
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(bulletChat)
          .where(where)
          .orderBy(descIndexed(bulletChat.createdAt), descIndexed(bulletChat.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(bulletChat).where(where),
      ])
      return ok({
        items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total: total?.n ?? 0,
        title: item.title,
        kind: item.kind,
      })
    },
  )

  app.post(
    '/api/bullet/add',
    {
      config: { access: on('添加'), audit: '发送官方弹幕' },
      schema: {
        tags,
        summary: '发送官方弹幕（当前账号）；经敏感词过滤：禁用词拒绝、替换词打码、待审词隐藏待审',
        body: bulletAddSchema,
        response: { 200: envelopeSchema(bulletSchema) },
      },
    },
    async (req) => {
      const { contentId, body, at } = req.body
      const item = await bulletContent(db, await dataScopeOf(req, db), contentId)
      const screened = await screenCommentBody(ctx.sensitive, body)
      const held = screened.verifyState === VERIFY_STATE.pending
      const [row] = await db
        .insert(bulletChat)
        .values({
          contentId,
          contentKind: item.kind,
          authorName: req.principal!.username,
          adminId: req.principal!.adminId,
          body: screened.body,
          at: item.kind === 'video' ? at : null,
          showState: !held,
          verifyState: screened.verifyState,
        })
        .returning(columns)
      audit(req, [row!.id])
      return ok({ ...row!, createdAt: row!.createdAt.toISOString() }, msg.added)
    },
  )

  app.post(
    '/api/bullet/showState',
    {
      config: { access: on('显示/隐藏'), audit: '批量显示/隐藏弹幕' },
      schema: {
        tags,
        summary: '批量显示/隐藏弹幕',
        body: bulletShowSchema,
        response: { 200: envelopeSchema(z.object({ updated: z.number().int() })) },
      },
    },
    async (req) => {
      audit(req, req.body.ids)
      const ids = await idsInScope(db, await dataScopeOf(req, db), req.body.ids)
      await db
        .update(bulletChat)
        .set({ showState: req.body.showState, updatedAt: new Date() })
        .where(inArray(bulletChat.id, ids))
      return ok({ updated: ids.length }, req.body.showState ? msg.shown : msg.hidden)
    },
  )

  app.post(
    '/api/bullet/remove',
    {
      config: { access: on('删除'), audit: '删除弹幕' },
      schema: {
        tags,
        summary: '批量删除弹幕（保留记录，不再列出）',
        body: bulletRemoveSchema,
        response: { 200: envelopeSchema(z.object({ removed: z.number().int() })) },
      },
    },
    async (req) => {
      audit(req, req.body.ids)
      const ids = await idsInScope(db, await dataScopeOf(req, db), req.body.ids)
      const now = new Date()
      await db
        .update(bulletChat)
        .set({ deletedAt: now, deletedBy: req.principal!.adminId, updatedAt: now })
        .where(inArray(bulletChat.id, ids))
      return ok({ removed: ids.length }, msg.removed)
    },
  )
}
