import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sealEnvelopeNative, sealEnvelopeNode, sealerFor } from '../src/platform/aeadSeal.ts'

// `npm ci` builds the addon; AEAD_IMPL=node in the environment runs the suite where it cannot be built.
const native = process.env.AEAD_IMPL === 'node' ? undefined : sealEnvelopeNative

describe('AEAD sealers: the native addon and node:crypto', () => {
  it.skipIf(process.env.AEAD_IMPL === 'node')('the addon is built and chosen by default', () => {
    expect(sealEnvelopeNative).toBeTypeOf('function')
    expect(sealerFor('native').name).toBe('native')
    expect(sealerFor('node').name).toBe('node')
  })

  it.runIf(native)('writes the same envelope byte for byte, for every length and for non-ASCII text', () => {
    const kept = randomBytes(32) // the addon keeps its key schedule while the key repeats
    for (const n of [0, 1, 2, 3, 4, 15, 16, 17, 31, 32, 33, 1000, 70_000]) {
      const key = n % 2 ? kept : randomBytes(32)
      const iv = randomBytes(12)
      const aad = Buffer.from(`moc1|res|${randomBytes(16).toString('base64url')}`)
      const plain = Buffer.from('审核通过 ok '.repeat(n).slice(0, n))
      expect(native!(key, iv, aad, plain)).toBe(sealEnvelopeNode(key, iv, aad, plain))
    }
  })

  it.runIf(native)('refuses a key or IV of the wrong size and arguments that are not buffers', () => {
    const ok = [randomBytes(32), randomBytes(12), Buffer.from('aad'), Buffer.from('{}')] as const
    expect(() => native!(randomBytes(16), ok[1], ok[2], ok[3])).toThrow(TypeError)
    expect(() => native!(ok[0], randomBytes(16), ok[2], ok[3])).toThrow(TypeError)
    expect(() => native!(ok[0], ok[1], ok[2], '{}' as unknown as Buffer)).toThrow(TypeError)
  })
})
