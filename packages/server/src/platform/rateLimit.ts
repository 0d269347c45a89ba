import { once } from 'node:events'
import { setTimeout as delay } from 'node:timers/promises'
import rateLimit, { normalizeIP } from '@fastify/rate-limit'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify'
import { Redis } from 'ioredis'
import type { Config } from '../config.ts'
import { AppError } from './errors.ts'

/** The account-facing calls limited per client address and per account (docs/decisions/0030). */
export type AuthGroup = 'signIn' | 'smsCode' | 'register' | 'passwordReset'

/** What the 429 message says is too frequent, per group. */
const groupWords: Record<AuthGroup, string> = {
  signIn: '登录尝试',
  smsCode: '验证码发送',
  register: '注册',
  passwordReset: '找回密码尝试',
}

export interface AuthLimit {
  group: AuthGroup
  /** The account the call is about, from the validated body (`user:<name>`, `phone:<n>`…); undefined: none. */
  account: (req: FastifyRequest) => string | undefined
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counts the call per client address and per account (rateLimit.ts). */
    authLimit?: AuthLimit
  }
}

const address = (req: FastifyRequest) => normalizeIP(req.ip)

/** A wait as the messages say it: seconds up to a minute, else whole minutes. */
const waitText = (seconds: number) =>
  seconds <= 60 ? `${Math.max(1, seconds)}秒` : `${Math.ceil(seconds / 60)}分钟`

/** The 429 envelope (RATE_LIMITED) with the wait in its message and in Retry-After. */
function tooMany(reply: FastifyReply, seconds: number, what = '请求'): AppError {
  reply.header('retry-after', Math.max(1, seconds))
  return new AppError('RATE_LIMITED', `${what}过于频繁，请${waitText(seconds)}后再试`)
}

/**
 * @fastify/rate-limit with its counters in Redis when REDIS_URL is set (shared by every instance), else in this
 * process (an LRU per limit). Adds the per-session ceiling on /api and the per-address and per-account limits of
 * routes declaring `config.authLimit`. A Redis that cannot be reached skips the limits (fail open, logged): the
 * database's account lockout and SMS cooldown still hold. Register before the routes, after the guard.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    redis: config.redisUrl ? await connectRedis(app, config.redisUrl) : undefined,
    nameSpace: `${config.redisPrefix}rl:`,
    skipOnError: true,
  })
  const hooks: { onRequest?: onRequestAsyncHookHandler; preHandler: preHandlerAsyncHookHandler } = {
    preHandler: authLimitHook(app, config),
  }
  if (config.apiRateLimit > 0) hooks.onRequest = apiCeiling(app, config.apiRateLimit)
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return
    if (hooks.onRequest) route.onRequest = [...[route.onRequest ?? []].flat(), hooks.onRequest]
    if (route.config?.authLimit) route.preHandler = [...[route.preHandler ?? []].flat(), hooks.preHandler]
  })
}

/**
 * At most `max` /api calls a minute per session, or per client address for calls without one. A route's own
 * onRequest hook runs after the guard's, so `req.principal` is the checked session: a made-up token does not
 * open a fresh budget, and the raw token never reaches the store (its hash does).
 */
function apiCeiling(app: FastifyInstance, max: number): onRequestAsyncHookHandler {
  const check = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (req) =>
      req.principal
        ? `api:session:${req.principal.tokenHash}`
        : req.appUser
          ? `api:app:${req.appUser.tokenHash}`
          : `api:address:${address(req)}`,
  })
  return async (req, reply) => {
    const limit = await check(req)
    if (!limit.isAllowed && limit.isExceeded) throw tooMany(reply, limit.ttlInSeconds)
  }
}

/**
 * Sign-in, SMS code, register and password reset: AUTH_IP_RATE_LIMIT calls per address and AUTH_ACCOUNT_RATE_LIMIT
 * per account per LOGIN_LOCK_MINUTES, each group counted on its own. Runs once the body is opened and validated.
 * A call refused for its address does not count against the account, so one address cannot lock an account out.
 */
function authLimitHook(app: FastifyInstance, config: Config): preHandlerAsyncHookHandler {
  const limitOf = (req: FastifyRequest) => req.routeOptions.config.authLimit as AuthLimit
  const perAddress = app.createRateLimit({
    max: config.authIpRateLimit,
    timeWindow: config.loginLockMs,
    keyGenerator: (req) => `${limitOf(req).group}:address:${address(req)}`,
  })
  const perAccount = app.createRateLimit({
    max: config.authAccountRateLimit,
    timeWindow: config.loginLockMs,
    keyGenerator: (req) => `${limitOf(req).group}:account:${limitOf(req).account(req)}`,
  })
  return async (req, reply) => {
    const words = groupWords[limitOf(req).group]
    const byAddress = await perAddress(req)
    if (!byAddress.isAllowed && byAddress.isExceeded) throw tooMany(reply, byAddress.ttlInSeconds, words)
    if (limitOf(req).account(req) === undefined) return
    const byAccount = await perAccount(req)
    if (!byAccount.isAllowed && byAccount.isExceeded) throw tooMany(reply, byAccount.ttlInSeconds, words)
  }
}

/** Failed sign-ins per client address (LOGIN_IP_MAX_FAILURES per LOGIN_LOCK_MINUTES), in the limits' store. */
export interface SignInFailures {
  /** Throws the 429 while the address has used up its failures. */
  check(req: FastifyRequest, reply: FastifyReply): Promise<void>
  add(req: FastifyRequest): Promise<void>
}

export function signInFailures(app: FastifyInstance, config: Config): SignInFailures {
  const failures = app.createRateLimit({
    max: config.loginIpMaxFailures,
    timeWindow: config.loginLockMs,
    keyGenerator: (req) => `signIn:failures:${address(req)}`,
  })
  return {
    async check(req, reply) {
      // A peek: only failures count. Blocked once `max` failures are in the window (a store error reads as none).
      const seen = await failures(req, { increment: false })
      if (!seen.isAllowed && seen.remaining === 0) throw tooMany(reply, seen.ttlInSeconds, groupWords.signIn)
    },
    async add(req) {
      await failures(req)
    },
  }
}

/**
 * The limits' Redis connection. Commands fail at once while it is away instead of queueing (the limits are then
 * skipped), and a slow Redis holds a request at most `commandTimeout`. An outage and the recovery are logged once.
 * Under load, the counts of calls arriving together go to Redis in one write (auto-pipelining).
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
    commandTimeout: 500,
  })
  let down = false
  redis.on('error', (err: Error) => {
    if (down) return
    down = true
    app.log.warn(
      { err: err.message },
      'rate limits: Redis unreachable, calls are not limited until it is back',
    )
  })
  redis.on('ready', () => {
    if (!down) return
    down = false
    app.log.info('rate limits: Redis reachable again')
  })
  app.addHook('onClose', async () => redis.disconnect())
  // The first calls are counted once connected; a Redis that is down does not hold the start for long.
  const stop = new AbortController()
  const { signal } = stop
  await Promise.race([
    once(redis, 'ready', { signal }),
    once(redis, 'error', { signal }),
    delay(2000, undefined, { signal, ref: false }),
  ])
    .catch(() => undefined)
    .finally(() => stop.abort())
  return redis
}
