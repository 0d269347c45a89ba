import type { ActionName } from '@moc/domain/permissions/actions'
import { can, type Grant } from '@moc/domain/permissions/can'
import type { FieldDef, ResourceDef } from '@moc/domain/resources/types'

/**
 * The pure half of a definition's commands and machine transitions (DESIGN §4): which buttons a toolbar, a row and
 * a batch offer for a grant, and what each sends. A transition acts on rows in one of its `from` states, one or
 * many at once; a command on no row (the toolbar), one row, or many (a row button and a batch button).
 */
export interface RowCommand {
  /** The route's last segment: POST /api/<name>/<key>. */
  key: string
  label: string
  action: ActionName
  rows: 'none' | 'one' | 'many'
  input?: Record<string, FieldDef>
  confirm?: string
  /** A machine transition's starting states (its field is the definition's machine field). */
  from?: readonly string[]
  /** A command's rows: those whose field holds one of the values (CommandDef.when). */
  when?: { field: string; values: readonly string[] }
}

/** Every command and transition of a definition, commands first, in definition order. */
export function definedCommands(def: ResourceDef): RowCommand[] {
  const commands = Object.entries(def.commands ?? {}).map(([key, c]) => ({ key, ...c }))
  const transitions = Object.entries(def.machine?.transitions ?? {}).map(
    ([key, t]): RowCommand => ({
      key,
      label: t.label,
      action: t.action,
      rows: 'many',
      input: t.input,
      confirm: t.confirm,
      from: t.from,
    }),
  )
  return [...commands, ...transitions]
}

/** The commands the grant allows: each needs its own action on the type's permission page. */
export const allowedCommands = (def: ResourceDef, grant: Grant): RowCommand[] =>
  definedCommands(def).filter((c) => can(grant, def.permissionPage, c.action))

/** Does the command apply to this row? A transition only from one of its states, a command only where it says. */
export const appliesTo = (def: ResourceDef, c: RowCommand, row: Record<string, unknown>): boolean =>
  c.rows !== 'none' &&
  (!c.from || (!!def.machine && c.from.includes(String(row[def.machine.field])))) &&
  (!c.when || c.when.values.includes(String(row[c.when.field])))

/** The toolbar's commands (no row). */
export const toolbarCommands = (commands: RowCommand[]) => commands.filter((c) => c.rows === 'none')

/** The commands one row offers. */
export const rowCommands = (def: ResourceDef, commands: RowCommand[], row: Record<string, unknown>) =>
  commands.filter((c) => appliesTo(def, c, row))

/** The batch buttons: commands on many rows. */
export const batchCommands = (commands: RowCommand[]) => commands.filter((c) => c.rows === 'many')

/** Of the selected rows, the ids a batch command applies to (a transition skips rows in other states). */
export const applicableRowIds = (def: ResourceDef, c: RowCommand, rows: Record<string, unknown>[]) =>
  rows.filter((r) => appliesTo(def, c, r)).map((r) => Number(r.id))

/** The body a command sends: its input, and the rows it acts on (none for a toolbar command). */
export const commandBody = (c: RowCommand, ids: number[], input: Record<string, unknown> = {}) =>
  c.rows === 'none' ? input : { ...input, ids }

/** The question before a command without input: its own words ({n} rows), else 确定<label>「title」？ */
export function commandConfirm(c: RowCommand, ids: number[], title?: string): string {
  if (c.confirm) return c.confirm.replace('{n}', String(ids.length))
  if (c.rows === 'none') return `确定${c.label}？`
  return title !== undefined && ids.length === 1
    ? `确定${c.label}「${title}」？`
    : `确定${c.label}选中的${ids.length}条记录？`
}

/** A command's success toast. */
export const commandDone = (c: Pick<RowCommand, 'label'>) => `${c.label}成功`
