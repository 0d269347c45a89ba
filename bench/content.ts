/**
 * Content engine at scale: seeds 10^6 content rows on PostgreSQL, then drives the built server on loopback
 * with autocannon (50 connections) for the article list (type + verifyState filter, 30 rows, newest first, with
 * its exact total), the detail, the batched pending counts and a review approve, as the super administrator
 * and as a department-scoped reviewer; prints req/s, p50/p99 and the server's memory.
 * Usage: npm run build && npm run bench:content [-- --rows 1000000 --duration 10 --warmup 2 --connections 50
 * --only list,counts]; BENCH_GENERATOR=wrk loads with wrk instead of autocannon (lib/load.ts).
 * Each call is first loaded for `--warmup` seconds, not measured: the JIT and the prepared statements settle.
 * BENCH_KEEP_DB=1 keeps the seeded database and prints its URL; BENCH_KEEP_DB=<that URL> runs on it again without
 * re-seeding (approvals consume pending items; 150,000 last many runs). --only: floor, list, page100, detail, counts,
 * approve. `floor` loads a bare Fastify answering a constant JSON before and after the calls (lib/floor.ts): this
 * machine's scale at the time of the run, which varies between machines and within a day (bench/README).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { hash } from '@node-rs/argon2'
import pg from 'pg'
import { cpuMeter } from './lib/cpu.ts'
import { floorRun } from './lib/floor.ts'
import { generator, load } from './lib/load.ts'
import { freshPgDatabase } from './lib/pg.ts'
import { base, rssMb, startServer, stop } from './lib/server.ts'

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string', default: 'floor,list,page100,detail,counts,approve' },
  },
})
const only = new Set(args.only.split(','))
const ROWS = Number(args.rows)
const opts = { duration: Number(args.duration), connections: Number(args.connections) }
const warmup = Number(args.warmup)
const PASSWORD = 'Bench-Admin@2026'
const DEPARTMENTS = 20
const EDITORS_PER_DEPARTMENT = 5

const keep = process.env.BENCH_KEEP_DB
const reuse = keep?.startsWith('postgres') ? { url: keep, drop: () => {} } : undefined
const database = reuse ?? freshPgDatabase()
if (!database) throw new Error('this benchmark needs PostgreSQL (BENCH_DATABASE_URL or 127.0.0.1:5432)')

/**
 * The seed, in SQL so 10^6 rows take seconds: 20 departments with 5 editors each; articles spread over a year
 * and over the editors, 70 % passed, 15 % pending, 10 % drafts, 5 % rejected, 10 % 首发, 2 % in the recycle
 * bin; then the counters rebuilt from the rows, exactly as the engine keeps them (three levels).
 */
async function seed(client: pg.Client, editorHash: string) {
  await client.query(`insert into department (name) select '部门' || g from generate_series(1, $1) g`, [
    DEPARTMENTS,
  ])
  await client.query(
    `insert into role (name, power, permission_department)
     values ('bench-editor', '{"内容-文章":[{"actionName":"查看","exists":true},{"actionName":"编辑","exists":true}]}', ''),
            ('bench-reviewer', '{"内容-文章":[{"actionName":"查看","exists":true}],"文章审核":[{"actionName":"审核","exists":true}]}',
             (select min(id)::text from department))`,
  )
  await client.query(
    `insert into admin (username, password_hash, role_id, department_id, state)
     select 'editor' || d.id || '_' || g, $1, (select id from role where name = 'bench-editor'), d.id, 1
     from department d, generate_series(1, $2) g`,
    [editorHash, EDITORS_PER_DEPARTMENT],
  )
  await client.query(
    `insert into admin (username, password_hash, role_id, department_id, state)
     values ('reviewer', $1, (select id from role where name = 'bench-reviewer'), (select min(id) from department), 1)`,
    [editorHash],
  )
  await client.query(
    `with editors as (select id, department_id, row_number() over (order by id) - 1 as i from admin where username like 'editor%'),
          n as (select count(*) as c from editors)
     insert into content (kind, title, summary, body, created_by, department_id, verify_state, process_type,
                          is_first, recycled_at, published_at, submitted_by, submitted_at, created_at, updated_at)
     select 'article', '基准文章 ' || g, '摘要 ' || g, '<p>正文 ' || g || '</p>', e.id, e.department_id,
            s.v, case s.v when 1 then 'PASS' when 2 then 'REJECT' when 3 then 'PENDING' end,
            g % 10 = 0, case when g % 50 = 7 then t.at end, case when s.v = 1 then t.at end,
            case when s.v = 3 then e.id end, case when s.v = 3 then t.at end, t.at, t.at
     from generate_series(1, $1) g
     cross join n
     join editors e on e.i = g % n.c
     cross join lateral (select case when g % 20 < 14 then 1 when g % 20 < 17 then 3 when g % 20 < 19 then 0 else 2 end as v) s
     cross join lateral (select now() - make_interval(secs => (($1 - g) * 31536000.0 / $1)) as at) t`,
    [ROWS],
  )
  await client.query('delete from content_count')
  for (const [dep, creator] of [
    ['-1', '0'],
    ['coalesce(department_id, 0)', '0'],
    ['coalesce(department_id, 0)', 'created_by'],
  ])
    await client.query(
      `insert into content_count (kind, department_id, created_by, recycled, verify_state, is_first, n)
       select kind, ${dep}, ${creator}, recycled_at is not null, verify_state, is_first, count(*)
       from content group by 1, 2, 3, 4, 5, 6`,
    )
  await client.query('vacuum analyze')
}

