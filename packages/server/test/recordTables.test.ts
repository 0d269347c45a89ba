import { recordResources } from '@moc/domain/resources/index'
import { type FieldDef, type RecordStorage, supportsAction } from '@moc/domain/resources/types'
import { getTableColumns } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { recordTables } from '../src/db/tables/index.ts'
import { childFields } from '../src/engine/records/recordChildren.ts'
import { recordTableOf } from '../src/engine/records/recordTable.ts'

/**
 * One source of truth without DDL at run time (DESIGN §4): every record-store definition is checked against its
 * Drizzle table — each field has a column of its kind, a required field's column is never null, and the
 * definition's actions find the trait columns they need (and the table carries no trait the definition cannot use).
 */

/** The column types a field kind may be stored in (drizzle's columnType). */
const COLUMN_TYPES: Record<FieldDef['kind'], string[]> = {
  text: ['PgText'],
  textarea: ['PgText'],
  richText: ['PgText'],
  image: ['PgText'],
  video: ['PgText'],
  url: ['PgText'],
  file: ['PgText'],
  select: ['PgText'],
  number: ['PgInteger'],
  switch: ['PgBoolean'],
  datetime: ['PgTimestamp'],
  tags: ['PgJsonb'],
  relation: ['PgJsonb'],
  modules: ['PgJsonb'],
  multiSelect: ['PgJsonb'],
  imageList: ['PgJsonb'],
  mediaAccount: ['PgInteger'],
  children: [],
}

/** Columns a trait owns (db/traits.ts): the same for every table, so a definition's `required` is the form's rule. */
const TRAIT_COLUMNS = new Set(['displayStart', 'displayEnd', 'showState', 'sort'])

function checkFields(where: string, fields: Record<string, FieldDef>, cols: Record<string, PgColumn>) {
  for (const [name, f] of Object.entries(fields)) {
    if (f.kind === 'children' || f.derived) {
      expect(cols[name], `${where}: ${name} is computed, not a column`).toBeUndefined()
      continue
    }
    if (f.ref) {
      expect(
        recordResources.get(f.ref.resource),
        `${where}.${name}: ref to a record definition`,
      ).toBeDefined()
      expect(['number', 'tags'], `${where}.${name}: a ref holds an id or ids`).toContain(f.kind)
    }
    const c = cols[name]
    expect(c, `${where}: no column for field ${name}`).toBeDefined()
    if (f.atLeast) expect(cols[f.atLeast.field], `${where}.${name}: atLeast column`).toBeDefined()
    expect(COLUMN_TYPES[f.kind], `${where}.${name}: ${f.kind} stored as ${c!.columnType}`).toContain(
      c!.columnType,
    )
    // A required field is never null; an optional one may be empty ('' for text, [] for lists, null otherwise).
    if (f.required && !f.when && !TRAIT_COLUMNS.has(name))
      expect(c!.notNull, `${where}.${name} is required: its column must be not null`).toBe(true)
  }
}

const defs = [...recordResources.values()]

describe('record-store definitions ↔ tables', () => {
  it('there are record-store definitions, each with its own table or its own rows of a shared one', () => {
    expect(defs.length).toBeGreaterThan(0)
    for (const table of new Set(defs.map((d) => d.storage.table))) {
      const sharing = defs.filter((d) => d.storage.table === table)
      if (sharing.length === 1) continue
      // Definitions sharing a table (tags by `type`) tell their rows apart by fixed column values.
      const fixed = sharing.map((d) => JSON.stringify((d.storage as RecordStorage).fixed ?? null))
      expect(fixed, `${table}: every definition on it has its own fixed values`).not.toContain('null')
      expect(new Set(fixed).size, `${table}: fixed values differ`).toBe(sharing.length)
    }
    for (const d of defs)
      for (const name of Object.keys((d.storage as RecordStorage).fixed ?? {})) {
        expect(recordTableOf(d).cols[name], `${d.name}: fixed column ${name}`).toBeDefined()
        expect(d.fields[name], `${d.name}: a fixed column is no field`).toBeUndefined()
      }
  })

  it.each(defs.map((d) => [d.name, d] as const))(
    '%s: fields, children and traits match its table',
    (_, def) => {
      const rt = recordTableOf(def)
      checkFields(def.name, def.fields, rt.cols)
      for (const [name, f] of childFields(def)) {
        const table = recordTables.get(f.children.table)
        expect(table, `${def.name}.${name}: no child table ${f.children.table}`).toBeDefined()
        const cols = getTableColumns(table!) as Record<string, PgColumn>
        for (const c of ['id', 'parentId', 'sort']) expect(cols[c], `${f.children.table}.${c}`).toBeDefined()
        checkFields(`${def.name}.${name}`, f.children.fields, cols)
      }
      const { traits } = rt
      const wants = {
        scoped: def.scope !== 'none',
        reviewed: !!def.review,
        recyclable: supportsAction(def, 'recycle'),
        showable: def.actions.includes('show') || def.actions.includes('hide'),
        windowed: 'displayStart' in def.fields,
        sortable: def.actions.includes('sort'),
        lockable: def.actions.includes('lock'),
      }
      expect(
        traits,
        `${def.name}: the table's traits follow the definition's scope, review and actions`,
      ).toEqual(wants)
      if (def.machine)
        expect(def.fields[def.machine.field]?.kind, `${def.name}: machine field`).toBe('select')
      expect(rt.cols[def.list.sort!.field], `${def.name}: list.sort names a column`).toBeDefined()
      for (const name of def.list.columns)
        expect(def.fields[name] ?? rt.cols[name], `${def.name} column ${name}`).toBeDefined()
    },
  )
})
