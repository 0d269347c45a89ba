/**
 * Where the server's resident memory goes, by phase: started (idle), after a sign-in storm (argon2id, 19 MiB
 * per hash), after a GET load, and 3 s later; anonymous memory (heaps) apart from file-backed (code).
 * Usage: npm run build && npm run bench:memory   (PostgreSQL on 127.0.0.1:5432; BENCH_NODE_ARGS to compare
 * node options, e.g. "--max-semi-space-size=4"; npm start's own options apply as in every bench)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { load } from './lib/load.ts'
import { freshPgDatabase } from './lib/pg.ts'
import { base, startServer, stop } from './lib/server.ts'

const PASSWORD = 'Bench-Admin@2026'
const pg = freshPgDatabase()
if (!pg) throw new Error('this benchmark needs PostgreSQL (BENCH_DATABASE_URL or 127.0.0.1:5432)')
const dataDir = mkdtempSync(join(tmpdir(), 'moc-memory-'))
const server = await startServer({
  DATA_DIR: dataDir,
  BODY_ENCRYPTION: 'off',
  DATABASE_URL: pg.url,
  ADMIN_PASSWORD: PASSWORD,
})
const rows: Record<string, unknown>[] = []
const sample = (phase: string) => {
  const r = readFileSync(`/proc/${server.proc.pid}/smaps_rollup`, 'utf8')
  const mb = (k: string) => Math.round(Number(r.match(new RegExp(`^${k}:\\s+(\\d+)`, 'm'))?.[1]) / 1024)
  rows.push({
    phase,
    'RSS MB': mb('Rss'),
    'anonymous MB': mb('Anonymous'),
    'file MB': mb('Rss') - mb('Anonymous'),
  })
}
try {
  sample('started')
  const login = JSON.stringify({ username: 'admin', password: PASSWORD })
  const opts = { connections: 50, duration: 10 }
  await load('POST', '/api/admin/login', {}, () => ({ body: login }), opts)
  sample('sign-in storm')
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: login,
  })
  const token = ((await res.json()) as { data: { token: string } }).data.token
  await load('GET', '/api/user/detail', { 'x-auth-token': token }, () => ({}), opts)
  sample('GET load')
  await new Promise((r) => setTimeout(r, 3000))
  sample('3 s later')
} finally {
  await stop(server)
  pg.drop()
  rmSync(dataDir, { recursive: true, force: true })
}
console.table(rows)
