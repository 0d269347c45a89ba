import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomFillSync } from 'node:crypto'
import {
  CODEC_MAX_SKEW_MS,
  ENCRYPT_MARK,
  encryptHeaders,
  fromBase64Url,
  HKDF_INFO,
  isSealedBody,
  requestAad,
  responseAad,
  toBase64Url,
} from '@moc/domain/transport/codec'
import { sealEnvelope } from './aeadSeal.ts'
import { AppError } from './errors.ts'
import { ReplayGuard } from './replayGuard.ts'

/**
 * The server's half of the encrypted-body codec (format in @moc/domain/transport/codec). Synchronous:
 * ECDH once per client key (cached), then AES-256-GCM per message through node:crypto (replies sealed by
 * aeadSeal.ts). Base64url through Buffer's native codec and IVs cut from a random pool: sealing a response
 * was half an encrypted GET's cost with the shared JavaScript base64 loop and a randomBytes call per reply.
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

const BASE64URL = /^[A-Za-z0-9_-]*$/
const bytesOf = (text: string) => {
  if (!BASE64URL.test(text)) throw new AppError('CRYPTO_MALFORMED')
  return Buffer.from(text, 'base64url')
}

/**
 * 12-byte IVs cut from a 12 KB random pool (one getrandom call per 1,024 replies); a view, valid until the
 * pool is refilled 1,023 replies later — the sealer reads it at once.
 */
const ivPool = Buffer.allocUnsafe(12 * 1024)
let ivAt = ivPool.length
function nextIv(): Buffer {
  if (ivAt === ivPool.length) {
    randomFillSync(ivPool)
    ivAt = 0
  }
  ivAt += 12
  return ivPool.subarray(ivAt - 12, ivAt)
}

export class ServerCodec {
  private readonly ecdh = createECDH('prime256v1')
  private readonly keys = new Map<string, Buffer>()
  private readonly replays: ReplayGuard

  constructor(
    readonly serverKey: ServerKeyPair,
    maxSkewMs = CODEC_MAX_SKEW_MS,
  ) {
    this.ecdh.setPrivateKey(Buffer.from(fromBase64Url(serverKey.privateKey)))
    this.replays = new ReplayGuard(maxSkewMs)
  }

  /** The AES key shared with one client public key; LRU-bounded. */
  private keyFor(clientKey: string): Buffer {
    const hit = this.keys.get(clientKey)
    if (hit) return hit
    let secret: Buffer
    try {
      secret = this.ecdh.computeSecret(bytesOf(clientKey))
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
    const verdict = this.replays.admit(mark.nonce, ts, now)
    if (verdict === 'stale') throw new AppError('CRYPTO_STALE')
    if (verdict === 'replay') throw new AppError('CRYPTO_REPLAY')
  }

  openRequest(mark: MarkedRequest, method: string, url: string, body: unknown): unknown {
    if (!isSealedBody(body)) throw new AppError('CRYPTO_MALFORMED')
    const key = this.keyFor(mark.key)
    const iv = bytesOf(body.iv)
    const data = bytesOf(body.c)
    if (iv.length !== 12 || data.length < 16) throw new AppError('CRYPTO_MALFORMED')
    let plain: Buffer
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAAD(Buffer.from(requestAad(mark.kid, mark.ts, mark.nonce, method, url)))
      decipher.setAuthTag(data.subarray(data.length - 16))
      plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()])
    } catch {
      throw new AppError('CRYPTO_TAMPERED')
    }
    try {
      return JSON.parse(plain.toString('utf8'))
    } catch {
      throw new AppError('CRYPTO_MALFORMED')
    }
  }

  /** The sealed reply `{"iv","c"}`. */
  sealResponse(mark: MarkedRequest, payload: string): string {
    return sealEnvelope(
      this.keyFor(mark.key),
      nextIv(),
      Buffer.from(responseAad(mark.nonce)),
      Buffer.from(payload),
    )
  }
}
