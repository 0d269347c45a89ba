import { z } from 'zod'
import { SHORT_LIST_PAGE_SIZE } from '../constants.ts'
import { idSchema, pageNumberSchema } from '../transport/ids.ts'

/** 媒体号 state (spec §4 freeze/unfreeze): 1 normal, 0 frozen. verifyState as content: 1 passed. */
export const MEDIA_ACCOUNT_STATE = { frozen: 0, normal: 1 } as const
export const MEDIA_ACCOUNT_NAME_MAX = 30

export const mediaAccountMessages = {
  nameRequired: '请输入媒体号名称',
  nameTooLong: `媒体号名称不能超过${MEDIA_ACCOUNT_NAME_MAX}个字`,
  nameTaken: '媒体号名称已存在',
  avatarInvalid: '头像地址填写有误',
  added: '添加成功',
  notFound: '媒体号不存在',
} as const

/** GET /api/mediaAccount/list (spec §7: page, pageSize 10, state=1, verifyState=1, content). */
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

/** POST /api/mediaAccount/insert: the later 媒体号管理 screen's create call; name, avatar, state. */
export const mediaAccountInsertSchema = z.object({
  name: z
    .string(mediaAccountMessages.nameRequired)
    .trim()
    .min(1, mediaAccountMessages.nameRequired)
    .max(MEDIA_ACCOUNT_NAME_MAX, mediaAccountMessages.nameTooLong),
  avatar: z
    .string()
    .trim()
    .max(1000)
    .refine((v) => v === '' || /^(https?:\/\/|\/(?!\/))/i.test(v), mediaAccountMessages.avatarInvalid)
    .default(''),
  state: z.number().int().min(0).max(1).default(MEDIA_ACCOUNT_STATE.normal),
})

export const mediaAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  state: z.number().int(),
  verifyState: z.number().int(),
})
export type MediaAccount = z.infer<typeof mediaAccountSchema>
