import {
  openCommunityMessages as msg,
  openContentDetailSchema,
  openContentItemSchema,
  openContentListQuerySchema,
  openIdQuerySchema,
} from '@moc/domain/api/openCommunity'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { content } from '../../db/schema.ts'
import { mediaAccount } from '../../db/tables/media.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { iso, liveContent, offsetOf, openTags as tags } from './openCommon.ts'

const columns = {
  id: content.id,
  type: content.kind,
  title: content.title,
  cover: content.cover,
  summary: content.summary,
  viewNum: sql<number>`(${content.viewNum} + coalesce(${content.operateViewNum}, 0))::int`,
  likeNum: sql<number>`(${content.likeNum} + coalesce(${content.operateLikeNum}, 0))::int`,
  publishedAt: content.publishedAt,
  accountId: mediaAccount.id,
  accountName: mediaAccount.name,
  accountAvatar: mediaAccount.avatar,
}
interface Row {
  id: number
  type: string
  title: string
  cover: string
  summary: string
  viewNum: number
  likeNum: number
  publishedAt: Date | null
  accountId: number | null
  accountName: string | null
  accountAvatar: string | null
}
const itemOf = ({ accountId, accountName, accountAvatar, ...r }: Row) => ({
  ...r,
  viewNum: Number(r.viewNum),
  likeNum: Number(r.likeNum),
  publishedAt: iso(r.publishedAt),
  mediaAccount:
    accountId === null ? null : { id: accountId, name: accountName ?? '', avatar: accountAvatar ?? '' },
})

/**
 * Published content for the app (decision 0041): only approved, shown, not recycled, in its display window and not
 * under a frozen media account — the same rule for the list and the detail (openCommon.ts liveContent).
 */
export async function openContentRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const from = () =>
    db.select(columns).from(content).leftJoin(mediaAccount, eq(mediaAccount.id, content.mediaAccountId))

  app.get(
    '/api/open/content/list',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          '已发布内容列表（按类型，最新发布在前）：仅审核通过、显示、未删除、在展示时间内且媒体号未冻结的',
        querystring: openContentListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(openContentItemSchema)) },
      },
    },
    async (req) => {
      const where = and(eq(content.kind, req.query.type), liveContent(new Date()))
      const [rows, [n]] = await Promise.all([
        from()
          .where(where)
          .orderBy(desc(sql`coalesce(${content.publishedAt}, ${content.createdAt})`), desc(content.id))
          .limit(req.query.pageSize)
          .offset(offsetOf(req.query)),
        db
          .select({ n: count() })
          .from(content)
          .leftJoin(mediaAccount, eq(mediaAccount.id, content.mediaAccountId))
          .where(where),
      ])
      return ok({ items: rows.map(itemOf), total: n?.n ?? 0 })
    },
  )

  app.get(
    '/api/open/content/detail',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '已发布内容详情（规则同列表）',
        querystring: openIdQuerySchema,
        response: { 200: envelopeSchema(openContentDetailSchema) },
      },
    },
    async (req) => {
      const [row] = await db
        .select({ ...columns, body: content.body, extra: content.extra })
        .from(content)
        .leftJoin(mediaAccount, eq(mediaAccount.id, content.mediaAccountId))
        .where(and(eq(content.id, req.query.id), liveContent(new Date())))
      if (!row) throw new AppError('NOT_FOUND', msg.contentNotFound)
      const { body, extra, ...rest } = row
      return ok({ ...itemOf(rest), body, extra })
    },
  )
}
