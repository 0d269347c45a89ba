import type { ChildrenDef, FieldDef, ResourceDef } from '@moc/domain/resources/types'
import { and, asc, eq, getTableColumns, inArray, notInArray } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { recordTables } from '../../db/tables/index.ts'
import { AppError } from '../../platform/errors.ts'
import { recordFieldValues, recordWrite } from './recordValues.ts'

/** A definition's child collections (FieldDef kind `children`, ChildrenDef): rows it owns in tables of their own. */
export const childFields = (
  def: Pick<ResourceDef, 'fields'>,
): [string, FieldDef & { children: ChildrenDef }][] =>
  Object.entries(def.fields).filter(
    (e): e is [string, FieldDef & { children: ChildrenDef }] => e[1].kind === 'children',
  )

function childTable(c: ChildrenDef): { table: PgTable; cols: Record<string, PgColumn> } {
  const table = recordTables.get(c.table)
  if (!table) throw new Error(`no child table ${c.table} in db/tables`)
  return { table, cols: getTableColumns(table) as Record<string, PgColumn> }
}

/** The child rows of these parents, per parent and field, in their order, each with its id. */
export async function readChildren(
  db: Db,
  def: Pick<ResourceDef, 'fields'>,
  parentIds: readonly number[],
): Promise<Map<number, Record<string, Record<string, unknown>[]>>> {
  const out = new Map<number, Record<string, Record<string, unknown>[]>>(parentIds.map((id) => [id, {}]))
  for (const [name, f] of childFields(def)) {
    for (const id of parentIds) out.get(id)![name] = []
    if (!parentIds.length) continue
    const { table, cols } = childTable(f.children)
    const rows = (await db
      .select()
      .from(table)
      .where(inArray(cols.parentId!, [...parentIds]))
      .orderBy(asc(cols.sort!), asc(cols.id!))) as Record<string, unknown>[]
    for (const r of rows)
      out.get(r.parentId as number)![name]!.push({ id: r.id, ...recordFieldValues(f.children, r) })
  }
  return out
}

/**
 * Writes the parent's child rows as the form sent them, in the parent's transaction (which holds its row lock): rows
 * with the id of one of its rows are updated, rows without one inserted, its rows left out deleted; the order given
 * becomes `sort`. An id of another parent's row is refused.
 */
export async function writeChildren(
  tx: Db,
  def: Pick<ResourceDef, 'fields'>,
  parentId: number,
  values: Record<string, unknown>,
  embedOrigins: readonly string[],
) {
  for (const [name, f] of childFields(def)) {
    if (!(name in values)) continue
    const rows = (values[name] ?? []) as (Record<string, unknown> & { id?: number })[]
    const { table, cols } = childTable(f.children)
    const own = (await tx.select({ id: cols.id! }).from(table).where(eq(cols.parentId!, parentId))) as {
      id: number
    }[]
    const ownIds = new Set(own.map((r) => r.id))
    if (rows.some((r) => r.id !== undefined && !ownIds.has(r.id)))
      throw new AppError('BAD_REQUEST', `${f.label}中有不属于本条记录的行`)
    const kept = rows.flatMap((r) => (r.id === undefined ? [] : [r.id]))
    await tx
      .delete(table)
      .where(and(eq(cols.parentId!, parentId), kept.length ? notInArray(cols.id!, kept) : undefined))
    for (const [sort, r] of rows.entries()) {
      const write = { ...recordWrite(f.children, r, embedOrigins), sort }
      if (r.id === undefined) await tx.insert(table).values({ ...write, parentId } as never)
      else
        await tx
          .update(table)
          .set(write as never)
          .where(eq(cols.id!, r.id))
    }
  }
}
