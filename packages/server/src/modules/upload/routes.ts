import { mkdir } from 'node:fs/promises'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import { familyOf, isInlineMime, UPLOAD_KINDS, type UploadKind } from '@moc/domain/rules/upload'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { FROM_SCREEN } from '../../platform/auditLog.ts'
import type { Ctx } from '../../platform/context.ts'
import { fail } from '../../platform/errors.ts'
import { contentTypeOf } from '../../platform/storage/contentTypes.ts'
import { KEY_PATTERN, LocalStorage } from '../../platform/storage/localStorage.ts'
import { isPrivateKey, receiveUpload } from './storeUpload.ts'

export const uploadResultSchema = z.object({
  url: z.string(),
  key: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
})

/**
 * Small-file upload (spec §7 `POST /upload/file`, multipart → data.url) and, for the local driver, the
 * `/files/*` route that serves stored objects. Each upload is spooled to DATA_DIR/tmp, checked (the spec's
 * rules for its widget kind, magic bytes against the extension, image dimensions) and only then stored, so
 * storage never holds a file the rules refuse and no file is ever held in memory.
 */
export async function uploadRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: ctx.config.uploadMaxBytes } })

  app.post(
    '/api/upload/file',
    {
      config: { access: 'signedIn', audit: '上传文件', auditPage: FROM_SCREEN },
      schema: {
        tags: ['上传'],
        summary:
          '上传小文件（multipart：可选字段 kind、target=mediaLibrary（媒资库图片存于 saas/image/media）在前，file 在后）',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(uploadResultSchema) },
      },
    },
    async (req) => {
      if (!req.isMultipart()) fail('BAD_REQUEST', '请选择要上传的文件')
      const part = await req.file()
      if (!part) return fail('BAD_REQUEST', '请选择要上传的文件')
      const kindField = part.fields.kind
      const kindValue = kindField && 'value' in kindField ? String(kindField.value) : 'attachment'
      if (!(UPLOAD_KINDS as readonly string[]).includes(kindValue)) fail('BAD_REQUEST', '上传类型有误')
      const kind = kindValue as UploadKind
      const targetField = part.fields.target
      const mediaLibrary = !!targetField && 'value' in targetField && targetField.value === 'mediaLibrary'
      const stored = await receiveUpload(ctx, part, kind, { mediaLibrary })
      req.auditInfo.target = stored.key
      return ok(stored)
    },
  )

  const storage = ctx.storage
  if (storage instanceof LocalStorage) {
    // The folder exists from the first start on (the static plugin warns of a missing root).
    await mkdir(storage.root, { recursive: true })
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: '/files/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      allowedPath(pathName, _root, req) {
        const key = pathName.replace(/^\/+/, '')
        if (!KEY_PATTERN.test(key)) return false
        if (!isPrivateKey(key)) return true
        const q = req.query as { expires?: string; sig?: string }
        return ctx.urlSigner.verify(key, Number(q.expires), String(q.sig ?? ''))
      },
      setHeaders(res, path) {
        const type = contentTypeOf(path)
        res.header('content-type', type)
        res.header('x-content-type-options', 'nosniff')
        // A stored file never runs script in the console's origin, whatever it contains.
        res.header('content-security-policy', "default-src 'none'; sandbox")
        if (!isInlineMime(type)) res.header('content-disposition', 'attachment')
        const key = path.slice(storage.root.length + 1)
        if (isPrivateKey(key)) res.header('cache-control', 'private, no-store')
        else {
          res.header('cache-control', 'public, max-age=31536000, immutable')
          // Our own media may be drawn on a canvas (editor screenshots, spec §8).
          const family = familyOf(key)
          if (family !== 'attachment' && family !== 'package') res.header('access-control-allow-origin', '*')
        }
      },
    })
  }
}
