import {
  contentMessages,
  contentOperationInfoSchema,
  contentOperationQuerySchema,
  type OperationCount,
  operationCounts,
} from '@moc/domain/api/content'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { content } from '../db/schema.ts'
import type { Ctx } from '../platform/context.ts'
import { dataScopeOf } from '../platform/dataScope.ts'
import { AppError } from '../platform/errors.ts'
import { resourceOf } from '../platform/guard.ts'
import { contentInScope } from './contentInScope.ts'

type Row = typeof content.$inferSelect

/**
 * Real counts: views and likes have columns; follows and online viewers are counted by the app side into `extra`
 * (followNum, onlineNum), absent (0) until it reports them.
 */
const realOf = (r: Row, c: OperationCount): number =>
  c === 'view' ? r.viewNum : c === 'like' ? r.likeNum : Number(r.extra[`${c}Num`] ?? 0)
const operatedOf = (r: Row, field: string): number | null => {
  const v = field in r ? (r as unknown as Record<string, unknown>)[field] : r.extra[field]
  return typeof v === 'number' ? v : null
}

/** GET /api/contentOperation/contentOperationInfo (spec §7 Discussions): an item's operations counts. */
export async function contentOperationRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  app.get(
    '/api/contentOperation/contentOperationInfo',
    {
      config: { access: { resource: 'detail', kindDefault: 'discuss' } },
      schema: {
        tags: ['内容'],
        summary:
          '内容的运营数据：阅读、点赞、关注、在线，各为真实数 + 运营数 = 显示数；该类型没有对应运营字段时为 null（kind 缺省为 discuss）',
        querystring: contentOperationQuerySchema,
        response: { 200: envelopeSchema(contentOperationInfoSchema) },
      },
    },
    async (req) => {
      const def = resourceOf(req)
      const kind = (def.storage as { kind: string }).kind
      const scope = await dataScopeOf(req, db)
      const [r] = await db
        .select()
        .from(content)
        .where(and(eq(content.id, req.query.id), eq(content.kind, kind), contentInScope(scope)))
        .limit(1)
      if (!r) throw new AppError('NOT_FOUND', contentMessages.notFound)
      const count = (c: OperationCount) => {
        const field = operationCounts[c].operated
        if (!def.fields[field]) return null
        const real = realOf(r, c)
        const operated = operatedOf(r, field)
        return { real, operated, total: real + (operated ?? 0) }
      }
      return ok({
        id: r.id,
        kind: r.kind,
        title: r.title,
        view: count('view'),
        like: count('like'),
        follow: count('follow'),
        online: count('online'),
      })
    },
  )
}
