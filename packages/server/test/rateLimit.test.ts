import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import net from 'node:net'
import { encryptHeaders } from '@moc/domain/transport/codec'
import { errorCodes } from '@moc/domain/transport/errorCodes'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../src/app.ts'
import type { Config } from '../src/config.ts'
import { admin } from '../src/db/schema.ts'
import { GRANTED_PASSWORD, grantedAccount } from './grantedAccount.ts'
import { ADMIN_PASSWORD, browserCodec, call, startTestApp, type TestApp } from './harness.ts'
import { localRedis } from './localRedis.ts'

/** The machine's Redis (CI's too), TEST_REDIS_URL, or one started for this file (localRedis.ts). */
const localStore = await localRedis()
const REDIS_URL = localStore.url
/** This run's keys: every instance gets a prefix under it, and afterAll deletes them all. */
const RUN = `moc-test-${randomUUID()}`
let prefixes = 0

let t: TestApp
/** The test's own connection: to look at the keys and delete them. */
const redis = new Redis(REDIS_URL, { lazyConnect: true, retryStrategy: () => null }).on(
  'error',
  () => undefined,
)
const apps: FastifyInstance[] = []
beforeAll(async () => {
  // The server fails open without Redis; say so here rather than through a limit that did not hold.
  await redis.connect().catch((err: Error) => {
    throw new Error(`these tests need Redis at ${REDIS_URL} (TEST_REDIS_URL): ${err.message}`)
  })
  t = await startTestApp('pglite')
})
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})
/** Redis keys matching `pattern`, found with SCAN (KEYS would block a shared server). */
async function redisKeys(pattern: string): Promise<string[]> {
  const found: string[] = []
  for await (const keys of redis.scanStream({ match: pattern, count: 1000 }))
    found.push(...(keys as string[]))
  return found
}
afterAll(async () => {
  await t?.close()
  const keys = await redisKeys(`${RUN}*`)
  if (keys.length) await redis.del(...keys)
  redis.disconnect()
  await localStore.stop()
})

const limited = (what: string) =>
  expect.objectContaining({ code: errorCodes.RATE_LIMITED.code, msg: `${what}过于频繁，请15分钟后再试` })

