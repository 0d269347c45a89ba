import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { precompressDir } from '../../web/precompress.ts'
import { registerWeb } from '../src/web.ts'
import { tempWebDists } from './tempWebDist.ts'

/** The web build's compressed variants (packages/web/precompress.ts), sent as the browser accepts them. */
describe('static assets', () => {
  const webDist = tempWebDists()

  it('sends brotli or gzip variants to browsers that accept them, the file itself to others', async () => {
    const dist = await webDist()
    await mkdir(join(dist, 'assets'))
    const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'第${i}行'`).join(',')}]\n`
    await writeFile(join(dist, 'assets', 'app-1a2b.js'), script)
    await writeFile(join(dist, 'assets', 'tiny-3c4d.js'), 'export {}\n')
    await writeFile(join(dist, 'assets', 'logo-5e6f.png'), Buffer.alloc(4096))
    const made = await precompressDir(dist)
    expect(made.files).toBe(1)
    expect(made.brotliBytes).toBeLessThan(made.bytes / 4)

    const app = Fastify()
    await registerWeb(app, dist)
    const get = (url: string, encoding?: string) =>
      app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} })
    const br = await get('/assets/app-1a2b.js', 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script)
    const gz = await get('/assets/app-1a2b.js', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script)
    const plain = await get('/assets/app-1a2b.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
    // Too small to gain, or compressed already: sent as they are.
    expect((await get('/assets/tiny-3c4d.js', 'br')).headers['content-encoding']).toBeUndefined()
    const png = await get('/assets/logo-5e6f.png', 'br')
    expect(png.headers['content-encoding']).toBeUndefined()
    expect(png.rawPayload).toEqual(await readFile(join(dist, 'assets', 'logo-5e6f.png')))
    await app.close()
  })
})
