import { randomBytes } from 'node:crypto'
import { createClientCodec } from '@moc/domain/transport/codec'
import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { buildApp } from '../src/app.ts'
import { bootstrap } from '../src/bootstrap.ts'
import { type Config, loadConfig } from '../src/config.ts'
import { type Database, openDatabase } from '../src/db/client.ts'
import { smsOutbox } from '../src/db/schema.ts'
import { type Ctx, createContext } from '../src/platform/context.ts'

export const ADMIN_PASSWORD = 'Admin@12345'

/** The engines every integration test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const engines: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite']

/** A fresh database on the PostgreSQL server named by TEST_DATABASE_URL, dropped by `dropDatabase`. */
async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!)
  const name = `moc_t_${randomBytes(6).toString('hex')}`
  const adminClient = new pg.Client({ connectionString: base.toString() })
  await adminClient.connect()
  await adminClient.query(`create database ${name}`)
  await adminClient.end()
  const url = new URL(base.toString())
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base.toString() })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

export interface TestApp {
  app: FastifyInstance
  ctx: Ctx
  database: Database
  config: Config
  close(): Promise<void>
}

export async function startTestApp(
  engine: 'pglite' | 'postgres',
  env: Record<string, string> = {},
): Promise<TestApp> {
  const pgdb = engine === 'postgres' ? await createPgDatabase() : undefined
  const config = loadConfig({
    DATA_DIR: 'memory://',
    BODY_ENCRYPTION: 'off',
    LOG_LEVEL: 'silent',
    // Every test call comes from one address and mostly one account: limits far above what a file makes
    // (rateLimit.test.ts sets its own). LOGIN_IP_MAX_FAILURES keeps its default (auth.test.ts uses it).
    AUTH_IP_RATE_LIMIT: '100000',
    AUTH_ACCOUNT_RATE_LIMIT: '100000',
    API_RATE_LIMIT: '1000000',
    ...env,
  })
  config.databaseUrl = pgdb?.url
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  await database.migrate()
  await bootstrap(database.db, ADMIN_PASSWORD)
  const ctx = await createContext(config, database)
  const app = await buildApp(ctx, { logger: false, web: false })
  await app.ready()
  return {
    app,
    ctx,
    database,
    config,
    async close() {
      await app.close()
      await database.close()
      await pgdb?.drop()
    },
  }
}

export type Json = Record<string, unknown>

/** A plaintext API call (BODY_ENCRYPTION off in tests unless a test turns it on). */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string } = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape each route returns
): Promise<{ res: LightMyRequestResponse; body: { code: number; msg: string; data: any } }> {
  const res = await app.inject({
    method,
    url,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { ...(opts.token ? { 'x-auth-token': opts.token } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { payload: opts.body as Json } : {}),
  })
  return { res, body: res.json() }
}

export async function login(
  app: FastifyInstance,
  username = 'admin',
  password = ADMIN_PASSWORD,
): Promise<string> {
  const { body } = await call(app, 'POST', '/api/admin/login', { body: { username, password } })
  if (body.code !== 0) throw new Error(`login failed: ${body.msg}`)
  return body.data.token as string
}

/** The newest code the outbox SMS provider "sent" to a phone. */
export async function lastSmsCode(database: Database, phone: string): Promise<string> {
  const [row] = await database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(1)
  const code = row?.content.match(/验证码为(\d{6})/)?.[1]
  if (!code) throw new Error(`no code sent to ${phone}`)
  return code
}

/** A browser-side codec talking to this app, as the web client does. */
export async function browserCodec(app: FastifyInstance) {
  const { body } = await call(app, 'GET', '/api/session/config')
  return createClientCodec(body.data.publicKey, body.data.kid)
}