describe.each(['memory', 'redis'] as const)('rate limits, counters in %s', (store) => {
  /**
   * Another server instance on the test database: the harness's generous limits with `limits` over them, its
   * counters in this process or in Redis under `prefix` (instances given one prefix share their counts).
   */
  async function instance(limits: Partial<Config>, prefix = `${RUN}-${++prefixes}:`) {
    const config: Config = {
      ...t.config,
      ...(store === 'redis' ? { redisUrl: REDIS_URL, redisPrefix: prefix } : {}),
      ...limits,
    }
    const app = await buildApp({ ...t.ctx, config }, { logger: false, web: false })
    apps.push(app)
    await app.ready()
    return app
  }
  const signIn = (app: FastifyInstance, ip: string, username: string, password = 'Wrong@1234') =>
    call(app, 'POST', '/api/admin/login', { body: { username, password }, ip })
  /** A fresh enabled account (GRANTED_PASSWORD) and a session of it. */
  let accounts = 0
  const account = async () => {
    const username = `rl-${store}-${++accounts}`
    return { username, ...(await grantedAccount(t, username, {})) }
  }

  it('counts sign-ins per address across accounts and sign-in routes', async () => {
    const app = await instance({ authIpRateLimit: 3 })
    const ip = '10.1.0.1'
    expect((await signIn(app, ip, 'ghost-a')).body.code).toBe(errorCodes.LOGIN_FAILED.code)
    expect((await signIn(app, ip, 'ghost-b')).body.code).toBe(errorCodes.LOGIN_FAILED.code)
    const byEmail = await call(app, 'POST', '/api/users/authenticate', {
      body: { email: 'ghost@example.com', password: 'x' },
      ip,
    })
    expect(byEmail.res.statusCode).toBe(401)
    // The right password does not help: the address has used its calls.
    const { res, body } = await signIn(app, ip, 'admin', ADMIN_PASSWORD)
    expect(res.statusCode).toBe(429)
    expect(body).toEqual({
      code: errorCodes.RATE_LIMITED.code,
      msg: '登录尝试过于频繁，请15分钟后再试',
      data: null,
    })
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60)
    expect((await signIn(app, '10.1.0.2', 'admin', ADMIN_PASSWORD)).body.code).toBe(0)
  })

  it('counts sign-ins per account across rotating addresses, whatever the case of the name', async () => {
    const app = await instance({ authAccountRateLimit: 3 })
    const { username } = await account()
    expect((await signIn(app, '10.2.0.1', username)).body.code).toBe(errorCodes.LOGIN_FAILED.code)
    expect((await signIn(app, '10.2.0.2', username)).body.code).toBe(errorCodes.LOGIN_FAILED.code)
    expect((await signIn(app, '10.2.0.3', username, GRANTED_PASSWORD)).body.code).toBe(0)
    const fourth = await signIn(app, '10.2.0.4', username.toUpperCase(), GRANTED_PASSWORD)
    expect([fourth.res.statusCode, fourth.body]).toEqual([429, limited('登录尝试')])
    // Another account from the same address is still served.
    expect((await signIn(app, '10.2.0.4', 'admin', ADMIN_PASSWORD)).body.code).toBe(0)
  })

  it('keeps limiting failed sign-ins per address (LOGIN_IP_MAX_FAILURES); successes do not count', async () => {
    const app = await instance({ loginIpMaxFailures: 2 })
    for (let i = 0; i < 3; i++)
      expect((await signIn(app, '10.3.0.1', 'admin', ADMIN_PASSWORD)).body.code).toBe(0)
    const ip = '10.3.0.2'
    expect((await signIn(app, ip, 'ghost-c')).body.code).toBe(errorCodes.LOGIN_FAILED.code)
    expect((await signIn(app, ip, 'ghost-d')).body.code).toBe(errorCodes.LOGIN_FAILED.code)
    const blocked = await signIn(app, ip, 'admin', ADMIN_PASSWORD)
    expect([blocked.res.statusCode, blocked.body]).toEqual([429, limited('登录尝试')])
    expect((await signIn(app, '10.3.0.3', 'admin', ADMIN_PASSWORD)).body.code).toBe(0)
  })

  it('counts SMS-code sign-ins per account, read from the login ticket', async () => {
    const app = await instance({ authAccountRateLimit: 2 })
    const { username, id } = await account()
    await t.database.db.update(admin).set({ phone: '13900000201', requireSms: true }).where(eq(admin.id, id))
    const first = await signIn(app, '10.4.0.1', username, GRANTED_PASSWORD)
    const ticket = first.body.data.ticket as string
    const code = (ip: string) =>
      call(app, 'POST', '/api/admin/secondaryLogin', { body: { ticket, verifyCode: '000000' }, ip })
    expect((await code('10.4.0.2')).body.code).toBe(errorCodes.VERIFY_CODE_INVALID.code)
    expect((await code('10.4.0.3')).body.code).toBe(errorCodes.VERIFY_CODE_INVALID.code)
    const third = await code('10.4.0.4')
    expect([third.res.statusCode, third.body]).toEqual([429, limited('登录尝试')])
  })

  it('limits SMS codes per phone and per address, over both sendMsg paths', async () => {
    const app = await instance({ authAccountRateLimit: 2, authIpRateLimit: 2 })
    // Unknown account + phone pairs are answered as sent (nothing is), so the limits are all that stops a prober.
    const send = (ip: string, phone: string, url = '/api/admin/user-center/sendMsg') =>
      call(app, 'POST', url, { body: { purpose: 'reset', username: 'nobody', phone }, ip })
    expect((await send('10.5.0.1', '13900000301')).body.code).toBe(0)
    expect(
      (await send('10.5.0.2', '13900000301', '/api/create-platform/user-center/sendMsg')).body.code,
    ).toBe(0)
    const perPhone = await send('10.5.0.3', '13900000301')
    expect([perPhone.res.statusCode, perPhone.body]).toEqual([429, limited('验证码发送')])

    expect((await send('10.5.1.1', '13900000302')).body.code).toBe(0)
    expect((await send('10.5.1.1', '13900000303')).body.code).toBe(0)
    const perAddress = await send('10.5.1.1', '13900000304', '/api/create-platform/user-center/sendMsg')
    expect([perAddress.res.statusCode, perAddress.body]).toEqual([429, limited('验证码发送')])
  })

  it('limits registration per username and per address', async () => {
    const app = await instance({ authAccountRateLimit: 2, authIpRateLimit: 2 })
    const register = (ip: string, username: string) =>
      call(app, 'POST', '/api/users/register', {
        body: {
          username,
          password: 'Editor@2026',
          realName: '注册',
          email: 'r@example.com',
          phone: '13900000401',
        },
        ip,
      })
    expect((await register('10.6.0.1', 'admin')).res.statusCode).toBe(409)
    expect((await register('10.6.0.2', 'ADMIN')).res.statusCode).toBe(409)
    const perName = await register('10.6.0.3', 'admin')
    expect([perName.res.statusCode, perName.body]).toEqual([429, limited('注册')])

    expect((await register('10.6.1.1', `reg-${store}-1`)).body.code).toBe(0)
    expect((await register('10.6.1.1', `reg-${store}-2`)).body.code).toBe(0)
    const perAddress = await register('10.6.1.1', `reg-${store}-3`)
    expect([perAddress.res.statusCode, perAddress.body]).toEqual([429, limited('注册')])
  })

  it('limits password resets per username and per address', async () => {
    const app = await instance({ authAccountRateLimit: 2, authIpRateLimit: 2 })
    const reset = (ip: string, username: string) =>
      call(app, 'POST', '/api/admin/forgot-password', {
        body: { username, phone: '13900000501', verifyCode: '000000', newPassword: 'Reset@2026x' },
        ip,
      })
    expect((await reset('10.7.0.1', 'admin')).body.code).toBe(errorCodes.VERIFY_CODE_INVALID.code)
    expect((await reset('10.7.0.2', 'admin')).body.code).toBe(errorCodes.VERIFY_CODE_INVALID.code)
    const perName = await reset('10.7.0.3', 'admin')
    expect([perName.res.statusCode, perName.body]).toEqual([429, limited('找回密码尝试')])

    expect((await reset('10.7.1.1', 'someone-1')).body.code).toBe(errorCodes.VERIFY_CODE_INVALID.code)
    expect((await reset('10.7.1.1', 'someone-2')).body.code).toBe(errorCodes.VERIFY_CODE_INVALID.code)
    const perAddress = await reset('10.7.1.1', 'someone-3')
    expect([perAddress.res.statusCode, perAddress.body]).toEqual([429, limited('找回密码尝试')])
  })

  it('reads the account from a sealed body, and seals the 429', async () => {
    const app = await instance({ authAccountRateLimit: 1, bodyEncryption: true })
    const codec = await browserCodec(app)
    const sealedSignIn = async (ip: string) => {
      const sealed = await codec.seal('POST', '/api/admin/login', { username: 'sealed-ghost', password: 'x' })
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', ...sealed.headers },
        payload: sealed.body,
      })
      expect(res.headers[encryptHeaders.mark]).toBe('111')
      return { status: res.statusCode, body: await codec.open(sealed.nonce, res.json()) }
    }
    expect(await sealedSignIn('10.8.0.1')).toMatchObject({ status: 401 })
    expect(await sealedSignIn('10.8.0.2')).toEqual({ status: 429, body: limited('登录尝试') })
  })

  it('holds every /api call to a ceiling per session, else per address', async () => {
    const app = await instance({ apiRateLimit: 3 })
    const { token } = await account()
    const detail = (ip: string, as = token) => call(app, 'GET', '/api/user/detail', { token: as, ip })
    // One session from rotating addresses.
    for (const ip of ['10.9.0.1', '10.9.0.2', '10.9.0.3']) expect((await detail(ip)).body.code).toBe(0)
    const { res, body } = await detail('10.9.0.4')
    expect(res.statusCode).toBe(429)
    expect(body).toEqual({ code: errorCodes.RATE_LIMITED.code, msg: expect.any(String), data: null })
    const wait = Number(res.headers['retry-after'])
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60)
    expect(body.msg).toBe(`请求过于频繁，请${wait}秒后再试`)
    // Another session from the same address has its own budget.
    expect((await detail('10.9.0.4', (await account()).token)).body.code).toBe(0)

    // Without a session: per address, and a made-up token opens no new budget.
    const anonymous = (headers: Record<string, string> = {}) =>
      call(app, 'GET', '/api/session/config', { ip: '10.9.1.1', headers })
    for (let i = 0; i < 3; i++) expect((await anonymous()).body.code).toBe(0)
    expect((await anonymous()).res.statusCode).toBe(429)
    expect((await anonymous({ 'x-auth-token': randomUUID() })).res.statusCode).toBe(429)
    expect((await call(app, 'GET', '/api/session/config', { ip: '10.9.1.2' })).body.code).toBe(0)
  })

  it(`counts on one store across instances ${store === 'redis' ? 'sharing Redis' : '(memory: each its own)'}`, async () => {
    const prefix = `${RUN}-shared-${store}:`
    const a = await instance({ authAccountRateLimit: 3 }, prefix)
    const b = await instance({ authAccountRateLimit: 3 }, prefix)
    const { username } = await account()
    for (const [i, app] of [a, b, a].entries())
      expect((await signIn(app, `10.10.0.${i}`, username)).body.code).toBe(errorCodes.LOGIN_FAILED.code)
    // Behind a load balancer, the fourth call is over the limit only when the instances share the count.
    const fourth = await signIn(b, '10.10.0.9', username)
    expect(fourth.body.code).toBe(
      store === 'redis' ? errorCodes.RATE_LIMITED.code : errorCodes.LOGIN_FAILED.code,
    )
    if (store === 'redis')
      expect(await redisKeys(`${prefix}rl:*signIn:account:username:${username}`)).toHaveLength(1)
  })
})

