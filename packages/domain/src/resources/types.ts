import type { ActionName } from '../permissions/actions.ts'
import { permissionPages } from '../permissions/pages.ts'
import type { UploadKind } from '../rules/upload.ts'

/**
 * The resource-definition vocabulary (DESIGN.md §4). One definition per entity type drives the server
 * engine (routes, validation, permission checks, data scope, operation log, review transitions) and the
 * web engine (list page, form, detail view, preview). A definition says what is special about a type;
 * everything it leaves out takes the engine's default, applied once by `defineResource`.
 */

/** Field kinds the engine knows how to validate, store, draw in a form and show in a list/detail. */
export type FieldKind =
  | 'text' // single line
  | 'textarea' // multi-line plain text
  | 'richText' // sanitized HTML (server-side allow-list, rules/richText.ts)
  | 'image' // an image URL (media picker once the media-library issue lands)
  | 'video' // a video URL (media picker later)
  | 'url'
  | 'number'
  | 'switch'
  | 'select' // one of `options`
  | 'datetime' // ISO string
  | 'tags' // tag ids (paged select of /api/tag/findTags)
  | 'mediaAccount' // media-account id (paged select)
  | 'relation' // ids of items of another resource (`relation.resource`), ordered
  | 'modules' // named groups, each an ordered list of items (a subject's modules): {name, items: ids}[]
  | 'file' // an uploaded file's URL, of the upload kind `upload` (an H5 page's zip package)
  | 'multiSelect' // several of `options` (a splash screen's target platforms)
  | 'imageList' // several pictures' URLs, in order (the pictures a feedback carries)
  | 'children' // owned rows edited inside the parent's form (`children`): record store only

/** When a field applies: another field has the value, or one of the values (FieldDef.when). */
export type FieldWhen = { field: string } & ({ value: string } | { values: readonly string[] })

/** Whether a `when` holds for the other field's value `v`. */
export const whenHolds = (when: FieldWhen, v: unknown): boolean =>
  'values' in when ? when.values.includes(String(v)) : String(v) === when.value

