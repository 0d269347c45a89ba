import { contentMessages, operationCounts } from '@moc/domain/api/content'
import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '@moc/domain/constants'
import { can, type Grant } from '@moc/domain/permissions/can'
import { fieldSchema, requiredMessage } from '@moc/domain/resources/fieldSchema'
import {
  type FieldDef,
  hasForm,
  type ResourceAction,
  type ResourceDef,
  supportsAction,
  tabPermission,
} from '@moc/domain/resources/types'
import {
  isOperateCountField,
  isValidOperateCount,
  operateCountMessages,
  parseOperateCount,
  VIEW_COUNT_KINDS,
} from '@moc/domain/rules/contentCounts'
import { displayWindowValid } from '@moc/domain/rules/displayWindow'
import type { FormRule } from 'antd'
import type { Dayjs } from 'dayjs'

/**
 * The pure half of the web engine: what a definition means for the list (tabs, filters, columns, query) and
 * the form (fields, rules). No React here, so it is unit-tested directly.
 */

export const contentKind = (def: ResourceDef) => ('kind' in def.storage ? def.storage.kind : undefined)

/** Whether a type keeps any operated count (spec §3 operations counts), so its items have 运营数据. */
export const hasOperationCounts = (def: ResourceDef) =>
  Object.values(operationCounts).some((c) => def.fields[c.operated] !== undefined)

/**
 * The data provider of a definition (DESIGN §4): every call the web makes for it, for both stores. Content-family
 * types share `/api/content/*` and tell the type by `kind` (withKind adds it to a body or query); a record-store type
 * (a table of its own) is served at `/api/<name>/*` and its bodies carry no kind (decision 0037). The definition may
 * override a path ('METHOD /api/...'). No other file builds a resource URL.
 */
export function resourceApi(def: ResourceDef) {
  const kind = contentKind(def)
  const own = `/api/${def.name}`
  const base = kind ? '/api/content' : own
  // Overrides read 'METHOD /api/...'; the method is the engine's convention for that action.
  const path = (action: ResourceAction, fallback: string) =>
    def.api?.[action]?.replace(/^[A-Z]+\s+/, '') ?? fallback
  const remove = kind ? `${base}/${kind}/delete` : `${own}/delete`
  // Versions are kept for content, and for a record type that goes through review.
  const versioned = kind !== undefined || def.review !== undefined
  const lockable = def.actions.includes('lock')
  return {
    kind,
    /** A body or query with the content `kind` when the type has one. */
    withKind: <T extends object>(o: T): T & { kind?: string } => (kind ? { kind, ...o } : o),
    list: path('list', `${base}/list`),
    nums: `${base}/nums`,
    /** A ref picker's rows (record store): id and name. */
    picks: `${own}/picks`,
    detail: path('detail', `${base}/detail`),
    create: path('create', `${base}/add`),
    update: path('update', `${base}/modify`),
    recycle: path('recycle', remove),
    restore: path('restore', `${base}/restore`),
    remove: path('remove', remove),
    showState: path('show', `${base}/showState`),
    /** Spec §5 duplicate titles: the content family only. */
    same: kind ? `${base}/same` : undefined,
    /** Versions and the reviewer's diff (decision 0009), the edit lock (decision 0006) and its release. */
    versions: versioned ? `${base}/versions` : undefined,
    versionDiff: versioned ? `${base}/versionDiff` : undefined,
    lock: lockable ? path('lock', kind ? `${base}/${kind}/lock` : `${own}/lock`) : undefined,
    unlock: lockable ? (kind ? `${base}/${kind}/unlock` : `${own}/unlock`) : undefined,
    export: path('export', kind ? `${base}/${kind}/export` : `${own}/export`),
    /** Record store only: Excel import, manual order, commands and machine transitions. */
    import: kind ? undefined : path('import', `${own}/import`),
    sort: kind ? undefined : path('sort', `${own}/sort`),
    command: (name: string) => `${own}/${name}`,
    operationInfo: kind && hasOperationCounts(def) ? '/api/contentOperation/contentOperationInfo' : undefined,
  }
}

export type ResourceApi = ReturnType<typeof resourceApi>

/**
 * Whether a type offers an action at all, as its routes exist: content its CRUD and the definition's actions; a
 * record type (whose routes the server mounts by its permission page and traits, decision 0037) by both.
 */
