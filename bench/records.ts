/**
 * The record store at scale (issue 21): seeds 10^5 splash screens (a record-store type with a table of its own,
 * reviewed, scoped, with a display window) on PostgreSQL, then drives the built server on loopback with autocannon
 * for its list (30 rows newest first with the exact total), a search over a platform, the detail, a picker's page and
 * name search (GET /api/splash/picks), and the badge call
 * with every review queue (content, the record store's, comments), as the super administrator and as a
 * department-scoped reviewer; prints req/s, p50/p99, CPU per request and the server's memory.
 * Usage: npm run build && npm run bench:records [-- --rows 100000 --duration 10 --warmup 2 --connections 50].
 * BENCH_KEEP_DB as in bench:content (lib/pg.ts).
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
    rows: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
  },
})
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
 * 20 departments of 5 editors; splash screens spread over a year and over the editors: 70 % passed, 15 % pending,
 * 10 % drafts, 5 % rejected; platforms in turn; a reviewer of 闪屏审核 scoped to the first department.
 */
async function seed(client: pg.Client, passwordHash: string) {
  await client.query(`insert into department (name) select '部门' || g from generate_series(1, $1) g`, [
    DEPARTMENTS,
  ])
  await client.query(
    `insert into role (name, power, permission_department)
     values ('bench-editor', '{"APP-闪屏":[{"actionName":"查看","exists":true}]}', ''),
            ('bench-reviewer', '{"APP-闪屏":[{"actionName":"查看","exists":true}],"闪屏审核":[{"actionName":"审核","exists":true}],"文章审核":[{"actionName":"审核","exists":true}]}',
             (select min(id)::text from department))`,
  )
  await client.query(
    `insert into admin (username, password_hash, role_id, department_id, state)
     select 'editor' || d.id || '_' || g, $1, (select id from role where name = 'bench-editor'), d.id, 1
     from department d, generate_series(1, $2) g`,
    [passwordHash, EDITORS_PER_DEPARTMENT],
  )
  await client.query(
    `insert into admin (username, password_hash, role_id, department_id, state)
     values ('reviewer', $1, (select id from role where name = 'bench-reviewer'), (select min(id) from department), 1)`,
    [passwordHash],
  )
  await client.query(
    `with editors as (select id, department_id, row_number() over (order by id) - 1 as i from admin where username like 'editor%'),
          n as (select count(*) as c from editors)
     insert into app_splash (title, media_type, image, platforms, display_start, display_end, frequency, countdown,
                             created_by, department_id, verify_state, process_type, submitted_by, submitted_at,
                             published_at, created_at, updated_at)
     select '基准闪屏 ' || g, 'image', '/files/image/2026-11/bench.png',
            (array['["android"]', '["ios"]', '["android","ios","harmony"]'])[1 + g % 3]::jsonb,
            t.at, t.at + interval '30 days', 'daily', 5, e.id, e.department_id,
            s.v, case s.v when 1 then 'PASS' when 2 then 'REJECT' when 3 then 'PENDING' end,
            case when s.v = 3 then e.id end, case when s.v = 3 then t.at end, case when s.v = 1 then t.at end, t.at, t.at
     from generate_series(1, $1) g
     cross join n
     join editors e on e.i = g % n.c
     cross join lateral (select case when g % 20 < 14 then 1 when g % 20 < 17 then 3 when g % 20 < 19 then 0 else 2 end as v) s
     cross join lateral (select now() - make_interval(secs => (($1 - g) * 31536000.0 / $1)) as at) t`,
    [ROWS],
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

const dataDir = mkdtempSync(join(tmpdir(), 'moc-bench-records-'))
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: database.url,
  BODY_ENCRYPTION: 'off',
  ADMIN_PASSWORD: PASSWORD,
}
const rows: Record<string, unknown>[] = []
try {
  await stop(await startServer(env)) // migrations and the first administrator
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  const t0 = performance.now()
  if (reuse) await client.query('vacuum analyze')
  else
    await seed(
      client,
      await hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }),
    )
  const seedS = ((performance.now() - t0) / 1000).toFixed(1)
  const { rows: ids } = await client.query<{ lo: number; hi: number }>(
    'select min(id) as lo, max(id) as hi from app_splash',
  )
  const { rows: inScope } = await client.query<{ id: number }>(
    'select id from app_splash where department_id = (select min(id) from department)',
  )
  await client.end()
  console.log(reuse ? 'reused' : `seeded ${ROWS} splash screens in ${seedS} s`)

  if (warmup > 0) await floorRun('fastify', { ...opts, duration: warmup })
  const floor = await floorRun('fastify', opts)
  rows.push({
    call: 'floor: bare Fastify, constant JSON',
    as: 'before',
    'req/s': floor.rps,
    'p50 ms': floor.p50,
    'p99 ms': floor.p99,
  })

  const server = await startServer(env)
  const pid = server.proc.pid!
  const admin = await signIn('admin', PASSWORD)
  const reviewer = await signIn('reviewer', PASSWORD)
  const { lo, hi } = ids[0]!
  const anyId = () => lo + Math.floor(Math.random() * (hi - lo + 1))
  const scopedId = () => inScope[Math.floor(Math.random() * inScope.length)]!.id
  const measure = async (name: string, who: string, run: (o: typeof opts) => ReturnType<typeof load>) => {
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
      'server CPU ms/req': (serverMs / r.done).toFixed(2),
      'db CPU ms/req': (dbMs / r.done).toFixed(2),
      'RSS MB': `${rssMb(pid, 'VmRSS')} / ${rssMb(pid, 'VmHWM')}`,
    })
  }
  for (const [who, token, randomId] of [
    ['super admin', admin, anyId],
    ['scoped reviewer', reviewer, scopedId],
  ] as const) {
    const auth = { 'x-auth-token': token }
    await measure('splash list (30, total)', who, (o) =>
      load('GET', '/api/splash/list?page=1&pageSize=30', auth, () => ({}), o),
    )
    await measure('splash list, platform search', who, (o) =>
      load('GET', '/api/splash/list?page=1&pageSize=30&platforms=harmony', auth, () => ({}), o),
    )
    await measure('splash detail (random id)', who, (o) =>
      load('GET', '/api/splash/detail', auth, () => ({ path: `/api/splash/detail?id=${randomId()}` }), o),
    )
    // A picker's page (id and name only) and its name search, e.g. 「基准闪屏 12」 matching a few hundred of 10^5.
    await measure('picks (30, total)', who, (o) =>
      load('GET', '/api/splash/picks?page=1&pageSize=30', auth, () => ({}), o),
    )
    await measure('picks, name search', who, (o) =>
      load(
        'GET',
        '/api/splash/picks',
        auth,
        () => ({
          path: `/api/splash/picks?pageSize=30&keyword=${encodeURIComponent(`基准闪屏 ${randomId() % 1000}`)}`,
        }),
        o,
      ),
    )
    await measure('pending counts (every queue)', who, (o) =>
      load('GET', '/api/verify-center/pendingCounts', auth, () => ({}), o),
    )
  }
  rows.push({ call: 'server RSS MB (end / peak)', as: `${rssMb(pid, 'VmRSS')} / ${rssMb(pid, 'VmHWM')}` })
  await stop(server)
} finally {
  if (keep) console.log(`kept ${database.url}`)
  else database.drop()
  rmSync(dataDir, { recursive: true, force: true })
}
console.log(
  `\n${ROWS} splash rows, ${generator}, ${opts.connections} connections, ${warmup} s warm-up + ${opts.duration} s per run, node ${process.version}\n`,
)
console.table(rows)
