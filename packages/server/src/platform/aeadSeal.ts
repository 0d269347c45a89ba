import { createCipheriv } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

/**
 * Seals a reply into the codec's envelope `{"iv","c"}` (c = AES-256-GCM ciphertext ‖ 16-byte tag, both
 * base64url, which needs no JSON escaping).
 */
export type Sealer = (key: Buffer, iv: Buffer, aad: Buffer, plain: Buffer) => string

/** node:crypto: a Cipheriv object, and its native context, per message. */
export const sealEnvelopeNode: Sealer = (key, iv, aad, plain) => {
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(aad)
  const c = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
  return `{"iv":"${iv.toString('base64url')}","c":"${c.toString('base64url')}"}`
}

/**
 * The same in one call of the addon `native/aead.c` (built by `npm ci`, against the OpenSSL node exports):
 * no object per message, so an encrypted GET costs the server about 15 % more than a plain one instead of a
 * third (decision 0026). Undefined when the addon was not built (no compiler): node:crypto serves then.
 */
export const sealEnvelopeNative: Sealer | undefined = (() => {
  // From src/platform (tests, tsx), dist/ (the bundle) or dist/chunks/.
  for (const rel of ['../../build/Release/aead.node', '../build/Release/aead.node']) {
    const url = new URL(rel, import.meta.url)
    if (existsSync(url))
      return (createRequire(import.meta.url)(fileURLToPath(url)) as { sealEnvelope: Sealer }).sealEnvelope
  }
  return undefined
})()

/** The sealer AEAD_IMPL asks for: `native` when the addon is there (else node:crypto), or `node`. */
export const sealerFor = (impl: 'native' | 'node'): { seal: Sealer; name: 'native' | 'node' } =>
  impl === 'native' && sealEnvelopeNative
    ? { seal: sealEnvelopeNative, name: 'native' }
    : { seal: sealEnvelopeNode, name: 'node' }