export interface FieldDef {
  kind: FieldKind
  label: string
  required?: boolean
  /** Text length limits (characters) or number range. */
  max?: number
  min?: number
  /** For `select`: value → Chinese label, in display order. */
  options?: Record<string, string>
  /**
   * For `relation`: the related resource's name (its items are picked, in order, and must exist, be of that
   * kind, not be in the recycle bin and be in the caller's data scope). With `by`, another field's value
   * chooses the related resource (e.g. a collection's type); a value mapped to none takes no items yet.
   */
  relation?: {
    resource: string
    multiple?: boolean
    by?: { field: string; resources: Record<string, string> }
    /** Items may be of any of these resources; the picker offers a 类型 choice (a subject's module content). */
    anyOf?: string[]
  }
  /** For `file`: what the upload widget accepts (rules/upload.ts UploadKind). */
  upload?: UploadKind
  /**
   * The field applies only while another field has a given value (an H5 page's 链接地址 with 链接类型 外部链接,
   * its 上传H5包 with H5包): the form shows it then only, and `required` holds then only.
   */
  when?: FieldWhen
  /**
   * With `search`: the list's search form offers the values a call names (POST `{kind, pageSize}` answering
   * `{items: {name, total}[]}`), e.g. a disclosure's 区域 from /api/disclosureRegion/pageList.
   */
  searchFrom?: string
  /** For `children`: the owned rows' table and fields (record store, DESIGN §4). */
  children?: ChildrenDef
  /**
   * Record store: no other live row (not in the recycle bin) may have the same value, among the rows with the same
   * `within` field value when given (a mini program's AppID; a hot word).
   */
  unique?: {
    within?: string
    message: string
    /** Compare with every row of the table, not only the definition's (an operator's phone and an app user's). */
    table?: boolean
  }
  /**
   * Record store: a number never below another column of the same row (an invitation code's 可用次数 and its
   * 已用次数, which sign-ups raise), refused with `message`.
   */
  atLeast?: { field: string; message: string }
  /**
   * Record store: the value must exceed every other row's value of this field, among the rows with the same `within`
   * value (an app version's code per platform). `message` may name the current largest as {max}.
   */
  increasing?: { within?: string; message: string }
  /**
   * For `text`: a value that is not empty must match (a version name such as 6.2.0, a colour #RRGGBB); refused with
   * `invalid`, which then says what is expected.
   */
  pattern?: RegExp
  /**
   * Record store: the value is the id of a row of another record-store definition (a post's author, an app user;
   * its circle) — on a `number` field one id, on a `tags` field several (a user's tags: `userTag` rows). Lists and
   * details answer the rows' names beside it (`refs.<field>`, several joined by 、), the list links one to that
   * definition's detail screen, and the form picks from that definition's list (a paged select searching its title
   * field). With `search`, the list filters on it by id (`?circleId=3`: a circle's posts; a tag: rows holding it).
   */
  ref?: { resource: string }
  /**
   * Record store: not a column but a value the server computes for each row answered (a portrait's matching users, a
   * commentator's comments this month), by the function a module registers (engine/records/recordDerived.ts
   * registerDerived). Shown in lists and details, never written.
   */
  derived?: boolean
  /**
   * For `number`: an amount of money, held and sent in 分 (integer cents, so sums are exact) and shown, typed,
   * exported and imported in 元 with two decimals (rules/money.ts); `min`/`max` are in 分.
   */
  cents?: boolean
  /** Placeholder / help shown under the form field. */
  help?: string
  /** Where the field appears; default: form and detail yes, list no, search no. */
  list?: boolean
  search?: boolean
  form?: boolean
  detail?: boolean
  /** Value when the field is left out (default: '' for text kinds, false, null, []). */
  default?: string | number | boolean
  /** Shown, not editable, in the form (e.g. counts maintained by the server). */
  readOnly?: boolean
  /** The Chinese message when a value is refused (e.g. 运营阅读数填写有误, spec §5); default: `${label}填写有误`. */
  invalid?: string
}

/**
 * What a list tab filters on: only the engine's state dimensions, each of which the server keeps counted
 * (content_count), so a tab's exact total never needs count(*). `recycled` defaults to false (every tab but
 * the recycle bin hides recycled items); verifyState is 0 draft, 1 passed, 2 rejected, 3 pending (≥ 3 delivered).
 */
export interface ListFilter {
  recycled?: boolean
  verifyState?: number | { not: number }
  isFirst?: boolean
  /** Record store: fields equal to these values (a tab over any column, e.g. a feedback's state). */
  is?: Record<string, string | number | boolean>
}

/**
 * Rows a parent owns (a function switch's version ranges, a vote's options): edited in the parent's form as one
 * field whose value is the ordered rows, validated with the parent, and written in the parent's transaction under
 * its row lock. The child table has `parent_id` and `sort` besides one column per field.
 */
export interface ChildrenDef {
  table: string
  fields: Record<string, FieldDef>
  /** At most this many rows (default 100). */
  max?: number
  /**
   * No two rows' [start, end] ranges may overlap, among rows with the same `within` value when given (a
   * programme schedule, version ranges of one platform). An empty end is open-ended.
   */
  noOverlap?: { start: string; end: string; within?: string; message: string }
}

/**
 * A named action beyond CRUD (DESIGN §4): the engine supplies the route (POST /api/<name>/<command>), the guard
 * (the page's `action`), data scope, row lock, transaction, operation log and the web button and dialog; a module
 * registers the handler (server engine/records/commands.ts registerCommand).
 */
