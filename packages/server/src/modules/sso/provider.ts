import { ssoMessages } from '@moc/domain/api/sso'
import { eq } from 'drizzle-orm'
import type Provider from 'oidc-provider'
import type { Configuration, errors, KoaContextWithOIDC } from 'oidc-provider'
import { ADMIN_STATE, admin } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { drizzleAdapter } from './adapter.ts'
import { loadSsoKeys, type SecretBox } from './keys.ts'

/** Where the provider is mounted; the issuer is `<PUBLIC_URL>/api/oidc`. */
export const OIDC_PREFIX = '/api/oidc'
/** The console's consent page (spec §2 public route). */
export const CONSENT_PAGE = '/sso/authorize'
/**
 * Path of the provider's short-lived interaction cookie. The provider would scope it to the interaction
 * URL's path (/sso/authorize), which the consent page's API calls never send; configured short-cookie
 * options take precedence over that default, so it is scoped to the interaction API instead.
 */
export const INTERACTION_COOKIE_PATH = '/api/sso/interaction'

export interface Sso {
  provider: Provider
  secretBox: SecretBox
  errors: typeof errors
}

/** oidc-provider (and koa under it) is loaded on the first SSO request: most instances never serve one. */
const oidc = () => import('oidc-provider')

/**
 * Every authorization goes through the console's consent page: the provider's own session cookie may
 * outlive (or belong to someone other than) the console session, so it never signs anyone in by itself.
 * The request continues once the page has resolved the interaction (`result.login`).
 */
function policy({ base, Check }: Awaited<ReturnType<typeof oidc>>['interactionPolicy']) {
  const prompts = base()
  prompts
    .get('login')!
    .checks.add(
      new Check('console_confirmation', 'the console user confirms every authorization', (ctx) =>
        ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
    )
  return prompts
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Errors the provider cannot send back to a client (unknown client, bad redirect_uri, expired request). */
function renderError(
  ctx: KoaContextWithOIDC,
  out: { error: string; error_description?: string | undefined },
) {
  ctx.type = 'html'
  const message = out.error === 'session_not_found' ? ssoMessages.interactionGone : '授权请求无效'
  ctx.body = `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>单点登录</title></head><body><h1>${message}</h1><p>${escapeHtml(out.error)}${out.error_description ? `: ${escapeHtml(out.error_description)}` : ''}</p><p><a href="/">返回后台首页</a></p></body></html>`
}

export async function createSso(ctx: Ctx): Promise<Sso> {
  const { db } = ctx.database
  const { default: Provider, interactionPolicy, errors } = await oidc()
  const keys = await loadSsoKeys(db)

  const configuration: Configuration = {
    adapter: drizzleAdapter(db, keys.secretBox),
    jwks: keys.jwks as Configuration['jwks'],
    cookies: {
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', path: OIDC_PREFIX },
      short: { httpOnly: true, sameSite: 'lax', path: INTERACTION_COOKIE_PATH },
    },
    scopes: ['openid', 'profile', 'offline_access'],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'role_id'] },
    // Clients read profile claims from the ID token as well as from userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 3600,
      IdToken: 3600,
      Interaction: 3600,
      // The provider's session lasts no longer than a console session may.
      Session: Math.round(ctx.config.sessionMaxMs / 1000),
      RefreshToken: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: false },
    },
    interactions: {
      policy: policy(interactionPolicy),
      url: (_ctx, interaction) => `${CONSENT_PAGE}?uid=${encodeURIComponent(interaction.uid)}`,
    },
    // Browser-based clients may call the token and userinfo endpoints from their registered origins.
    clientBasedCORS: (_ctx, origin, client) =>
      (client.redirectUris ?? []).some((uri) => new URL(uri).origin === origin),
    async findAccount(_ctx, id) {
      if (!/^\d{1,9}$/.test(id)) return undefined
      const [row] = await db
        .select({ id: admin.id, username: admin.username, roleId: admin.roleId, state: admin.state })
        .from(admin)
        .where(eq(admin.id, Number(id)))
        .limit(1)
      if (!row || row.state !== ADMIN_STATE.enabled) return undefined
      return {
        accountId: String(row.id),
        claims: () => ({
          sub: String(row.id),
          name: row.username,
          preferred_username: row.username,
          role_id: row.roleId,
        }),
      }
    },
    renderError,
  }

  const provider = new Provider(`${ctx.config.publicUrl}${OIDC_PREFIX}`, configuration)
  provider.proxy = ctx.config.trustProxy
  return { provider, secretBox: keys.secretBox, errors }
}
