import { type RecordDef, recordResources, resTypeOf } from '@moc/domain/resources/index'
import type { RecordStorage } from '@moc/domain/resources/types'
import { type AnyColumn, and, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { admin } from '../../db/schema.ts'
import { recordTables } from '../../db/tables/index.ts'
import type { DataScope } from '../../platform/dataScope.ts'
import { anyOf } from '../contentInScope.ts'

/**
 * A record-store definition with its table (DESIGN §4): the columns by field name, and the traits the table has
 * (db/traits.ts), read once from its columns. Every engine route of the type works through this.
 */
export interface RecordTable {
  def: RecordDef
  table: PgTable
  cols: Record<string, PgColumn>
  /** The review resType (process library, resource log, versions). */
  resType: string
  traits: {
    scoped: boolean
    reviewed: boolean
    recyclable: boolean
    showable: boolean
    windowed: boolean
    sortable: boolean
    lockable: boolean
  }
}

const built = new Map<string, RecordTable>()

/** The definition's table, or an error naming what is missing (checked by test/recordTables.test.ts too). */
export function recordTableOf(def: RecordDef): RecordTable {
  const known = built.get(def.name)
  if (known) return known
  const table = recordTables.get(def.storage.table)
  if (!table) throw new Error(`${def.name}: no table ${def.storage.table} in db/tables`)
  const cols = getTableColumns(table) as Record<string, PgColumn>
  const rt: RecordTable = {
    def,
    table,
    cols,
    resType: resTypeOf(def),
    traits: {
      scoped: 'createdBy' in cols && 'departmentId' in cols,
      reviewed: 'verifyState' in cols,
      recyclable: 'recycledAt' in cols,
      showable: 'showState' in cols,
      windowed: 'displayStart' in cols,
      sortable: 'sort' in cols,
      lockable: 'lockedBy' in cols,
    },
  }
  built.set(def.name, rt)
  return rt
}

/** Every record-store definition with its table. */
export const recordTablesOfDefs = (): RecordTable[] => [...recordResources.values()].map(recordTableOf)

/** A column the engine knows the table has (a trait's or a field's). */
export const col = (rt: RecordTable, name: string): PgColumn => {
  const c = rt.cols[name]
  if (!c) throw new Error(`${rt.def.name}: table ${rt.def.storage.table} has no column for ${name}`)
  return c
}

/** The field naming an item (the operation log, queues, confirmations). */
export const titleField = (rt: RecordTable) => rt.def.titleField ?? 'title'

/** The column values of the definition's rows in a table several definitions share (RecordStorage.fixed). */
export const fixedValues = (rt: RecordTable): Record<string, string | number | boolean> =>
  (rt.def.storage as RecordStorage).fixed ?? {}

/** The definition's own rows: those with its fixed values (undefined when the table is its alone). */
export const ownRows = (rt: RecordTable): SQL | undefined =>
  and(...Object.entries(fixedValues(rt)).map(([name, v]) => sql`${col(rt, name)} = ${v}`))

/**
 * The definition's rows (ownRows) in the caller's data scope (spec §6), the content rule: the row's department (the
 * creator's at creation) is in the scope, or the caller created it. Undefined when every row is seen.
 */
export function recordInScope(rt: RecordTable, scope: DataScope): SQL | undefined {
  const own = ownRows(rt)
  if (scope.unrestricted || !rt.traits.scoped || (rt.def.scope ?? 'department') !== 'department') return own
  return and(
    own,
    or(
      sql`${rt.cols.createdBy} = ${scope.adminId}`,
      anyOf(rt.cols.departmentId as AnyColumn, scope.departmentIds),
    ),
  )
}

/**
 * What a new row gets besides its fields: the definition's fixed values, its creator and the creator's department
 * (scoped tables), and the last place of a sorted list unless its form sets the place (a `sort` field).
 */
export async function newRowValues(
  tx: Db,
  rt: RecordTable,
  adminId: number,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { ...fixedValues(rt) }
  if (rt.traits.scoped) {
    const [who] = await tx
      .select({ departmentId: admin.departmentId })
      .from(admin)
      .where(eq(admin.id, adminId))
    Object.assign(out, { createdBy: adminId, departmentId: who?.departmentId ?? null })
  }
  if (rt.traits.sortable && !('sort' in rt.def.fields))
    out.sort = sql`(select coalesce(max(${col(rt, 'sort')}), 0) + 1 from ${rt.table})`
  return out
}

/** Live rows (not in the recycle bin), when the table has one. */
export const liveRows = (rt: RecordTable): SQL | undefined =>
  rt.traits.recyclable ? sql`${rt.cols.recycledAt} is null` : undefined

/** The columns the traits own (db/traits.ts) and every record's own. */
const ENGINE_COLUMNS = [
  'id',
  'createdAt',
  'updatedAt',
  'createdBy',
  'departmentId',
  'verifyState',
  'processType',
  'processStateId',
  'submittedBy',
  'submittedAt',
  'publishedAt',
  'recycledAt',
  'showState',
  'displayStart',
  'displayEnd',
  'displayFlag',
  'sort',
  'lockedBy',
  'lockedAt',
]

/**
 * What the console reads of a row: the engine's columns and the definition's fields, never other columns a table
 * keeps for itself (a feedback's ticket hash); with `richText: false` no long text (lists).
 */
export function rowColumns(rt: RecordTable, { richText }: { richText: boolean }): Record<string, PgColumn> {
  const out: Record<string, PgColumn> = {}
  for (const [name, c] of Object.entries(rt.cols)) {
    const f = rt.def.fields[name]
    if (f ? f.kind === 'richText' && !richText : !ENGINE_COLUMNS.includes(name)) continue
    out[name] = c
  }
  return out
}
