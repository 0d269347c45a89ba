import {
  DEFAULT_RECOMMEND_SLOTS,
  mediaContentItemSchema,
  mediaContentListQuerySchema,
  mediaRelationMessages as msg,
  relationIdsBodySchema,
  relationInsertBodySchema,
  relationUpdateBodySchema,
} from '@moc/domain/api/mediaRelations'
import type { ActionName } from '@moc/domain/permissions/actions'
import { can } from '@moc/domain/permissions/can'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { mediaAccount, mediaRelation, operatingPreset } from '../../db/tables/media.ts'
import type { Ctx } from '../../platform/context.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { mediaContentPage, relatedItems } from './mediaContentList.ts'

export const MEDIA_CONTENT_PAGE = '媒体号-内容'
export const mediaContentTags = ['媒体号内容']
const access = (action: ActionName) => ({ page: MEDIA_CONTENT_PAGE, action })

/** Names the account in the operation log. */
async function auditAccount(tx: Db, req: FastifyRequest, id: number) {
  const [a] = await tx
    .select({ id: mediaAccount.id, name: mediaAccount.name })
    .from(mediaAccount)
    .where(eq(mediaAccount.id, id))
    .for('update')
  if (!a) throw new AppError('NOT_FOUND', msg.accountNotFound)
  req.auditInfo.target = `mediaAccount:${a.id}`
  req.auditInfo.targetName = a.name
  return a
}

/**
 * Refuses (409) an account topping more related items than its recommendation slots (its preset's, else
 * DEFAULT_RECOMMEND_SLOTS). Called with the accounts' rows locked, so two batches cannot both take the last slot.
 */
async function refuseOverfullSlots(tx: Db, accountIds: readonly number[]) {
  for (const id of accountIds) {
    const [a] = await tx
      .select({ slots: operatingPreset.recommendSlots })
      .from(mediaAccount)
      .leftJoin(operatingPreset, eq(operatingPreset.id, mediaAccount.presetId))
      .where(eq(mediaAccount.id, id))
    const slots = a?.slots ?? DEFAULT_RECOMMEND_SLOTS
    const [n] = await tx
      .select({ n: count() })
      .from(mediaRelation)
      .where(and(eq(mediaRelation.mediaAccountId, id), eq(mediaRelation.top, true)))
    if ((n?.n ?? 0) > slots) throw new AppError('CONFLICT', msg.slotsFull(slots))
  }
}

/**
 * /mediaContent's relations (spec §7 /relation insertBatch, delectBatch — the spec's spelling —, updateBatch,
 * mediaContentList; decision 0043): topics, circles and interactive items (热议) shown on an account's page, with
 * 置顶 (within its recommendation slots), 显示 / 隐藏 and 排序. Guarded by 媒体号-内容.
 */
