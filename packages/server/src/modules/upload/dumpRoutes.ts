import { randomUUID } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, UPLOAD_MESSAGES } from '@moc/domain/rules/upload'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { fileTypeFromFile } from 'file-type'
import { z } from 'zod'
import type { Ctx } from '../../platform/context.ts'
import { fail } from '../../platform/errors.ts'
import { FetchRefused, fetchExternal } from '../../platform/storage/fetchExternal.ts'
import { uploadResultSchema } from './routes.ts'
import { storeUpload } from './storeUpload.ts'

const dumpBody = z.object({ url: z.string().trim().min(1).max(2000) })

/**
 * Re-hosting of external images (spec §7 `POST /upload/dump`; the editor calls it for pasted and loaded
 * images that are not on our storage, `/resource/dump` is the same call for media resources). The download
 * runs under the SSRF guard of fetchExternal and the result passes the same image rules as an upload.
 */
export async function dumpRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const limits = {
    maxBytes: IMAGE_MAX_BYTES,
    timeoutMs: ctx.config.dumpTimeoutMs,
    maxRedirects: 3,
    allowedPrivate: ctx.config.dumpAllowedPrivate,
  }
  for (const url of ['/api/upload/dump', '/api/resource/dump'])
    app.post(
      url,
      {
        config: { access: 'signedIn', audit: '转存外部图片' },
        schema: {
          tags: ['上传'],
          summary: '转存外部图片（仅 http/https 公网地址，最多 3 次重定向）',
          body: dumpBody,
          response: { 200: envelopeSchema(uploadResultSchema.extend({ source: z.string() })) },
        },
      },
      async (req) => {
        req.auditInfo.target = req.body.url.slice(0, 300)
        await mkdir(ctx.spoolDir, { recursive: true })
        const spooled = join(ctx.spoolDir, randomUUID())
        try {
          const fetched = await fetchExternal(req.body.url, spooled, limits).catch((err: unknown) => {
            if (err instanceof FetchRefused) fail('UPLOAD_REJECTED', `图片转存失败：${err.message}`)
            throw err
          })
          // The name comes from the bytes, not the URL: the image rules then check what was really received.
          const detected = await fileTypeFromFile(spooled)
          const ext = detected?.ext === 'jpg' ? 'jpg' : detected?.ext
          if (!ext || !(IMAGE_EXTENSIONS as readonly string[]).includes(ext))
            fail('UPLOAD_REJECTED', UPLOAD_MESSAGES.imageType)
          const stored = await storeUpload(ctx, spooled, `dump.${ext}`, detected?.mime ?? '', 'image')
          return ok({ ...stored, source: fetched.url.toString() })
        } finally {
          await rm(spooled, { force: true })
        }
      },
    )
}
