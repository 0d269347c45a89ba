/**
 * Encrypted bodies (spec §7 "header value 111", DESIGN.md §6), the browser side and the shared format.
 *
 * Key agreement: the server publishes a long-lived P-256 ECDH public key (`kid` names it); the client
 * makes an ephemeral key pair per page load. Both derive an AES-256-GCM key with
 * HKDF-SHA256(ECDH secret, salt = kid, info = 'moc-body-v1'). Every marked request carries the client
 * public key, a timestamp and a nonce in headers; its body (if any) is `{iv, c}`. The additional data
 * binds the ciphertext to kid, timestamp, nonce, method and URL, so a body cannot be moved to another
 * call; the response is sealed with the same key and bound to the request's nonce.
 * The server keeps the same format with node:crypto (packages/server/src/platform/codec.ts).
 */
export const ENCRYPT_MARK = '111'
export const encryptHeaders = {
  mark: 'x-encrypt',
  kid: 'x-encrypt-kid',
  key: 'x-encrypt-key',
  ts: 'x-encrypt-ts',
  nonce: 'x-encrypt-nonce',
} as const
/** Requests older or newer than this (ms) are refused as stale. */
export const CODEC_MAX_SKEW_MS = 5 * 60 * 1000
export const HKDF_INFO = 'moc-body-v1'

export interface SealedBody {
  iv: string
  c: string
}

export const requestAad = (kid: string, ts: string, nonce: string, method: string, url: string) =>
  `moc1|req|${kid}|${ts}|${nonce}|${method.toUpperCase()} ${url}`
export const responseAad = (nonce: string) => `moc1|res|${nonce}`

const enc = new TextEncoder()
const dec = new TextDecoder()

export function toBase64Url(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('invalid base64url')
  const b = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const out = new Uint8Array(b.length)
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i)
  return out
}

export function isSealedBody(value: unknown): value is SealedBody {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return typeof v.iv === 'string' && typeof v.c === 'string'
}

const subtle = () => globalThis.crypto.subtle

async function deriveAesKey(privateKey: CryptoKey, peerPublicRaw: Uint8Array<ArrayBuffer>, kid: string) {
  const peer = await subtle().importKey(
    'raw',
    peerPublicRaw,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  )
  const secret = await subtle().deriveBits({ name: 'ECDH', public: peer }, privateKey, 256)
  const hkdf = await subtle().importKey('raw', secret, 'HKDF', false, ['deriveKey'])
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: enc.encode(kid), info: enc.encode(HKDF_INFO) },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

export interface SealedRequest {
  headers: Record<string, string>
  body?: string
  nonce: string
}

/** The client's half: one per page load and server key. */
export interface ClientCodec {
  kid: string
  seal(method: string, url: string, body: unknown, now?: number): Promise<SealedRequest>
  open(nonce: string, body: SealedBody): Promise<unknown>
}

/**
 * `clockOffsetMs`: the server's clock minus this one's (from the start-up configuration's serverTime), so
 * timestamps are in the server's time and a client whose clock is off is not refused as stale.
 */
export async function createClientCodec(
  serverPublicKey: string,
  kid: string,
  clockOffsetMs = 0,
): Promise<ClientCodec> {
  const pair = (await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ])) as CryptoKeyPair
  const key = await deriveAesKey(pair.privateKey, fromBase64Url(serverPublicKey), kid)
  const publicRaw = toBase64Url(new Uint8Array(await subtle().exportKey('raw', pair.publicKey)))

  return {
    kid,
    async seal(method, url, body, now = Date.now() + clockOffsetMs) {
      const nonce = toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(16)))
      const ts = String(now)
      const headers: Record<string, string> = {
        [encryptHeaders.mark]: ENCRYPT_MARK,
        [encryptHeaders.kid]: kid,
        [encryptHeaders.key]: publicRaw,
        [encryptHeaders.ts]: ts,
        [encryptHeaders.nonce]: nonce,
      }
      if (body === undefined) return { headers, nonce }
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(12))
      const c = await subtle().encrypt(
        { name: 'AES-GCM', iv, additionalData: enc.encode(requestAad(kid, ts, nonce, method, url)) },
        key,
        enc.encode(JSON.stringify(body)),
      )
      const sealed: SealedBody = { iv: toBase64Url(iv), c: toBase64Url(new Uint8Array(c)) }
      return { headers, body: JSON.stringify(sealed), nonce }
    },
    async open(nonce, body) {
      const plain = await subtle().decrypt(
        { name: 'AES-GCM', iv: fromBase64Url(body.iv), additionalData: enc.encode(responseAad(nonce)) },
        key,
        fromBase64Url(body.c),
      )
      return JSON.parse(dec.decode(plain))
    },
  }
}