export async function mediaRelationRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const tags = mediaContentTags
  const counted = (key: string) => ({ 200: envelopeSchema(z.object({ [key]: z.number().int() })) })

  app.post(
    '/api/relation/insertBatch',
    {
      config: { access: access('添加'), audit: '添加媒体号内容' },
      schema: {
        tags,
        summary: '为媒体号添加话题、圈子或热议（type: topic、circle、interactive；已添加的跳过）',
        body: relationInsertBodySchema,
        response: counted('added'),
      },
    },
    async (req) => {
      const { mediaAccountId, type, ids } = req.body
      const item = relatedItems[type]
      const wanted = [...new Set(ids)]
      const added = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        await auditAccount(tx, req, mediaAccountId)
        const found = await tx
          .select({ id: item.id })
          .from(item.table)
          .where(and(inArray(item.id, wanted), item.live))
        if (found.length !== wanted.length) throw new AppError('BAD_REQUEST', msg.itemsNotFound(type))
        const rows = await tx
          .insert(mediaRelation)
          .values(
            wanted.map((resId) => ({
              mediaAccountId,
              resType: type,
              resId,
              createdBy: req.principal!.adminId,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: mediaRelation.id })
        return rows.length
      })
      return ok({ added }, msg.added(added))
    },
  )

  app.post(
    '/api/relation/delectBatch',
    {
      config: { access: access('删除'), audit: '删除媒体号内容' },
      schema: {
        tags,
        summary: '删除媒体号的关联内容（ids 为关联 id；路径沿用规格的拼写）',
        body: relationIdsBodySchema,
        response: counted('deleted'),
      },
    },
    async (req) => {
      const ids = [...new Set(req.body.ids)]
      req.auditInfo.target = ids.map((id) => `mediaRelation:${id}`).join(',')
      const rows = await db.delete(mediaRelation).where(inArray(mediaRelation.id, ids)).returning({
        id: mediaRelation.id,
      })
      if (!rows.length) throw new AppError('NOT_FOUND', msg.relationsNotFound)
      return ok({ deleted: rows.length }, msg.deleted(rows.length))
    },
  )

  app.post(
    '/api/relation/updateBatch',
    {
      // Each change needs its own action (below); seeing the page is the least of them.
      config: { access: access('查看'), audit: '修改媒体号内容' },
      schema: {
        tags,
        summary:
          '批量修改媒体号关联内容：置顶（需置顶权限，不超过推荐位）、显示/隐藏（需显示/隐藏权限）、排序（需编辑权限）',
        body: relationUpdateBodySchema,
        response: counted('updated'),
      },
    },
    async (req) => {
      const { ids, top, showState, sort } = req.body
      const p = req.principal!
      const needed: ActionName[] = [
        ...(top === undefined ? [] : (['置顶'] as const)),
        ...(showState === undefined ? [] : (['显示/隐藏'] as const)),
        ...(sort === undefined ? [] : (['编辑'] as const)),
      ]
      if (needed.some((a) => !can(p, MEDIA_CONTENT_PAGE, a))) throw new AppError('FORBIDDEN')
      const wanted = [...new Set(ids)]
      const updated = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const rows = await tx
          .select({ id: mediaRelation.id, mediaAccountId: mediaRelation.mediaAccountId })
          .from(mediaRelation)
          .where(inArray(mediaRelation.id, wanted))
        if (rows.length !== wanted.length) throw new AppError('NOT_FOUND', msg.relationsNotFound)
        const accounts = [...new Set(rows.map((r) => r.mediaAccountId))].sort((a, b) => a - b)
        // The accounts first, in id order: topping in two batches at once waits here, not past the slot count.
        await tx
          .select({ id: mediaAccount.id })
          .from(mediaAccount)
          .where(inArray(mediaAccount.id, accounts))
          .orderBy(mediaAccount.id)
          .for('update')
        req.auditInfo.target = wanted.map((id) => `mediaRelation:${id}`).join(',')
        await tx.update(mediaRelation).set({ top, showState, sort }).where(inArray(mediaRelation.id, wanted))
        if (top) await refuseOverfullSlots(tx, accounts)
        return rows.length
      })
      return ok({ updated }, msg.updated)
    },
  )

  const listSchema = {
    tags,
    summary:
      '媒体号内容列表（type: topic 话题、circle 圈子、content 文章与视频、interactive 热议；置顶在前）',
    response: { 200: envelopeSchema(pageSchema(mediaContentItemSchema)) },
  }
  const listConfig = { access: access('查看') }
  app.get(
    '/api/relation/mediaContentList',
    { config: listConfig, schema: { ...listSchema, querystring: mediaContentListQuerySchema } },
    async (req) => ok(await mediaContentPage(db, req.query, await dataScopeOf(req, db))),
  )
  app.post(
    '/api/relation/mediaContentList',
    { config: listConfig, schema: { ...listSchema, body: mediaContentListQuerySchema } },
    async (req) => ok(await mediaContentPage(db, req.body, await dataScopeOf(req, db))),
  )
}
