import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin } from '../src/db/schema.ts'
import { call, engines, login, startTestApp, type TestApp } from './harness.ts'

/**
 * The session lookup cache (sessions.ts, decision 0018): reused between writes for SESSION_CACHE_MS, forgotten by
 * every write request of the process. A change made outside this process (here: straight in the database) shows
 * once the time is up or after the next write.
 */
describe.each(engines)('session lookup cache (%s)', (engine) => {
  let t: TestApp
  let token: string
  const name = async () => (await call(t.app, 'GET', '/api/user/detail', { token })).body.data.user.realName

  beforeAll(async () => {
    t = await startTestApp(engine, { SESSION_CACHE_MS: '5000' })
    token = await login(t.app)
  })
  afterAll(() => t?.close())

  it('reuses a lookup until a write request of this process, which forgets it', async () => {
    // The sign-in's own end (a write) may forget the cache while the first read is under way, so that read may not
    // be kept: the second one is.
    await name()
    const before = await name()
    await t.database.db.update(admin).set({ realName: '缓存外改名' }).where(eq(admin.username, 'admin'))
    // Read again within the time: the account as it was looked up.
    expect(await name()).toBe(before)
    // Any write (here a failed sign-in) forgets every cached lookup: the next request reads the database.
    await call(t.app, 'POST', '/api/admin/login', { body: { username: 'nobody', password: 'x' } })
    expect(await name()).toBe('缓存外改名')
  })

  it('a session revoked through the API is refused on the very next request', async () => {
    const other = await login(t.app)
    expect((await call(t.app, 'GET', '/api/user/detail', { token: other })).body.code).toBe(0)
    await call(t.app, 'POST', '/api/admin/logout', { token: other })
    const after = await call(t.app, 'GET', '/api/user/detail', { token: other })
    expect(after.res.statusCode).toBe(401)
  })

  it('is off with SESSION_CACHE_MS=0: a change outside the process shows at once', async () => {
    const off = await startTestApp(engine, { SESSION_CACHE_MS: '0' })
    try {
      const offToken = await login(off.app)
      await off.database.db.update(admin).set({ realName: '即时改名' }).where(eq(admin.username, 'admin'))
      const detail = await call(off.app, 'GET', '/api/user/detail', { token: offToken })
      expect(detail.body.data.user.realName).toBe('即时改名')
    } finally {
      await off.close()
    }
  })
})
