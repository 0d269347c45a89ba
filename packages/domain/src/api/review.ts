import { z } from 'zod'
import { idQuerySchema, idSchema, pageNumberSchema } from '../transport/ids.ts'
import { CONTENT_PAGE_SIZE, CONTENT_PAGE_SIZE_MAX, contentIdsSchema } from './content.ts'

/** Review workflow (DESIGN §5, docs/decisions/0007-review-workflow.md). */
export const REJECT_REASON_MAX = 200

export const reviewMessages = {
  notDraft: '只有草稿或被驳回的内容可以提交审核',
  notPending: '内容不在待审核状态',
  notPublished: '只有已发布的内容可以撤回',
  alreadyPublished: '内容已发布',
  notYourNode: '当前审核节点不属于您',
  notSubmitter: '只有提交人或有撤销审核权限的账号可以撤回审核',
  recycled: '回收站中的内容不能操作，请先恢复',
  reasonRequired: '请输入驳回原因',
  processInUse: '审核流程正在使用，不能删除',
  stateInUse: '该节点上还有待审核内容，不能删除',
  unknownProcess: '审核流程不存在',
  unknownResType: '未知的审核类型',
  selfReview: '已开启禁止本人审核：不能审核自己提交的内容',
  unknownRole: '审核节点中的角色不存在',
  unknownAdmin: '审核节点中的账号不存在或已删除',
  nodeOrder: '节点顺序须包含该流程的全部节点',
  processName: '请输入流程名称',
  stateName: '请输入节点名称',
  changed: '内容正被他人同时处理，请刷新后重试',
} as const

/** Resource-log actions (process_resource_log.action). */
export const REVIEW_ACTIONS = ['submit', 'pass', 'reject', 'withdraw', 'revoke', 'publish'] as const
export type ReviewAction = (typeof REVIEW_ACTIONS)[number]

const kind = z.string().min(1).max(40)
const resType = z.string().min(1).max(40)

/** POST /api/content/examination, /api/content/publish/noExamine, /api/content/revoke/batch. */
export const kindIdsSchema = z.object({ kind, ids: contentIdsSchema })
/** POST /api/content/article/revert. */
export const idsSchema = z.object({ ids: contentIdsSchema })
/** POST /api/verify-center/approved. */
export const approveSchema = z.object({ resType, ids: contentIdsSchema })
/** POST /api/verify-center/rejection. */
export const rejectSchema = z.object({
  resType,
  ids: contentIdsSchema,
  reason: z.string().trim().min(1, reviewMessages.reasonRequired).max(REJECT_REASON_MAX),
})
/** Every transition answers how many items it changed. */
export const transitionResultSchema = z.object({ updated: z.number().int() })

/**
 * GET /api/verify-center/<resType>: type list (pending, mine to act on) or wait (my past decisions); the broadcast and
 * TV queues name their records tab `record` (spec §2 audit lists), the same list.
 */
export const queueQuerySchema = z.object({
  type: z.enum(['list', 'wait', 'record']).default('list'),
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE_MAX).default(CONTENT_PAGE_SIZE),
})

/** A row of either queue tab: the item, its current state and node; on `wait`, the decision taken. */
export const queueItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  cover: z.string(),
  verifyState: z.number().int(),
  processType: z.string().nullable(),
  createdBy: z.number().int(),
  creatorName: z.string(),
  submittedBy: z.number().int().nullable(),
  submitterName: z.string(),
  submittedAt: z.string().nullable(),
  /** The current node (list) — null with the implicit single node. */
  stateId: z.number().int().nullable(),
  stateName: z.string(),
  /** wait: the log entry of the caller's decision. */
  logId: z.number().int().nullable(),
  action: z.string().nullable(),
  comment: z.string().nullable(),
  decidedAt: z.string().nullable(),
})

/** GET /api/verify-center/pendingCounts: per queue path, only the queues the caller may review. */
export const pendingCountsSchema = z.object({
  counts: z.record(z.string(), z.number().int()),
  total: z.number().int(),
})

/** GET /api/process/resource/log?resId= (a content item), &resType= too for other reviewed types. */
export const resourceLogQuerySchema = z.object({ resId: idQuerySchema, resType: resType.optional() })
export const resourceLogItemSchema = z.object({
  id: z.number().int(),
  resId: z.number().int(),
  resType: z.string(),
  action: z.string(),
  actorId: z.number().int(),
  actorName: z.string(),
  stateId: z.number().int().nullable(),
  stateName: z.string(),
  comment: z.string(),
  createdAt: z.string(),
})

// Process library (审核流程).
const ids = z.array(idSchema).max(500)
/** Process and node names: 1–50 characters; process descriptions up to 200. */
export const PROCESS_NAME_MAX = 50
export const PROCESS_DESCRIPTION_MAX = 200
export const processBodySchema = z.object({
  name: z.string().trim().min(1, reviewMessages.processName).max(PROCESS_NAME_MAX),
  description: z.string().trim().max(PROCESS_DESCRIPTION_MAX).default(''),
})
export const processUpdateSchema = processBodySchema.extend({ id: idSchema })
export const idBodySchema = z.object({ id: idSchema })
export const processSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The resTypes that use it. */
  resTypes: z.array(z.string()),
  stateCount: z.number().int(),
  createdAt: z.string(),
})
export type ProcessItem = z.infer<typeof processSchema>
export const processListQuerySchema = z.object({
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE_MAX).default(CONTENT_PAGE_SIZE),
  name: z.string().trim().max(50).optional(),
})
export const stateBodySchema = z.object({
  processId: idSchema,
  name: z.string().trim().min(1, reviewMessages.stateName).max(PROCESS_NAME_MAX),
  /** Order within the process; default: after the last node. */
  sort: z.number().int().min(0).max(10_000).optional(),
  roleIds: ids.default([]),
  adminIds: ids.default([]),
})
export const stateUpdateSchema = z.object({
  id: idSchema,
  name: z.string().trim().min(1, reviewMessages.stateName).max(PROCESS_NAME_MAX),
  sort: z.number().int().min(0).max(10_000),
  roleIds: ids,
  adminIds: ids,
})
export const stateListQuerySchema = z.object({ processId: idQuerySchema })
const member = z.object({ id: z.number().int(), name: z.string() })
export const stateSchema = z.object({
  id: z.number().int(),
  processId: z.number().int(),
  sort: z.number().int(),
  name: z.string(),
  roleIds: z.array(z.number().int()),
  adminIds: z.array(z.number().int()),
  /** The names of `roleIds` and `adminIds` (ids no longer found are left out). */
  roles: z.array(member),
  admins: z.array(member),
})
export type StateItem = z.infer<typeof stateSchema>
/**
 * POST /api/process/setting: bind a resType to a process, or null for the implicit single node; `fourEyes`
 * (禁止本人审核) forbids the submitter to approve or reject their own item — left out, it keeps its value.
 */
export const settingBodySchema = z.object({
  resType,
  processId: idSchema.nullable(),
  fourEyes: z.boolean().optional(),
})
export const settingSchema = z.object({
  resType: z.string(),
  label: z.string(),
  queue: z.string(),
  processId: z.number().int().nullable(),
  processName: z.string(),
  fourEyes: z.boolean(),
})
export type SettingItem = z.infer<typeof settingSchema>
