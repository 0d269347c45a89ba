import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { registerWeb } from '../src/web.ts'

describe('console page frame-src (decision 0020)', () => {
  const dirs: string[] = []
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))

  it('lets the console frame itself and the configured editor origins, nothing else', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'moc-web-'))
    dirs.push(dist)
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>x</title>')
    let origins = ['https://xiumi.us', 'https://v.qq.com']
    const app = Fastify()
    app.addHook('onRequest', async (_req, reply) => {
      reply.header('content-security-policy', "default-src 'self'")
    })
    await registerWeb(app, dist, async () => origins)
    for (const url of ['/', '/content/article'])
      expect((await app.inject({ url })).headers['content-security-policy']).toBe(
        "default-src 'self';frame-src 'self' https://xiumi.us https://v.qq.com",
      )
    origins = []
    expect((await app.inject({ url: '/' })).headers['content-security-policy']).toBe(
      "default-src 'self';frame-src 'self'",
    )
    await app.close()
  })
})
