import { regionItemSchema, regionListBodySchema } from '@moc/domain/api/disclosureRegion'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { content } from '../../db/schema.ts'
import { contentInScope } from '../../engine/contentInScope.ts'
import type { Ctx } from '../../platform/context.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { resourceOf } from '../../platform/guard.ts'
import { containsPattern } from '../../platform/paging.ts'

/**
 * 爆料区域 (spec §7 POST /disclosureRegion/pageList). A region is what tips name in their 区域 field — a reader
 * names their district — so the list is those names in the caller's scope with how many live tips name each, most
 * named first; the list screens filter by them. Any type with a `region` field is served (爆料, 节目爆料).
 */
export async function regionRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  app.post(
    '/api/disclosureRegion/pageList',
    {
      config: { access: { resource: 'list' } },
      schema: {
        tags: ['爆料'],
        summary: '爆料区域：爆料中填写的区域及各自的爆料数（数据范围内，多者在前），可按名称筛选',
        body: regionListBodySchema,
        response: { 200: envelopeSchema(pageSchema(regionItemSchema)) },
      },
    },
    async (req) => {
      const def = resourceOf(req)
      if (!def.fields.region) throw new AppError('BAD_REQUEST', '该内容类型没有区域')
      const { page, pageSize, name } = req.body
      const region = sql<string>`${content.extra}->>'region'`
      const where = and(
        eq(content.kind, req.body.kind),
        isNull(content.recycledAt),
        sql`coalesce(${region}, '') <> ''`,
        name ? sql`${region} ilike ${containsPattern(name)}` : undefined,
        contentInScope(await dataScopeOf(req, db)),
      )
      const [rows, [all]] = await Promise.all([
        db
          .select({ name: region, total: sql<number>`count(*)::int` })
          .from(content)
          .where(where)
          .groupBy(region)
          .orderBy(sql`count(*) desc`, region)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ n: sql<number>`count(distinct ${region})::int` })
          .from(content)
          .where(where),
      ])
      return ok({ items: rows, total: all?.n ?? 0 })
    },
  )
}
