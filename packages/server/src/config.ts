import { z } from 'zod'

const bool = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1')

/** Every environment variable the server reads, validated once (README lists the same table). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  BODY_ENCRYPTION: bool.default(true),
  APP_ENV: z.enum(['DEVELOP', 'RELEASE']).default('RELEASE'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
  SESSION_MAX_HOURS: z.coerce.number().positive().default(12),
  READ_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().positive().default(15),
  LOGIN_IP_MAX_FAILURES: z.coerce.number().int().positive().default(30),
  /** Calls to each of sign-in, SMS code, register, password reset per LOGIN_LOCK_MINUTES: per address, per account. */
  AUTH_IP_RATE_LIMIT: z.coerce.number().int().positive().default(200),
  AUTH_ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** /api calls per minute per session (per client address without one); 0: no ceiling. */
  API_RATE_LIMIT: z.coerce.number().int().min(0).default(1200),
  /** Where rate-limit counters live, shared by every instance; unset: in this process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  /** Prefix of this deployment's Redis keys (several deployments may share one Redis). */
  REDIS_PREFIX: z.string().max(100).default('moc:'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  /** The origin users reach the console at; the SSO issuer is `<PUBLIC_URL>/api/oidc`. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) origin' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Base URL of public objects (CDN or bucket URL); default S3_ENDPOINT/S3_BUCKET. */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Lifetime of signed file URLs (spec §9: 900 s). */
  STORAGE_URL_TTL_S: z.coerce.number().int().min(1).max(604_800).default(900),
  /** Largest file `POST /api/upload/file` takes; images are capped at 32 MB by their own rule. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  /** Largest resumable (tus) upload. */
  TUS_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 ** 3),
  /** Background jobs (transcoding) one instance runs at a time; 0: this instance runs none. */
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(1),
  /** Time cap of one external-image re-hosting (`/api/upload/dump`). */
  DUMP_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** `host:port` origins on private addresses the dump may still fetch from (an intranet image server). */
  DUMP_ALLOWED_PRIVATE: z.string().default(''),
  /** Test mode: POST /api/test/clock moves the day of sign-ins and tasks (platform/testClock.ts); never in production. */
  MOC_TEST_CLOCK: bool.default(false),
  NODE_ENV: z.string().optional(),
})

export type Config = {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  adminPassword: string | undefined
  bodyEncryption: boolean
  appEnv: 'DEVELOP' | 'RELEASE'
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  sessionIdleMs: number
  sessionMaxMs: number
  /** How long this process reuses a session lookup or a pending count between writes (0: never). */
  readCacheMs: number
  loginMaxFailures: number
  loginLockMs: number
  loginIpMaxFailures: number
  authIpRateLimit: number
  authAccountRateLimit: number
  /** /api calls per minute per session or address; 0: no ceiling. */
  apiRateLimit: number
  redisUrl: string | undefined
  redisPrefix: string
  bodyLimit: number
  webDist: string | undefined
  trustProxy: boolean
  /** Origin of the console as users reach it (no trailing slash); default http://localhost:PORT. */
  publicUrl: string
  storage:
    | { driver: 'local' }
    | {
        driver: 's3'
        endpoint: string | undefined
        bucket: string
        region: string
        accessKeyId: string
        secretAccessKey: string
        forcePathStyle: boolean
        publicBaseUrl: string | undefined
      }
  storageUrlTtlS: number
  uploadMaxBytes: number
  tusMaxBytes: number
  jobConcurrency: number
  dumpTimeoutMs: number
  dumpAllowedPrivate: string[]
  /** POST /api/test/clock is served (MOC_TEST_CLOCK; refused with NODE_ENV=production). */
  testClock?: boolean
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if (e.STORAGE === 's3' && !(e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY))
    throw new Error(
      'Invalid configuration:\n  STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    )
  if (e.MOC_TEST_CLOCK && e.NODE_ENV === 'production')
    throw new Error(
      'Invalid configuration:\n  MOC_TEST_CLOCK is for test servers and refused with NODE_ENV=production',
    )
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    bodyEncryption: e.BODY_ENCRYPTION,
    appEnv: e.APP_ENV,
    logLevel: e.LOG_LEVEL,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    readCacheMs: e.READ_CACHE_MS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockMs: e.LOGIN_LOCK_MINUTES * 60_000,
    loginIpMaxFailures: e.LOGIN_IP_MAX_FAILURES,
    authIpRateLimit: e.AUTH_IP_RATE_LIMIT,
    authAccountRateLimit: e.AUTH_ACCOUNT_RATE_LIMIT,
    apiRateLimit: e.API_RATE_LIMIT,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    bodyLimit: e.BODY_LIMIT_BYTES,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    storage:
      e.STORAGE === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET as string,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID as string,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            publicBaseUrl: e.S3_PUBLIC_URL,
          }
        : { driver: 'local' },
    storageUrlTtlS: e.STORAGE_URL_TTL_S,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    tusMaxBytes: e.TUS_MAX_BYTES,
    jobConcurrency: e.JOB_CONCURRENCY,
    dumpTimeoutMs: e.DUMP_TIMEOUT_MS,
    dumpAllowedPrivate: e.DUMP_ALLOWED_PRIVATE.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    testClock: e.MOC_TEST_CLOCK,
  }
}