async function signIn(username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } }
  if (body.code !== 0) throw new Error(`sign-in of ${username} failed: ${body.msg}`)
  return body.data.token
}

const dataDir = mkdtempSync(join(tmpdir(), 'moc-bench-content-'))
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: database.url,
  BODY_ENCRYPTION: 'off',
  ADMIN_PASSWORD: PASSWORD,
}
const rows: Record<string, unknown>[] = []
/** The floor at this point of the run (a bare Fastify, constant JSON), as a row of the table. */
const floor = async (when: string) => {
  if (!only.has('floor')) return
  if (warmup > 0) await floorRun('fastify', { ...opts, duration: warmup })
  const r = await floorRun('fastify', opts)
  rows.push({
    call: 'floor: bare Fastify, constant JSON',
    as: when,
    'req/s': r.rps,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
  })
}
try {
  await stop(await startServer(env)) // migrations and the first administrator
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  const t0 = performance.now()
  // A reused database carries the dead rows of earlier runs' approvals: vacuumed as autovacuum would have done
  // meanwhile in a deployment (some machines run PostgreSQL with autovacuum off; stop 16's did).
  if (reuse) await client.query('vacuum analyze')
  else
    await seed(
      client,
      await hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }),
    )
  const seedS = ((performance.now() - t0) / 1000).toFixed(1)
  const { rows: pending } = await client.query<{ id: number; department_id: number }>(
    `select id, department_id from content where verify_state = 3 and recycled_at is null order by id`,
  )
  const { rows: ids } = await client.query<{ lo: number; hi: number }>(
    'select min(id) as lo, max(id) as hi from content',
  )
  // The scoped reviewer's department (the first): its detail calls ask for items it may see.
  const { rows: inScope } = await client.query<{ id: number }>(
    'select id from content where department_id = (select min(id) from department)',
  )
  await client.end()
  console.log(`${reuse ? 'reused' : `seeded ${ROWS} rows in ${seedS} s`}; ${pending.length} pending`)

  await floor('before')
  const server = await startServer(env)
  const pid = server.proc.pid!
  const admin = await signIn('admin', PASSWORD)
  const reviewer = await signIn('reviewer', PASSWORD)
  const { lo, hi } = ids[0]!
  const anyId = () => lo + Math.floor(Math.random() * (hi - lo + 1))
  const scopedId = () => inScope[Math.floor(Math.random() * inScope.length)]!.id
  const list = '/api/content/list?kind=article&type=article&verifyState=1&page=1&pageSize=30'
  const measure = async (
    call: string,
    name: string,
    who: string,
    run: (o: typeof opts) => Promise<Awaited<ReturnType<typeof load>>>,
  ) => {
    if (!only.has(call)) return
    if (warmup > 0) await run({ ...opts, duration: warmup })
    const cpu = cpuMeter(pid, new URL(database.url).pathname.slice(1))
    const r = await run(opts)
    const { serverMs, dbMs } = cpu()
    rows.push({
      call: name,
      as: who,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'non-2xx': r.non2xx,
      // CPU per request: what a change saves, whatever the neighbours on the machine are doing.
      'server CPU ms/req': (serverMs / r.done).toFixed(2),
      'db CPU ms/req': (dbMs / r.done).toFixed(2),
      // the server's resident memory after this phase, and its peak so far
      'RSS MB': `${rssMb(pid, 'VmRSS')} / ${rssMb(pid, 'VmHWM')}`,
    })
  }
  for (const [who, token, randomId] of [
    ['super admin', admin, anyId],
    ['scoped reviewer', reviewer, scopedId],
  ] as const) {
    const auth = { 'x-auth-token': token }
    await measure('list', 'list (type+verifyState, 30, total)', who, (o) =>
      load('GET', list, auth, () => ({}), o),
    )
    await measure('page100', 'list page 100 (offset 2970)', who, (o) =>
      load('GET', list.replace('page=1', 'page=100'), auth, () => ({}), o),
    )
    await measure('detail', 'detail (random id)', who, (o) =>
      load(
        'GET',
        '/api/content/detail',
        auth,
        () => ({ path: `/api/content/detail?kind=article&id=${randomId()}` }),
        o,
      ),
    )
    await measure('counts', 'pending counts (batched)', who, (o) =>
      load('GET', '/api/verify-center/pendingCounts', auth, () => ({}), o),
    )
  }
  // Approve: each request approves one distinct pending item (the super administrator acts at every node); the
  // warm-up and the measured run take different items.
  let approved = 0
  await measure('approve', 'approve (one item per call)', 'super admin', (o) =>
    load(
      'POST',
      '/api/verify-center/approved',
      { 'x-auth-token': admin },
      () => ({
        body: JSON.stringify({ resType: 'article', ids: [pending[approved++ % pending.length]!.id] }),
      }),
      o,
    ),
  )
  rows.push({ call: 'server RSS MB (end / peak)', as: `${rssMb(pid, 'VmRSS')} / ${rssMb(pid, 'VmHWM')}` })
  await stop(server)
  await floor('after')
} finally {
  // BENCH_KEEP_DB keeps the seeded database for EXPLAIN and repeated runs (its URL is printed).
  if (keep) console.log(`kept ${database.url}`)
  else database.drop()
  rmSync(dataDir, { recursive: true, force: true })
}
console.log(
  `\n${ROWS} content rows, ${generator}, ${opts.connections} connections, ${warmup} s warm-up + ${opts.duration} s per run, node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`,
)
console.table(rows)
