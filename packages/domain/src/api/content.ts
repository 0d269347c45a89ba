import { z } from 'zod'
import { idListQuerySchema, idQuerySchema, idSchema, pageNumberSchema } from '../transport/ids.ts'

/** Spec §4 lists: 30 rows by default, 30/50/100 offered, never more than 100. */
export const CONTENT_PAGE_SIZE = 30
export const CONTENT_PAGE_SIZE_MAX = 100
/** The edit lock of an item lapses when its holder stops refreshing it for this long. */
export const CONTENT_LOCK_MS = 5 * 60_000

export const contentMessages = {
  unknownType: '未知的列表类型',
  unknownPartition: (label: string) => `未知的${label}`,
  notFound: '内容不存在',
  recycled: '回收站中的内容不能编辑，请先恢复',
  notRecycled: '内容不在回收站中',
  noRecycleRight: '没有回收站权限，不能彻底删除',
  noRecycleView: '没有回收站权限，不能查看回收站',
  displayWindow: '展示结束时间不能早于开始时间',
  lockedBy: (name: string) => `${name} 正在编辑`,
  versionNotFound: '版本不存在',
  notLockHolder: '编辑锁由他人持有，只有超级管理员可以强制解锁',
  relationInvalid: (label: string) => `${label}中有不存在、已删除、类型不符或不在数据范围内的内容`,
  relationDuplicate: (label: string) => `${label}中有重复的内容`,
  relationUnavailable: (label: string) => `该类型的${label}暂不可选择`,
} as const

const kind = z.string().min(1).max(40)
const id = idQuerySchema
/** Spec §7 batch calls: `ids`, an array of ids (1–100). */
export const contentIdsSchema = z.array(idSchema).min(1).max(CONTENT_PAGE_SIZE_MAX)

/** GET (query) and POST (body) /api/content/list. */
export const contentListQuerySchema = z.object({
  kind,
  /** The tab (query `type` of the list screen); default the definition's first. */
  type: z.string().max(40).optional(),
  /** The value of the definition's `list.partition` field (e.g. programme content's source); default its first option. */
  partition: z.string().max(40).optional(),
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE_MAX).default(CONTENT_PAGE_SIZE),
  /** Title keyword (contains). */
  title: z.string().trim().max(100).optional(),
  /** Creator filter (spec §6): an account name among the caller's creator options. */
  createdBy: z.string().trim().max(50).optional(),
  verifyState: z.coerce.number().int().min(0).max(9).optional(),
  /** Created-at range, ISO date-times. */
  startTime: z.iso.datetime({ offset: true }).optional(),
  endTime: z.iso.datetime({ offset: true }).optional(),
})

export const contentNumsQuerySchema = z.object({
  kind,
  createdBy: z.string().trim().max(50).optional(),
  partition: z.string().max(40).optional(),
})

export const contentSameQuerySchema = z.object({
  kind,
  title: z.string().trim().min(1).max(100),
  /** The item being edited, left out of the duplicates. */
  id: id.optional(),
})

export const contentIdQuerySchema = z.object({ kind, id })

/** Every content item's server-maintained values (spec §3 content entry and counts). */
export const contentItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  cover: z.string(),
  verifyState: z.number().int(),
  processType: z.string().nullable(),
  showState: z.boolean(),
  isFirst: z.boolean(),
  viewNum: z.number().int(),
  operateViewNum: z.number().int().nullable(),
  likeNum: z.number().int(),
  operateLikeNum: z.number().int().nullable(),
  createdBy: z.number().int(),
  creatorName: z.string(),
  departmentId: z.number().int().nullable(),
  displayStart: z.string().nullable(),
  displayEnd: z.string().nullable(),
  displayFlag: z.number().int(),
  publishedAt: z.string().nullable(),
  recycledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Lists only: the latest rejection's reason (驳回原因) of a rejected item, else null. */
  rejectReason: z.string().nullable().optional(),
  /** A signed link to the item's preview page (lists only). */
  previewUrl: z.string().optional(),
})
export type ContentItem = z.infer<typeof contentItemSchema>

/** An item a relation field names, as pickers and details show it. */
export const relatedItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  cover: z.string(),
  verifyState: z.number().int(),
  createdAt: z.string(),
})
export type RelatedItem = z.infer<typeof relatedItemSchema>

/** The detail: the item plus every field of its definition, by field name. */
export const contentDetailSchema = contentItemSchema.extend({
  fields: z.record(z.string(), z.unknown()),
  /** The items each relation field names, in the field's order (those still found). */
  relations: z.record(z.string(), z.array(relatedItemSchema)),
  lockedBy: z.number().int().nullable(),
  lockedAt: z.string().nullable(),
})

