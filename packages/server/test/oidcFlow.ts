import { createHash, randomBytes } from 'node:crypto'
import { expect } from 'vitest'

/** A browser's cookie jar, enough for the provider's path-scoped cookies. */
export class Jar {
  private cookies = new Map<string, { value: string; path: string }>()
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      const path =
        attrs
          .map((a) => a.trim())
          .find((a) => /^path=/i.test(a))
          ?.slice(5) ?? '/'
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === ''
      if (expired) this.cookies.delete(`${name};${path}`)
      else this.cookies.set(`${name};${path}`, { value, path })
    }
  }
  header(url: string) {
    const { pathname } = new URL(url)
    return [...this.cookies.entries()]
      .filter(
        ([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map(([k, c]) => `${k.split(';')[0]}=${c.value}`)
      .join('; ')
  }
  pathOf(name: string) {
    return [...this.cookies.entries()].find(([k]) => k.startsWith(`${name};`))?.[1].path
  }
}

export const b64url = (b: Buffer) => b.toString('base64url')

/**
 * A client app and a browser walking the console's OIDC provider (decision 0005), against a listening test app:
 * `env` gives its origin and the console session that confirms; the client's redirect URI is `${origin}/cb`.
 */
export function oidcFlow(env: () => { origin: string; token: string }) {
  const redirectUri = () => `${env().origin}/cb`
  /** A browser (jar) starting an authorization request; answers the provider's first response. */
  async function authorize(jar: Jar, clientId: string, extra: Record<string, string> = {}) {
    const verifier = b64url(randomBytes(32))
    const params = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid profile',
      redirect_uri: redirectUri(),
      state: 'st-1',
      nonce: 'n-1',
      code_challenge: b64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
      ...extra,
    })
    const url = `${env().origin}/api/oidc/auth?${params}`
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header(url) } })
    jar.store(res)
    return { res, verifier }
  }

  async function get(jar: Jar, url: string) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header(url) } })
    jar.store(res)
    return res
  }

  async function interactionCall(jar: Jar, method: 'GET' | 'POST', path: string, auth = env().token) {
    const url = `${env().origin}${path}`
    const res = await fetch(url, {
      method,
      headers: {
        cookie: jar.header(url),
        'x-auth-token': auth,
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      body: method === 'POST' ? '{}' : undefined,
    })
    return { status: res.status, ...(await res.json()) }
  }

  /** Authorization request → consent page → 同意授权 → back to the client with a code. */
  async function codeFor(clientId: string) {
    const jar = new Jar()
    const { res, verifier } = await authorize(jar, clientId)
    expect(res.status).toBe(303)
    const uid = new URL(res.headers.get('location')!, env().origin).searchParams.get('uid')!
    const confirmed = await interactionCall(jar, 'POST', `/api/sso/interaction/${uid}/confirm`)
    expect(confirmed.code, confirmed.msg).toBe(0)
    const back = await get(jar, confirmed.data.redirectTo)
    expect(back.status).toBe(303)
    const cb = new URL(back.headers.get('location')!)
    expect(`${cb.origin}${cb.pathname}`).toBe(redirectUri())
    return { code: cb.searchParams.get('code')!, verifier, state: cb.searchParams.get('state') }
  }

  async function exchange(clientId: string, secret: string, code: string, verifier: string) {
    const res = await fetch(`${env().origin}/api/oidc/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri(),
        code_verifier: verifier,
      }),
    })
    return { status: res.status, body: (await res.json()) as Record<string, string> }
  }

  return { redirectUri, authorize, get, interactionCall, codeFor, exchange }
}
