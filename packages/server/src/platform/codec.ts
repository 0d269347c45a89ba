import { createCipheriv, createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto'
import {
  CODEC_MAX_SKEW_MS,
  ENCRYPT_MARK,
  encryptHeaders,
  fromBase64Url,
  HKDF_INFO,
  isSealedBody,
  requestAad,
  responseAad,
  type SealedBody,
  toBase64Url,
} from '@moc/domain/transport/codec'
import { AppError } from './errors.ts'

/**
 * The server's half of the encrypted-body codec (format in @moc/domain/transport/codec). Synchronous
 * node:crypto: ECDH once per client key (cached), then AES-256-GCM per message.
 */
export interface ServerKeyPair {
  kid: string
  privateKey: string
  publicKey: string
}

export function generateServerKey(): ServerKeyPair {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    kid: toBase64Url(randomBytes(9)),
    privateKey: toBase64Url(ecdh.getPrivateKey()),
    publicKey: toBase64Url(ecdh.getPublicKey()),
  }
}

export interface MarkedRequest {
  kid: string
  key: string
  ts: string
  nonce: string
}

/** Reads the codec headers; undefined when the request is not marked with 111. */
export function readMark(headers: Record<string, string | string[] | undefined>): MarkedRequest | undefined {
  if (headers[encryptHeaders.mark] !== ENCRYPT_MARK) return undefined
  const get = (name: string) => {
    const v = headers[name]
    if (typeof v !== 'string' || v.length === 0 || v.length > 200) throw new AppError('CRYPTO_MALFORMED')
    return v
  }
  return {
    kid: get(encryptHeaders.kid),
    key: get(encryptHeaders.key),
    ts: get(encryptHeaders.ts),
    nonce: get(encryptHeaders.nonce),
  }
}

export class ServerCodec {
  private readonly ecdh = createECDH('prime256v1')
  private readonly keys = new Map<string, Buffer>()
  private readonly seen = new Map<string, number>()
  private lastPrune = 0

  constructor(
    readonly serverKey: ServerKeyPair,
    private readonly maxSkewMs = CODEC_MAX_SKEW_MS,
  ) {
    this.ecdh.setPrivateKey(Buffer.from(fromBase64Url(serverKey.privateKey)))
  }

  /** The AES key shared with one client public key; LRU-bounded. */
  private keyFor(clientKey: string): Buffer {
    const hit = this.keys.get(clientKey)
    if (hit) return hit
    let secret: Buffer
    try {
      secret = this.ecdh.computeSecret(Buffer.from(fromBase64Url(clientKey)))
    } catch {
      throw new AppError('CRYPTO_MALFORMED')
    }
    const key = Buffer.from(hkdfSync('sha256', secret, this.serverKey.kid, HKDF_INFO, 32))
    if (this.keys.size >= 10_000) this.keys.delete(this.keys.keys().next().value as string)
    this.keys.set(clientKey, key)
    return key
  }

  /** Checks kid, freshness and replay of a marked request. Call once per request. */
  admit(mark: MarkedRequest, now = Date.now()): void {
    if (mark.kid !== this.serverKey.kid) throw new AppError('CRYPTO_KEY_UNKNOWN')
    const ts = Number(mark.ts)
    if (!Number.isSafeInteger(ts) || !/^[A-Za-z0-9_-]{16,64}$/.test(mark.nonce))
      throw new AppError('CRYPTO_MALFORMED')
    if (Math.abs(now - ts) > this.maxSkewMs) throw new AppError('CRYPTO_STALE')
    this.pruneSeen(now)
    if (this.seen.has(mark.nonce)) throw new AppError('CRYPTO_REPLAY')
    this.seen.set(mark.nonce, ts + this.maxSkewMs)
  }

  private pruneSeen(now: number) {
    if (now - this.lastPrune < 10_000) return
    this.lastPrune = now
    for (const [nonce, expiry] of this.seen) if (expiry < now) this.seen.delete(nonce)
  }

  openRequest(mark: MarkedRequest, method: string, url: string, body: unknown): unknown {
    if (!isSealedBody(body)) throw new AppError('CRYPTO_MALFORMED')
    const key = this.keyFor(mark.key)
    let plain: Buffer
    try {
      const iv = Buffer.from(fromBase64Url(body.iv))
      const data = Buffer.from(fromBase64Url(body.c))
      if (iv.length !== 12 || data.length < 16) throw new AppError('CRYPTO_MALFORMED')
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAAD(Buffer.from(requestAad(mark.kid, mark.ts, mark.nonce, method, url)))
      decipher.setAuthTag(data.subarray(data.length - 16))
      plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()])
    } catch (e) {
      if (e instanceof AppError) throw e
      throw new AppError('CRYPTO_TAMPERED')
    }
    try {
      return JSON.parse(plain.toString('utf8'))
    } catch {
      throw new AppError('CRYPTO_MALFORMED')
    }
  }

  sealResponse(mark: MarkedRequest, payload: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.keyFor(mark.key), iv)
    cipher.setAAD(Buffer.from(responseAad(mark.nonce)))
    const c = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final(), cipher.getAuthTag()])
    const sealed: SealedBody = { iv: toBase64Url(iv), c: toBase64Url(c) }
    return JSON.stringify(sealed)
  }
}
