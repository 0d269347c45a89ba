import { count, inArray, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { mediaAccount, mediaOperator, mediaSon } from '../../db/tables/media.ts'
import { registerDerived } from '../../engine/records/recordDerived.ts'

type Counts = Map<number, Record<string, unknown>>

/** Rows of `table` per value of `by` among `ids`, as the derived field `field` (0 where none). */
async function countsBy(db: Db, by: AnyPgColumn, ids: readonly number[], field: string): Promise<Counts> {
  const found = ids.length
    ? await db
        .select({ id: by, n: count() })
        .from(by.table)
        .where(inArray(by, [...ids]))
        .groupBy(by)
    : []
  const n = new Map(found.map((r) => [r.id as number, r.n]))
  return new Map(ids.map((id) => [id, { [field]: n.get(id) ?? 0 }]))
}

/** Accounts filed under each column (their `columns` hold its id): one scan, one count per column. */
async function accountsInColumns(db: Db, ids: readonly number[]): Promise<Counts> {
  if (!ids.length) return new Map()
  const counts = ids.map(
    (id, i) =>
      sql`(count(*) filter (where ${mediaAccount.columns} @> ${JSON.stringify([id])}::jsonb))::int as ${sql.identifier(`n${i}`)}`,
  )
  const result = await db.execute(sql`select ${sql.join(counts, sql`, `)} from ${mediaAccount}`)
  const [row] = (result as unknown as { rows: Record<string, number>[] }).rows
  return new Map(ids.map((id, i) => [id, { accounts: Number(row?.[`n${i}`] ?? 0) }]))
}

const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id)

// The lists' counts (decision 0043): one grouped query per page of rows.
registerDerived('mediaAccount', async (db, rows) => {
  const [sons, operators] = await Promise.all([
    countsBy(db, mediaSon.mediaAccountId, ids(rows), 'sons'),
    countsBy(db, mediaOperator.mediaAccountId, ids(rows), 'operators'),
  ])
  return new Map(ids(rows).map((id) => [id, { ...sons.get(id), ...operators.get(id) }]))
})
registerDerived('mediaRole', (db, rows) => countsBy(db, mediaOperator.roleId, ids(rows), 'operators'))
registerDerived('mediaColumn', (db, rows) => accountsInColumns(db, ids(rows)))
registerDerived('operatingPreset', (db, rows) => countsBy(db, mediaAccount.presetId, ids(rows), 'accounts'))
