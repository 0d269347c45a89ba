import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { FROM_SCREEN } from '../../platform/auditLog.ts'
import type { Ctx } from '../../platform/context.ts'
import { dumpImage } from './dumpImage.ts'
import { uploadResultSchema } from './routes.ts'

const dumpBody = z.object({ url: z.string().trim().min(1).max(2000) })

/**
 * Re-hosting of external images (spec §7 `POST /upload/dump`; the editor calls it for pasted and loaded
 * images that are not on our storage, `/resource/dump` is the same call for media resources). The download
 * runs under the SSRF guard of fetchExternal and the result passes the same image rules as an upload.
 */
export async function dumpRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  for (const url of ['/api/upload/dump', '/api/resource/dump'])
    app.post(
      url,
      {
        config: { access: 'signedIn', audit: '转存外部图片', auditPage: FROM_SCREEN },
        schema: {
          tags: ['上传'],
          summary: '转存外部图片（仅 http/https 公网地址，最多 3 次重定向）',
          body: dumpBody,
          response: { 200: envelopeSchema(uploadResultSchema.extend({ source: z.string() })) },
        },
      },
      async (req) => {
        req.auditInfo.target = req.body.url.slice(0, 300)
        return ok(await dumpImage(ctx, req.body.url))
      },
    )
}