export interface CommandDef {
  label: string
  action: ActionName
  /** Whether it acts on no row (a toolbar button), one row (a row button) or many (a batch button too). */
  rows: 'none' | 'one' | 'many'
  /** Fields the dialog asks for (validated by the same schemas as the form's). */
  input?: Record<string, FieldDef>
  /** The confirm text of a command without input ({n}: the number of rows). */
  confirm?: string
  /**
   * The rows it applies to: those whose `field` holds one of `values` (解冻 a frozen account only). The web offers it on
   * those rows only; the handler still refuses others, as a request may name any row.
   */
  when?: { field: string; values: readonly string[] }
}

/**
 * A stage-like field (a feedback's state, an activity's stage): a `select` field whose value only named transitions
 * change, each bound to a permission action and allowed from some states; an illegal one answers 409.
 */
export interface MachineDef {
  field: string
  transitions: Record<
    string,
    {
      label: string
      from: readonly string[]
      to: string
      action: ActionName
      /** Fields the transition also sets, asked for in its dialog (a reply text). */
      input?: Record<string, FieldDef>
      /** Columns stamped with the time and the acting account's id (a reply's replied_at, replied_by). */
      stamp?: { at?: string; by?: string }
      confirm?: string
    }
  >
  /** Tag colour of each state (antd colour names); others default. */
  colors?: Record<string, string>
}

/** A named filter of the list: a spec query `type` value (e.g. article, first, draft, recycle). */
export interface ListTypeDef {
  label: string
  /** The tab's filter (see ListFilter); `{}` lists every item that is not in the recycle bin. */
  where: ListFilter
  /** The recycle bin: lists only recycled items, whose row actions are restore / delete for ever. */
  recycle?: boolean
}

/** The shared, small vocabulary of actions (DESIGN.md §4), each bound to a permission action. */
export type ResourceAction =
  | 'list'
  | 'detail'
  | 'create'
  | 'update'
  | 'remove'
  | 'show'
  | 'hide'
  | 'recycle'
  | 'restore'
  | 'submit'
  | 'revoke'
  | 'approve'
  | 'reject'
  | 'withdraw'
  | 'publishNoExamine'
  | 'lock'
  | 'export'
  | 'import'
  | 'comment'
  | 'sort'

/** The permission action each resource action needs on the definition's permission page (spec §6). */
export const actionPermission: Record<ResourceAction, ActionName> = {
  list: '查看',
  detail: '查看',
  create: '添加',
  update: '编辑',
  remove: '删除',
  show: '显示/隐藏',
  hide: '显示/隐藏',
  recycle: '回收站',
  restore: '回收站',
  submit: '提交审核',
  revoke: '撤销审核',
  approve: '审核',
  reject: '审核',
  withdraw: '撤销审核',
  publishNoExamine: '免审发布',
  lock: '编辑',
  export: '导出',
  import: '导入',
  comment: '评论',
  sort: '排序',
}

export interface ReviewDef {
  /** The review queue's screen path, e.g. '/articleAudit'. */
  queue: string
  /** Permission page of the queue, e.g. '文章审核'. */
  permissionPage: string
  /** resType of spec §7 pending counts and of the process library (article, video, ...). */
  resType: string
  /** A screen of its own for the queue's 审核记录 (/versionAudited beside /versionAudit). */
  records?: string
}

/** A record-store table (DESIGN §4); with `fixed`, the rows of a table shared by several definitions. */
export interface RecordStorage {
  table: string
  /**
   * The rows of the table with these column values are this definition's (tags of one `type`): its lists, details,
   * writes and unique fields see only those, and its new rows get them. Definitions sharing a table differ in them.
   */
  fixed?: Record<string, string | number | boolean>
}

/** Input of a spec path as the engine reads it: a body, or a query's values. */
export type SpecInput = Record<string, unknown>

/**
 * A spec §7 path served by an engine route of the definition (decision 0023; the options below, decision 0037
 * "Types moved onto the engine"). The engine's guard, validation and operation log apply as they are.
 */
