import { contentItemSchema, contentSearchQuerySchema } from '@moc/domain/api/content'
import { contentResources } from '@moc/domain/resources/index'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { content } from '../db/schema.ts'
import type { Ctx } from '../platform/context.ts'
import { dataScopeOf } from '../platform/dataScope.ts'
import { AppError } from '../platform/errors.ts'
import { countedTotal } from './contentCounters.ts'
import { contentInScope } from './contentInScope.ts'
import { contentPage, freeFilters } from './contentPage.ts'
import { itemOf } from './contentRoutes.ts'
import { creatorIdByName } from './creatorByName.ts'

/**
 * 全部内容 (/contentManager, spec §2): one search over every served content kind, guarded by 内容-全部 查看 and
 * the caller's data scope, recycle bin excluded. A route of its own rather than /api/content/list without
 * `kind`: that list's permission is the kind's page, this one's is 内容-全部 (docs/decisions/0011).
 */
export async function contentSearchRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const served = [...contentResources.keys()]
  if (!served.length) return

  async function search(req: FastifyRequest, q: z.output<typeof contentSearchQuerySchema>) {
    if (q.kind && !contentResources.has(q.kind)) throw new AppError('BAD_REQUEST', '未知的内容类型')
    const kinds = q.kind ? [q.kind] : served
    const scope = await dataScopeOf(req, db)
    const creator = q.createdBy ? await creatorIdByName(db, q.createdBy) : undefined
    if (creator === null) return ok({ items: [], total: 0 })
    const free = freeFilters(q)
    if (q.repeatTitle) free.push(eq(content.title, q.repeatTitle))
    const where = and(
      kinds.length === 1 ? eq(content.kind, kinds[0]!) : inArray(content.kind, kinds),
      isNull(content.recycledAt),
      q.verifyState === undefined ? undefined : eq(content.verifyState, q.verifyState),
      contentInScope(scope),
      creator === undefined ? undefined : eq(content.createdBy, creator),
      ...free,
    )
    // Decision 0006: exact totals from the counters (one read per kind); title and time filters count rows.
    const { rows, total } = await contentPage(db, where, free.length > 0, q, () =>
      Promise.all(
        kinds.map((k) =>
          countedTotal(db, k, { recycled: false, verifyStateIs: q.verifyState }, scope, creator),
        ),
      ).then((ns) => ns.reduce((a, b) => a + b, 0)),
    )
    return ok({
      items: rows.map((r) => ({ ...itemOf(r.row, r.creatorName), rejectReason: r.rejectReason })),
      total,
    })
  }

  const access = { page: '内容-全部', action: '查看' } as const
  const response = { 200: envelopeSchema(pageSchema(contentItemSchema)) }
  const summary = '全部内容搜索（各内容类型，不含回收站；repeatTitle 为完全相同的标题）'
  app.get(
    '/api/content/search',
    {
      config: { access },
      schema: { tags: ['内容'], summary, querystring: contentSearchQuerySchema, response },
    },
    (req) => search(req, req.query),
  )
  app.post(
    '/api/content/search',
    {
      config: { access },
      schema: {
        tags: ['内容'],
        summary: `${summary}（POST 形式）`,
        body: contentSearchQuerySchema,
        response,
      },
    },
    (req) => search(req, req.body),
  )
}
