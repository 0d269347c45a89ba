import type { ClientConfig } from '@moc/domain/api/session'
import { HTTP_TIMEOUT_MS } from '@moc/domain/constants'
import {
  type ClientCodec,
  createClientCodec,
  ENCRYPT_MARK,
  encryptHeaders,
  isSealedBody,
} from '@moc/domain/transport/codec'
import type { Envelope } from '@moc/domain/transport/envelope'
import { errorCodes, sessionEndCodes } from '@moc/domain/transport/errorCodes'
import { SCREEN_HEADER } from '@moc/domain/transport/screenHeader'
import { clearSession, getToken } from './session.ts'

/** The API host; empty means same origin. A separate API host works by setting VITE_API_BASE at build time. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? ''

/** The screen a call is made from (SCREEN_HEADER): the operation log names its page for calls of any screen. */
export const screenHeaders = (): Record<string, string> => ({ [SCREEN_HEADER]: window.location.pathname })

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message)
  }
}

let configPromise: Promise<{ config: ClientConfig; codec: ClientCodec | undefined }> | undefined

async function loadConfig() {
  const res = await fetch(`${API_BASE}/api/session/config`)
  const env = (await res.json()) as Envelope<ClientConfig>
  const config = env.data
  // The server's clock minus ours: sealed timestamps are in server time (the replay guard's window).
  const offset = config.serverTime ? config.serverTime - Date.now() : 0
  const codec = config.encryption ? await createClientCodec(config.publicKey, config.kid, offset) : undefined
  return { config, codec }
}

export function clientConfig() {
  configPromise ??= loadConfig().catch((e) => {
    configPromise = undefined
    throw e
  })
  return configPromise
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>
  body?: unknown
  /** Keep the session on 10001006/10002 (used by the login page itself). */
  keepSessionOnExpiry?: boolean
}

function withQuery(url: string, query: RequestOptions['query']) {
  if (!query) return url
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v))
  const qs = params.toString()
  return qs ? `${url}?${qs}` : url
}

/**
 * Session ended (spec §8): drop token and user, go to /login with the server's message. The first
 * session-ending answer wins: other calls still in flight (sent before it, or after it without a token) end too,
 * and must not replace its message (e.g. 账号已被禁用 with 请先登录). The page reloads. The session is cleared
 * without telling the shell: it would route to a bare /login at once, and that same-page navigation can cancel
 * this one in Chromium, losing the message.
 */
let sessionEnding = false

export function endSession(msg: string) {
  if (sessionEnding) return
  sessionEnding = true
  clearSession(false)
  window.location.assign(`/login?errorMsg=${encodeURIComponent(msg)}`)
}

/**
 * One API call: envelope in and out, x-auth-token, every JSON body sealed with the codec (header 111)
 * and the response opened; throws ApiError with the server's Chinese message, or 网络错误.
 */
export async function request<T>(
  method: string,
  url: string,
  opts: RequestOptions = {},
  retried = false,
): Promise<T> {
  const path = withQuery(url, opts.query)
  const { codec } = await clientConfig().catch(() => {
    throw new ApiError(-1, '网络错误')
  })
  const headers: Record<string, string> = screenHeaders()
  const token = getToken()
  if (token) headers['x-auth-token'] = token
  let body: string | undefined
  let nonce: string | undefined
  if (codec) {
    const sealed = await codec.seal(method, path, opts.body)
    Object.assign(headers, sealed.headers)
    body = sealed.body
    nonce = sealed.nonce
  } else if (opts.body !== undefined) body = JSON.stringify(opts.body)
  if (body !== undefined) headers['content-type'] = 'application/json'

  let res: Response
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    })
  } catch {
    throw new ApiError(-1, '网络错误')
  }
  let payload: unknown
  try {
    payload = await res.json()
    if (codec && nonce && res.headers.get(encryptHeaders.mark) === ENCRYPT_MARK && isSealedBody(payload))
      payload = await codec.open(nonce, payload)
  } catch {
    throw new ApiError(res.status, res.statusText || '网络错误')
  }
  const env = payload as Envelope<T>
  if (env.code === 0) return env.data
  if (env.code === errorCodes.CRYPTO_KEY_UNKNOWN.code && !retried) {
    configPromise = undefined
    return request(method, url, opts, true)
  }
  if (sessionEndCodes.includes(env.code) && !opts.keepSessionOnExpiry) endSession(env.msg)
  throw new ApiError(env.code, env.msg, env.data)
}

export const api = {
  get: <T>(url: string, query?: RequestOptions['query']) => request<T>('GET', url, { query }),
  post: <T>(url: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
    request<T>('POST', url, { ...opts, body: body ?? {} }),
}
