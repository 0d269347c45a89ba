import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, contentCount } from '../src/db/schema.ts'
import { ReadCache } from '../src/platform/readCaches.ts'
import { call, engines, login, startTestApp, type TestApp } from './harness.ts'

describe('ReadCache', () => {
  /** A cache on a clock the test sets: `get(key, read, now)` reads at time `now`. */
  const clock = { t: 0, now: () => clock.t }
  const readCache = <V>(ttlMs: number, keep: (v: V) => boolean) => {
    const cache = new ReadCache<V>(ttlMs, keep, clock)
    return {
      get: (key: string, read: () => Promise<V>, now: number) => {
        clock.t = now
        return cache.get(key, read)
      },
      forget: () => cache.forget(),
    }
  }
  const deferred = <V>() => {
    let resolve!: (v: V) => void
    const promise = new Promise<V>((r) => {
      resolve = r
    })
    return { promise, resolve }
  }

  it('shares one read between concurrent misses of a key, and keeps it for the time', async () => {
    const cache = readCache<number>(1000, () => true)
    let reads = 0
    const gate = deferred<number>()
    const read = () => {
      reads++
      return gate.promise
    }
    const both = Promise.all([cache.get('k', read, 0), cache.get('k', read, 0)])
    gate.resolve(7)
    expect(await both).toEqual([7, 7])
    expect(await cache.get('k', read, 999)).toBe(7)
    expect(reads).toBe(1)
    await cache.get('k', async () => 8, 2000).then((v) => expect(v).toBe(8))
  })

  it('past its time answers from the entry while one read renews it, up to twice the time', async () => {
    const cache = readCache<number>(1000, () => true)
    await cache.get('k', async () => 1, 0)
    let reads = 0
    const gate = deferred<number>()
    const read = () => {
      reads++
      return gate.promise
    }
    // Expired: both callers get the old value at once, and one read is under way for both.
    expect(await cache.get('k', read, 1500)).toBe(1)
    expect(await cache.get('k', read, 1600)).toBe(1)
    expect(reads).toBe(1)
    gate.resolve(2)
    await gate.promise
    // The renewed value, kept from the time its read began.
    expect(await cache.get('k', read, 2400)).toBe(2)
    expect(reads).toBe(1)
    // Twice the time past the last read: the caller waits for a fresh one.
    expect(await cache.get('k', async () => 3, 3500)).toBe(3)
  })

  it('a renewal that fails, or finds nothing to keep, leaves no entry to answer from', async () => {
    const cache = readCache<number | undefined>(1000, (v) => v !== undefined)
    await cache.get('k', async () => 1, 0)
    const failed = Promise.reject(new Error('down'))
    failed.catch(() => {})
    expect(await cache.get('k', () => failed, 1500)).toBe(1)
    await new Promise((r) => setTimeout(r))
    expect(await cache.get('k', async () => 4, 1500)).toBe(4)
    // A session revoked elsewhere: the renewal finds no row, and the next caller reads again instead of the old one.
    expect(await cache.get('k', async () => undefined, 2600)).toBe(4)
    await new Promise((r) => setTimeout(r))
    expect(await cache.get('k', async () => undefined, 2600)).toBeUndefined()
  })

  it('a forget during a renewal drops the entry, and the renewal is not kept', async () => {
    const cache = readCache<number>(1000, () => true)
    await cache.get('k', async () => 1, 0)
    const gate = deferred<number>()
    expect(await cache.get('k', () => gate.promise, 1500)).toBe(1)
    cache.forget()
    expect(await cache.get('k', async () => 5, 1500)).toBe(5)
    gate.resolve(9)
    await gate.promise
    expect(await cache.get('k', async () => 6, 1600)).toBe(5)
  })

  it('does not keep, nor share, a read that a forget overlapped', async () => {
    const cache = readCache<number>(1000, () => true)
    const gate = deferred<number>()
    const first = cache.get('k', () => gate.promise, 0)
    cache.forget()
    // After the forget a request reads anew instead of joining the read that began before it.
    expect(await cache.get('k', async () => 2, 0)).toBe(2)
    gate.resolve(1)
    expect(await first).toBe(1)
    expect(await cache.get('k', async () => 3, 0)).toBe(2)
  })

  it('keeps only what `keep` accepts, and forgets a failed read', async () => {
    const cache = readCache<number | undefined>(1000, (v) => v !== undefined)
    expect(await cache.get('k', async () => undefined, 0)).toBeUndefined()
    expect(await cache.get('k', async () => 1, 0)).toBe(1)
    const failing = readCache<number>(1000, () => true)
    await expect(failing.get('k', () => Promise.reject(new Error('x')), 0)).rejects.toThrow('x')
    expect(await failing.get('k', async () => 5, 0)).toBe(5)
  })

  it('when full drops the least recently used entry, not every entry', async () => {
    const cache = readCache<number>(1000, () => true)
    for (let i = 0; i < 10_000; i++) await cache.get(`k${i}`, async () => i, 0)
    expect(await cache.get('k0', async () => -1, 1)).toBe(0)
    await cache.get('one more', async () => 1, 1)
    expect(await cache.get('k0', async () => -1, 2)).toBe(0)
    expect(await cache.get('k2', async () => -1, 2)).toBe(2)
    expect(await cache.get('k1', async () => -1, 2)).toBe(-1)
  })

  it('with no time reads every time', async () => {
    const cache = readCache<number>(0, () => true)
    expect(await cache.get('k', async () => 1, 0)).toBe(1)
    expect(await cache.get('k', async () => 2, 0)).toBe(2)
  })
})

