/**
 * Load benchmark: the built server (npm run build first) on loopback, 50 connections, for
 * {PGlite, PostgreSQL} × {encryption on, off}: sign-in (POST /api/admin/login) and an authenticated
 * GET (/api/user/detail); plus start-up time on existing data and the server's resident memory.
 * Usage: npm run bench [-- --duration 10 --connections 50 --engine postgres]   (PostgreSQL when BENCH_DATABASE_URL or
 * the local server at 127.0.0.1:5432 is reachable; a fresh database is created and dropped).
 */

import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createClientCodec, encryptHeaders } from '@moc/domain/transport/codec'
import { cpuMeter } from './lib/cpu.ts'
import { load as loadWith, type RequestParts } from './lib/load.ts'
import { freshPgDatabase } from './lib/pg.ts'
import { base, rssMb, startServer as start, stop } from './lib/server.ts'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    engine: { type: 'string' }, // pglite or postgres: only that one
  },
})
const opts = { duration: Number(args.duration), connections: Number(args.connections) }
const PASSWORD = 'Bench-Admin@2026'
const startServer = (env: Record<string, string>) => start({ ADMIN_PASSWORD: PASSWORD, ...env })

/** Pre-sealed requests: the codec needs a fresh nonce per request (replays are refused). */
async function sealedRequests(
  encrypted: boolean,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  n: number,
) {
  const env = (await (await fetch(`${base}/api/session/config`)).json()) as {
    data: { kid: string; publicKey: string }
  }
  const codec = encrypted ? await createClientCodec(env.data.publicKey, env.data.kid) : undefined
  const out: { headers: Record<string, string>; body?: string }[] = []
  for (let i = 0; i < n; i++) {
    if (!codec) out.push({ headers: {}, ...(body ? { body: JSON.stringify(body) } : {}) })
    else {
      const s = await codec.seal(method, path, body)
      out.push({ headers: s.headers, ...(s.body ? { body: s.body } : {}) })
    }
  }
  return out
}

/**
 * A bodiless GET's seal is only headers: the client key, the time and a fresh nonce, made as each request
 * leaves (as the browser does), so timestamps are current and the server's replay guard sees real traffic.
 */
async function sealedGets(encrypted: boolean, path: string) {
  const [template] = await sealedRequests(encrypted, 'GET', path, undefined, 1)
  return (_i: number): RequestParts =>
    encrypted
      ? {
          headers: {
            ...template!.headers,
            [encryptHeaders.ts]: String(Date.now()),
            [encryptHeaders.nonce]: randomBytes(16).toString('base64url'),
          },
        }
      : {}
}

/** A pool of pre-sealed requests, reused round-robin (a reuse is a replay, which the server refuses). */
async function load(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  pool: RequestParts[],
) {
  const r = await loadWith(method, path, headers, (i) => pool[i % pool.length]!, opts)
  if (r.sent > pool.length)
    console.warn(`  (pool of ${pool.length} sealed requests reused: replays were refused)`)
  return r
}

async function runEngine(engine: 'pglite' | 'postgres', databaseUrl?: string) {
  const rows: Record<string, unknown>[] = []
  for (const encrypted of [false, true]) {
    const dataDir = mkdtempSync(join(tmpdir(), 'moc-bench-'))
    const env = {
      DATA_DIR: dataDir,
      BODY_ENCRYPTION: encrypted ? 'on' : 'off',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }
    const first = await startServer(env)
    await stop(first)
    const server = await startServer(env) // ready time on existing data
    const pid = server.proc.pid!
    const login = { username: 'admin', password: PASSWORD }
    const [seed] = await sealedRequests(false, 'POST', '/api/admin/login', login, 1)
    const plainLogin = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: seed!.body,
    })
    let token: string
    if (encrypted) {
      const env2 = (await (await fetch(`${base}/api/session/config`)).json()) as {
        data: { kid: string; publicKey: string }
      }
      const codec = await createClientCodec(env2.data.publicKey, env2.data.kid)
      const s = await codec.seal('POST', '/api/admin/login', login)
      const res = await fetch(`${base}/api/admin/login`, {
        method: 'POST',
        headers: { ...s.headers, 'content-type': 'application/json' },
        body: s.body,
      })
      token = ((await codec.open(s.nonce, await res.json())) as { data: { token: string } }).data.token
    } else token = ((await plainLogin.json()) as { data: { token: string } }).data.token

    const loginPool = await sealedRequests(encrypted, 'POST', '/api/admin/login', login, 3000)
    const loginResult = await load('POST', '/api/admin/login', {}, loginPool)
    const nextGet = await sealedGets(encrypted, '/api/user/detail')
    const cpu = cpuMeter(pid, databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined)
    const getResult = await loadWith('GET', '/api/user/detail', { 'x-auth-token': token }, nextGet, opts)
    const { serverMs, dbMs } = cpu()
    rows.push({
      engine,
      encryption: encrypted ? 'on' : 'off',
      'ready ms (existing data)': Math.round(server.readyMs),
      'login req/s': loginResult.rps,
      'login p99 ms': loginResult.p99,
      'GET req/s': getResult.rps,
      'GET p99 ms': getResult.p99,
      // CPU per GET: what encryption costs the server itself, apart from the load generator's share of the cores
      'GET server µs': Math.round((serverMs * 1000) / Math.max(1, getResult.sent)),
      'GET db µs': databaseUrl ? Math.round((dbMs * 1000) / Math.max(1, getResult.sent)) : '',
      'non-2xx': loginResult.non2xx + getResult.non2xx,
      'RSS MB (end)': rssMb(pid, 'VmRSS'),
      'peak RSS MB': rssMb(pid, 'VmHWM'),
    })
    await stop(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
  return rows
}

const all = args.engine === 'postgres' ? [] : await runEngine('pglite')
const pgA = args.engine === 'pglite' ? undefined : freshPgDatabase()
if (pgA) {
  try {
    all.push(...(await runEngine('postgres', pgA.url)))
  } finally {
    pgA.drop()
  }
} else console.warn('PostgreSQL not reachable: PGlite only')
console.log(
  `\n${opts.connections} connections, ${opts.duration} s per run, node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`,
)
console.table(all)
