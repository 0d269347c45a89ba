import { createCipheriv } from 'node:crypto'

/**
 * Seals a reply into the codec's envelope `{"iv","c"}` (c = AES-256-GCM ciphertext ‖ 16-byte tag, both
 * base64url, which needs no JSON escaping) with node:crypto, as DESIGN §3 asks: no addon of our own
 * (decision 0031 replaced decision 0026's native sealer).
 */
export function sealEnvelope(key: Buffer, iv: Buffer, aad: Buffer, plain: Buffer): string {
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(aad)
  const c = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
  return `{"iv":"${iv.toString('base64url')}","c":"${c.toString('base64url')}"}`
}
