import { z } from 'zod'
import { idQuerySchema, idSchema, pageNumberSchema } from '../transport/ids.ts'
import { CONTENT_PAGE_SIZE, CONTENT_PAGE_SIZE_MAX, contentIdsSchema } from './content.ts'

/**
 * 弹幕管理 (spec §2 /bulletChat type video|live, /bulletChatDetail; §7 /bullet-template): danmaku per video or live
 * stream, shown/hidden/deleted in batch by 内容-弹幕; the preset phrases are a definition (resources/content/
 * bulletTemplate.ts). Paths beyond the template calls are ours (the spec shows none): docs/decisions/0022.
 */
export const BULLET_PAGE = '内容-弹幕'
export const BULLET_BODY_MAX = 100
export const BULLET_TEMPLATE_MAX = 50

/** The /bulletChat tabs and the content kinds each lists. */
export const BULLET_TABS = { video: ['video'], live: ['stream'] } as const satisfies Record<
  string,
  readonly string[]
>

export const bulletMessages = {
  bodyRequired: '请输入弹幕内容',
  bodyTooLong: `弹幕内容不能超过${BULLET_BODY_MAX}个字`,
  notFound: '弹幕不存在',
  notBulletContent: '该内容不支持弹幕',
  shown: '已显示',
  hidden: '已隐藏',
  removed: '删除成功',
  added: '发送成功',
} as const

const paging = {
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE_MAX).default(CONTENT_PAGE_SIZE),
}

/** GET /api/bullet/contents: videos (type video) or live streams (type live) and their danmaku counts. */
export const bulletContentsQuerySchema = z.object({
  type: z.enum(['video', 'live']).default('video'),
  /** Title contains. */
  title: z.string().trim().max(100).optional(),
  ...paging,
})
export const bulletContentSchema = z.object({
  contentId: z.number().int(),
  kind: z.string(),
  title: z.string(),
  total: z.number().int(),
  hidden: z.number().int(),
  lastAt: z.string().nullable(),
})

/** GET /api/bullet/list: the danmaku of one item, newest first. */
export const bulletListQuerySchema = z.object({
  contentId: idQuerySchema,
  keyword: z.string().trim().max(100).optional(),
  /** 1 shown, 0 hidden; absent: both. */
  showState: z.coerce.number().int().min(0).max(1).optional(),
  ...paging,
})
export const bulletSchema = z.object({
  id: z.number().int(),
  contentId: z.number().int(),
  authorName: z.string(),
  adminId: z.number().int().nullable(),
  body: z.string(),
  /** Playback second (video); null for live. */
  at: z.number().int().nullable(),
  showState: z.boolean(),
  verifyState: z.number().int(),
  createdAt: z.string(),
})
export type BulletItem = z.infer<typeof bulletSchema>
export const bulletPageSchema = z.object({
  items: z.array(bulletSchema),
  total: z.number().int(),
  title: z.string(),
  kind: z.string(),
})

/** POST /api/bullet/add: an official danmaku (官方弹幕) from the signed-in account. */
export const bulletAddSchema = z.object({
  contentId: idSchema,
  body: z
    .string(bulletMessages.bodyRequired)
    .trim()
    .min(1, bulletMessages.bodyRequired)
    .max(BULLET_BODY_MAX, bulletMessages.bodyTooLong),
  at: z
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .nullable()
    .default(null),
})
export const bulletShowSchema = z.object({ ids: contentIdsSchema, showState: z.boolean() })
export const bulletRemoveSchema = z.object({ ids: contentIdsSchema })