/**
 * The read caches (readCaches.ts, decision 0018): the session lookup and the pending counts are reused between
 * writes for READ_CACHE_MS and forgotten by every write request of the process. A change made outside this
 * process (here: straight in the database) shows once the time is up or after the next write.
 */
describe.each(engines)('read caches (%s)', (engine) => {
  let t: TestApp
  let token: string
  const name = async () => (await call(t.app, 'GET', '/api/user/detail', { token })).body.data.user.realName

  beforeAll(async () => {
    t = await startTestApp(engine, { READ_CACHE_MS: '5000' })
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

  it('a content-engine write keeps the session lookups (it cannot change accounts); any other write forgets them', async () => {
    await name()
    const before = await name()
    await t.database.db.update(admin).set({ realName: '内容写入后' }).where(eq(admin.username, 'admin'))
    const added = await call(t.app, 'POST', '/api/content/add', {
      token,
      body: { kind: 'article', title: '缓存与内容写入', body: '<p>正文</p>' },
    })
    expect(added.body.code, added.body.msg).toBe(0)
    expect(await name()).toBe(before)
    await call(t.app, 'POST', '/api/admin/login', { body: { username: 'nobody', password: 'x' } })
    expect(await name()).toBe('内容写入后')
  })

  it('a session revoked through the API is refused on the very next request', async () => {
    const other = await login(t.app)
    expect((await call(t.app, 'GET', '/api/user/detail', { token: other })).body.code).toBe(0)
    await call(t.app, 'POST', '/api/admin/logout', { token: other })
    const after = await call(t.app, 'GET', '/api/user/detail', { token: other })
    expect(after.res.statusCode).toBe(401)
  })

  it('pending counts are reused until a write request of this process', async () => {
    const counts = async () =>
      (await call(t.app, 'GET', '/api/verify-center/pendingCounts', { token })).body.data.counts[
        '/articleAudit'
      ] as number
    const added = await call(t.app, 'POST', '/api/content/add', {
      token,
      body: { kind: 'article', title: '待审的缓存测试', body: '<p>正文</p>' },
    })
    expect(added.body.code, added.body.msg).toBe(0)
    const submitted = await call(t.app, 'POST', '/api/content/examination', {
      token,
      body: { kind: 'article', ids: [added.body.data.id] },
    })
    expect(submitted.body.code, submitted.body.msg).toBe(0)
    // The submission (a write of this process) forgot the counts: the new item counts at once.
    const pending = await counts()
    expect(pending).toBeGreaterThan(0)
    // Five more pending items counted outside the process: the reused counts do not see them yet.
    const more = (n: number) =>
      t.database.db
        .update(contentCount)
        .set({ n: sql`${contentCount.n} + ${n}` })
        .where(and(eq(contentCount.kind, 'article'), eq(contentCount.verifyState, 3)))
    await more(5)
    try {
      expect(await counts()).toBe(pending)
      // Any write of this process (a failed sign-in) forgets them: read again, the counters' new total.
      await call(t.app, 'POST', '/api/admin/login', { body: { username: 'nobody', password: 'x' } })
      expect(await counts()).toBe(pending + 5)
    } finally {
      await more(-5)
    }
  })

  it('is off with READ_CACHE_MS=0: a change outside the process shows at once', async () => {
    const off = await startTestApp(engine, { READ_CACHE_MS: '0' })
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