export interface SpecAlias {
  /** The engine route, 'METHOD /api/...'. */
  engine: string
  /** Values the spec path implies, over the caller's (show → showState true). */
  fill?: SpecInput
  /** Values when the caller gives none (the spec's page size 10). */
  defaults?: SpecInput
  /**
   * This alias serves the requests whose input has this value (one field, e.g. `{ type: 1 }`); the field is the
   * spec's choice and does not reach the engine. With `byDefault`, also those that give no value. The guard is the
   * chosen route's; a value no alias names is a 400.
   */
  when?: Record<string, string | number | boolean>
  byDefault?: boolean
  /** Any signed-in account may call it (names other forms pick from: the tag picker's search). */
  open?: boolean
  /** A partial save: only the fields sent are checked and written, the others keep their values. */
  patch?: boolean
  /** The spec's request → the engine's (a spec `state` 1/0 → `showState`). */
  input?: (input: SpecInput) => SpecInput
  /** The engine's answer (`data`) → the spec's (a bare array, another field's name); `input` is the spec's request. */
  answer?: (data: never, input: SpecInput) => unknown
  /** The spec's success message (default the engine's). */
  msg?: string
}

export interface ResourceDef {
  /** Identifier from the glossary, e.g. 'article'. */
  name: string
  /** Chinese name, e.g. '文章'. */
  label: string
  /**
   * Content-family types share the `content` table and are told apart by `kind`; every other type has its own
   * table (the record store, DESIGN §4), assembled from traits in server db/tables/<area>.ts.
   */
  storage: { table: 'content'; kind: string } | RecordStorage
  /**
   * Record store: whose rows a caller sees. 'department' (default): rows created in the caller's data scope
   * (created_by, department_id); 'shared': every row, each naming its creator (vocabularies that every department
   * uses: tags, bullet-chat templates; no creator filter); 'none': every row, no creator (rows app users make, such
   * as feedback).
   */
  scope?: 'department' | 'shared' | 'none'
  /** The field that names an item in the operation log, the review queue and confirmations (default `title`). */
  titleField?: string
  commands?: Record<string, CommandDef>
  machine?: MachineDef
  /** Permission page (spec §6), e.g. '内容-文章'. */
  permissionPage: string
  /**
   * Screens: the list path and the detail/edit path from the catalogue; `comments`, the comment list of one
   * item (`?id=`), for types users comment on (/articleComments, /videoComments, ...). Types whose spec has
   * separate add and edit screens (/addSubject, /editSubject) name them in `create` / `edit`; `detail` then
   * shows the item read-only.
   */
  screens: {
    list: string
    /** The add/edit screen; without one (a list-only screen such as /buoyConfig) the form opens in a drawer. */
    detail?: string
    comments?: string
    create?: string
    edit?: string
  }
  fields: Record<string, FieldDef>
  list: {
    /** Query `type` tabs in spec order; the first is the default. */
    types: Record<string, ListTypeDef>
    /** Field names shown as columns, in order (plus the engine's state/time/actions columns). */
    columns: string[]
    /** Default sort: newest first unless said otherwise. */
    sort?: { field: string; order: 'asc' | 'desc' }
    /** Other screens that create items of this type, offered beside 新增 (e.g. from a recording); needs 添加. */
    createFrom?: { label: string; path: string }[]
    /**
     * A required `select` field that splits the type into separate lists, chosen by the screens' query
     * parameter of the same name (programme content's `source`: /programContent?source=tv). The list, its tab
     * counts and new items take the value from the URL (default the first option); the form shows it read-only.
     * Such totals are count(*) (the counters know no field values).
     */
    partition?: string
    /** The search form offers a range of the creation time under this label (用户管理's 注册时间). */
    createdRange?: string
  }
  /**
   * 导入 (record store): all rows or none (default: rows that hang together), or `rows` — the good rows go in and each
   * bad one is named (a phrase list such as comment templates, where one typo must not hold back the rest).
   */
  importMode?: 'all' | 'rows'
  /** Actions this type supports beyond list/detail/create/update/remove. */
  actions: ResourceAction[]
  review?: ReviewDef
  /**
   * API paths that differ from the engine's convention, as 'METHOD /api/...'. Content-family convention
   * (docs/decisions/0006-content-engine.md): GET|POST /api/content/list, /api/content/nums, GET /api/content/same,
   * GET /api/content/detail, POST /api/content/add|modify|restore|showState, POST /api/content/<name>/delete,
   * GET /api/content/<name>/lock — shared paths take `kind` = the definition's storage kind.
   */
  api?: Partial<Record<ResourceAction, string>>
  /**
   * Spec §7 paths that serve this type's engine calls verbatim, kind fixed ('POST /api/discuss/add' →
   * 'POST /api/content/add'): the same handler, validation, permission and operation log (SpecAlias). Between
   * methods, the query becomes the body and back. Several aliases of one path (of one definition or several) are
   * chosen by an input value (SpecAlias.when).
   */
  specPaths?: Record<string, string | SpecAlias | SpecAlias[]>
  /** Content types whose view counts are shown (spec §3); others show '--'. */
  counts?: { view: boolean; like: boolean }
  /** Permission actions of this type's page that differ from `actionPermission` (e.g. show → 上线/下线). */
  permissions?: Partial<Record<ResourceAction, ActionName>>
  /** Words for the show state where the type says otherwise than 显示/隐藏 (replays go 上线/下线, spec §4). */
  showWords?: { show: string; hide: string }
}