export function offers(def: ResourceDef, action: ResourceAction): boolean {
  const crud = ['list', 'detail', 'create', 'update', 'remove'].includes(action)
  if (contentKind(def)) return crud || def.actions.includes(action)
  switch (action) {
    case 'list':
    case 'detail':
      return true
    case 'create':
    case 'update':
      return supportsAction(def, action) && hasForm(def)
    case 'remove':
    case 'export':
    case 'import':
      return supportsAction(def, action)
    case 'recycle':
    case 'restore':
      return supportsAction(def, 'recycle')
    default:
      return def.actions.includes(action) && supportsAction(def, action)
  }
}

/** Whether rows name their creator: `scope: 'none'` record types (rows app users make, global switches) do not. */
export const hasCreator = (def: ResourceDef) => def.scope !== 'none'

/** Whether the list filters by creator (spec §6: default the current user): not a shared vocabulary (tags). */
export const filtersByCreator = (def: ResourceDef) => (def.scope ?? 'department') === 'department'

export interface ListTab {
  key: string
  label: string
  recycle: boolean
}

/**
 * The `type` tabs in the definition's (spec) order; the first is the default. Given a grant, only the tabs it may
 * open (tabPermission: the 回收站 tab needs the permission its actions need, as the server's list does).
 */
export const listTabs = (def: ResourceDef, grant?: Grant): ListTab[] =>
  Object.entries(def.list.types)
    .filter(([, t]) => !grant || can(grant, def.permissionPage, tabPermission(def, t)))
    .map(([key, t]) => ({ key, label: t.label, recycle: t.recycle === true }))

/** Fields with `search: true`, in definition order: the list's search form. */
export const searchFields = (def: ResourceDef): [string, FieldDef][] =>
  Object.entries(def.fields).filter(([, f]) => f.search === true)

/** The creation-time range's list parameters (ListDef.createdRange), ISO times as the server's list takes them. */
export const RANGE_PARAMS = ['startTime', 'endTime'] as const
/** The search form's field of that range (a date range picker). */
export const CREATED_RANGE = 'createdRange'

/** The list's filter names: its search fields, and the time range when it has one. */
const filterNames = (def: ResourceDef): string[] => [
  ...searchFields(def).map(([name]) => name),
  ...(def.list.createdRange ? RANGE_PARAMS : []),
]

/** Columns the engine draws itself when the definition lists no field of that name. */
export const ENGINE_COLUMNS = [
  'verifyState',
  'showState',
  'viewNum',
  'likeNum',
  'creatorName',
  'createdAt',
] as const

/** Does the definition carry a display window (spec §4)? Its list then shows 展示状态 after 审核状态. */
export const hasDisplayWindow = (def: ResourceDef) =>
  'displayStart' in def.fields || 'displayEnd' in def.fields

/** The state field of a definition's machine (a feedback's state), drawn as a coloured tag. */
export const machineField = (def: ResourceDef) => def.machine?.field

/**
 * The list's columns: the definition's (and its machine's state when it lists none), then the engine's state,
 * count, creator and time columns that apply to the type.
 */
export function listColumnKeys(def: ResourceDef): string[] {
  const state = machineField(def)
  const own = state && !def.list.columns.includes(state) ? [...def.list.columns, state] : def.list.columns
  // A type without review (programme replays) has no review state to show, one without show/hide (晨视频) no
  // show state; counts are the content family's, creators those of scoped types.
  const content = contentKind(def) !== undefined
  const engine = ENGINE_COLUMNS.filter(
    (c) =>
      !own.includes(c) &&
      (c !== 'verifyState' || def.review) &&
      (c !== 'showState' || (supportsAction(def, 'show') && (content || offers(def, 'show')))) &&
      ((c !== 'viewNum' && c !== 'likeNum') || content) &&
      (c !== 'creatorName' || hasCreator(def)),
  ).flatMap((c) => (c === 'verifyState' && hasDisplayWindow(def) ? [c, 'displayStatus'] : [c]))
  // Without a review state to follow, a display window's status leads the engine's columns (an ad, a buoy).
  if (hasDisplayWindow(def) && !engine.includes('displayStatus')) engine.unshift('displayStatus')
  return [...own, ...engine]
}

/** Spec §3: view counts only for the listed content kinds (or where the definition says so). */
export const viewCountApplies = (def: ResourceDef) =>
  def.counts?.view ?? VIEW_COUNT_KINDS.includes(contentKind(def) ?? def.name)
