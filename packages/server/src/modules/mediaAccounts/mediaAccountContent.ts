import {
  MEDIA_CONTENT_KINDS,
  mediaAccountAddRelationBodySchema,
  mediaAccountContentQuerySchema,
  mediaAccountDeleteRelationBodySchema,
  mediaContentItemSchema,
  mediaRelationMessages as msg,
} from '@moc/domain/api/mediaRelations'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, inArray, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { content } from '../../db/schema.ts'
import { contentInScope } from '../../engine/contentInScope.ts'
import { auditTarget, auditTitles } from '../../engine/contentRoutes.ts'
import type { Ctx } from '../../platform/context.ts'
import { type DataScope, dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { refuseUnusableMediaAccounts } from './mediaAccountUsable.ts'
import { mediaContentPage } from './mediaContentList.ts'
import { MEDIA_CONTENT_PAGE, mediaContentTags as tags } from './mediaRelations.ts'

/**
 * An account's own articles and videos (spec §7 /mediaAccount mediaContent, addRelation, deleteRelation; decision
 * 0043): they name the account themselves (content.media_account_id). Putting items under an account is refused as
 * new content would be (frozen, locked, not approved); only items in the caller's data scope are moved.
 */
export async function mediaAccountContentRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const response = { 200: envelopeSchema(z.object({ updated: z.number().int() })) }

  app.get(
    '/api/mediaAccount/mediaContent',
    {
      config: { access: { page: MEDIA_CONTENT_PAGE, action: '查看' } },
      schema: {
        tags,
        summary: '媒体号的文章与视频（同 relation/mediaContentList 的 type=content）',
        querystring: mediaAccountContentQuerySchema,
        response: { 200: envelopeSchema(pageSchema(mediaContentItemSchema)) },
      },
    },
    async (req) =>
      ok(await mediaContentPage(db, { ...req.query, type: 'content' }, await dataScopeOf(req, db))),
  )

  /** The live articles and videos among `ids` in the caller's scope, locked; 404 unless all are. */
  async function itemsOf(tx: Db, req: FastifyRequest, scope: DataScope, ids: readonly number[]) {
    const wanted = [...new Set(ids)]
    const rows = await tx
      .select({ id: content.id, title: content.title })
      .from(content)
      .where(
        and(
          inArray(content.id, wanted),
          inArray(content.kind, [...MEDIA_CONTENT_KINDS]),
          isNull(content.recycledAt),
          contentInScope(scope),
        ),
      )
      .for('update')
    if (rows.length !== wanted.length) throw new AppError('NOT_FOUND', msg.contentNotFound)
    auditTarget(req, wanted)
    auditTitles(req, rows)
    return wanted
  }

  app.post(
    '/api/mediaAccount/addRelation',
    {
      config: { access: { page: MEDIA_CONTENT_PAGE, action: '添加' }, audit: '文章/视频归入媒体号' },
      schema: {
        tags,
        summary: '把已有的文章、视频归入媒体号（冻结、锁定或未审核通过的媒体号拒绝）',
        body: mediaAccountAddRelationBodySchema,
        response,
      },
    },
    async (req) => {
      const { mediaAccountId, contentIds } = req.body
      // Read before the transaction: PGlite has one connection, a query outside it would wait on it.
      const scope = await dataScopeOf(req, db)
      const updated = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        await refuseUnusableMediaAccounts(tx, [mediaAccountId])
        const ids = await itemsOf(tx, req, scope, contentIds)
        await tx
          .update(content)
          .set({ mediaAccountId, updatedAt: new Date() })
          .where(inArray(content.id, ids))
        return ids.length
      })
      return ok({ updated }, msg.related(updated))
    },
  )

  app.post(
    '/api/mediaAccount/deleteRelation',
    {
      config: { access: { page: MEDIA_CONTENT_PAGE, action: '删除' }, audit: '文章/视频移出媒体号' },
      schema: {
        tags,
        summary: '把文章、视频移出其媒体号（不删除内容本身）',
        body: mediaAccountDeleteRelationBodySchema,
        response,
      },
    },
    async (req) => {
      const scope = await dataScopeOf(req, db)
      const updated = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const ids = await itemsOf(tx, req, scope, req.body.contentIds)
        await tx
          .update(content)
          .set({ mediaAccountId: null, updatedAt: new Date() })
          .where(inArray(content.id, ids))
        return ids.length
      })
      return ok({ updated }, msg.unrelated(updated))
    },
  )
}