export const contentSameItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  verifyState: z.number().int(),
  /** The creator's account name ('' when the account is gone): the duplicate-title dialog lists it. */
  creatorName: z.string(),
  createdAt: z.string(),
})

/** GET /api/content/article/lock: whether the caller holds the lock, and who does. */
export const contentLockSchema = z.object({
  locked: z.boolean(),
  holderId: z.number().int().nullable(),
  holderName: z.string(),
  expiresAt: z.string().nullable(),
})

/** A kept version of an item (decision 0009): `decision` says whether a reviewer approved or rejected it. */
export const contentVersionDecisions = ['pass', 'reject'] as const
export const contentVersionSchema = z.object({
  versionNo: z.number().int(),
  createdBy: z.number().int(),
  creatorName: z.string(),
  createdAt: z.string(),
  decision: z.enum(contentVersionDecisions).nullable(),
})
export type ContentVersion = z.infer<typeof contentVersionSchema>

/** GET /api/content/versionDiff: against `versionNo`, else the last approved version, else the last rejected. */
export const contentVersionDiffQuerySchema = contentIdQuerySchema.extend({ versionNo: id.optional() })

const diffPartSchema = z.object({ op: z.enum(['equal', 'insert', 'delete']), text: z.string() })
export const fieldChangeSchema = z.object({
  name: z.string(),
  label: z.string(),
  kind: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  parts: z.array(diffPartSchema).optional(),
})

/** The current fields compared with the baseline version; baseline null: nothing to compare with (首次提交). */
export const contentVersionDiffSchema = z.object({
  baseline: contentVersionSchema.nullable(),
  changes: z.array(fieldChangeSchema),
})
export type ContentVersionDiff = z.infer<typeof contentVersionDiffSchema>

/** POST /api/content/<kind>/unlock: release my lock; `force` (super administrator) breaks another's. */
export const contentUnlockSchema = z.object({
  id: idSchema,
  force: z.boolean().optional(),
})

/**
 * GET /api/content/relation: the items a relation field of `kind` may name (its picker), paged, newest first;
 * with `ids`, exactly those items (titles of the current value). `related` = the related resource's name when
 * the field chooses it by another value (FieldDef.relation.by).
 */
export const relationQuerySchema = z.object({
  kind,
  field: z.string().min(1).max(40),
  related: z.string().max(40).optional(),
  title: z.string().trim().max(100).optional(),
  ids: idListQuerySchema(CONTENT_PAGE_SIZE_MAX).optional(),
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE_MAX).default(15),
})

/**
 * GET|POST /api/content/search (/contentManager, spec §2): every content kind in the caller's data scope, not in
 * the recycle bin. `repeatTitle` lists the items with exactly that title (the duplicate-title confirm links here).
 */
export const contentSearchQuerySchema = z.object({
  kind: kind.optional(),
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE_MAX).default(CONTENT_PAGE_SIZE),
  title: z.string().trim().max(100).optional(),
  repeatTitle: z.string().trim().max(100).optional(),
  createdBy: z.string().trim().max(50).optional(),
  verifyState: z.coerce.number().int().min(0).max(9).optional(),
  startTime: z.iso.datetime({ offset: true }).optional(),
  endTime: z.iso.datetime({ offset: true }).optional(),
})

/** Spec §3 operations counts, in order: each real count with its operated field (§5 messages). */
export const operationCounts = {
  view: { label: '阅读', operated: 'operateViewNum' },
  like: { label: '点赞', operated: 'operateLikeNum' },
  follow: { label: '关注', operated: 'operateFollowNum' },
  online: { label: '在线', operated: 'operateOnlineNum' },
} as const
export type OperationCount = keyof typeof operationCounts

const countSchema = z.object({
  real: z.number().int(),
  operated: z.number().int().nullable(),
  total: z.number().int(),
})
/**
 * GET /api/contentOperation/contentOperationInfo (spec §7): an item's operations counts. A count is null where the
 * type has no operated field for it (e.g. 关注 only on 热议, 在线 on live streams); total = real + operated.
 */
export const contentOperationInfoSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  view: countSchema.nullable(),
  like: countSchema.nullable(),
  follow: countSchema.nullable(),
  online: countSchema.nullable(),
})
export type ContentOperationInfo = z.infer<typeof contentOperationInfoSchema>
/** Its query: the item, and its kind (default discuss: the spec lists the call under Discussions). */
export const contentOperationQuerySchema = z.object({ kind: kind.default('discuss'), id })
