import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** Connections per pool, and so at most twice this many per server process (see preparedPools). */
const POOL_MAX = 20

/**
 * Each PostgreSQL pool of the app's queries, with the pool its named statements run on (Database.rows, execOn
 * outside a transaction). That pool's sessions plan with `plan_cache_mode = force_generic_plan`: PostgreSQL
 * otherwise keeps planning a statement afresh at every execution while the plan without the values looks dearer
 * than the plans with them — always, for an id list (`id = any($1)`, `unnest($2)`): it guesses 10 ids where a
 * review decision passes one, so an approval paid 0.75 ms of database CPU per call to plan its read and its write
 * (bench/README, 2026-11-27 stop 16). Our named statements are written for plans that do not depend on their
 * values (LIMIT written into the text, contentPage); the ORM's queries, whose best plan can (a partial index
 * for one verify_state, LIMIT as a parameter), stay on the other pool and are planned with their values.
 */
const preparedPools = new WeakMap<object, pg.Pool>()

/** The pool named statements run on instead of `driver` (a query pool), if it has one. */
export const preparedPoolOf = (driver: object): pg.Pool | undefined => preparedPools.get(driver)

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /**
   * Runs SQL on the driver itself, rows as arrays: for the hottest reads, whose text is built once, so a request
   * pays neither query building nor ORM row mapping. `name` makes it a prepared statement on PostgreSQL (each
   * connection parses and plans it once); one name must always carry the same text.
   */
  rows(name: string, text: string, values: readonly unknown[]): Promise<unknown[][]>
  migrate(): Promise<void>
  close(): Promise<void>
}

/** The migrations folder, found from here both in src/ (tests, tsx) and in dist/ (the built server). */
function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'migrations')
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate
    dir = dirname(dir)
  }
  throw new Error('migrations folder not found')
}

/**
 * One factory for both engines: a PostgreSQL server when `url` is given, else embedded PGlite in
 * `dataDir` (or in memory when dataDir is 'memory://', used by tests).
 */
export async function openDatabase(opts: { url?: string | undefined; dataDir: string }): Promise<Database> {
  const folder = migrationsFolder()
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: POOL_MAX })
    const prepared = new pg.Pool({
      connectionString: opts.url,
      max: POOL_MAX,
      options: '-c plan_cache_mode=force_generic_plan',
    })
    preparedPools.set(pool, prepared)
    // An idle client whose connection drops emits 'error' on its pool; without a listener it would crash the process.
    for (const p of [pool, prepared])
      p.on('error', (err) => console.error('PostgreSQL idle client error:', err.message))
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      rows: async (name, text, values) =>
        (await prepared.query<unknown[]>({ name, text, values: [...values], rowMode: 'array' })).rows,
      migrate: () => migratePg(db as never, { migrationsFolder: folder }),
      close: async () => {
        await Promise.all([pool.end(), prepared.end()])
      },
    }
  }
  let dir = opts.dataDir
  if (dir !== 'memory://') {
    dir = resolve(dir, 'pgdata')
    mkdirSync(dir, { recursive: true })
  }
  // PostgreSQL's default 128 MB buffer cache would live inside this process; the data directory is
  // already in the OS page cache, so a small one halves the embedded server's memory (~290 → ~160 MB).
  const options = { postgresqlconf: ['shared_buffers = 16MB'] }
  // Loaded only for the embedded engine: a server-backed instance never pays for the WASM build.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ])
  const client = await (dir === 'memory://' ? PGlite.create(options) : PGlite.create(dir, options))
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    rows: async (_name, text, values) =>
      (await client.query<unknown[]>(text, [...values], { rowMode: 'array' })).rows,
    migrate: () => migratePglite(db as never, { migrationsFolder: folder }),
    close: () => client.close(),
  }
}
