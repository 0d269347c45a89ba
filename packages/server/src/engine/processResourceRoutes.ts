import { resourceListItemSchema, resourceListQuerySchema } from '@moc/domain/api/processLibrary'
import { reviewMessages } from '@moc/domain/api/review'
import { can } from '@moc/domain/permissions/can'
import {
  contentResources,
  type RecordDef,
  type ReviewedDef,
  recordResources,
  reviewResources,
} from '@moc/domain/resources/index'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { inArray, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { content } from '../db/schema.ts'
import type { Ctx } from '../platform/context.ts'
import { dataScopeOf } from '../platform/dataScope.ts'
import { AppError } from '../platform/errors.ts'
import { processTags as tags } from './processLibrary.ts'
import { actableRecords, recordPendingTotals } from './records/recordPending.ts'
import { recordQueueItems } from './records/recordQueueRows.ts'
import { col, recordTableOf } from './records/recordTable.ts'
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
 * review types whose queue the caller may 审核 — content and the record store's (splash screens, posts, …) — at
 * nodes the caller may act at, within the data scope: the union of the caller's per-type queues, newest submission
 * first, with the same totals as the badges.
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
      const wanted = (d: ReviewedDef) => resType === undefined || d.review.resType === resType
      const contentQueues = reviewableQueues(p).filter(wanted)
      const recordQueues = [...recordResources.values()]
        .filter((d): d is RecordDef & ReviewedDef => !!d.review && can(p, d.review.permissionPage, '审核'))
        .filter(wanted)
        .map(recordTableOf)
      if (resType !== undefined && !contentQueues.length && !recordQueues.length)
        throw new AppError('FORBIDDEN')
      if (!contentQueues.length && !recordQueues.length) return ok({ items: [], total: 0 })
      const scope = await dataScopeOf(req, db)
      const foreign = foreignNodeIds(p, await allNodes(db))
      const contentWhere = or(...contentQueues.map((d) => actableWhere(kindOf(d), scope, foreign)))
      // One page across every table: the keys of the newest submissions first, then each table's rows by id.
      const keys = [
        ...(contentQueues.length
          ? [
              sql`select '' as src, ${content.id} as id, ${content.submittedAt} as at from ${content} where ${contentWhere}`,
            ]
          : []),
        ...recordQueues.map(
          (rt) =>
            sql`select ${rt.def.name}::text as src, ${col(rt, 'id')} as id, ${col(rt, 'submittedAt')} as at
              from ${rt.table} where ${actableRecords(rt, scope, foreign) ?? sql`true`}`,
        ),
      ]
      const [found, contentTotals, recordTotals] = await Promise.all([
        db.execute<{ src: string; id: number }>(
          sql`${sql.join(keys, sql` union all `)} order by at desc nulls last, id desc
            limit ${pageSize} offset ${(page - 1) * pageSize}`,
        ),
        pendingTotals(ctx.database, contentQueues.map(kindOf), scope, foreign),
        recordPendingTotals(db, recordQueues, scope, foreign),
      ])
      const page1 = (found as unknown as { rows: { src: string; id: number }[] }).rows
      const idsOf = (src: string) => page1.filter((k) => k.src === src).map((k) => Number(k.id))
      const contentIds = idsOf('')
      const [contentRows, ...recordRows] = await Promise.all([
        contentIds.length
          ? withQueueJoins(db.select(queueColumns).from(content).$dynamic()).where(
              inArray(content.id, contentIds),
            )
          : [],
        ...recordQueues.map((rt) => {
          const ids = idsOf(rt.def.name)
          return ids.length ? recordQueueItems(db, rt, inArray(col(rt, 'id'), ids)) : []
        }),
      ])
      const byKey = new Map<string, z.output<typeof resourceListItemSchema>>()
      for (const r of contentRows) {
        const review = contentResources.get(r.row.kind)!.review!
        byKey.set(`:${r.row.id}`, { ...queueItem(r), resType: review.resType, queue: review.queue })
      }
      for (const [i, rt] of recordQueues.entries())
        for (const item of recordRows[i]!)
          byKey.set(`${rt.def.name}:${item.id}`, {
            ...item,
            resType: rt.resType,
            queue: rt.def.review!.queue,
          })
      const items = page1.flatMap((k) => byKey.get(`${k.src}:${k.id}`) ?? [])
      const total =
        [...contentTotals.values()].reduce((a, b) => a + b, 0) + recordTotals.reduce((a, b) => a + b, 0)
      return ok({ items, total })
    },
  )
}
