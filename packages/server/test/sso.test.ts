import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationLog, setting, ssoClient } from '../src/db/schema.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'
import { b64url, Jar, oidcFlow } from './oidcFlow.ts'

describe.each(engines)('single sign-on (OIDC provider) on %s', (engine) => {
  let t: TestApp
  let origin: string
  let token: string
  const { redirectUri, authorize, get, interactionCall, codeFor, exchange } = oidcFlow(() => ({
    origin,
    token,
  }))

  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape each route returns
  async function api(method: 'GET' | 'POST', path: string, body?: unknown, auth = token): Promise<any> {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(auth ? { 'x-auth-token': auth } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    })
    return { status: res.status, ...(await res.json()) }
  }

  async function register(fields: Record<string, unknown> = {}) {
    const r = await api('POST', '/api/sso/client/create', {
      name: '云剪辑',
      redirectUris: [redirectUri()],
      scopes: ['openid', 'profile'],
      ...fields,
    })
    expect(r.code, r.msg).toBe(0)
    return r.data as { client: { clientId: string }; clientSecret: string }
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    // What PUBLIC_URL would say; the provider reads it when first used.
    t.ctx.config.publicUrl = origin
    token = await login(t.app)
  })
  afterAll(() => t?.close())

  it('runs the authorization code flow with PKCE end to end', async () => {
    const { client, clientSecret } = await register()
    const jar = new Jar()
    const { res, verifier } = await authorize(jar, client.clientId)
    expect(res.status).toBe(303)
    const consent = new URL(res.headers.get('location')!, origin)
    expect(consent.pathname).toBe('/sso/authorize')
    const uid = consent.searchParams.get('uid')!
    expect(uid).toBeTruthy()
    // The interaction cookie is scoped to the interaction API the consent page calls.
    expect(jar.pathOf('_interaction')).toBe('/api/sso/interaction')

    const details = await interactionCall(jar, 'GET', `/api/sso/interaction/${uid}`)
    expect(details.code, details.msg).toBe(0)
    expect(details.data).toMatchObject({
      uid,
      clientId: client.clientId,
      clientName: '云剪辑',
      scopes: ['openid', 'profile'],
      redirectUri: redirectUri(),
    })

    const confirmed = await interactionCall(jar, 'POST', `/api/sso/interaction/${uid}/confirm`)
    expect(confirmed.code, confirmed.msg).toBe(0)
    expect(confirmed.data.redirectTo).toBe(`${origin}/api/oidc/auth/${uid}`)
    const back = await get(jar, confirmed.data.redirectTo)
    expect(back.status).toBe(303)
    const cb = new URL(back.headers.get('location')!)
    expect(`${cb.origin}${cb.pathname}`).toBe(redirectUri())
    expect(cb.searchParams.get('state')).toBe('st-1')
    expect(cb.searchParams.get('iss')).toBe(`${origin}/api/oidc`)
    const code = cb.searchParams.get('code')!

    const tokens = await exchange(client.clientId, clientSecret, code, verifier)
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200)
    expect(tokens.body.token_type).toBe('Bearer')

    const discovery = await (await fetch(`${origin}/api/oidc/.well-known/openid-configuration`)).json()
    expect(discovery.issuer).toBe(`${origin}/api/oidc`)
    expect(discovery.code_challenge_methods_supported).toEqual(['S256'])
    const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri))
    const { payload, protectedHeader } = await jwtVerify(tokens.body.id_token!, jwks, {
      issuer: `${origin}/api/oidc`,
      audience: client.clientId,
    })
    expect(protectedHeader.alg).toBe('RS256')
    const me = await t.ctx.sessions.authenticate(token)
    expect(payload).toMatchObject({
      sub: String(me.adminId),
      nonce: 'n-1',
      name: 'admin',
      preferred_username: 'admin',
      role_id: 1,
    })

    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.body.access_token}` },
    })
    expect(userinfo.status).toBe(200)
    expect(await userinfo.json()).toEqual({
      sub: String(me.adminId),
      name: 'admin',
      preferred_username: 'admin',
      role_id: 1,
    })

    // A code works once.
    const again = await exchange(client.clientId, clientSecret, code, verifier)
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('invalid_grant')
  })

  it('writes the operation log for registry changes and decisions', async () => {
    const { client, clientSecret } = await register()
    const { code, verifier } = await codeFor(client.clientId)
    expect((await exchange(client.clientId, clientSecret, code, verifier)).status).toBe(200)
    const rows = await t.database.db.select().from(operationLog)
    const of = (action: string) =>
      rows.filter((r) => r.target === `sso_client:${client.clientId}` && r.action === action)
    expect(of('添加单点登录应用')).toHaveLength(1)
    expect(of('添加单点登录应用')[0]).toMatchObject({
      page: '系统-单点登录',
      result: 'success',
      username: 'admin',
    })
    expect(of('同意单点登录授权')).toHaveLength(1)
    // Protocol calls of client apps (token, userinfo) are not console operations: the provider's own replies.
    expect(rows.filter((r) => r.path.startsWith('/api/oidc'))).toEqual([])
  })

  it('keeps its signing keys and secrets in the setting table, client secrets only encrypted', async () => {
    const { client, clientSecret } = await register()
    const [jwksRow] = await t.database.db.select().from(setting).where(eq(setting.key, 'sso.jwks'))
    const stored = (jwksRow!.value as { keys: { kid: string; d?: string }[] }).keys
    const published = (await (await fetch(`${origin}/api/oidc/jwks`)).json()) as {
      keys: { kid: string; d?: string }[]
    }
    expect(published.keys.map((k) => k.kid)).toEqual(stored.map((k) => k.kid))
    expect(published.keys.every((k) => k.d === undefined)).toBe(true)
    const [row] = await t.database.db.select().from(ssoClient).where(eq(ssoClient.clientId, client.clientId))
    expect(row!.secretEnc).not.toContain(clientSecret)
    expect(row!.secretEnc).toMatch(/^v1\./)
    const list = await api('GET', '/api/sso/client/list')
    expect(JSON.stringify(list.data)).not.toContain(clientSecret)
    expect(list.data.items.map((c: { clientId: string }) => c.clientId)).toContain(client.clientId)
  })

  it('refuses a wrong code_verifier and a request without PKCE', async () => {
    const { client, clientSecret } = await register()
    const { code } = await codeFor(client.clientId)
    const wrong = await exchange(client.clientId, clientSecret, code, b64url(randomBytes(32)))
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('invalid_grant')

    const jar = new Jar()
    const { res } = await authorize(jar, client.clientId, { code_challenge: '', code_challenge_method: '' })
    const cb = new URL(res.headers.get('location')!)
    expect(`${cb.origin}${cb.pathname}`).toBe(redirectUri())
    expect(cb.searchParams.get('error')).toBe('invalid_request')
  })

  it('stops accepting the old secret once rotated', async () => {
    const { client, clientSecret } = await register()
    const rotated = await api('POST', '/api/sso/client/rotateSecret', { clientId: client.clientId })
    expect(rotated.code, rotated.msg).toBe(0)
    const fresh = rotated.data.clientSecret as string
    expect(fresh).not.toBe(clientSecret)

    const first = await codeFor(client.clientId)
    const old = await exchange(client.clientId, clientSecret, first.code, first.verifier)
    expect(old.status).toBe(401)
    expect(old.body.error).toBe('invalid_client')
    const second = await codeFor(client.clientId)
    const ok = await exchange(client.clientId, fresh, second.code, second.verifier)
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
  })

  it('refuses a disabled client, and serves it again once enabled', async () => {
    const { client, clientSecret } = await register()
    const pending = await codeFor(client.clientId)
    const off = await api('POST', '/api/sso/client/state', { clientId: client.clientId, enabled: false })
    expect(off.code, off.msg).toBe(0)
    expect(off.data.enabled).toBe(false)

    const { res } = await authorize(new Jar(), client.clientId)
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('invalid_client')
    const refused = await exchange(client.clientId, clientSecret, pending.code, pending.verifier)
    expect(refused.status).toBe(401)
    expect(refused.body.error).toBe('invalid_client')

    await api('POST', '/api/sso/client/state', { clientId: client.clientId, enabled: true })
    const { res: again } = await authorize(new Jar(), client.clientId)
    expect(again.status).toBe(303)
  })

  it('refuses a redirect_uri that is not registered, without redirecting to it', async () => {
    const { client } = await register()
    const { res } = await authorize(new Jar(), client.clientId, { redirect_uri: `${origin}/elsewhere` })
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    expect(await res.text()).toContain('redirect_uri')
  })

  it('sends access_denied back to the client when the user refuses', async () => {
    const { client } = await register()
    const jar = new Jar()
    const { res } = await authorize(jar, client.clientId)
    const uid = new URL(res.headers.get('location')!, origin).searchParams.get('uid')!
    const aborted = await interactionCall(jar, 'POST', `/api/sso/interaction/${uid}/abort`)
    expect(aborted.code, aborted.msg).toBe(0)
    const back = await get(jar, aborted.data.redirectTo)
    const cb = new URL(back.headers.get('location')!)
    expect(`${cb.origin}${cb.pathname}`).toBe(redirectUri())
    expect(cb.searchParams.get('error')).toBe('access_denied')
    expect(cb.searchParams.get('code')).toBeNull()
  })

  it('finishes an interaction only from the browser that started it, for a signed-in user', async () => {
    const { client } = await register()
    const jar = new Jar()
    const { res } = await authorize(jar, client.clientId)
    const uid = new URL(res.headers.get('location')!, origin).searchParams.get('uid')!

    const anonymous = await interactionCall(jar, 'GET', `/api/sso/interaction/${uid}`, '')
    expect(anonymous.status).toBe(401)
    const otherBrowser = await interactionCall(new Jar(), 'POST', `/api/sso/interaction/${uid}/confirm`)
    expect(otherBrowser.status).toBe(404)
    expect(otherBrowser.msg).toBe('授权请求已失效，请重新发起')
    const unknown = await interactionCall(jar, 'GET', '/api/sso/interaction/not-this-one')
    expect(unknown.msg).toBe('授权请求已失效，请重新发起')

    // A resumed request cannot be confirmed twice.
    const confirmed = await interactionCall(jar, 'POST', `/api/sso/interaction/${uid}/confirm`)
    expect(confirmed.code).toBe(0)
    await get(jar, confirmed.data.redirectTo)
    const twice = await interactionCall(jar, 'POST', `/api/sso/interaction/${uid}/confirm`)
    expect(twice.msg).toBe('授权请求已失效，请重新发起')
  })

  it('validates the registry: redirect URIs, scopes, unknown fields, permission', async () => {
    const base = { name: '剪辑工具', redirectUris: ['https://webcut.example.cn/cb'], scopes: ['openid'] }
    expect((await api('POST', '/api/sso/client/create', base)).code).toBe(0)
    for (const uri of [
      'http://webcut.example.cn/cb',
      'https://x.example.cn/cb#frag',
      'webcut/cb',
      'javascript:alert(1)',
    ]) {
      const r = await api('POST', '/api/sso/client/create', { ...base, redirectUris: [uri] })
      expect(r.status, uri).toBe(422)
    }
    expect(
      (await api('POST', '/api/sso/client/create', { ...base, redirectUris: ['http://localhost:5173/cb'] }))
        .code,
    ).toBe(0)
    expect((await api('POST', '/api/sso/client/create', { ...base, scopes: ['profile'] })).msg).toBe(
      '授权范围必须包含 openid',
    )
    expect(
      (await api('POST', '/api/sso/client/create', { ...base, scopes: ['openid', 'email'] })).status,
    ).toBe(422)
    const extra = await api('POST', '/api/sso/client/create', { ...base, clientSecret: 'mine' })
    expect(extra.status).toBe(422)
    expect((await api('GET', '/api/sso/client/list', undefined, '')).status).toBe(401)

    const { client } = await register()
    const edited = await api('POST', '/api/sso/client/update', {
      clientId: client.clientId,
      name: '云剪辑（新）',
      redirectUris: [redirectUri(), 'https://yunjian.example.cn/cb'],
      scopes: ['openid', 'profile', 'offline_access'],
    })
    expect(edited.code, edited.msg).toBe(0)
    expect(edited.data).toMatchObject({
      name: '云剪辑（新）',
      scopes: ['openid', 'profile', 'offline_access'],
    })
    const missing = await api('POST', '/api/sso/client/update', { ...base, clientId: 'moc-nope' })
    expect(missing.status).toBe(404)

    const deleted = await api('POST', '/api/sso/client/delete', { clientId: client.clientId })
    expect(deleted.code).toBe(0)
    const { res } = await authorize(new Jar(), client.clientId)
    expect(res.status).toBe(400)
  })
})

describe('single sign-on with encrypted bodies required', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', { BODY_ENCRYPTION: 'on', PUBLIC_URL: 'https://ops.example.cn/' })
  })
  afterAll(() => t?.close())

  it('leaves the provider endpoints to plain OAuth, under the security headers', async () => {
    const discovery = await t.app.inject({ method: 'GET', url: '/api/oidc/.well-known/openid-configuration' })
    expect(discovery.statusCode).toBe(200)
    expect(discovery.json().issuer).toBe('https://ops.example.cn/api/oidc')
    expect(discovery.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(discovery.headers['x-content-type-options']).toBe('nosniff')
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/oidc/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('moc-unknown:secret').toString('base64')}`,
      },
      payload:
        'grant_type=authorization_code&code=x&code_verifier=y&redirect_uri=https%3A%2F%2Fa.example.cn%2Fcb',
    })
    expect(token.statusCode).toBe(401)
    expect(token.json().error).toBe('invalid_client')
  })
})
