import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

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
    const pool = new pg.Pool({ connectionString: opts.url, max: 20 })
    // An idle client whose connection drops emits 'error' on the pool; without a listener it would crash the process.
    pool.on('error', (err) => console.error('PostgreSQL idle client error:', err.message))
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      rows: async (name, text, values) =>
        (await pool.query<unknown[]>({ name, text, values: [...values], rowMode: 'array' })).rows,
      migrate: () => migratePg(db as never, { migrationsFolder: folder }),
      close: () => pool.end(),
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
