import { contentMessages } from '@moc/domain/api/content'
import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '@moc/domain/constants'
import { can, type Grant } from '@moc/domain/permissions/can'
import { fieldSchema } from '@moc/domain/resources/fieldSchema'
import {
  type FieldDef,
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

/** The calls of a resource: content-family types share `/api/content/*` with `kind`; the definition may override. */
export function resourceApi(def: ResourceDef) {
  const kind = contentKind(def)
  const base = kind ? '/api/content' : `/api/${def.name}`
  // Overrides read 'METHOD /api/...'; the method is the engine's convention for that action.
  const path = (action: ResourceAction, fallback: string) =>
    def.api?.[action]?.replace(/^[A-Z]+\s+/, '') ?? fallback
  return {
    kind,
    list: path('list', `${base}/list`),
    nums: kind ? `${base}/nums` : undefined,
    detail: path('detail', `${base}/detail`),
    create: path('create', `${base}/add`),
    update: path('update', `${base}/modify`),
    recycle: path('recycle', kind ? `${base}/${kind}/delete` : `/api/${def.name}/delete`),
    restore: path('restore', `${base}/restore`),
    remove: path('remove', kind ? `${base}/${kind}/delete` : `/api/${def.name}/delete`),
    showState: path('show', `${base}/showState`),
    same: kind ? `${base}/same` : undefined,
    /** Versions and the reviewer's diff (decision 0009), the edit lock (decision 0006) and its release. */
    versions: kind ? `${base}/versions` : undefined,
    versionDiff: kind ? `${base}/versionDiff` : undefined,
    lock: def.actions.includes('lock') ? path('lock', `${base}/${kind ?? def.name}/lock`) : undefined,
    unlock: def.actions.includes('lock') ? `${base}/${kind ?? def.name}/unlock` : undefined,
  }
}

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

/** The list's columns: the definition's, then the engine's state, count, creator and time columns. */
export function listColumnKeys(def: ResourceDef): string[] {
  const own = def.list.columns
  // A type without review (programme replays) has no review state to show, one without show/hide (晨视频) no
  // show state.
  const engine = ENGINE_COLUMNS.filter(
    (c) =>
      !own.includes(c) &&
      (c !== 'verifyState' || def.review) &&
      (c !== 'showState' || supportsAction(def, 'show')),
  ).flatMap((c) => (c === 'verifyState' && hasDisplayWindow(def) ? [c, 'displayStatus'] : [c]))
  return [...own, ...engine]
}

/** Spec §3: view counts only for the listed content kinds (or where the definition says so). */
export const viewCountApplies = (def: ResourceDef) =>
  def.counts?.view ?? VIEW_COUNT_KINDS.includes(contentKind(def) ?? def.name)
export const likeCountApplies = (def: ResourceDef) => def.counts?.like ?? contentKind(def) !== undefined

/** The form's fields: those with `form` (or shown read-only), in definition order. */
export const formFields = (def: ResourceDef): [string, FieldDef][] =>
  Object.entries(def.fields).filter(([, f]) => f.form !== false || f.readOnly === true)

const choiceKinds = new Set(['select', 'switch', 'datetime', 'tags', 'mediaAccount', 'relation'])

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

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && !v.length)

/**
 * Validation rules of one form field: required with its Chinese message first, the spec §5 rule for
 * operated counts, then the very schema the server validates the field with (domain fieldSchema), so the
 * form refuses what the server would, with the same message.
 */
export function fieldRules(name: string, f: FieldDef): FormRule[] {
  if (f.readOnly) return []
  const rules: FormRule[] = []
  if (f.required)
    rules.push({
      required: true,
      whitespace: f.kind !== 'number',
      message: `${choiceKinds.has(f.kind) ? '请选择' : '请输入'}${f.label}`,
    })
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
      // The field's own messages (a module's too); an element of a list (a tag id) answers with the field's invalid one.
      const issue = checked.error.issues[0]
      const message = issue && (issue.path.length === 0 || f.kind === 'modules') ? issue.message : undefined
      return Promise.reject(new Error(message ?? f.invalid ?? `${f.label}填写有误`))
    },
  })
  return rules
}

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
  for (const [name] of searchFields(def)) {
    const v = params.get(name)?.trim()
    if (v) filters[name] = v
  }
  const creator = params.has(CREATOR_PARAM) ? params.get(CREATOR_PARAM)! : (defaultCreator ?? '')
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
  for (const [name] of searchFields(def)) if (s.filters[name]) p.set(name, s.filters[name])
  const creator = s.filters[CREATOR_PARAM] ?? ''
  if (creator !== (defaultCreator ?? '')) p.set(CREATOR_PARAM, creator)
  return p
}
