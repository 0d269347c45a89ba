import { fillPlaceholders } from 'drizzle-orm'
import type { Database, Db } from './client.ts'
import { execOn } from './execOn.ts'

/** A statement built once: the name it is prepared under, its text, its parameters (placeholders among them). */
export interface Prepared {
  name: string
  sql: string
  params: unknown[]
}

const built = new Map<string, Prepared>()

/**
 * The statement of `key`, built by `build` (drizzle, with sql.placeholder for what varies per call) the first
 * time the process needs it: hot reads then skip query building, and PostgreSQL parses and plans each statement
 * once per connection. One key must always build the same text.
 */
export function preparedStatement(key: string, build: () => { sql: string; params: unknown[] }): Prepared {
  let stmt = built.get(key)
  if (!stmt) {
    stmt = { name: `hot_${built.size + 1}`, ...build() }
    built.set(key, stmt)
  }
  return stmt
}

/** Runs a built statement with its placeholders' values; rows as arrays, in select order. */
export const runPrepared = (database: Database, stmt: Prepared, values: Record<string, unknown>) =>
  database.rows(stmt.name, stmt.sql, fillPlaceholders(stmt.params, values))

/** runPrepared on the connection `db` stands for: a transaction's own (db/execOn.ts). */
export const runPreparedOn = (db: Db, stmt: Prepared, values: Record<string, unknown>) =>
  execOn(db, stmt.name, stmt.sql, fillPlaceholders(stmt.params, values))
