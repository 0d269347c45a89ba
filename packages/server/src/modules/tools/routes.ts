import {
  type ToolSettings,
  toolLaunchQuerySchema,
  toolLaunchSchema,
  toolMessages,
} from '@moc/domain/api/tools'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { ssoClient } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { OIDC_PREFIX } from '../sso/provider.ts'

/** The enabled SSO client of that id, or undefined. */
async function enabledClient(db: Db, clientId: string) {
  const [row] = await db
    .select({ redirectUris: ssoClient.redirectUris })
    .from(ssoClient)
    .where(and(eq(ssoClient.clientId, clientId), eq(ssoClient.enabled, true)))
    .limit(1)
  return row
}

/**
 * The checks of a `tools` setting beyond its schema (run when a super admin saves it): a chosen SSO client
 * exists, is enabled, and one of its redirect URIs is on the editing address's origin, so the console never
 * hands the sign-in to a site that is not that client.
 */
export async function checkToolSettings(db: Db, value: ToolSettings) {
  if (!value.yunjianSsoClientId) return
  if (!value.yunjianUrl) throw new AppError('BAD_REQUEST', toolMessages.ssoClientWithoutUrl)
  const client = await enabledClient(db, value.yunjianSsoClientId)
  if (!client) throw new AppError('BAD_REQUEST', toolMessages.ssoClientUnknown)
  const origin = new URL(value.yunjianUrl).origin
  if (!client.redirectUris.some((u) => new URL(u).origin === origin))
    throw new AppError('BAD_REQUEST', toolMessages.ssoOriginMismatch)
}

/** GET /api/tools/launch: what the /webcut and /yunjian windows open (spec §2, §6: any signed-in user). */
export async function toolRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  app.get(
    '/api/tools/launch',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['内容-外部工具'],
        summary:
          '外部工具的打开地址（webcut 在线剪辑、yunjian 云剪辑）；未配置时 url 为 null。云剪辑绑定单点登录应用时，地址为该应用的登录发起地址并附 iss 与 login_hint（OIDC 第三方发起登录）',
        querystring: toolLaunchQuerySchema,
        response: { 200: envelopeSchema(toolLaunchSchema) },
      },
    },
    async (req) => {
      const tools = await ctx.settings.get('tools')
      const url = req.query.tool === 'webcut' ? tools.webcutUrl : tools.yunjianUrl
      if (!url) return ok({ url: null })
      if (req.query.tool !== 'yunjian' || !tools.yunjianSsoClientId) return ok({ url })
      // OpenID Connect Core §4 (login initiated by a third party): the tool starts its authorization request
      // at `iss`; the console's consent page then confirms the account signed in here (decision 0005).
      if (!(await enabledClient(db, tools.yunjianSsoClientId)))
        throw new AppError('CONFLICT', toolMessages.ssoClientOff)
      const launch = new URL(url)
      launch.searchParams.set('iss', `${ctx.config.publicUrl}${OIDC_PREFIX}`)
      launch.searchParams.set('login_hint', req.principal!.username)
      return ok({ url: launch.toString() })
    },
  )
}
