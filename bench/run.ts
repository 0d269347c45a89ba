/**
 * Load benchmark: the built server (npm run build first) on loopback, 50 connections, for
 * {PGlite, PostgreSQL} × {encryption on, off}: sign-in (POST /api/admin/login) and an authenticated
 * GET (/api/user/detail); plus start-up time on existing data and the server's resident memory.
 * Usage: npm run bench [-- --duration 10 --connections 50 --rounds 3 --engine postgres]   (PostgreSQL when BENCH_DATABASE_URL or
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
import { PORT, rssMb, startServer as start, stop } from './lib/server.ts'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    engine: { type: 'string' }, // pglite or postgres: only that one
    rounds: { type: 'string', default: '3' }, // GET rounds per encryption mode, alternating
  },
})
const opts = { duration: Number(args.duration), connections: Number(args.connections) }
const rounds = Number(args.rounds)
const PASSWORD = 'Bench-Admin@2026'
const startServer = (env: Record<string, string>, port: number) =>
  start({ ADMIN_PASSWORD: PASSWORD, ...env }, port)

/** Pre-sealed requests: the codec needs a fresh nonce per request (replays are refused). */
async function sealedRequests(
  url: string,
  encrypted: boolean,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  n: number,
) {
  const env = (await (await fetch(`${url}/api/session/config`)).json()) as {
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
async function sealedGets(url: string, encrypted: boolean, path: string) {
  const [template] = await sealedRequests(url, encrypted, 'GET', path, undefined, 1)
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
  url: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  pool: RequestParts[],
) {
  const r = await loadWith(method, path, headers, (i) => pool[i % pool.length]!, { ...opts, url })
  if (r.sent > pool.length)
    console.warn(`  (pool of ${pool.length} sealed requests reused: replays were refused)`)
  return r
}

/** Signs in (sealing the body when the server requires it) and returns the session token. */
async function signIn(url: string, encrypted: boolean) {
  const login = { username: 'admin', password: PASSWORD }
  if (!encrypted) {
    const res = await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(login),
    })
    return ((await res.json()) as { data: { token: string } }).data.token
  }
  const env = (await (await fetch(`${url}/api/session/config`)).json()) as {
    data: { kid: string; publicKey: string }
  }
  const codec = await createClientCodec(env.data.publicKey, env.data.kid)
  const s = await codec.seal('POST', '/api/admin/login', login)
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { ...s.headers, 'content-type': 'application/json' },
    body: s.body,
  })
  return ((await codec.open(s.nonce, await res.json())) as { data: { token: string } }).data.token
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!

/**
 * Both servers (encryption off and on) run side by side on their own ports and data; sign-in is loaded on
 * each in turn, then the GET in alternating rounds (off, on, off, on, …) and each figure is the median of its
 * rounds — on a shared virtual machine one 10 s run of each moved the encryption's share between 0 and 40 %.
 */
async function runEngine(engine: 'pglite' | 'postgres', databaseUrl?: string) {
  const modes = [false, true].map((encrypted, k) => ({
    encrypted,
    port: PORT + k,
    dataDir: mkdtempSync(join(tmpdir(), 'moc-bench-')),
    rounds: [] as { rps: number; p99: number; serverUs: number; dbUs: number; loadUs: number }[],
  }))
  const rows: Record<string, unknown>[] = []
  const servers = []
  for (const m of modes) {
    const env = {
      DATA_DIR: m.dataDir,
      BODY_ENCRYPTION: m.encrypted ? 'on' : 'off',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }
    await stop(await startServer(env, m.port))
    const server = await startServer(env, m.port) // ready time on existing data
    const token = await signIn(server.url, m.encrypted)
    const loginPool = await sealedRequests(
      server.url,
      m.encrypted,
      'POST',
      '/api/admin/login',
      { username: 'admin', password: PASSWORD },
      3000,
    )
    const login = await load(server.url, 'POST', '/api/admin/login', {}, loginPool)
    servers.push({
      m,
      server,
      token,
      login,
      nextGet: await sealedGets(server.url, m.encrypted, '/api/user/detail'),
    })
  }
  for (let round = 0; round < rounds; round++)
    for (const { m, server, token, nextGet } of servers) {
      const cpu = cpuMeter(server.proc.pid!, databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined)
      const loadCpu0 = process.cpuUsage()
      const r = await loadWith('GET', '/api/user/detail', { 'x-auth-token': token }, nextGet, {
        ...opts,
        url: server.url,
      })
      const { serverMs, dbMs } = cpu()
      const loadCpu = process.cpuUsage(loadCpu0)
      const per = (ms: number) => Math.round((ms * 1000) / Math.max(1, r.sent))
      if (r.non2xx)
        console.warn(`  ${r.non2xx} non-2xx GET replies (encryption ${m.encrypted ? 'on' : 'off'})`)
      m.rounds.push({
        rps: r.rps,
        p99: r.p99,
        serverUs: per(serverMs),
        dbUs: per(dbMs),
        loadUs: Math.round((loadCpu.user + loadCpu.system) / Math.max(1, r.sent)),
      })
    }
  for (const { m, server, login } of servers) {
    const pid = server.proc.pid!
    const of = (k: keyof (typeof m.rounds)[number]) => median(m.rounds.map((r) => r[k]))
    rows.push({
      engine,
      encryption: m.encrypted ? 'on' : 'off',
      'ready ms (existing data)': Math.round(server.readyMs),
      'login req/s': login.rps,
      'login p99 ms': login.p99,
      'GET req/s': of('rps'),
      'GET p99 ms': of('p99'),
      // CPU per GET: what encryption costs the server itself, apart from the load generator's share of the cores
      'GET server µs': of('serverUs'),
      'GET db µs': databaseUrl ? of('dbUs') : '',
      // the load generator's own CPU per GET: near 1 s per second it, not the server, sets the pace
      'GET load µs': of('loadUs'),
      'non-2xx': login.non2xx,
      'RSS MB (end)': rssMb(pid, 'VmRSS'),
      'peak RSS MB': rssMb(pid, 'VmHWM'),
    })
    await stop(server)
    rmSync(m.dataDir, { recursive: true, force: true })
  }
  const [off, on] = modes.map((m) => m.rounds)
  const share = (k: 'rps' | 'serverUs') =>
    k === 'rps'
      ? 1 - median(on!.map((r) => r.rps)) / median(off!.map((r) => r.rps))
      : 1 - median(off!.map((r) => r.serverUs)) / median(on!.map((r) => r.serverUs))
  console.log(
    `${engine}: encryption costs ${(100 * share('rps')).toFixed(0)} % of the GET's req/s, ` +
      `${(100 * share('serverUs')).toFixed(0)} % of its server CPU (medians of ${rounds} rounds; per round, on/off req/s: ` +
      `${on!.map((r, i) => (r.rps / off![i]!.rps).toFixed(2)).join(' ')})`,
  )
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
