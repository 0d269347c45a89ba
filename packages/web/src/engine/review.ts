import { REJECT_REASON_MAX, reviewMessages } from '@moc/domain/api/review'
import type { MenuItem } from '@moc/domain/catalogue/menu'
import { screens } from '@moc/domain/catalogue/screens'
import { can, type Grant } from '@moc/domain/permissions/can'
import { resTypeOf, reviewPathSegment } from '@moc/domain/resources/index'
import { permissionFor, type ResourceAction, type ResourceDef } from '@moc/domain/resources/types'
import { contentKind } from './derive.ts'

/**
 * The pure half of the review workflow on the web (DESIGN.md §5): which transitions a row offers, the calls
 * of a definition's review, its queue screens, and the pending-count badges. No React here.
 */

/** The editor-side transitions of a content list (spec §4 review flow). */
export type WorkflowAction = 'submit' | 'revert' | 'publishNoExamine' | 'takeDown'

export const workflowText: Record<WorkflowAction, { button: string; confirm: string; done: string }> = {
  submit: { button: '提交审核', confirm: '确定提交选中的{n}条内容审核？', done: '已提交审核' },
  revert: { button: '撤回', confirm: '确定撤回选中的{n}条待审核内容？', done: '已撤回' },
  publishNoExamine: { button: '免审发布', confirm: '确定免审发布选中的{n}条内容？', done: '已发布' },
  takeDown: { button: '下线', confirm: '确定下线选中的{n}条内容？', done: '已下线' },
}

/**
 * The wording of a type's transitions: where its own show words already say 下线 (a splash screen's 上线/下线),
 * taking a published item down is 撤回发布, so the two buttons are told apart.
 */
export function workflowTextOf(def: Pick<ResourceDef, 'showWords'>): typeof workflowText {
  if (def.showWords?.hide !== workflowText.takeDown.button) return workflowText
  return {
    ...workflowText,
    takeDown: { button: '撤回发布', confirm: '确定撤回发布选中的{n}条内容？', done: '已撤回发布' },
  }
}

/**
 * The definition's actions that enable each transition, and the permissions (any of) on its page that allow
 * it, as the server checks them (docs/decisions/0007): the submitter may revert their own submission with
 * 提交审核, anyone with 撤销审核 may revert; taking down is the `withdraw` action (撤销审核).
 */
const workflowGate: Record<WorkflowAction, { actions: ResourceAction[]; needs: ResourceAction[] }> = {
  submit: { actions: ['submit'], needs: ['submit'] },
  revert: { actions: ['revoke', 'submit'], needs: ['revoke', 'submit'] },
  publishNoExamine: { actions: ['publishNoExamine'], needs: ['publishNoExamine'] },
  takeDown: { actions: ['revoke', 'withdraw'], needs: ['withdraw'] },
}

/** Spec §4 numeric pre-status: 0 draft, 1 passed, 2 rejected, 3 pending (≥ 3 delivered). */
const isPending = (s: number) => s >= 3
/** The states each transition starts from. */
const fromState: Record<WorkflowAction, (s: number) => boolean> = {
  submit: (s) => s === 0 || s === 2,
  revert: isPending,
  // The server publishes anything not yet published, pending items included.
  publishNoExamine: (s) => s !== 1,
  takeDown: (s) => s === 1,
}

/** The transitions the definition supports and the grant allows, in button order. */
export function workflowActions(def: ResourceDef, grant: Grant): WorkflowAction[] {
  const all: WorkflowAction[] = ['submit', 'revert', 'publishNoExamine', 'takeDown']
  return all.filter((a) => {
    const gate = workflowGate[a]
    if (!gate.actions.some((x) => def.actions.includes(x))) return false
    // Submitting (and reverting) needs a review to go through: without one a type only publishes directly.
    if ((a === 'submit' || a === 'revert') && !def.review) return false
    return gate.needs.some((x) => can(grant, def.permissionPage, permissionFor(def, x)))
  })
}

/** The transitions one row offers: those allowed whose starting state is the row's. */
export const rowWorkflowActions = (allowed: WorkflowAction[], verifyState: unknown): WorkflowAction[] =>
  typeof verifyState === 'number' ? allowed.filter((a) => fromState[a](verifyState)) : []

