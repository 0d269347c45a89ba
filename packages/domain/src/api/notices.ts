import { z } from 'zod'
import { NOTICE_CHANNELS, NOTICE_SEND_STATES } from '../resources/marketing/notice.ts'
import { idQuerySchema, idSchema, pageNumberSchema } from '../transport/ids.ts'

/**
 * 通知中心's calls beyond the record engine's (decision 0049): a notice's delivery on /noticeCentreDetail, the push
 * outbox of the built-in push adapter (/pushOutbox), and the app's in-app messages (站内信).
 */

export const noticeMessages = {
  sendAtPast: '定时发送时间须晚于当前时间',
  usersRequired: '请选择指定用户',
  portraitRequired: '请选择用户画像',
  sentLocked: '通知已发送，不能修改',
  scheduledLocked: '通知已审核通过待发送，请先撤回发布再修改',
  sentNoWithdraw: '通知已发送，不能撤回',
  messageNotFound: '消息不存在',
  read: '已读',
  allRead: '已全部标为已读',
  portraitGone: '用户画像已删除',
} as const

/** GET /api/notice/delivery?id=: what the send did, and a page of the users it reached. */
export const noticeDeliveryQuerySchema = z.object({
  id: idQuerySchema,
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
})
export const noticeDeliveryRowSchema = z.object({
  userId: z.number().int().nullable(),
  nickname: z.string(),
  phone: z.string(),
  /** The in-app message's time (null: push only). */
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  /** Devices the push went to (null: in-app only). */
  devices: z.array(z.string()).nullable(),
})
export const noticeDeliverySchema = z.object({
  id: z.number().int(),
  channel: z.enum(Object.keys(NOTICE_CHANNELS) as [keyof typeof NOTICE_CHANNELS]),
  sendState: z.enum(Object.keys(NOTICE_SEND_STATES) as [keyof typeof NOTICE_SEND_STATES]),
  sendAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  sentCount: z.number().int(),
  failReason: z.string(),
  /** In-app messages delivered, read among them, pushes written to the outbox. */
  messages: z.number().int(),
  read: z.number().int(),
  pushes: z.number().int(),
  items: z.array(noticeDeliveryRowSchema),
  total: z.number().int(),
})
export type NoticeDelivery = z.infer<typeof noticeDeliverySchema>

/** GET /api/push/outbox: the built-in push adapter's rows, newest first, by user or notice. */
export const pushOutboxQuerySchema = z.object({
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  noticeId: idQuerySchema.optional(),
  userId: idQuerySchema.optional(),
})
export const pushOutboxRowSchema = z.object({
  id: z.number().int(),
  noticeId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  nickname: z.string(),
  phone: z.string(),
  deviceIds: z.array(z.string()),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.string(),
})
export type PushOutboxRow = z.infer<typeof pushOutboxRowSchema>

/** The app's in-app messages (GET /api/open/notice/messages): newest first, with the unread count. */
export const openNoticeListQuerySchema = z.object({
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  unread: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
})
export const openNoticeMessageSchema = z.object({
  id: z.number().int(),
  noticeId: z.number().int(),
  title: z.string(),
  content: z.string(),
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
})
export const openNoticeListSchema = z.object({
  items: z.array(openNoticeMessageSchema),
  total: z.number().int(),
  unread: z.number().int(),
})
/** POST /api/open/notice/read: one message (`id`) or every one (`all: true`). */
export const openNoticeReadBodySchema = z
  .strictObject({ id: idSchema.optional(), all: z.boolean().optional() })
  .refine((b) => b.id !== undefined || b.all === true, '请指定消息')
export const openNoticeReadSchema = z.object({ updated: z.number().int(), unread: z.number().int() })
export const openNoticeUnreadSchema = z.object({ unread: z.number().int() })
