import { randomUUID } from 'node:crypto'
import {
  clipProblem,
  mediaAddBodySchema,
  mediaClipBodySchema,
  mediaCountQuerySchema,
  mediaDeleteBodySchema,
  mediaFindQuerySchema,
  mediaFolderPathSchema,
  mediaItemSchema,
  mediaListQuerySchema,
  mediaMessages,
  mediaModifyBodySchema,
  mediaUsageSchema,
} from '@moc/domain/api/mediaLibrary'
import { extensionOf, familyOf, storageKey } from '@moc/domain/rules/upload'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { idListQuerySchema, idQuerySchema, idSchema } from '@moc/domain/transport/ids'
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { mediaCategory, mediaFile, mediaFolder } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { createdByInScope, dataScopeOf } from '../../platform/dataScope.ts'
import { AppError, fail } from '../../platform/errors.ts'
import { enqueueJob } from '../../platform/jobs/queue.ts'
import { contentTypeOf } from '../../platform/storage/contentTypes.ts'
import { ownStorageKey } from '../../platform/storage/freshFileUrls.ts'
import { KEY_PATTERN } from '../../platform/storage/localStorage.ts'
import { isPrivateKey } from '../upload/storeUpload.ts'
import { MEDIA_CLIP_JOB, mediaClipper } from './mediaClipper.ts'
import { requestProcessing } from './mediaProcessing.ts'
import { MEDIA_PROCESS_JOB, mediaProcessor, stemOf } from './mediaProcessor.ts'
import { categorySubtree, fileItem, folderItem, folderPath, listMedia } from './mediaQueries.ts'
import { usagesOf } from './mediaUsage.ts'

const tags = ['媒体资源库']
const page = '媒体资源库管理'
const idQuery = z.object({ id: idQuerySchema })

/**
 * 媒体资源库 (spec §7 `/resource/files|delete/file|modify|add/file|category|count`, decision 0015): folders and
 * files, their category tree, "used in", download. Everything is limited to the caller's data scope (the
 * creators in their departments); "only mine" is the list's adminId.
 */
