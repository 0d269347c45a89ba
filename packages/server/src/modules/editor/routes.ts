import {
  editorConfigSchema,
  editorMapResultSchema,
  editorMapSchema,
  editorMessages,
} from '@moc/domain/api/editor'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Ctx } from '../../platform/context.ts'
import { AppError, fail } from '../../platform/errors.ts'
import { sanitizeRichText } from '../../platform/richText.ts'
import { dumpImage } from '../upload/dumpImage.ts'
import { mapCardHtml, staticMapUrl } from './mapCard.ts'

const tags = ['富文本编辑器']

/** Origins the console may frame: the 秀米 page and the allowed embeds (the console's CSP frame-src). */
export async function editorFrameOrigins(ctx: Ctx): Promise<string[]> {
  const s = await ctx.settings.get('editor')
  const xiumi = s.xiumi ? [new URL(s.xiumi.url).origin] : []
  return [...new Set([...xiumi, ...s.embedOrigins])]
}

/** The editor's configuration (GET /api/editor/config) and its map card (POST /api/editor/map). */
export async function editorRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  // Our own storage: the base of its public URLs — the path /files (decision 0033), and the absolute
  // PUBLIC_URL/files older rows and copies carry, which the editor turns into the path; or the bucket's public URL / CDN.
  const ownMediaBase = ctx.storage.publicUrl('').replace(/\/+$/, '')
  const ownMediaOrigins =
    ctx.storage.driver === 'local' ? [ownMediaBase, `${ctx.config.publicUrl}${ownMediaBase}`] : [ownMediaBase]

  app.get(
    '/api/editor/config',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '编辑器配置：本地图片、嵌入来源、地图、秀米与135编辑器（不含地图服务密钥）',
        response: { 200: envelopeSchema(editorConfigSchema) },
      },
    },
    async () => {
      const s = await ctx.settings.get('editor')
      return ok({
        allowLocalImages: s.allowLocalImages,
        map: { enabled: s.mapEnabled, staticImage: s.mapEnabled && s.mapImageUrl !== '' },
        xiumi: s.xiumi,
        editor135: s.editor135,
        embedOrigins: s.embedOrigins,
        ownMediaOrigins,
      })
    },
  )

  app.post(
    '/api/editor/map',
    {
      config: { access: 'signedIn', audit: '插入地图' },
      schema: {
        tags,
        summary: '地图位置卡片：名称、地址，配置了静态地图时附地图图片（转存到本站存储）',
        body: editorMapSchema,
        response: { 200: envelopeSchema(editorMapResultSchema) },
      },
    },
    async (req) => {
      const place = req.body
      req.auditInfo.page = '富文本编辑器'
      req.auditInfo.target = `${place.name}（${place.address}）`.slice(0, 300)
      const s = await ctx.settings.get('editor')
      if (!s.mapEnabled) fail('FORBIDDEN', editorMessages.mapOff)
      let image: string | null = null
      let msg: string | undefined
      if (s.mapImageUrl && place.lng !== undefined && place.lat !== undefined) {
        try {
          image = (await dumpImage(ctx, staticMapUrl(s.mapImageUrl, place.lng, place.lat))).url
        } catch (err) {
          // The card still goes in, without its picture; the user is told why.
          if (!(err instanceof AppError)) req.log.warn({ err }, 'static map fetch failed')
          msg = editorMessages.mapImageFailed
        }
      }
      return ok({ html: sanitizeRichText(mapCardHtml(place, image)), image }, msg)
    },
  )
}
