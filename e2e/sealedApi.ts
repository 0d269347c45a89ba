import type { Page } from '@playwright/test'
import {
  createClientCodec,
  ENCRYPT_MARK,
  encryptHeaders,
  isSealedBody,
} from '../packages/domain/src/transport/codec.ts'

/**
 * An API call as the web client makes it, from the test process: the body sealed with the server's published
 * key (the e2e server runs with BODY_ENCRYPTION on), the token taken from the page's `token` cookie when the
 * page is signed in, the response opened. Returns the envelope.
 */
export async function sealedCall(page: Page, method: 'GET' | 'POST', url: string, body?: unknown) {
  const config = (await (await page.request.get('/api/session/config')).json()).data
  const codec = await createClientCodec(config.publicKey, config.kid)
  const sealed = await codec.seal(method, url, method === 'POST' ? (body ?? {}) : undefined)
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value
  const res = await page.request.fetch(url, {
    method,
    headers: {
      ...sealed.headers,
      ...(token ? { 'x-auth-token': decodeURIComponent(token) } : {}),
      ...(sealed.body ? { 'content-type': 'application/json' } : {}),
    },
    data: sealed.body,
  })
  let payload: unknown = await res.json()
  if (res.headers()[encryptHeaders.mark] === ENCRYPT_MARK && isSealedBody(payload))
    payload = await codec.open(sealed.nonce, payload)
  // biome-ignore lint/suspicious/noExplicitAny: specs read whatever shape each call returns
  return payload as { code: number; msg: string; data: any }
}
