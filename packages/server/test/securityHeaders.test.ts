import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, engines, login, startTestApp, type TestApp } from './harness.ts'

describe.each(engines.slice(0, 1))('security headers (%s)', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(engine)
  }, 60_000)
  afterAll(() => t?.close())

  it('API answers carry a fixed policy that allows nothing to load or frame them', async () => {
    const token = await login(t.app)
    for (const url of ['/api/session/config', '/api/user/detail', '/api/no-such-call']) {
      const { res } = await call(t.app, 'GET', url, { token })
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'")
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['strict-transport-security'], url).toContain('max-age=')
      expect(res.headers['referrer-policy'], url).toBe('no-referrer')
    }
  })

  it('no browser or proxy keeps an API answer (ASVS 8.2.1), signed in or not, refused or not', async () => {
    const token = await login(t.app)
    for (const [url, opts] of [
      ['/api/user/detail', { token }],
      ['/api/user/detail', {}],
      ['/api/content/list?kind=article', { token }],
      ['/api/no-such-call', { token }],
    ] as const) {
      const { res } = await call(t.app, 'GET', url, opts)
      expect(res.headers['cache-control'], url).toBe('no-store')
    }
  })
})
