import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { registerWeb } from '../src/web.ts'
import { tempWebDists } from './tempWebDist.ts'

describe('console page frame-src (decision 0020)', () => {
  const webDist = tempWebDists()

  it('lets the console frame itself and the configured editor origins, nothing else', async () => {
    const dist = await webDist()
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
