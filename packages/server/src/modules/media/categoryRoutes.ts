import {
  isRecordingCategory,
  MEDIA_CATEGORY_DEPTH,
  type MediaCategoryNode,
  mediaCategorizeBodySchema,
  mediaCategoryAddBodySchema,
  mediaCategoryDeleteBodySchema,
  mediaCategoryModifyBodySchema,
  mediaCategoryNodeSchema,
  mediaCategoryQuerySchema,
  mediaMessages,
} from '@moc/domain/api/mediaLibrary'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, asc, count, eq, inArray, isNull, max, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { mediaCategory, mediaFile } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { createdByInScope, dataScopeOf } from '../../platform/dataScope.ts'
import { fail } from '../../platform/errors.ts'

const tags = ['媒体资源库']
const page = '媒体资源库管理'
const categoryResponse = envelopeSchema(z.object({ id: z.number().int(), name: z.string() }))

/**
 * 媒资分类 (spec §3 category tree: three levels, fetched page 1 size 1000; decision 0017): the tree, adding,
 * renaming and deleting categories, and filing files into one. The tree is shared by every account (it is the
 * library's vocabulary, like the recording sources 1–4, which stay fixed); files keep their data scope.
 */
export async function mediaCategoryRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  async function category(tx: Db, id: number) {
    const [row] = await tx.select().from(mediaCategory).where(eq(mediaCategory.id, id))
    return row ?? fail('NOT_FOUND', mediaMessages.categoryNotFound)
  }

  /** How deep a category sits (1 = top level), walking up its parents. */
  async function depthOf(tx: Db, id: number) {
    let depth = 0
    for (let at: number | null = id; at !== null && depth <= MEDIA_CATEGORY_DEPTH; depth++)
      at = (await category(tx, at)).parentId
    return depth
  }

  /** Names are unique among siblings, so the tree and the source selector never show two alike. */
  async function refuseDuplicate(tx: Db, parentId: number | null, name: string, except = 0) {
    const [twin] = await tx
      .select({ id: mediaCategory.id })
      .from(mediaCategory)
      .where(
        and(
          parentId === null ? isNull(mediaCategory.parentId) : eq(mediaCategory.parentId, parentId),
          eq(mediaCategory.name, name),
          ne(mediaCategory.id, except),
        ),
      )
      .limit(1)
    if (twin) fail('CONFLICT', mediaMessages.categoryDuplicate)
  }

  app.get(
    '/api/resource/category',
    {
      config: { access: { page, action: '查看' } },
      schema: {
        tags,
        summary: '媒资分类树（三级；page 1, size 1000）',
        querystring: mediaCategoryQuerySchema,
        response: { 200: envelopeSchema(pageSchema(mediaCategoryNodeSchema)) },
      },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(mediaCategory)
        .orderBy(asc(mediaCategory.sort), asc(mediaCategory.id))
        .limit(req.query.size)
        .offset((req.query.page - 1) * req.query.size)
      const nodes = new Map<number, MediaCategoryNode>(
        rows.map((r) => [r.id, { id: r.id, name: r.name, children: [] }]),
      )
      const roots: MediaCategoryNode[] = []
      for (const r of rows) {
        const parent = r.parentId ? nodes.get(r.parentId) : undefined
        ;(parent ? parent.children : roots).push(nodes.get(r.id)!)
      }
      return ok({ items: roots, total: roots.length })
    },
  )

  app.post(
    '/api/resource/category/add',
    {
      config: { access: { page, action: '添加' }, audit: '添加媒资分类' },
      schema: {
        tags,
        summary: '新建分类（parentId 0 为一级；最多三级；同级不重名）',
        body: mediaCategoryAddBodySchema,
        response: { 200: categoryResponse },
      },
    },
    async (req) => {
      const { name, parentId } = req.body
      req.auditInfo.target = `media_category ${name}${parentId ? ` ↑ ${parentId}` : ''}`
      const row = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        if (parentId && (await depthOf(tx, parentId)) >= MEDIA_CATEGORY_DEPTH)
          fail('BAD_REQUEST', mediaMessages.categoryTooDeep)
        await refuseDuplicate(tx, parentId || null, name)
        // Last among its siblings (after the recording categories at the top level).
        const [last] = await tx
          .select({ sort: max(mediaCategory.sort) })
          .from(mediaCategory)
          .where(parentId ? eq(mediaCategory.parentId, parentId) : isNull(mediaCategory.parentId))
        const [created] = await tx
          .insert(mediaCategory)
          .values({ name, parentId: parentId || null, sort: (last?.sort ?? 0) + 1 })
          .returning()
        return created!
      })
      req.auditInfo.target = `media_category:${row.id} ${name}`
      return ok({ id: row.id, name: row.name }, mediaMessages.added)
    },
  )

  app.post(
    '/api/resource/category/modify',
    {
      config: { access: { page, action: '编辑' }, audit: '修改媒资分类' },
      schema: {
        tags,
        summary: '重命名分类（收录分类 1–4 不可修改）',
        body: mediaCategoryModifyBodySchema,
        response: { 200: categoryResponse },
      },
    },
    async (req) => {
      const { id, name } = req.body
      req.auditInfo.target = `media_category:${id} ${name}`
      if (isRecordingCategory(id)) fail('BAD_REQUEST', mediaMessages.categoryFixed)
      await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const row = await category(tx, id)
        await refuseDuplicate(tx, row.parentId, name, id)
        await tx.update(mediaCategory).set({ name }).where(eq(mediaCategory.id, id))
      })
      return ok({ id, name }, mediaMessages.modified)
    },
  )

  app.post(
    '/api/resource/category/delete',
    {
      config: { access: { page, action: '删除' }, audit: '删除媒资分类' },
      schema: {
        tags,
        summary: '删除分类：仅当其下既无子分类也无文件（收录分类 1–4 不可删除）',
        body: mediaCategoryDeleteBodySchema,
      },
    },
    async (req) => {
      const { id } = req.body
      if (isRecordingCategory(id)) fail('BAD_REQUEST', mediaMessages.categoryFixed)
      await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const row = await category(tx, id)
        req.auditInfo.target = `media_category:${id} ${row.name}`
        // Every account's files count here, not only the caller's scope: deleting would unfile them all.
        const [[children], [files]] = await Promise.all([
          tx.select({ n: count() }).from(mediaCategory).where(eq(mediaCategory.parentId, id)),
          tx.select({ n: count() }).from(mediaFile).where(eq(mediaFile.categoryId, id)),
        ])
        if (children?.n) fail('CONFLICT', mediaMessages.categoryHasChildren)
        if (files?.n) fail('CONFLICT', mediaMessages.categoryHasFiles)
        await tx.delete(mediaCategory).where(eq(mediaCategory.id, id))
      })
      return ok(null, mediaMessages.removed)
    },
  )

  app.post(
    '/api/resource/category/files',
    {
      config: { access: { page, action: '编辑' }, audit: '设置媒资分类' },
      schema: {
        tags,
        summary: '把文件放入分类（categoryId 0 为无分类；文件夹没有分类）',
        body: mediaCategorizeBodySchema,
      },
    },
    async (req) => {
      const { ids, categoryId } = req.body
      req.auditInfo.target = `media:${ids.join(',')} → media_category:${categoryId}`
      const scope = await dataScopeOf(req, db)
      await db.transaction(async (t) => {
        const tx = t as unknown as Db
        if (categoryId) await category(tx, categoryId)
        const files = await tx
          .select({ id: mediaFile.id })
          .from(mediaFile)
          .where(and(inArray(mediaFile.id, ids), createdByInScope(scope, mediaFile.createdBy)))
        // A folder id, or a file outside the caller's scope, is as absent as a wrong id.
        if (files.length !== new Set(ids).size) fail('NOT_FOUND', mediaMessages.notFound)
        await tx
          .update(mediaFile)
          .set({ categoryId: categoryId || null, updatedAt: new Date() })
          .where(inArray(mediaFile.id, ids))
      })
      return ok(null, mediaMessages.modified)
    },
  )
}
