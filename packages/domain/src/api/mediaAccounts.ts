import { z } from 'zod'
import { SHORT_LIST_PAGE_SIZE } from '../constants.ts'
import { MEDIA_ACCOUNT_NAME_MAX } from '../resources/media/mediaAccount.ts'
import { idSchema, pageNumberSchema } from '../transport/ids.ts'

export const mediaAccountMessages = {
  notFound: '媒体号不存在',
  frozen: (name: string) => `媒体号「${name}」已被冻结，不能发布内容`,
  locked: (name: string, reason: string, until: string) =>
    `媒体号「${name}」已被锁定，不能发布内容（原因：${reason}，解锁时间：${until}）`,
  notApproved: (name: string) => `媒体号「${name}」尚未审核通过，不能发布内容`,
  presetDisabled: '该运营预置已停用',
  roleNotInPreset: '该角色不在此媒体号运营预置的可用角色中',
} as const

/**
 * GET /api/mediaAccount/list, the content form's picker (spec §7: page, pageSize 10, state=1, verifyState=1,
 * content): the spec's `state` 1 is 正常, 0 已冻结.
 */
export const mediaAccountListSchema = z.object({
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(100).default(SHORT_LIST_PAGE_SIZE),
  state: z.coerce.number().int().min(0).max(1).optional(),
  verifyState: z.coerce.number().int().min(0).max(9).optional(),
  /** Name keyword (contains). */
  content: z.string().trim().max(MEDIA_ACCOUNT_NAME_MAX).optional(),
  /** Exactly these accounts (a form showing the name of the id it holds). */
  ids: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean).map(Number) : v),
      z.array(idSchema).max(100),
    )
    .optional(),
})

export const mediaAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  /** normal, locked or frozen (MEDIA_ACCOUNT_STATES). */
  state: z.string(),
  verifyState: z.number().int(),
})
export type MediaAccount = z.infer<typeof mediaAccountSchema>
