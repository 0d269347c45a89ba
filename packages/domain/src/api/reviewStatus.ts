import { z } from 'zod'
import { idSchema, pageNumberSchema } from '../transport/ids.ts'

/**
 * 审核状态 (/auditProcess?type=auditStatus): the display names of the review states, spec §7 "content state
 * list" (page 1, size 1000; data.items name, id). The states themselves are fixed (spec §4: verifyState 0–3,
 * process types PENDING/PASS/REJECT/WITHDRAW); only their names are configurable. Ids are stable.
 */
export type ReviewStatusGroup = 'verifyState' | 'processType'

export interface ReviewStatus {
  id: number
  group: ReviewStatusGroup
  /** The stored value: verifyState as text ('0'…'3'), or the process type. */
  code: string
  /** The name shown until an administrator renames it. */
  defaultName: string
}

export const REVIEW_STATUSES: readonly ReviewStatus[] = [
  { id: 1, group: 'verifyState', code: '0', defaultName: '草稿' },
  { id: 2, group: 'verifyState', code: '1', defaultName: '已通过' },
  { id: 3, group: 'verifyState', code: '2', defaultName: '已驳回' },
  { id: 4, group: 'verifyState', code: '3', defaultName: '待审核' },
  { id: 5, group: 'processType', code: 'PENDING', defaultName: '审核中' },
  { id: 6, group: 'processType', code: 'PASS', defaultName: '审核通过' },
  { id: 7, group: 'processType', code: 'REJECT', defaultName: '审核驳回' },
  { id: 8, group: 'processType', code: 'WITHDRAW', defaultName: '已撤回' },
]

export const reviewStatusGroupLabels: Record<ReviewStatusGroup, string> = {
  verifyState: '审核状态',
  processType: '流程状态',
}

export const STATUS_NAME_MAX = 20

export const reviewStatusMessages = {
  nameRequired: '请输入状态名称',
  nameTooLong: `状态名称不能超过${STATUS_NAME_MAX}个字`,
  unknown: '审核状态不存在',
} as const

/** Spec §9 "state list 1000": one call holds every state. */
export const STATE_LIST_SIZE = 1000

export const statusListQuerySchema = z.object({
  page: pageNumberSchema,
  size: z.coerce.number().int().min(1).max(STATE_LIST_SIZE).default(STATE_LIST_SIZE),
})

export const statusItemSchema = z.object({
  id: z.number().int(),
  group: z.enum(['verifyState', 'processType']),
  code: z.string(),
  name: z.string(),
  defaultName: z.string(),
})
export type StatusItem = z.infer<typeof statusItemSchema>

export const statusNameSchema = z
  .string()
  .trim()
  .min(1, reviewStatusMessages.nameRequired)
  .max(STATUS_NAME_MAX, reviewStatusMessages.nameTooLong)

/** POST /api/content/state/update: rename one state; its default name restores the default. */
export const statusUpdateSchema = z.object({ id: idSchema, name: statusNameSchema })