export async function mediaRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  ctx.jobs.register(MEDIA_PROCESS_JOB, mediaProcessor(ctx))
  ctx.jobs.register(MEDIA_CLIP_JOB, mediaClipper(ctx))

  /** The folder or file with this id, if the caller's scope reaches it (else 404, as if it did not exist). */
  async function itemInScope(req: FastifyRequest, tx: Db, id: number) {
    const scope = await dataScopeOf(req, db)
    const [folder] = await tx
      .select()
      .from(mediaFolder)
      .where(and(eq(mediaFolder.id, id), createdByInScope(scope, mediaFolder.createdBy)))
    if (folder) return { folder } as const
    const [file] = await tx
      .select()
      .from(mediaFile)
      .where(and(eq(mediaFile.id, id), createdByInScope(scope, mediaFile.createdBy)))
    if (file) return { file } as const
    return fail('NOT_FOUND', mediaMessages.notFound)
  }

  /** A target folder (0: the root) of the given type, or the spec's refusal. */
  async function targetFolder(tx: Db, id: number, type: string) {
    if (!id) return null
    const [folder] = await tx.select().from(mediaFolder).where(eq(mediaFolder.id, id))
    if (!folder) fail('NOT_FOUND', mediaMessages.folderNotFound)
    if (folder!.type !== type) fail('BAD_REQUEST', mediaMessages.folderTypeMismatch)
    return folder!
  }

  app.get(
    '/api/resource/files',
    {
      config: { access: { page, action: '查看' } },
      schema: {
        tags,
        summary: '媒资列表：当前文件夹的子文件夹在前、文件在后（每页 28；content 关键词，adminId 仅看我的）',
        querystring: mediaListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(mediaItemSchema)) },
      },
    },
    async (req) => ok(await listMedia(db, req.query, await dataScopeOf(req, db))),
  )

  app.get(
    '/api/resource/folder/path',
    {
      config: { access: { page, action: '查看' } },
      schema: {
        tags,
        summary: '文件夹路径（面包屑，根在前）',
        querystring: idQuery,
        response: { 200: envelopeSchema(mediaFolderPathSchema) },
      },
    },
    async (req) => {
      await itemInScope(req, db, req.query.id)
      return ok(await folderPath(db, req.query.id))
    },
  )

  app.get(
    '/api/resource/find',
    {
      config: { access: { page, action: '查看' } },
      schema: {
        tags,
        summary: '按地址查找媒资文件（图片编辑：已在媒资库中的图片可新建副本或修改原图）；没有则 null',
        querystring: mediaFindQuerySchema,
        response: { 200: envelopeSchema(mediaItemSchema.nullable()) },
      },
    },
    async (req) => {
      let key: string
      try {
        key = storageKeyOf(ctx, req.query.path)
      } catch {
        // Not on our storage (another site's picture): not in the library either.
        return ok(null)
      }
      const scope = await dataScopeOf(req, db)
      const [row] = await db
        .select()
        .from(mediaFile)
        .where(and(eq(mediaFile.storageKey, key), createdByInScope(scope, mediaFile.createdBy)))
        .orderBy(desc(mediaFile.id))
        .limit(1)
      return ok(row ? fileItem(row, 0) : null)
    },
  )

  app.get(
    '/api/resource/usage',
    {
      config: { access: { page, action: '查看' } },
      schema: {
        tags,
        summary: '文件的引用：使用该文件的内容',
        querystring: z.object({ ids: idListQuerySchema(500) }),
        response: { 200: envelopeSchema(z.array(mediaUsageSchema)) },
      },
    },
    async (req) => {
      const scope = await dataScopeOf(req, db)
      const { ids } = req.query
      const visible = await db
        .select({ id: mediaFile.id })
        .from(mediaFile)
        .where(and(inArray(mediaFile.id, ids), createdByInScope(scope, mediaFile.createdBy)))
      return ok(
        await usagesOf(
          db,
          visible.map((v) => v.id),
        ),
      )
    },
  )

  app.get(
    '/api/resource/count',
    {
      config: { access: { page, action: '查看' } },
      schema: {
        tags,
        summary: '文件数（按类型、分类）',
        querystring: mediaCountQuerySchema,
        response: { 200: envelopeSchema(z.number().int()) },
      },
    },
    async (req) => {
      const scope = await dataScopeOf(req, db)
      const { type, categoryId } = req.query
      const categories = categoryId ? await categorySubtree(db, categoryId) : []
      const [row] = await db
        .select({ n: count() })
        .from(mediaFile)
        .where(
          and(
            type ? eq(mediaFile.type, type) : undefined,
            categoryId ? inArray(mediaFile.categoryId, categories.length ? categories : [-1]) : undefined,
            createdByInScope(scope, mediaFile.createdBy),
          ),
        )
      return ok(row?.n ?? 0)
    },
  )

  app.post(
    '/api/resource/add/file',
    {
      config: { access: { page, action: '添加' }, audit: '添加媒资' },
      schema: {
        tags,
        summary: '添加媒资：上传所得的存储 key 登记为文件（type dir 新建文件夹）',
        body: mediaAddBodySchema,
        response: { 200: envelopeSchema(mediaItemSchema) },
      },
    },
    async (req) => {
      const p = req.principal!
      const body = req.body
      const who = { createdBy: p.adminId, createdByName: p.username }
      if (body.type === 'dir') {
        if (body.categoryId) fail('BAD_REQUEST', mediaMessages.typeMismatch)
        const parent = body.parentId ? await itemInScope(req, db, body.parentId) : null
        if (parent && !parent.folder) fail('NOT_FOUND', mediaMessages.folderNotFound)
        const type = parent?.folder?.type ?? body.folderType
        const [row] = await db
          .insert(mediaFolder)
          .values({ title: body.title, type, parentId: parent?.folder?.id ?? null, ...who })
          .returning()
        req.auditInfo.target = `media_folder:${row!.id} ${body.title}`
        return ok(folderItem(row!), mediaMessages.added)
      }
      const key = storageKeyOf(ctx, body.path)
      if (familyToType(familyOf(key)) !== body.type) fail('BAD_REQUEST', mediaMessages.typeMismatch)
      const object = await ctx.storage.get(key)
      if (!object) return fail('NOT_FOUND', mediaMessages.stored)
      object.body.destroy()
      if (body.parentId) {
        const parent = await itemInScope(req, db, body.parentId)
        if (!parent.folder) fail('NOT_FOUND', mediaMessages.folderNotFound)
        await targetFolder(db, body.parentId, body.type)
      }
      if (body.categoryId) {
        const [c] = await db
          .select({ id: mediaCategory.id })
          .from(mediaCategory)
          .where(eq(mediaCategory.id, body.categoryId))
        if (!c) fail('NOT_FOUND', mediaMessages.categoryNotFound)
      }
      const [row] = await db
        .insert(mediaFile)
        .values({
          title: body.title,
          type: body.type,
          storageKey: key,
          url: isPrivateKey(key) ? '' : ctx.storage.publicUrl(key),
          fileName: body.fileName || key.slice(key.lastIndexOf('/') + 1),
          size: object.size,
          folderId: body.parentId || null,
          categoryId: body.categoryId || null,
          ...who,
        })
        .returning()
      req.auditInfo.target = `media_file:${row!.id} ${body.title}`
      await requestProcessing(ctx, row!)
      const [fresh] = await db.select().from(mediaFile).where(eq(mediaFile.id, row!.id))
      return ok(fileItem(fresh!, 0), mediaMessages.added)
    },
  )

  /** The columns that point a file at another stored object (modify with `path`), checked like add/file. */
  async function replacement(path: string) {
    const key = storageKeyOf(ctx, path)
    const object = await ctx.storage.get(key)
    if (!object) return fail('NOT_FOUND', mediaMessages.stored)
    object.body.destroy()
    return {
      type: familyToType(familyOf(key)),
      set: {
        storageKey: key,
        url: isPrivateKey(key) ? '' : ctx.storage.publicUrl(key),
        fileName: key.slice(key.lastIndexOf('/') + 1),
        size: object.size,
        state: 'processing',
        coverUrl: '',
        transcodeUrl: '',
        width: null,
        height: null,
        duration: null,
        error: '',
      },
    }
  }

  app.post(
    '/api/resource/modify',
    {
      config: { access: { page, action: '编辑' }, audit: '修改媒资' },
      schema: {
        tags,
        summary: '重命名或移动文件、文件夹（parentId 0 为根目录）；path 替换文件内容（图片编辑的修改原图）',
        body: mediaModifyBodySchema,
      },
    },
    async (req) => {
      const { id, title, parentId, path } = req.body
      req.auditInfo.target = `media:${id}${title ? ` ${title}` : ''}${parentId !== undefined ? ` → ${parentId}` : ''}${path ? ` ⇐ ${path}` : ''}`
      // The scope is read before the transaction: PGlite has one connection, a query beside it would wait.
      await dataScopeOf(req, db)
      const replaced = path ? await replacement(path) : undefined
      await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const found = await itemInScope(req, tx, id)
        const type = found.folder?.type ?? found.file!.type
        if (replaced && (!found.file || replaced.type !== type))
          fail('BAD_REQUEST', mediaMessages.typeMismatch)
        if (parentId) {
          const parent = await itemInScope(req, tx, parentId)
          if (!parent.folder) fail('NOT_FOUND', mediaMessages.folderNotFound)
          await targetFolder(tx, parentId, type)
          if (found.folder && (await folderPath(tx, parentId)).some((f) => f.id === id))
            fail('BAD_REQUEST', mediaMessages.moveIntoSelf)
        }
        const move =
          parentId === undefined ? {} : { [found.folder ? 'parentId' : 'folderId']: parentId || null }
        const set = { ...(title ? { title } : {}), ...move, ...(replaced?.set ?? {}), updatedAt: new Date() }
        if (found.folder) await tx.update(mediaFolder).set(set).where(eq(mediaFolder.id, id))
        else await tx.update(mediaFile).set(set).where(eq(mediaFile.id, id))
      })
      if (replaced) {
        // New content: measured and thumbnailed again, like a new file. The old object stays in storage
        // (content saved earlier keeps showing the picture it was saved with).
        const [fresh] = await db.select().from(mediaFile).where(eq(mediaFile.id, id))
        await requestProcessing(ctx, fresh!)
      }
      return ok(null, mediaMessages.modified)
    },
  )

  app.post(
    '/api/resource/delete/file',
    {
      config: { access: { page, action: '删除' }, audit: '删除媒资' },
      schema: {
        tags,
        summary:
          '删除文件与空文件夹；被内容使用的文件需 confirm: true，否则 409 并在 data 中列出使用它的内容',
        body: mediaDeleteBodySchema,
        response: { 200: envelopeSchema(z.object({ removed: z.number().int() })) },
      },
    },
    async (req) => {
      const { ids, confirm } = req.body
      req.auditInfo.target = `media:${ids.join(',')}`
      await dataScopeOf(req, db)
      const removedKeys = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const found = await Promise.all(ids.map((id) => itemInScope(req, tx, id)))
        const folderIds = found.flatMap((f) => (f.folder ? [f.folder.id] : []))
        const files = found.flatMap((f) => (f.file ? [f.file] : []))
        if (folderIds.length) await refuseNonEmpty(tx, folderIds)
        const usages = await usagesOf(
          tx,
          files.map((f) => f.id),
        )
        if (usages.length && !confirm)
          throw new AppError(
            'CONFLICT',
            mediaMessages.inUse([...new Set(usages.map((u) => u.title))]),
            usages,
          )
        if (files.length)
          await tx.delete(mediaFile).where(
            inArray(
              mediaFile.id,
              files.map((f) => f.id),
            ),
          )
        if (folderIds.length) await tx.delete(mediaFolder).where(inArray(mediaFolder.id, folderIds))
        return files.map((f) => f.storageKey)
      })
      // Stored objects go once no other library entry (e.g. a copy) names them; a failure leaves an orphan only.
      for (const key of new Set(removedKeys)) {
        const [other] = await db
          .select({ id: mediaFile.id })
          .from(mediaFile)
          .where(eq(mediaFile.storageKey, key))
          .limit(1)
        if (!other)
          await Promise.all([ctx.storage.delete(key), ctx.storage.deleteTree(stemOf(key))]).catch(
            (err: unknown) => req.log.warn({ err, key }, 'media delete'),
          )
      }
      return ok({ removed: ids.length }, mediaMessages.removed)
    },
  )

  app.post(
    '/api/resource/process',
    {
      config: { access: { page, action: '编辑' }, audit: '重新处理媒资' },
      schema: {
        tags,
        summary: '重新处理文件（视频、音频重新转码，图片重新生成缩略图）',
        body: z.strictObject({ id: idSchema }),
      },
    },
    async (req) => {
      const found = await itemInScope(req, db, req.body.id)
      if (!found.file) return fail('NOT_FOUND', mediaMessages.notFound)
      req.auditInfo.target = `media_file:${found.file.id} ${found.file.title}`
      const reset = found.file.type === 'video' || found.file.type === 'audio' ? { state: 'processing' } : {}
      const [row] = await db
        .update(mediaFile)
        .set({ ...reset, error: '', updatedAt: new Date() })
        .where(eq(mediaFile.id, found.file.id))
        .returning()
      await requestProcessing(ctx, row!)
      return ok(null, mediaMessages.processing)
    },
  )

  app.post(
    '/api/resource/clip',
    {
      config: { access: { page, action: '视频剪辑' }, audit: '视频剪辑' },
      schema: {
        tags,
        summary: '视频剪辑：从已转码的视频截取 [start, end) 秒，生成新视频文件（后台任务剪辑并转码）',
        body: mediaClipBodySchema,
        response: { 200: envelopeSchema(mediaItemSchema) },
      },
    },
    async (req) => {
      const { id, start, end, title } = req.body
      const found = await itemInScope(req, db, id)
      const source = found.file
      if (!source) return fail('NOT_FOUND', mediaMessages.notFound)
      if (source.type !== 'video') fail('BAD_REQUEST', mediaMessages.clipNotVideo)
      // Until processing has probed it the duration is unknown, and the player could not have shown the frames.
      if (source.state !== 'ready' || !source.transcodeUrl) fail('BAD_REQUEST', mediaMessages.notTranscoded)
      const problem = clipProblem(start, end, source.duration)
      if (problem) fail('BAD_REQUEST', problem)
      const key = storageKey('clip.mp4', randomUUID().replaceAll('-', ''), new Date())
      const p = req.principal!
      // The file and its job are one write: a file never waits for a job that was not queued.
      const row = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const [file] = await tx
          .insert(mediaFile)
          .values({
            title,
            type: 'video',
            storageKey: key,
            url: ctx.storage.publicUrl(key),
            fileName: `${title}.mp4`,
            folderId: source.folderId,
            categoryId: source.categoryId,
            createdBy: p.adminId,
            createdByName: p.username,
          })
          .returning()
        const job = { fileId: file!.id, sourceKey: source.storageKey, start, end }
        await enqueueJob(tx, MEDIA_CLIP_JOB, job, { createdBy: p.adminId })
        return file!
      })
      ctx.jobs.wake()
      req.auditInfo.target = `media_file:${row.id} ${title} ← media_file:${source.id} ${start}-${end}s`
      return ok(fileItem(row, 0), mediaMessages.clipSubmitted)
    },
  )

  app.post(
    '/api/resource/download',
    {
      config: { access: { page, action: '下载' }, audit: '下载媒资' },
      schema: {
        tags,
        summary: '下载文件（以文件标题命名）',
        body: idQuery.extend({ id: idSchema }).strict(),
      },
    },
    async (req, reply) => {
      const found = await itemInScope(req, db, req.body.id)
      if (!found.file) return fail('NOT_FOUND', mediaMessages.notFound)
      req.auditInfo.target = `media_file:${found.file.id} ${found.file.title}`
      const object = await ctx.storage.get(found.file.storageKey)
      if (!object) return fail('NOT_FOUND', mediaMessages.stored)
      const ext = extensionOf(found.file.storageKey)
      const name = `${found.file.title}${ext && !found.file.title.toLowerCase().endsWith(`.${ext}`) ? `.${ext}` : ''}`
      return reply
        .header('content-type', contentTypeOf(found.file.storageKey))
        .header('content-length', String(object.size))
        .header(
          'content-disposition',
          `attachment; filename="download.${ext}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(object.body)
    },
  )

  /** 409 when a folder still holds a folder or a file (only empty folders are deleted). */
  async function refuseNonEmpty(tx: Db, folderIds: number[]) {
    const where = (col: typeof mediaFolder.parentId | typeof mediaFile.folderId): SQL =>
      inArray(col, folderIds)
    const [[sub], [inside]] = await Promise.all([
      tx.select({ n: count() }).from(mediaFolder).where(where(mediaFolder.parentId)),
      tx.select({ n: count() }).from(mediaFile).where(where(mediaFile.folderId)),
    ])
    if ((sub?.n ?? 0) + (inside?.n ?? 0) > 0) fail('CONFLICT', mediaMessages.folderNotEmpty)
  }
}

const familyToType = (family: string) => (family === 'attachment' || family === 'package' ? 'other' : family)

/**
 * The storage key the body names: a key, or a URL of our storage (its path after `/files/` or the bucket; for local
 * files also the absolute PUBLIC_URL address older rows and copies carry, decision 0033).
 */
function storageKeyOf(ctx: Ctx, path: string): string {
  let key = path.trim()
  if (/^https?:\/\//i.test(key) || key.startsWith('/')) key = ownStorageKey(ctx, key) ?? ''
  if (!key || !KEY_PATTERN.test(key) || key.includes('..')) fail('BAD_REQUEST', mediaMessages.stored)
  return key
}
