import { resourceListItemSchema, resourceListQuerySchema } from '@moc/domain/api/processLibrary'
import { reviewMessages } from '@moc/domain/api/review'
import { contentResources, reviewResources } from '@moc/domain/resources/index'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { descIndexed } from '../db/order.ts'
import { content } from '../db/schema.ts'
import type { Ctx } from '../platform/context.ts'
import { dataScopeOf } from '../platform/dataScope.ts'
import { AppError } from '../platform/errors.ts'
import { processTags as tags } from './processLibrary.ts'
import {
  actableWhere,
  allNodes,
  foreignNodeIds,
  kindOf,
  pendingTotals,
  reviewableQueues,
} from './reviewFlow.ts'
import { queueColumns, queueItem, withQueueJoins } from './reviewQueueItems.ts'

/**
 * GET /api/process/resource/list (spec §7 process module): every item waiting for the caller, across the
 * review types whose queue the caller may 审核, at nodes the caller may act at, within the data scope —
 * the union of the caller's per-type queues, with the same totals as the badges.
 */
export async function processResourceRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  app.get(
    '/api/process/resource/list',
    {
      // Which queues count depends on the caller's 审核 permissions per type: the handler filters.
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '待我审核：各审核类型中停在我可审核节点上的内容（按提交时间倒序，含当前节点名称）',
        querystring: resourceListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(resourceListItemSchema)) },
      },
    },
    async (req) => {
      const { resType, page, pageSize } = req.query
      const p = req.principal!
      if (resType !== undefined && !reviewResources.has(resType))
        throw new AppError('BAD_REQUEST', reviewMessages.unknownResType)
      const queues = reviewableQueues(p).filter((d) => resType === undefined || d.review.resType === resType)
      if (resType !== undefined && !queues.length) throw new AppError('FORBIDDEN')
      if (!queues.length) return ok({ items: [], total: 0 })
      const scope = await dataScopeOf(req, db)
      const foreign = foreignNodeIds(p, await allNodes(db))
      const [rows, totals] = await Promise.all([
        withQueueJoins(db.select(queueColumns).from(content).$dynamic())
          .where(or(...queues.map((d) => actableWhere(kindOf(d), scope, foreign))))
          .orderBy(descIndexed(content.submittedAt), descIndexed(content.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        pendingTotals(ctx.database, queues.map(kindOf), scope, foreign),
      ])
      const items = rows.map((r) => {
        const review = contentResources.get(r.row.kind)!.review!
        return { ...queueItem(r), resType: review.resType, queue: review.queue }
      })
      return ok({ items, total: [...totals.values()].reduce((a, b) => a + b, 0) })
    },
  )
}