/** Of the selected rows, those a transition applies to (a batch skips the others). */
export const applicableIds = (
  action: WorkflowAction,
  rows: { id: number; verifyState?: unknown }[],
): number[] =>
  rows.filter((r) => typeof r.verifyState === 'number' && fromState[action](r.verifyState)).map((r) => r.id)

/**
 * The calls of a definition's review (docs/decisions/0007-review-workflow.md, 0037): the editor-side transitions on
 * the type's own routes (content: /api/content/* with kind; a record type: /api/<name>/*), the decisions and queues
 * on the shared review centre by resType.
 */
export function reviewApi(def: ResourceDef) {
  const kind = contentKind(def)
  const resType = resTypeOf(def)
  const base = kind ? '/api/content' : `/api/${def.name}`
  const queue = `/api/verify-center/${reviewPathSegment(resType)}`
  return {
    kind,
    resType,
    submit: `${base}/examination`,
    revert: kind ? `${base}/${kind}/revert` : `${base}/revert`,
    publishNoExamine: `${base}/publish/noExamine`,
    takeDown: `${base}/revoke/batch`,
    approve: '/api/verify-center/approved',
    reject: '/api/verify-center/rejection',
    queue,
    /** The item as a reviewer reads it: guarded by the queue's 审核, not the content page's 查看. */
    detail: `${queue}/detail`,
    log: '/api/process/resource/log',
    /** The log's query: a content item is found by its id alone, any other type names itself. */
    logQuery: (resId: number) => (kind ? { resId } : { resType, resId }),
    pendingCounts: '/api/verify-center/pendingCounts',
  }
}

/** The request body of an editor-side transition: content names its kind (but to revert), records need none. */
export function workflowBody(def: ResourceDef, action: WorkflowAction, ids: number[]) {
  const { kind } = reviewApi(def)
  return action === 'revert' || !kind ? { ids } : { kind, ids }
}

/** The queue's detail screen: the catalogue screen whose parent is the queue (e.g. /articleAuditDetail). */
export function reviewDetailPath(queue: string): string | undefined {
  return screens.find((s) => s.parent === queue && !s.menu)?.path
}

/**
 * Definitions that go through review, each with its queue, its detail screen (none: decisions are taken on the
 * queue's rows, e.g. /auditSearchKeyword) and its records screen when the catalogue has one (/versionAudited).
 */
export function reviewQueues(defs: Record<string, ResourceDef>) {
  const out: { def: ResourceDef; queue: string; detail: string | undefined; records: string | undefined }[] =
    []
  for (const def of Object.values(defs))
    if (def.review)
      out.push({
        def,
        queue: def.review.queue,
        detail: reviewDetailPath(def.review.queue),
        records: def.review.records,
      })
  return out
}

/** A review queue's tab: its query `type` and its label. */
export interface QueueTab {
  key: string
  label: string
}

/**
 * The queue's tabs from the catalogue (spec §2 audit lists): `list` 待审核 first, then the records, `wait` 审核记录
 * (`record` on the broadcast and TV queues). A queue the catalogue gives no types takes list / wait.
 */
export function queueTabs(queue: string): QueueTab[] {
  const types = screens.find((s) => s.path === queue)?.types ?? { list: '待审核', wait: '审核记录' }
  return Object.entries(types).map(([key, label]) => ({ key, label }))
}

/** The tab a URL's `type` names, else the first (待审核). */
export const readQueueTab = (tabs: readonly QueueTab[], v: string | null): string =>
  tabs.find((t) => t.key === v)?.key ?? tabs[0]!.key

/** One message on both sides: the server refuses a blank reason with the same words. */
export const REJECT_REASON_REQUIRED = reviewMessages.reasonRequired
export { REJECT_REASON_MAX }

/** A rejection's reason as sent, or the message refusing it. */
export function checkRejectReason(v: unknown): { ok: true; reason: string } | { ok: false; message: string } {
  const reason = typeof v === 'string' ? v.trim() : ''
  if (!reason) return { ok: false, message: REJECT_REASON_REQUIRED }
  if (reason.length > REJECT_REASON_MAX)
    return { ok: false, message: `驳回原因不能超过${REJECT_REASON_MAX}个字` }
  return { ok: true, reason }
}

/** The menu entries with a pending-count badge: the queues the signed-in user may see. */
export function badgeEntries(menus: MenuItem[]): { path: string; badge: string }[] {
  const out: { path: string; badge: string }[] = []
  const walk = (items: MenuItem[]) => {
    for (const m of items) {
      if (m.badge && m.link) out.push({ path: m.link, badge: m.badge })
      if (m.children) walk(m.children)
    }
  }
  walk(menus)
  return out
}

