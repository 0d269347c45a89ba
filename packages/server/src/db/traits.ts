import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { admin, processState } from './schema.ts'

/**
 * Column sets of the record store's tables (DESIGN §4), one per trait, and the indexes each needs. A table is
 * `pgTable(name, { ...record(), ...scoped(), ...reviewed(), <field columns> }, (t) => recordIndexes(name, t))`;
 * the engine reads which traits a table has from its columns, and test/recordTables.test.ts checks every
 * definition against its table (field ↔ column, required ↔ not null, action ↔ trait).
 */

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Every record: its id and times. */
export const record = () => ({
  id: serial('id').primaryKey(),
  createdAt: time('created_at').notNull().defaultNow(),
  updatedAt: time('updated_at').notNull().defaultNow(),
})

/** Rows made by console accounts, seen within the caller's data scope (the creator's department at creation). */
export const scoped = () => ({
  createdBy: integer('created_by')
    .notNull()
    .references(() => admin.id),
  departmentId: integer('department_id'),
})

/**
 * The review flow on the row itself (DESIGN §5): verify_state 0 draft, 1 passed, 2 rejected, 3 pending; the current
 * node (null while pending = the implicit single node), who submitted it and when, when it was published.
 */
export const reviewed = () => ({
  verifyState: integer('verify_state').notNull().default(0),
  processType: text('process_type'),
  processStateId: integer('process_state_id').references((): AnyPgColumn => processState.id),
  submittedBy: integer('submitted_by'),
  submittedAt: time('submitted_at'),
  publishedAt: time('published_at'),
})

/** The recycle bin: a deleted row keeps its data until deleted again. */
export const recyclable = () => ({ recycledAt: time('recycled_at') })

/** Shown / hidden (上线 / 下线, 启用 / 禁用 where the type says so). */
export const showable = () => ({ showState: boolean('show_state').notNull().default(true) })

/** The display window of spec §4 (rules/displayWindow.ts): start, end and the display flag (1 = on). */
export const windowed = () => ({
  displayStart: time('display_start'),
  displayEnd: time('display_end'),
  displayFlag: integer('display_flag').notNull().default(1),
})

/** A manual order (排序): lists sort by it, smallest first. */
export const sortable = () => ({ sort: integer('sort').notNull().default(0) })

/** The edit lock: who holds it since when (it lapses after CONTENT_LOCK_MS). */
export const lockable = () => ({ lockedBy: integer('locked_by'), lockedAt: time('locked_at') })

/**
 * A child table's link to its parent and its place among its siblings (ChildrenDef): deleting the parent deletes its
 * rows.
 */
export const childOf = (parentId: () => AnyPgColumn) => ({
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').notNull().references(parentId, { onDelete: 'cascade' }),
  sort: integer('sort').notNull().default(0),
})

/** Field columns, by field kind: text kinds are never null (empty when left out). */
export const textField = (name: string) => text(name).notNull().default('')
export const optionField = (name: string) => text(name)
export const listField = (name: string) => jsonb(name).$type<unknown[]>().notNull().default([])
export const numberField = (name: string) => integer(name)
export const switchField = (name: string, value = false) => boolean(name).notNull().default(value)
export const timeField = (name: string) => time(name)

type Columns = Record<string, ExtraConfigColumn>

/**
 * The indexes and checks the traits of a table need, read from its columns: the live list newest first (or in
 * manual order), the data scope, the review queue's pending rows by node, the flow check.
 */
export function recordIndexes(name: string, t: Columns) {
  const live = t.recycledAt ? sql`${t.recycledAt} is null` : undefined
  const order = t.sort ? ([t.sort, t.id!] as const) : ([t.createdAt!.desc(), t.id!.desc()] as const)
  const liveIndex = index(`${name}_live`).on(...order)
  const out: unknown[] = [live ? liveIndex.where(live) : liveIndex]
  if (t.recycledAt)
    out.push(
      index(`${name}_recycled`).on(t.createdAt!.desc(), t.id!.desc()).where(sql`${t.recycledAt} is not null`),
    )
  if (t.createdBy) out.push(index(`${name}_creator`).on(t.createdBy, t.createdAt!.desc()))
  if (t.departmentId) out.push(index(`${name}_department`).on(t.departmentId, t.createdAt!.desc()))
  if (t.verifyState) {
    const pending = live ? sql`${t.verifyState} = 3 and ${t.recycledAt} is null` : sql`${t.verifyState} = 3`
    out.push(
      index(`${name}_pending`).on(t.processStateId!, t.submittedAt!.desc(), t.id!.desc()).where(pending),
    )
    out.push(check(`${name}_flow_pending`, sql`${t.processStateId} is null or ${t.verifyState} = 3`))
  }
  return out as ReturnType<typeof index>[]
}
