import { createDecipheriv, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sealEnvelope } from '../src/platform/aeadSeal.ts'

/** Opens an envelope as the browser does: base64url `iv`, `c` = ciphertext ‖ 16-byte tag. */
function open(envelope: string, key: Buffer, aad: Buffer) {
  const { iv, c } = JSON.parse(envelope) as { iv: string; c: string }
  const data = Buffer.from(c, 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAAD(aad)
  decipher.setAuthTag(data.subarray(data.length - 16))
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()])
}

describe('AEAD sealer (node:crypto)', () => {
  it('writes {"iv","c"} in base64url that opens to the same bytes, for every length and for non-ASCII text', () => {
    for (const n of [0, 1, 2, 3, 4, 15, 16, 17, 31, 32, 33, 1000, 70_000]) {
      const key = randomBytes(32)
      const iv = randomBytes(12)
      const aad = Buffer.from(`moc1|res|${randomBytes(16).toString('base64url')}`)
      const plain = Buffer.from('审核通过 ok '.repeat(n).slice(0, n))
      const envelope = sealEnvelope(key, iv, aad, plain)
      expect(envelope).toMatch(/^\{"iv":"[A-Za-z0-9_-]{16}","c":"[A-Za-z0-9_-]*"\}$/)
      expect(JSON.parse(envelope).iv).toBe(iv.toString('base64url'))
      expect(Buffer.from(JSON.parse(envelope).c, 'base64url').length).toBe(plain.length + 16)
      expect(open(envelope, key, aad)).toEqual(plain)
    }
  })

  it('binds the additional data: another AAD does not open it', () => {
    const key = randomBytes(32)
    const envelope = sealEnvelope(key, randomBytes(12), Buffer.from('moc1|res|a'), Buffer.from('{}'))
    expect(() => open(envelope, key, Buffer.from('moc1|res|b'))).toThrow()
  })

  it('refuses a key or IV of the wrong size', () => {
    const ok = [randomBytes(32), randomBytes(12), Buffer.from('aad'), Buffer.from('{}')] as const
    expect(() => sealEnvelope(randomBytes(16), ok[1], ok[2], ok[3])).toThrow()
    expect(() => sealEnvelope(ok[0], Buffer.alloc(0), ok[2], ok[3])).toThrow()
  })
})