/**
 * The pending counts by badge key, from the batched call's counts by queue path (or by badge key); only
 * the entries the menu shows, so a queue the user may not see never carries a number.
 */
export function countsByBadge(
  entries: { path: string; badge: string }[],
  counts: Record<string, unknown> | undefined,
): Record<string, number> {
  const out: Record<string, number> = {}
  if (!counts) return out
  for (const { path, badge } of entries) {
    const n = counts[path] ?? counts[badge]
    if (typeof n === 'number' && Number.isFinite(n) && n > 0) out[badge] = n
  }
  return out
}

/** One entry of an item's review log, as shown. */
export interface LogEntry {
  action: string
  actor: string
  node: string
  comment: string
  time: string
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')

/** Chinese names of the log's transition codes, where the server sends codes. */
const actionNames: Record<string, string> = {
  submit: '提交审核',
  pass: '审核通过',
  reject: '驳回',
  withdraw: '下线',
  revoke: '撤回审核',
  publish: '免审发布',
}

/** The entries of GET /api/process/resource/log (a page of resourceLogItemSchema, or a plain list), oldest first. */
export function logEntries(data: unknown): LogEntry[] {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)
      ? (data as { items: unknown[] }).items
      : []
  const entries = list
    .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object')
    .map((e) => {
      const action = str(e.action)
      return {
        action: actionNames[action] ?? action,
        actor: str(e.actorName ?? e.actor),
        node: str(e.stateName ?? e.node),
        comment: str(e.comment),
        time: str(e.createdAt),
      }
    })
  return entries.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0))
}

/** The newest rejection with its reason (what the editor must fix). */
export const lastRejection = (entries: LogEntry[]): LogEntry | undefined =>
  entries.filter((e) => e.action.includes('驳回') && e.comment).at(-1)

/** One row of a review queue (pending items, or audit records), as shown. */
export interface QueueRow {
  key: string
  /** The reviewed item's id (what approve/reject and the detail screen take). */
  id: number
  title: string
  creatorName: string
  submittedAt: string
  nodeName: string
  decision: string
  reason: string
  time: string
  submitterName: string
}

const decisionNames: Record<string, string> = { ...actionNames, pass: '通过' }

/** The rows of GET /api/verify-center/<segment> ({items, total}; queueItemSchema of @moc/domain/api/review). */
export function queueRows(items: unknown): QueueRow[] {
  if (!Array.isArray(items)) return []
  return items
    .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object')
    .map((e, i) => {
      const id = Number(e.id)
      const decision = str(e.action)
      return {
        // On 审核记录 one item may appear once per decision: the log entry is the row.
        key: e.logId == null ? `item-${str(e.id)}` : `log-${str(e.logId)}-${i}`,
        id,
        title: str(e.title),
        creatorName: str(e.creatorName),
        submittedAt: str(e.submittedAt),
        nodeName: str(e.stateName),
        decision: decisionNames[decision] ?? decision,
        reason: str(e.comment),
        time: str(e.decidedAt),
        submitterName: str(e.submitterName),
      }
    })
    .filter((r) => Number.isSafeInteger(r.id) && r.id > 0)
}

/** Common reasons offered as one-click chips in the rejection dialog, beside the reviewer's own words. */
export const CANNED_REJECT_REASONS = [
  '内容涉及敏感信息',
  '标题不规范',
  '图片不清晰或不合规',
  '内容与栏目不符',
  '存在错别字',
] as const

const REASON_SEPARATOR = '；'
const reasonParts = (text: string) =>
  text
    .split(/[；;]/)
    .map((p) => p.trim())
    .filter(Boolean)

/** Does the reason text hold this canned reason as one of its parts? */
export const hasReason = (text: unknown, reason: string) =>
  typeof text === 'string' && reasonParts(text).includes(reason)

/** A chip click: adds the canned reason after what is written, or takes it out again when present. */
export function toggleReason(text: unknown, reason: string): string {
  const current = typeof text === 'string' ? text.trim() : ''
  if (hasReason(current, reason))
    return reasonParts(current)
      .filter((p) => p !== reason)
      .join(REASON_SEPARATOR)
  return current ? `${current.replace(/[；;]+$/, '')}${REASON_SEPARATOR}${reason}` : reason
}