describe('rate limits when Redis is away (fail open)', () => {
  async function instance(redisUrl: string, apiRateLimit: number) {
    const config: Config = { ...t.config, redisUrl, redisPrefix: `${RUN}-${++prefixes}:`, apiRateLimit }
    const app = await buildApp({ ...t.ctx, config }, { logger: false, web: false })
    apps.push(app)
    await app.ready()
    return app
  }
  const config = (app: FastifyInstance) => call(app, 'GET', '/api/session/config', { ip: '10.11.0.1' })

  it('starts and serves while Redis cannot be reached', async () => {
    const app = await instance('redis://127.0.0.1:1', 1)
    for (let i = 0; i < 3; i++) expect((await config(app)).body.code).toBe(0)
  })

  it('serves unlimited while Redis is gone mid-run, and limits again once it is back', async () => {
    // A TCP relay to Redis that the test can cut.
    const redisAt = new URL(REDIS_URL)
    const links = new Set<net.Socket>()
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(redisAt.port || 6379), redisAt.hostname)
      for (const s of [client, upstream]) {
        links.add(s)
        s.on('close', () => links.delete(s))
        s.on('error', () => undefined)
      }
      client.pipe(upstream).pipe(client)
    })
    relay.listen(0, '127.0.0.1')
    await once(relay, 'listening')
    const { port } = relay.address() as net.AddressInfo
    try {
      const app = await instance(`redis://127.0.0.1:${port}`, 2)
      expect((await config(app)).body.code).toBe(0)
      expect((await config(app)).body.code).toBe(0)
      expect((await config(app)).res.statusCode).toBe(429)

      relay.close()
      for (const s of links) s.destroy()
      for (let i = 0; i < 3; i++) expect((await config(app)).body.code).toBe(0)

      relay.listen(port, '127.0.0.1')
      await once(relay, 'listening')
      await vi.waitFor(async () => expect((await config(app)).res.statusCode).toBe(429), { timeout: 10_000 })
    } finally {
      relay.close()
      for (const s of links) s.destroy()
    }
  })
})
