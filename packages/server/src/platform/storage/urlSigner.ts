import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Signs `/files/<key>` URLs of the local driver: HMAC-SHA256 over key and expiry. The secret derives from
 * the server key kept in the database, so every instance accepts every other instance's URLs.
 */
export class UrlSigner {
  private readonly secret: Buffer
  constructor(seed: string) {
    this.secret = createHmac('sha256', seed).update('moc:storage-url').digest()
  }

  sign(key: string, expires: number) {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('base64url')
  }

  /** True when `sig` is this server's signature of key+expires and `expires` (unix s) has not passed. */
  verify(key: string, expires: number, sig: string, nowS = Date.now() / 1000) {
    if (!Number.isFinite(expires) || expires < nowS) return false
    const want = Buffer.from(this.sign(key, expires))
    const got = Buffer.from(sig)
    return want.length === got.length && timingSafeEqual(want, got)
  }
}
