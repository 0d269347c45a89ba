import type { FieldDef } from '@moc/domain/resources/types'
import { yuanText } from '@moc/domain/rules/money'
import { and, inArray, max, ne, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { refTarget } from './recordDerived.ts'
import { col, liveRows, ownRows, type RecordTable } from './recordTable.ts'

/**
 * The fields' own rules across rows (FieldDef.unique, FieldDef.increasing) and against the row's kept columns
 * (FieldDef.atLeast), checked in the writing transaction. The
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
  const storedRow = async () =>
    (stored ??= (
      (await tx
        .select()
        .from(rt.table)
        .where(sql`${col(rt, 'id')} = ${selfId}`)) as Record<string, unknown>[]
    )[0])
  for (const [name, f] of Object.entries(rt.def.fields)) {
    if (f.ref && name in values)
      await checkRefs(tx, name, f as FieldDef & { ref: { resource: string } }, values[name])
    // A number never below a column the server keeps (the modify holds the row's lock, so it cannot move meanwhile).
    if (f.atLeast && selfId !== undefined && typeof values[name] === 'number') {
      const floor = (await storedRow())?.[f.atLeast.field]
      if (typeof floor === 'number' && (values[name] as number) < floor)
        throw new AppError(
          'CONFLICT',
          f.atLeast.message.replace('{min}', f.cents ? `${yuanText(floor)}元` : String(floor)),
        )
    }
    const rule = f.unique ?? f.increasing
    if (!rule || !(name in values) || values[name] === null || values[name] === '') continue
    const within = rule.within
    const group = within ? values[within] : undefined
    // An edit that keeps the value (and its group) keeps its place: an older version's notes stay editable after a
    // newer version exists.
    if (f.increasing && selfId !== undefined) {
      const before = await storedRow()
      if (before?.[name] === values[name] && (!within || before?.[within] === group)) continue
    }
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`${rt.def.storage.table}.${name}.${String(group ?? '')}`}))`,
    )
    const others: SQL | undefined = and(
      liveRows(rt),
      f.unique?.table ? undefined : ownRows(rt), // the definition's rows of a shared table, unless the whole table's
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

/** A ref field's ids name live rows of the other definition (a user tag, not a content tag; not one deleted). */
async function checkRefs(tx: Db, name: string, f: FieldDef & { ref: { resource: string } }, value: unknown) {
  const ids = [
    ...new Set(typeof value === 'number' ? [value] : Array.isArray(value) ? (value as number[]) : []),
  ]
  if (!ids.length) return
  const target = refTarget(name, f)
  const found = await tx
    .select({ id: col(target, 'id') })
    .from(target.table)
    .where(and(inArray(col(target, 'id'), ids), ownRows(target), liveRows(target)))
  if (found.length !== ids.length) throw new AppError('BAD_REQUEST', `${f.label}不存在或已删除`)
}
