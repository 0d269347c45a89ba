import { and, max, ne, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { col, liveRows, ownRows, type RecordTable } from './recordTable.ts'

/**
 * The fields' own rules across rows (FieldDef.unique, FieldDef.increasing), checked in the writing transaction. The
 * rows compared are serialised per table, field and group by a transaction-scoped advisory lock, so two writes of the
 * same value (or two new versions of one platform) cannot both pass.
 */
export async function checkFieldRules(
  tx: Db,
  rt: RecordTable,
  values: Record<string, unknown>,
  selfId: number | undefined,
) {
  let stored: Record<string, unknown> | undefined
  for (const [name, f] of Object.entries(rt.def.fields)) {
    const rule = f.unique ?? f.increasing
    if (!rule || !(name in values) || values[name] === null || values[name] === '') continue
    const within = rule.within
    const group = within ? values[within] : undefined
    // An edit that keeps the value (and its group) keeps its place: an older version's notes stay editable after a
    // newer version exists.
    if (f.increasing && selfId !== undefined) {
      stored ??= (
        (await tx
          .select()
          .from(rt.table)
          .where(sql`${col(rt, 'id')} = ${selfId}`)) as Record<string, unknown>[]
      )[0]
      if (stored?.[name] === values[name] && (!within || stored?.[within] === group)) continue
    }
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`${rt.def.storage.table}.${name}.${String(group ?? '')}`}))`,
    )
    const others: SQL | undefined = and(
      liveRows(rt),
      ownRows(rt), // the definition's rows of a shared table
      selfId === undefined ? undefined : ne(col(rt, 'id'), selfId),
      within ? sql`${col(rt, within)} = ${group}` : undefined,
    )
    if (f.unique) {
      const [found] = await tx
        .select({ id: col(rt, 'id') })
        .from(rt.table)
        .where(and(others, sql`${col(rt, name)} = ${values[name]}`))
        .limit(1)
      if (found) throw new AppError('CONFLICT', f.unique.message)
    }
    if (f.increasing) {
      const [top] = await tx
        .select({ n: max(col(rt, name)) })
        .from(rt.table)
        .where(others)
      const n = top?.n as number | null | undefined
      if (n !== null && n !== undefined && Number(values[name]) <= Number(n))
        throw new AppError('CONFLICT', f.increasing.message.replace('{max}', String(n)))
    }
  }
}
