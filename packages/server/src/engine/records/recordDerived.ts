import type { ReviewAction } from '@moc/domain/api/review'
import { recordResources } from '@moc/domain/resources/index'
import type { FieldDef, RecordStorage } from '@moc/domain/resources/types'
import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { col, type RecordTable, recordTableOf, titleField } from './recordTable.ts'

/**
 * What a module adds to a definition's rows besides their columns (DESIGN §4): values computed per row (FieldDef
 * `derived`), the names of the rows `ref` fields point at, and work that must follow a write in its transaction.
 * Modules register these when imported, before the engine mounts the definitions (like registerCommand).
 */

type Row = Record<string, unknown> & { id: number }

/** Computes the derived fields of the rows answered (one query for them all, never one per row). */
export type DerivedValues = (db: Db, rows: readonly Row[]) => Promise<Map<number, Record<string, unknown>>>

/**
 * Which write ran a hook: a form save (add, modify), the bin (delete, restore), 显示/隐藏 (show), an import, a review
 * step with its action (submit, pass, reject, withdraw, revoke, publish) or a command's transition. A hook that
 * reacts to approval only (a notice's send) reads `kind === 'review'`, not the rows' state.
 */
export type WriteKind =
  | { kind: 'add' | 'modify' | 'delete' | 'restore' | 'show' | 'import' }
  | { kind: 'review'; action: ReviewAction }
  | { kind: 'command'; command: string }

/** Runs in the transaction of a write to these rows. */
export type AfterWrite = (tx: Db, ids: readonly number[], write: WriteKind) => Promise<void>

const derivedValues = new Map<string, DerivedValues>()
const afterWrites = new Map<string, AfterWrite[]>()

export function registerDerived(resource: string, fn: DerivedValues) {
  derivedValues.set(resource, fn)
}

export function registerAfterWrite(resource: string, fn: AfterWrite) {
  afterWrites.set(resource, [...(afterWrites.get(resource) ?? []), fn])
}

/**
 * Runs in a delete's transaction before rows are deleted for ever (not moved to the bin), with the rows as locked: a
 * type refuses to lose a row others still need (a coupon whose codes users hold) by throwing.
 */
export type BeforeDelete = (tx: Db, rows: readonly Record<string, unknown>[]) => Promise<void>
const beforeDeletes = new Map<string, BeforeDelete[]>()

export function registerBeforeDelete(resource: string, fn: BeforeDelete) {
  beforeDeletes.set(resource, [...(beforeDeletes.get(resource) ?? []), fn])
}

export async function beforeDelete(tx: Db, resource: string, rows: readonly Record<string, unknown>[]) {
  for (const fn of beforeDeletes.get(resource) ?? []) await fn(tx, rows)
}

/** The hooks of a definition after a write of these rows (none registered: nothing). */
export async function afterWrite(tx: Db, resource: string, ids: readonly number[], write: WriteKind) {
  for (const fn of afterWrites.get(resource) ?? []) await fn(tx, ids, write)
}

/** Does the definition have derived fields (so it must have a function computing them)? */
export const derivedFields = (rt: RecordTable) => Object.entries(rt.def.fields).filter(([, f]) => f.derived)

const refFields = (rt: RecordTable): [string, FieldDef & { ref: { resource: string } }][] =>
  Object.entries(rt.def.fields).filter(
    (e): e is [string, FieldDef & { ref: { resource: string } }] => !!e[1].ref,
  )

/** The definition a `ref` field points at, with its table (an error names a wrong one at start). */
export function refTarget(field: string, f: { ref: { resource: string } }) {
  const target = recordResources.get(f.ref.resource)
  if (!target) throw new Error(`${field}: ref to ${f.ref.resource}, not a record-store definition`)
  return recordTableOf(target)
}

/** The definitions with fixed values on a table (app users and operator accounts on app_user; tags by type). */
const sharing = (table: string) =>
  [...recordResources.values()].filter(
    (d) => d.storage.table === table && (d.storage as RecordStorage).fixed !== undefined,
  )

/** Which of them a row is (its fixed columns' values), if the table is shared. */
const ownerOf = (defs: ReturnType<typeof sharing>, row: Record<string, unknown>) =>
  defs.find((d) => Object.entries((d.storage as RecordStorage).fixed!).every(([k, v]) => row[k] === v))?.name

export interface RowExtras {
  values: Record<string, unknown>
  /** The names of the rows its ref fields point at. */
  refs: Record<string, string>
  /** A one-id ref whose row is another definition's of the same table (an operator account as a post's author). */
  refTo: Record<string, string>
}

/**
 * The rows' derived values and the names of what their `ref` fields point at, per row id. One query per ref field
 * and one call per definition.
 */
export async function rowExtras(
  db: Db,
  rt: RecordTable,
  rows: readonly Row[],
): Promise<Map<number, RowExtras>> {
  const out = new Map<number, RowExtras>(rows.map((r) => [r.id, { values: {}, refs: {}, refTo: {} }]))
  if (!rows.length) return out
  const fn = derivedValues.get(rt.def.name)
  const refs = refFields(rt)
  const [derived, names] = await Promise.all([
    fn && derivedFields(rt).length ? fn(db, rows) : undefined,
    Promise.all(
      refs.map(async ([name, f]) => {
        const ids = [...new Set(rows.flatMap((r) => idsIn(r[name])))]
        if (!ids.length) return [name, f, new Map<number, { name: string; owner?: string }>()] as const
        const target = refTarget(name, f)
        const defs = sharing(target.def.storage.table)
        const fixedCols = [...new Set(defs.flatMap((d) => Object.keys((d.storage as RecordStorage).fixed!)))]
        const found = (await db
          .select({
            id: col(target, 'id'),
            name: sql<string>`${col(target, titleField(target))}::text`,
            ...Object.fromEntries(fixedCols.map((c) => [c, col(target, c)])),
          })
          .from(target.table)
          // Any row of the table: a post's author may be an app user or an operator account (one table, app_user).
          .where(inArray(col(target, 'id'), ids))) as ({ id: number; name: string } & Record<
          string,
          unknown
        >)[]
        return [
          name,
          f,
          new Map(found.map((r) => [r.id, { name: r.name, owner: ownerOf(defs, r) }])),
        ] as const
      }),
    ),
  ])
  for (const r of rows) {
    const extra = out.get(r.id)!
    extra.values = derived?.get(r.id) ?? {}
    for (const [name, f, byId] of names) {
      const known = idsIn(r[name]).flatMap((v) => byId.get(v) ?? [])
      if (known.length) extra.refs[name] = known.map((k) => k.name).join('、')
      const owner = typeof r[name] === 'number' ? known[0]?.owner : undefined
      if (owner && owner !== f.ref.resource) extra.refTo[name] = owner
    }
  }
  return out
}

/** The ids a ref field holds: one (a number field) or several (a tags field). */
const idsIn = (v: unknown): number[] =>
  typeof v === 'number' ? [v] : Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []

/** Checks at start that every definition with derived fields has its function (like a command's handler). */
export function checkDerived(rt: RecordTable) {
  if (derivedFields(rt).length && !derivedValues.has(rt.def.name))
    throw new Error(`${rt.def.name}: derived fields without registerDerived`)
  for (const [name, f] of refFields(rt)) refTarget(`${rt.def.name}.${name}`, f)
}