export const likeCountApplies = (def: ResourceDef) => def.counts?.like ?? contentKind(def) !== undefined

/** The form's fields: those with `form` (or shown read-only), in definition order. */
export const formFields = (def: Pick<ResourceDef, 'fields'>): [string, FieldDef][] =>
  Object.entries(def.fields).filter(([, f]) => f.form !== false || f.readOnly === true)

/** A child row's own identity in the form (kept out of what is sent): a row added in the form has no `id` yet. */
export const ROW_KEY = Symbol('row')
export type ChildRow = Record<string, unknown> & { id?: number; [ROW_KEY]?: string }

/** One field's value as a save sends it: text trimmed, empty dates and numbers null, tag ids as numbers. */
export function fieldPayload(name: string, f: FieldDef, v: unknown): unknown {
  if (isOperateCountField(name)) return isValidOperateCount(v) ? parseOperateCount(v) : v
  switch (f.kind) {
    case 'datetime':
      return v ? (v as Dayjs).toISOString() : null
    case 'switch':
      return Boolean(v)
    case 'number':
      return typeof v === 'number' ? v : null
    case 'tags':
    case 'relation':
      return Array.isArray(v) ? v.map(Number) : []
    case 'multiSelect':
    case 'imageList':
      return Array.isArray(v) ? v : []
    case 'children':
      return childrenPayload(f, v)
    case 'modules':
      return Array.isArray(v)
        ? (v as { name?: unknown; items?: unknown }[]).map((m) => ({
            name: typeof m.name === 'string' ? m.name.trim() : '',
            items: Array.isArray(m.items) ? m.items.map(Number) : [],
          }))
        : []
    case 'richText':
      return typeof v === 'string' ? v : ''
    case 'select':
      return v ?? undefined
    case 'mediaAccount':
      return v ?? null
    default:
      return typeof v === 'string' ? v.trim() : ''
  }
}

/** A children field's rows as sent: each row's fields by their own kinds, and the id of a kept row. */
function childrenPayload(f: FieldDef, v: unknown): Record<string, unknown>[] {
  if (!Array.isArray(v)) return []
  const fields = Object.entries(f.children?.fields ?? {})
  return (v as ChildRow[]).map((row) => {
    const out: Record<string, unknown> = {}
    if (typeof row.id === 'number') out.id = row.id
    for (const [name, cf] of fields) out[name] = fieldPayload(name, cf, row[name])
    return out
  })
}

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && !v.length)

/**
 * The value type of a field's required rule: antd checks `required` through async-validator, which takes a rule
 * without a type for a string and refuses a number, a date or a list even when it is there.
 */
type RuleType = NonNullable<Exclude<FormRule, (...args: never[]) => unknown>['type']>
const requiredType: Partial<Record<FieldDef['kind'], RuleType>> = {
  number: 'number',
  mediaAccount: 'number',
  switch: 'boolean',
  datetime: 'object',
  tags: 'array',
  relation: 'array',
  modules: 'array',
  multiSelect: 'array',
  children: 'array',
}

/** The message a field's schema refuses its value with: its own, a child row's named by its row, else `invalid`. */
function issueMessage(f: FieldDef, issue: { path: PropertyKey[]; message: string } | undefined): string {
  const fallback = f.invalid ?? `${f.label}填写有误`
  if (!issue) return fallback
  if (issue.path.length === 0 || f.kind === 'modules') return issue.message
  if (f.kind === 'children' && typeof issue.path[0] === 'number')
    // A row's own rule (no overlap) names itself; a cell's message says which row.
    return issue.path.length === 1 ? issue.message : `第${issue.path[0] + 1}行：${issue.message}`
  return fallback
}

/** A children field's refusal per row, for the rows the table marks (the first message of each row). */
export function childRowErrors(f: FieldDef, v: unknown): Map<number, string> {
  const out = new Map<number, string>()
  if (f.kind !== 'children' || !Array.isArray(v)) return out
  const checked = fieldSchema(f).safeParse(childrenPayload(f, v))
  if (checked.success) return out
  for (const issue of checked.error.issues) {
    const row = issue.path[0]
    if (typeof row === 'number' && !out.has(row)) out.set(row, issue.message)
  }
  return out
}

/**
 * Validation rules of one form field: required with its Chinese message first, the spec §5 rule for
 * operated counts, then the very schema the server validates the field with (domain fieldSchema), so the
 * form refuses what the server would, with the same message.
 */
