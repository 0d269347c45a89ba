import { type Db, preparedPoolOf } from './client.ts'

/** node-postgres (pool, client) or PGlite (instance, transaction): what a drizzle session runs its SQL on. */
type Driver =
  | { exec: unknown; query(text: string, values: unknown[], options: { rowMode: 'array' }): Promise<Rows> }
  | { query(config: { name: string; text: string; values: unknown[]; rowMode: 'array' }): Promise<Rows> }
interface Rows {
  rows: unknown[][]
}

/**
 * Runs a statement whose text never changes on the connection `db` stands for: a transaction's own, else the
 * database's pool. For hot writes inside a transaction, which drizzle would rebuild on every call (its query
 * building was a fifth of an approval's CPU, bench/README): on a PostgreSQL server the statement is prepared under
 * `name` once per connection, and planned once too outside a transaction (client.ts preparedPools). Rows as
 * arrays, in select order.
 */
export async function execOn(db: Db, name: string, text: string, values: unknown[]): Promise<unknown[][]> {
  // drizzle keeps the driver it was given on every database and transaction object as session.client.
  const driver = (db as unknown as { session: { client: Driver } }).session.client
  // Outside a transaction, on the pool for named statements (client.ts preparedPools).
  const prepared = preparedPoolOf(driver)
  const result = prepared
    ? await prepared.query<unknown[]>({ name, text, values, rowMode: 'array' })
    : 'exec' in driver
      ? await driver.query(text, values, { rowMode: 'array' })
      : await driver.query({ name, text, values, rowMode: 'array' })
  return result.rows
}