/** The permission action a resource action needs on the definition's page: its own word, else the shared one. */
export const permissionFor = (def: Pick<ResourceDef, 'permissions'>, action: ResourceAction): ActionName =>
  def.permissions?.[action] ?? actionPermission[action]

/**
 * The permission action a list tab needs: the recycle bin the one its actions need (回收站, or the type's own word
 * for restore), every other tab the list's (查看). The web shows a tab, and the server lists it, only with it.
 */
export const tabPermission = (def: Pick<ResourceDef, 'permissions'>, tab: Pick<ListTypeDef, 'recycle'>) =>
  permissionFor(def, tab.recycle ? 'restore' : 'list')

/**
 * Whether a type offers an action at all: its permission page has the action it needs. The engine's shared
 * routes serve every content kind, so e.g. submitting a programme replay (its page has no 提交审核) is refused.
 */
export const supportsAction = (
  def: Pick<ResourceDef, 'permissions' | 'permissionPage'>,
  action: ResourceAction,
): boolean =>
  permissionPages.find((p) => p.name === def.permissionPage)?.actions.includes(permissionFor(def, action)) ===
  true

/**
 * Whether a record type has a form at all: a field the console writes. A type whose fields are all read-only (posts,
 * which app users write) has no 新增 / 编辑 even where its page has 添加 (for a command such as 以运营用户发帖).
 */
export const hasForm = (def: Pick<ResourceDef, 'fields'>): boolean =>
  Object.values(def.fields).some((f) => f.form !== false && !f.readOnly)

/** Applies the defaults once, so consumers never re-check optional keys. */
export function defineResource<const D extends ResourceDef>(def: D): D {
  // `type` is the list's tab parameter (spec query `type`): a search field of that name would filter every tab away.
  if (def.fields.type?.search)
    throw new Error(`${def.name}: a search field may not be named "type" (the list tab parameter); rename it`)
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.derived) f.readOnly = true
    f.form ??= !f.readOnly
    f.detail ??= true
    f.list ??= def.list.columns.includes(name)
    f.search ??= false
    f.invalid ??= `${f.label}填写有误`
  }
  for (const t of Object.values(def.list.types)) t.where.recycled ??= !!t.recycle
  def.list.sort ??= { field: 'createdAt', order: 'desc' }
  return def
}