export function fieldRules(name: string, f: FieldDef): FormRule[] {
  if (f.readOnly) return []
  const rules: FormRule[] = []
  if (f.required) {
    const type = requiredType[f.kind]
    const message = requiredMessage(f)
    rules.push(type ? { required: true, type, message } : { required: true, whitespace: true, message })
  }
  if (isOperateCountField(name)) {
    const message = f.invalid ?? operateCountMessages[name]
    rules.push({
      validator: (_, v: unknown) =>
        isValidOperateCount(v) ? Promise.resolve() : Promise.reject(new Error(message)),
    })
    return rules
  }
  const schema = fieldSchema(f)
  rules.push({
    validator: (_, v: unknown) => {
      if (isEmpty(v)) return Promise.resolve()
      const checked = schema.safeParse(fieldPayload(name, f, v))
      if (checked.success) return Promise.resolve()
      // The field's own messages (a module's, a child row's too); an element of a list (a tag id) answers with the
      // field's invalid one.
      return Promise.reject(new Error(issueMessage(f, checked.error.issues[0])))
    },
  })
  return rules
}

/** The rules of a set of fields (a command's input, a child row): each field's fieldRules, by name. */
export const fieldsRules = (fields: Record<string, FieldDef>) =>
  Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, fieldRules(name, f)]))

const isoOf = (v: unknown) =>
  v && typeof (v as Dayjs).toISOString === 'function' ? (v as Dayjs).toISOString() : null

/** The display window's form rule (spec §4): the end may not be before the start; empty ends are fine. */
export function displayWindowRules(name: string): FormRule[] {
  if (name !== 'displayEnd') return []
  return [
    ({ getFieldValue }) => ({
      validator: (_, v: unknown) =>
        displayWindowValid(isoOf(getFieldValue('displayStart')), isoOf(v))
          ? Promise.resolve()
          : Promise.reject(new Error(contentMessages.displayWindow)),
    }),
  ]
}

/**
 * The partition a screen's URL names (`list.partition`, e.g. programme content's `source`): the query value when
 * it is one of the field's options, else the first option; undefined for types without one.
 */
export function partitionOf(def: ResourceDef, params: URLSearchParams): string | undefined {
  const name = def.list.partition
  if (!name) return undefined
  const options = Object.keys(def.fields[name]?.options ?? {})
  const v = params.get(name)
  return v && options.includes(v) ? v : options[0]
}

/** A screen path of the type with its partition (and `id`) kept in the query: /programReplayDetail?source=tv&id=3. */
export function screenUrl(def: ResourceDef, path: string, params: URLSearchParams, id?: number): string {
  const q = new URLSearchParams()
  const part = partitionOf(def, params)
  if (part !== undefined) q.set(def.list.partition!, part)
  if (id !== undefined) q.set('id', String(id))
  const text = q.toString()
  return text ? `${path}?${text}` : path
}

/** The list's state as the URL holds it (spec §2: lists take the `type` query). */
export interface ListState {
  /** The partition's value (`list.partition`), kept in the URL under the field's name. */
  partition?: string
  type: string
  page: number
  pageSize: number
  /** Search-form values by field name, plus `createdBy`. */
  filters: Record<string, string>
}

export const CREATOR_PARAM = 'createdBy'

/** The list query naming the row to highlight: the item just saved (decision 0035). */
export const HIGHLIGHT_PARAM = 'highlight'

/**
 * What a new item takes from the list it is added from: the list filtered by a parent (a vote's options by
 * `voteId`, an account's sub-accounts) adds under that parent, so a single-id ref field the list searches on starts
 * at the filter's value.
 */
export function refPrefill(def: ResourceDef, filters: Record<string, string>): Record<string, number> {
  const out: Record<string, number> = {}
  for (const [name, f] of Object.entries(def.fields)) {
    const v = filters[name]
    if (f.ref && f.search && f.kind === 'number' && v && /^[1-9]\d*$/.test(v)) out[name] = Number(v)
  }
  return out
}

/**
 * Reads the list state from the URL. No `createdBy` at all means the default creator (the current user,
 * spec §6); an empty `createdBy` means everyone. A `type` the grant may not open is the first tab.
 */
