import type { AddressInfo } from 'node:net'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { call, engines, login, startTestApp, type TestApp } from './harness.ts'
import { Jar, oidcFlow } from './oidcFlow.ts'

/** /webcut and /yunjian: their addresses in the `tools` system setting, the launch call, 云剪辑's SSO hand-off. */
describe.each(engines)('external tools (%s)', (engine) => {
  let t: TestApp
  let origin: string
  let superToken: string
  let user: { id: number; token: string }
  const flow = oidcFlow(() => ({ origin, token: user.token }))
  const save = (value: unknown, token = superToken) =>
    call(t.app, 'POST', '/api/setting/update', { token, body: { key: 'tools', value } })
  const launch = (tool: string, token = user.token) =>
    call(t.app, 'GET', `/api/tools/launch?tool=${tool}`, { token })
  const tools = (over: Record<string, string>) => ({
    webcutUrl: '',
    yunjianUrl: '',
    yunjianSsoClientId: '',
    ...over,
  })

  beforeAll(async () => {
    t = await startTestApp(engine)
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    t.ctx.config.publicUrl = origin
    superToken = await login(t.app)
    // Any signed-in account opens the tools (spec §6: webcut and yunjian need no permission).
    user = await grantedAccount(t, 'clipEditor', powerOf({ '内容-文章': ['查看'] }))
  })
  afterAll(() => t?.close())

  it('answers null until configured, then the address', async () => {
    const before = await launch('webcut')
    expect(before.body.code, before.body.msg).toBe(0)
    expect(before.body.data).toEqual({ url: null })
    expect((await save(tools({ webcutUrl: ' https://clip.example.com/editor ' }))).body.code).toBe(0)
    expect((await launch('webcut')).body.data).toEqual({ url: 'https://clip.example.com/editor' })
    expect((await launch('yunjian')).body.data).toEqual({ url: null })
    expect((await launch('other')).res.statusCode).toBe(422)
  })

  it('takes http and https addresses only, from super admins only', async () => {
    for (const bad of [
      'javascript:alert(1)',
      'ftp://files.example.com/',
      '/webcut',
      'https://u:p@clip.example.com/',
    ])
      expect((await save(tools({ webcutUrl: bad }))).body.msg, bad).toBe(
        '地址须以 http:// 或 https:// 开头，且不含用户名和密码',
      )
    expect((await save(tools({ yunjianUrl: 'http://edit.intranet.local:8080/' }))).body.code).toBe(0)
    const refused = await save(tools({ webcutUrl: 'https://clip.example.com/' }), user.token)
    expect(refused.res.statusCode).toBe(403)
    const unknownKey = await save({ ...tools({}), extra: 'x' })
    expect(unknownKey.res.statusCode).toBe(422)
  })

  it('hands 云剪辑 its sign-in through the console SSO (OIDC login initiated by a third party)', async () => {
    const created = await call(t.app, 'POST', '/api/sso/client/create', {
      token: superToken,
      body: { name: '云剪辑', redirectUris: [flow.redirectUri()], scopes: ['openid', 'profile'] },
    })
    const { client, clientSecret } = created.body.data as {
      client: { clientId: string }
      clientSecret: string
    }
    // The client must exist, be enabled and own the address's origin.
    expect(
      (await save(tools({ yunjianUrl: `${origin}/login`, yunjianSsoClientId: 'moc-none' }))).body.msg,
    ).toBe('所选单点登录应用不存在或已禁用')
    expect(
      (
        await save(
          tools({ yunjianUrl: 'https://other.example.com/login', yunjianSsoClientId: client.clientId }),
        )
      ).body.msg,
    ).toBe('云剪辑地址须与所选单点登录应用的某个回调地址同源')
    expect(
      (await save(tools({ yunjianUrl: `${origin}/login?app=edit`, yunjianSsoClientId: client.clientId })))
        .body.code,
    ).toBe(0)

    const opened = await launch('yunjian')
    const url = new URL(opened.body.data.url)
    expect(`${url.origin}${url.pathname}`).toBe(`${origin}/login`)
    expect(url.searchParams.get('app')).toBe('edit')
    expect(url.searchParams.get('iss')).toBe(`${origin}/api/oidc`)
    expect(url.searchParams.get('login_hint')).toBe('clipEditor')

    // The tool, as its login endpoint would: an authorization request at `iss` with the hint, confirmed on the
    // console's consent page by the account signed in there; the ID token names that account.
    const discovery = await (
      await fetch(`${url.searchParams.get('iss')}/.well-known/openid-configuration`)
    ).json()
    expect(discovery.authorization_endpoint).toBe(`${origin}/api/oidc/auth`)
    const jar = new Jar()
    const { res, verifier } = await flow.authorize(jar, client.clientId, { login_hint: 'clipEditor' })
    expect(res.status).toBe(303)
    const uid = new URL(res.headers.get('location')!, origin).searchParams.get('uid')!
    const confirmed = await flow.interactionCall(jar, 'POST', `/api/sso/interaction/${uid}/confirm`)
    expect(confirmed.code, confirmed.msg).toBe(0)
    const back = await flow.get(jar, confirmed.data.redirectTo)
    const code = new URL(back.headers.get('location')!).searchParams.get('code')!
    const tokens = await flow.exchange(client.clientId, clientSecret, code, verifier)
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200)
    expect(decodeJwt(tokens.body.id_token!)).toMatchObject({
      sub: String(user.id),
      preferred_username: 'clipEditor',
    })

    // A disabled client stops the hand-off with a message instead of a sign-in that would fail.
    await call(t.app, 'POST', '/api/sso/client/state', {
      token: superToken,
      body: { clientId: client.clientId, enabled: false },
    })
    const off = await launch('yunjian')
    expect(off.res.statusCode).toBe(409)
    expect(off.body.msg).toContain('云剪辑的单点登录应用不存在或已禁用')
  })
})
