/**
 * Vote casting under concurrency (issue 24, decision 0044): the built server on PostgreSQL, one published vote with
 * one option, then bursts of 1,000 casts sent at once through the app-facing API (POST /api/open/vote/cast):
 * - one app user against a total limit: exactly the limit is accepted, every other cast refused;
 * - 1,000 app users, one cast each: every cast accepted, vote_count equal to the vote_cast rows.
 * Prints req/s (the burst's casts over its wall time), p50/p99 latency, and whether the limit held exactly.
 * Usage: npm run build && npm run bench:votes [-- --casts 1000 --limit 100 --rounds 3].
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { freshPgDatabase } from './lib/pg.ts'
import { base, rssMb, startServer, stop } from './lib/server.ts'

const { values: args } = parseArgs({
  options: {
    casts: { type: 'string', default: '1000' },
    limit: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '3' },
  },
})
const CASTS = Number(args.casts)
const LIMIT = Number(args.limit)
const ROUNDS = Number(args.rounds)
const PASSWORD = 'Bench-Admin@2026'

const database = freshPgDatabase()
if (!database) throw new Error('this benchmark needs PostgreSQL (BENCH_DATABASE_URL or 127.0.0.1:5432)')

type Envelope = { code: number; msg: string; data: Record<string, unknown> }

async function callApi(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return (await res.json()) as Envelope
}
async function must(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown) {
  const r = await callApi(method, path, headers, body)
  if (r.code !== 0) throw new Error(`${path}: ${r.msg}`)
  return r.data
}

/** A published vote with one module and one option (the console's calls), its id and the option's. */
async function publishedVote(admin: Record<string, string>, title: string, totalLimit: number) {
  const v = await must('POST', '/api/vote/add', admin, {
    title,
    startAt: new Date(Date.now() - 3_600_000).toISOString(),
    endAt: new Date(Date.now() + 86_400_000).toISOString(),
    dailyLimit: 1000,
    totalLimit,
  })
  const m = await must('POST', '/api/voteModule/add', admin, { voteId: v.id, name: '基准模块' })
  const o = await must('POST', '/api/voteOption/add', admin, {
    voteId: v.id,
    moduleId: m.id,
    title: '基准选项',
  })
  await must('POST', '/api/vote/publish/noExamine', admin, { ids: [v.id] })
  return { voteId: v.id as number, optionId: o.id as number }
}

/** `n` app users with a session each, made in the tables (as sign-in makes them): their bearer tokens. */
async function appUsers(client: pg.Client, n: number, tag: string): Promise<string[]> {
  const { rows } = await client.query<{ id: number }>(
    `insert into app_user (phone, nickname) select '19' || lpad((${Math.floor(Math.random() * 1e4)} * 100000 + g)::text, 9, '0'), $1 || g
     from generate_series(1, $2) g returning id`,
    [tag, n],
  )
  const tokens = rows.map(() => randomBytes(32).toString('base64url'))
  await client.query(
    `insert into app_session (id, user_id, device_id, expires_at)
     select unnest($1::text[]), unnest($2::int[]), 'bench', now() + interval '1 day'`,
    [tokens.map((t) => createHash('sha256').update(t).digest('base64url')), rows.map((r) => r.id)],
  )
  return tokens
}

/** Sends every cast at once; each request's latency and answer. */
async function burst(tokens: string[], optionId: number) {
  const t0 = performance.now()
  const answers = await Promise.all(
    tokens.map(async (token) => {
      const s = performance.now()
      const r = await callApi(
        'POST',
        '/api/open/vote/cast',
        { authorization: `Bearer ${token}` },
        { optionId },
      )
      return { ms: performance.now() - s, r }
    }),
  )
  const wall = performance.now() - t0
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b)
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!)
  return {
    rps: Math.round((tokens.length / wall) * 1000),
    p50: at(0.5),
    p99: at(0.99),
    accepted: answers.filter((a) => a.r.code === 0).length,
    messages: [...new Set(answers.filter((a) => a.r.code !== 0).map((a) => a.r.msg))].join('、'),
  }
}

async function counts(client: pg.Client, voteId: number) {
  const { rows } = await client.query<{ kept: number; casts: number; tally: number | null }>(
    `select v.vote_count as kept, (select count(*)::int from vote_cast c where c.vote_id = v.id) as casts,
            (select max(total) from vote_voter t where t.vote_id = v.id) as tally
     from vote v where v.id = $1`,
    [voteId],
  )
  return rows[0]!
}

const dataDir = mkdtempSync(join(tmpdir(), 'moc-bench-votes-'))
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: database.url,
  BODY_ENCRYPTION: 'off',
  ADMIN_PASSWORD: PASSWORD,
}
const table: Record<string, unknown>[] = []
let held = true
try {
  const server = await startServer(env)
  const pid = server.proc.pid!
  const token = (await must('POST', '/api/admin/login', {}, { username: 'admin', password: PASSWORD })).token
  const admin = { 'x-auth-token': String(token) }
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  for (let round = 1; round <= ROUNDS; round++) {
    // One user, CASTS casts at once against a total limit of LIMIT.
    const one = await publishedVote(admin, `基准单人 ${round}`, LIMIT)
    const [userToken] = await appUsers(client, 1, `单人${round}-`)
    const a = await burst(Array<string>(CASTS).fill(userToken!), one.optionId)
    const ca = await counts(client, one.voteId)
    const okA = a.accepted === LIMIT && ca.kept === LIMIT && ca.casts === LIMIT && ca.tally === LIMIT
    held &&= okA
    table.push({
      burst: `${CASTS} casts, 1 user, total limit ${LIMIT}`,
      round,
      'req/s': a.rps,
      'p50 ms': a.p50,
      'p99 ms': a.p99,
      accepted: a.accepted,
      'vote_count / casts / tally': `${ca.kept} / ${ca.casts} / ${ca.tally}`,
      'limit held': okA ? 'exactly' : 'NO',
      refused: a.messages,
    })
    // CASTS users, one cast each.
    const many = await publishedVote(admin, `基准多人 ${round}`, 0)
    const b = await burst(await appUsers(client, CASTS, `多人${round}-`), many.optionId)
    const cb = await counts(client, many.voteId)
    const okB = b.accepted === CASTS && cb.kept === CASTS && cb.casts === CASTS
    held &&= okB
    table.push({
      burst: `${CASTS} casts, ${CASTS} users`,
      round,
      'req/s': b.rps,
      'p50 ms': b.p50,
      'p99 ms': b.p99,
      accepted: b.accepted,
      'vote_count / casts / tally': `${cb.kept} / ${cb.casts} / ${cb.tally}`,
      'limit held': okB ? 'counts equal' : 'NO',
      refused: b.messages,
    })
  }
  await client.end()
  table.push({
    burst: 'server RSS MB (end / peak)',
    round: `${rssMb(pid, 'VmRSS')} / ${rssMb(pid, 'VmHWM')}`,
  })
  await stop(server)
} finally {
  database.drop()
  rmSync(dataDir, { recursive: true, force: true })
}
console.log(`\nvote casts on PostgreSQL, ${CASTS} at once per burst, node ${process.version}\n`)
console.table(table)
if (!held) {
  console.error('a limit or a count did not hold')
  process.exitCode = 1
}