export function readListState(
  def: ResourceDef,
  params: URLSearchParams,
  defaultCreator: string | undefined,
  grant?: Grant,
): ListState {
  const tabs = listTabs(def, grant)
  const type = tabs.some((t) => t.key === params.get('type')) ? params.get('type')! : (tabs[0]?.key ?? '')
  const page = Number(params.get('page'))
  const size = Number(params.get('pageSize'))
  const filters: Record<string, string> = {}
  for (const name of filterNames(def)) {
    const v = params.get(name)?.trim()
    if (v) filters[name] = v
  }
  // A type without a creator filter (filtersByCreator) takes none from the URL.
  const creator = !filtersByCreator(def)
    ? ''
    : params.has(CREATOR_PARAM)
      ? params.get(CREATOR_PARAM)!
      : (defaultCreator ?? '')
  if (creator) filters[CREATOR_PARAM] = creator
  return {
    partition: partitionOf(def, params),
    type,
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZE_DEFAULT,
    filters,
  }
}

/** The URL of a list state; defaults are left out so plain links stay plain. */
export function writeListState(
  def: ResourceDef,
  s: ListState,
  defaultCreator: string | undefined,
): URLSearchParams {
  const p = new URLSearchParams()
  if (def.list.partition && s.partition) p.set(def.list.partition, s.partition)
  if (s.type !== listTabs(def)[0]?.key) p.set('type', s.type)
  if (s.page !== 1) p.set('page', String(s.page))
  if (s.pageSize !== PAGE_SIZE_DEFAULT) p.set('pageSize', String(s.pageSize))
  for (const name of filterNames(def)) if (s.filters[name]) p.set(name, s.filters[name])
  const creator = s.filters[CREATOR_PARAM] ?? ''
  if (filtersByCreator(def) && creator !== (defaultCreator ?? '')) p.set(CREATOR_PARAM, creator)
  return p
}

/** The URL keys a list's state owns (writeListState's, and the highlighted row's). */
const listKeys = (def: ResourceDef): string[] => [
  ...(def.list.partition ? [def.list.partition] : []),
  'type',
  'page',
  'pageSize',
  ...filterNames(def),
  CREATOR_PARAM,
  HIGHLIGHT_PARAM,
]

/**
 * The list's query on a screen that has keys of its own (a panel chosen by `panel`, the parent's `voteId`): those
 * stay when the list pages, searches or returns after a save; the list's own keys are replaced by `list`.
 */
export function withScreenParams(
  def: ResourceDef,
  screen: URLSearchParams,
  list: URLSearchParams,
): URLSearchParams {
  const out = new URLSearchParams(screen)
  for (const key of listKeys(def)) out.delete(key)
  for (const [key, value] of list) out.set(key, value)
  return out
}

/**
 * The body of 导出 (the list's tab and filters): content takes the title apart and the other search fields under
 * `fields`; a record type takes every search field by its name, as its list does.
 */
export function exportBody(def: ResourceDef, state: ListState): Record<string, unknown> {
  const createdBy = state.filters[CREATOR_PARAM] ?? ''
  const search: Record<string, string> = {}
  for (const name of filterNames(def)) if (state.filters[name]) search[name] = state.filters[name]
  if (!contentKind(def))
    return { type: state.type, ...(filtersByCreator(def) ? { createdBy } : {}), ...search }
  const { title, ...fields } = search
  return { type: state.type, title: title || undefined, createdBy, fields }
}

/** An import's refusal (422 `{failed: [{row, messages}]}`, every row checked by the form's schema) as lines to list. */
export function importFailureLines(data: unknown): string[] {
  const failed = (data as { failed?: unknown } | null)?.failed
  if (!Array.isArray(failed)) return []
  return failed
    .filter((f): f is { row: number; messages: unknown[] } => typeof f?.row === 'number')
    .map((f) => `第 ${f.row} 行：${(Array.isArray(f.messages) ? f.messages : []).join('；')}`)
}

/** The page's ids after moving the row at `from` to `to` (排序: the order POST /api/<name>/sort is sent). */
export function reorderedIds(ids: readonly number[], from: number, to: number): number[] {
  const next = [...ids]
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved!)
  return next
}

/**
 * The form fields a server refusal names, to show it under them: a children field's no-overlap message (the server
 * checks the rule with the same function, and says so in the same words).
 */
export function fieldErrorsOf(
  def: Pick<ResourceDef, 'fields'>,
  text: string,
): { name: string; errors: string[] }[] {
  return Object.entries(def.fields).flatMap(([name, f]) => {
    const rule = f.children?.noOverlap
    return rule && text.includes(rule.message) ? [{ name, errors: [rule.message] }] : []
  })
}
