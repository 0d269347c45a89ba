import type { IncomingMessage } from 'node:http'
import {
  type SsoClient,
  ssoClientFieldsSchema,
  ssoClientIdBodySchema,
  ssoClientSchema,
  ssoClientStateSchema,
  ssoClientUpdateSchema,
  ssoClientWithSecretSchema,
  ssoInteractionSchema,
  ssoMessages,
  ssoRedirectSchema,
  ssoScopes,
} from '@moc/domain/api/sso'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { InteractionResults } from 'oidc-provider'
import { z } from 'zod'
import { ssoClient } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { forgetClient } from './adapter.ts'
import { newClientSecret } from './keys.ts'
import { createSso, OIDC_PREFIX, type Sso } from './provider.ts'

const PAGE = '系统-单点登录'
const tags = [PAGE]

const toDto = (row: typeof ssoClient.$inferSelect): SsoClient => ({
  clientId: row.clientId,
  name: row.name,
  redirectUris: row.redirectUris,
  scopes: row.scopes,
  enabled: row.enabled,
  secretRotatedAt: row.secretRotatedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/** A client id a person can read over the phone: `moc-` and 16 hex digits. */
const newClientId = () =>
  `moc-${crypto.getRandomValues(new Uint8Array(8)).reduce((s, b) => s + b.toString(16).padStart(2, '0'), '')}`

/**
 * Single sign-on: the console as OpenID Connect provider (authorization code + PKCE) for the platform's
 * client apps. The provider (oidc-provider) answers under /api/oidc; the consent page /sso/authorize uses
 * the interaction calls; super admins and holders of 系统-单点登录 manage the client registry.
 */
export async function ssoRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  // Built on first use: keys are created then, and PUBLIC_URL is read then (tests set it after listening).
  let pending: Promise<Sso> | undefined
  const sso = () => {
    pending ??= createSso(ctx).catch((e: unknown) => {
      pending = undefined
      throw e
    })
    return pending
  }

  // ---- The provider itself, mounted under /api/oidc --------------------------------------------------
  await app.register(async (scope) => {
    // oidc-provider reads its own (form-encoded) bodies: leave every request stream unread here.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null))
    let callback: ReturnType<Sso['provider']['callback']> | undefined
    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${OIDC_PREFIX}/*`,
      // Hijacked replies skip Fastify's later hooks: protocol calls of client apps (token exchange,
      // userinfo) stay out of the operation log, which records the console user's decisions instead.
      config: { access: 'public' },
      // Provider pages (form_post, errors) post to client apps, so form-action widens here.
      helmet: {
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'none'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'"],
            formAction: ["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
            frameAncestors: ["'none'"],
            baseUri: ["'none'"],
          },
        },
      },
      schema: { hide: true },
      handler: async (req, reply) => {
        const { provider } = await sso()
        callback ??= provider.callback()
        const raw = req.raw as IncomingMessage & { originalUrl?: string }
        raw.originalUrl = raw.url
        raw.url = raw.url!.slice(OIDC_PREFIX.length) || '/'
        reply.hijack()
        await callback(raw, reply.raw)
      },
    })
  })

  // ---- Consent page calls ----------------------------------------------------------------------------
  const gone = () => new AppError('NOT_FOUND', ssoMessages.interactionGone)

  /** The pending interaction named by the URL, which must be the one this browser's cookie holds. */
  async function interactionOf(req: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
    const { provider, errors } = await sso()
    const interaction = await provider.interactionDetails(req.raw, reply.raw).catch((e: unknown) => {
      if (e instanceof errors.SessionNotFound) throw gone()
      throw e
    })
    if (interaction.uid !== req.params.uid) throw gone()
    const clientId = String(interaction.params.client_id ?? '')
    const client = await provider.Client.find(clientId)
    if (!client) throw gone()
    const allowed = new Set(String(client.scope ?? '').split(' '))
    const scopes = ssoScopes.filter(
      (s) =>
        allowed.has(s) &&
        String(interaction.params.scope ?? '')
          .split(' ')
          .includes(s),
    )
    return { provider, interaction, client, scopes }
  }

  const uidParams = z.object({ uid: z.string().min(1).max(100) })
  const emptyBody = z.strictObject({}).optional()

  app.get(
    '/api/sso/interaction/:uid',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '单点登录授权请求详情（同意页）',
        params: uidParams,
        response: { 200: envelopeSchema(ssoInteractionSchema) },
      },
    },
    async (req, reply) => {
      const { interaction, client, scopes } = await interactionOf(req, reply)
      return ok({
        uid: interaction.uid,
        clientId: client.clientId,
        clientName: client.clientName ?? client.clientId,
        scopes,
        redirectUri: String(interaction.params.redirect_uri ?? ''),
      })
    },
  )

  const finish = async (
    req: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
    decide: (x: Awaited<ReturnType<typeof interactionOf>>) => Promise<InteractionResults>,
  ) => {
    const found = await interactionOf(req, reply)
    req.auditInfo.target = `sso_client:${found.client.clientId}`
    const result = await decide(found)
    const redirectTo = await found.provider.interactionResult(req.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    })
    return ok({ redirectTo })
  }

  app.post(
    '/api/sso/interaction/:uid/confirm',
    {
      config: { access: 'signedIn', audit: '同意单点登录授权' },
      schema: {
        tags,
        summary: '同意授权：以当前登录账号完成授权请求，返回浏览器应跳转的地址',
        params: uidParams,
        body: emptyBody,
        response: { 200: envelopeSchema(ssoRedirectSchema) },
      },
    },
    (req, reply) =>
      finish(req, reply, async ({ provider, client, scopes }) => {
        const accountId = String(req.principal!.adminId)
        const grant = new provider.Grant({ accountId, clientId: client.clientId })
        grant.addOIDCScope(scopes.join(' '))
        const grantId = await grant.save()
        return { login: { accountId, remember: false }, consent: { grantId } }
      }),
  )

  app.post(
    '/api/sso/interaction/:uid/abort',
    {
      config: { access: 'signedIn', audit: '拒绝单点登录授权' },
      schema: {
        tags,
        summary: '拒绝授权：应用收到 access_denied，返回浏览器应跳转的地址',
        params: uidParams,
        body: emptyBody,
        response: { 200: envelopeSchema(ssoRedirectSchema) },
      },
    },
    (req, reply) =>
      finish(req, reply, async () => ({
        error: 'access_denied',
        error_description: 'End-User aborted interaction',
      })),
  )

  // ---- Client registry --------------------------------------------------------------------------------
  const findRow = async (clientId: string) => {
    const [row] = await db.select().from(ssoClient).where(eq(ssoClient.clientId, clientId)).limit(1)
    if (!row) throw new AppError('NOT_FOUND', ssoMessages.notFound)
    return row
  }

  app.get(
    '/api/sso/client/list',
    {
      config: { access: { page: PAGE, action: '查看' } },
      schema: {
        tags,
        summary: '单点登录应用列表',
        response: { 200: envelopeSchema(z.object({ items: z.array(ssoClientSchema), issuer: z.string() })) },
      },
    },
    async () => {
      const rows = await db.select().from(ssoClient).orderBy(asc(ssoClient.createdAt))
      return ok({ items: rows.map(toDto), issuer: `${ctx.config.publicUrl}${OIDC_PREFIX}` })
    },
  )

  app.post(
    '/api/sso/client/create',
    {
      config: { access: { page: PAGE, action: '添加' }, audit: '添加单点登录应用' },
      schema: {
        tags,
        summary: '添加单点登录应用（仅此一次返回 client_secret）',
        body: ssoClientFieldsSchema,
        response: { 200: envelopeSchema(ssoClientWithSecretSchema) },
      },
    },
    async (req) => {
      const { secretBox } = await sso()
      const clientId = newClientId()
      const clientSecret = newClientSecret()
      req.auditInfo.target = `sso_client:${clientId}`
      const [row] = await db
        .insert(ssoClient)
        .values({ clientId, ...req.body, secretEnc: secretBox.seal(clientId, clientSecret) })
        .returning()
      return ok({ client: toDto(row!), clientSecret }, ssoMessages.created)
    },
  )

  app.post(
    '/api/sso/client/update',
    {
      config: { access: { page: PAGE, action: '编辑' }, audit: '编辑单点登录应用' },
      schema: {
        tags,
        summary: '编辑单点登录应用（名称、回调地址、授权范围）',
        body: ssoClientUpdateSchema,
        response: { 200: envelopeSchema(ssoClientSchema) },
      },
    },
    async (req) => {
      const { clientId, ...fields } = req.body
      req.auditInfo.target = `sso_client:${clientId}`
      await findRow(clientId)
      const [row] = await db
        .update(ssoClient)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(ssoClient.clientId, clientId))
        .returning()
      return ok(toDto(row!), ssoMessages.updated)
    },
  )

  app.post(
    '/api/sso/client/state',
    {
      config: { access: { page: PAGE, action: '编辑' }, audit: '启用/禁用单点登录应用' },
      schema: {
        tags,
        summary: '启用或禁用单点登录应用（禁用后应用无法登录、换取令牌或读取用户信息）',
        body: ssoClientStateSchema,
        response: { 200: envelopeSchema(ssoClientSchema) },
      },
    },
    async (req) => {
      const { clientId, enabled } = req.body
      req.auditInfo.target = `sso_client:${clientId}`
      await findRow(clientId)
      const [row] = await db
        .update(ssoClient)
        .set({ enabled, updatedAt: new Date() })
        .where(eq(ssoClient.clientId, clientId))
        .returning()
      return ok(toDto(row!), enabled ? ssoMessages.enabled : ssoMessages.disabled)
    },
  )

  app.post(
    '/api/sso/client/rotateSecret',
    {
      config: { access: { page: PAGE, action: '编辑' }, audit: '重置单点登录应用密钥' },
      schema: {
        tags,
        summary: '重置 client_secret（仅此一次返回新密钥，旧密钥立即失效）',
        body: ssoClientIdBodySchema,
        response: { 200: envelopeSchema(ssoClientWithSecretSchema) },
      },
    },
    async (req) => {
      const { secretBox } = await sso()
      const { clientId } = req.body
      req.auditInfo.target = `sso_client:${clientId}`
      await findRow(clientId)
      const clientSecret = newClientSecret()
      const now = new Date()
      const [row] = await db
        .update(ssoClient)
        .set({ secretEnc: secretBox.seal(clientId, clientSecret), secretRotatedAt: now, updatedAt: now })
        .where(eq(ssoClient.clientId, clientId))
        .returning()
      return ok({ client: toDto(row!), clientSecret }, ssoMessages.rotated)
    },
  )

  app.post(
    '/api/sso/client/delete',
    {
      config: { access: { page: PAGE, action: '删除' }, audit: '删除单点登录应用' },
      schema: {
        tags,
        summary: '删除单点登录应用（并作废其已签发的授权与令牌）',
        body: ssoClientIdBodySchema,
      },
    },
    async (req) => {
      const { clientId } = req.body
      req.auditInfo.target = `sso_client:${clientId}`
      await findRow(clientId)
      await db.transaction(async (tx) => {
        await tx.delete(ssoClient).where(eq(ssoClient.clientId, clientId))
        await forgetClient(tx, clientId)
      })
      return ok(null, ssoMessages.deleted)
    },
  )
}
