import { z } from 'zod'
import { COUPON_SEND_TARGETS } from '../resources/marketing/couponSend.ts'
import { idListQuerySchema, idQuerySchema, idSchema, pageNumberSchema } from '../transport/ids.ts'

/**
 * The coupons' calls beyond the record engine's (decision 0047): 发放 and a send's records and export
 * (/sendCoupons), the code lookup, 核销 and the write-off log with its export (/couponWriteOff), and the app-facing
 * coupon centre, claim, my coupons and redeem.
 */

const keysOf = <T extends Record<string, string>>(o: T) =>
  Object.keys(o) as [keyof T & string, ...(keyof T & string)[]]

export const couponMessages = {
  notFound: '优惠券不存在',
  offline: (name: string, verb = '发放') => `优惠券「${name}」已下线，不能${verb}`,
  ended: (name: string, verb = '发放') => `优惠券「${name}」已过期，不能${verb}`,
  stockShort: (left: number, need: number) => `优惠券库存不足：剩余 ${left} 张，需发放 ${need} 张`,
  soldOut: '优惠券库存不足，已领完',
  perUserLimit: (limit: number) => `每人限领 ${limit} 张，您已领满`,
  notClaimable: '该优惠券不可领取',
  claimed: '领取成功',
  portraitNotFound: '用户画像不存在',
  portraitEmpty: (name: string) => `用户画像「${name}」当前没有匹配的用户`,
  noUsers: '没有可发放的用户',
  usersRequired: '请选择用户',
  portraitRequired: '请选择用户画像',
  fileRequired: '请上传名单文件',
  notExcel: '只支持上传excel文件',
  fileTooLarge: '文件不能超过2MB',
  importTooMany: (max: number) => `名单单次最多 ${max} 行`,
  importEmpty: '名单中没有手机号或用户ID',
  importNoneKnown: '名单中的手机号或用户ID都不是App用户',
  sent: (sent: number, skipped: number) =>
    skipped ? `已发放 ${sent} 张，跳过 ${skipped} 人` : `已发放 ${sent} 张`,
  sendNotFound: '发放记录不存在',
  codeRequired: '请输入券码',
  codeNotFound: '券码不存在',
  codeUsed: (at: string) => `该券码已核销（核销时间 ${at}）`,
  codeExpired: '该券已过期',
  codeNotStarted: (at: string) => `该券尚未生效（${at} 起可用）`,
  writtenOff: '核销成功',
  deleteIssued: (name: string) => `优惠券「${name}」已发放，不能删除，可将其下线`,
} as const

/** States of a code as people read them: 未使用 / 已使用 / 已过期 (expired is unused past its window, not stored). */
export const USER_COUPON_STATES = { unused: '未使用', used: '已使用', expired: '已过期' } as const
export type UserCouponState = keyof typeof USER_COUPON_STATES
/** Where a code was written off: at the counter (the console) or by its holder in the app. */
export const WRITE_OFF_CHANNELS = { console: '后台', app: 'App' } as const

/** A code's state at `now`: used, else expired once its window has ended, else unused. */
export function userCouponState(
  c: { state: string; validEnd: Date | string | null },
  now = new Date(),
): UserCouponState {
  if (c.state === 'used') return 'used'
  if (c.validEnd && new Date(c.validEnd) <= now) return 'expired'
  return 'unused'
}

/** An imported list of phones or user ids: at most this many rows and bytes. */
export const COUPON_IMPORT_MAX_ROWS = 10_000
export const COUPON_IMPORT_MAX_BYTES = 2 * 1024 * 1024
/** Users one send may name directly (指定用户). */
export const COUPON_SEND_USERS_MAX = 1000

/** Codes as typed or scanned: letters and digits, any case, spaces and dashes ignored. */
export const couponCodeSchema = z
  .string(couponMessages.codeRequired)
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().min(1, couponMessages.codeRequired).max(40, couponMessages.codeNotFound))

/** POST /api/couponSend/send: a coupon to chosen users, a portrait or an imported .xlsx (first column 手机号 or 用户ID). */
export const couponSendBodySchema = z
  .object({
    couponId: idSchema,
    target: z.enum(keysOf(COUPON_SEND_TARGETS), '请选择发放对象'),
    userIds: z.array(idSchema).max(COUPON_SEND_USERS_MAX).default([]),
    portraitId: idSchema.nullish(),
    fileName: z
      .string()
      .trim()
      .max(200)
      .regex(/\.xlsx$/i, couponMessages.notExcel)
      .nullish(),
    file: z
      .string()
      .max(Math.ceil(COUPON_IMPORT_MAX_BYTES / 3) * 4, couponMessages.fileTooLarge)
      .nullish(),
    remark: z.string().trim().max(100, '备注不能超过100字').default(''),
  })
  .superRefine((b, ctx) => {
    if (b.target === 'users' && !b.userIds.length)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: couponMessages.usersRequired })
    if (b.target === 'portrait' && !b.portraitId)
      ctx.addIssue({ code: 'custom', path: ['portraitId'], message: couponMessages.portraitRequired })
    if (b.target === 'import' && (!b.file || !b.fileName))
      ctx.addIssue({ code: 'custom', path: ['file'], message: couponMessages.fileRequired })
  })
export type CouponSendBody = z.input<typeof couponSendBodySchema>

/** An imported row that names no app user: its row in the sheet and what it held. */
export const unknownRowSchema = z.object({ row: z.number().int(), value: z.string() })
export const couponSendResultSchema = z.object({
  id: z.number().int(),
  sentCount: z.number().int(),
  skippedCount: z.number().int(),
  /** Users who already hold as many as the per-user limit allows. */
  limited: z.number().int(),
  unknown: z.array(unknownRowSchema),
})
export type CouponSendResult = z.infer<typeof couponSendResultSchema>

/** What the send dialog picks from: coupons that can go out, app users, portraits (GET /api/couponSend/options). */
export const couponSendOptionsQuerySchema = z.object({
  kind: z.enum(['coupon', 'user', 'portrait']),
  keyword: z.string().trim().max(50).default(''),
  /** Exactly these (the chosen ones' names): comma-separated ids. */
  ids: idListQuerySchema(COUPON_SEND_USERS_MAX).optional(),
})
export const couponSendOptionSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** Left in stock (coupon), phone (user), matching users (portrait). */
  extra: z.string(),
})

/** A held code as the console lists it (a send's records, the write-off lookup). */
export const userCouponRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  couponId: z.number().int(),
  couponName: z.string(),
  benefit: z.string(),
  userId: z.number().int(),
  nickname: z.string(),
  phone: z.string(),
  state: z.enum(keysOf(USER_COUPON_STATES)),
  validStart: z.string().nullable(),
  validEnd: z.string().nullable(),
  receivedAt: z.string(),
  usedAt: z.string().nullable(),
})
export type UserCouponRow = z.infer<typeof userCouponRowSchema>

export const couponSendRecordsQuerySchema = z.object({
  id: idQuerySchema,
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export const couponSendExportBodySchema = z.strictObject({ id: idSchema })

/** GET /api/couponWriteOff/lookup?code=: the code, its coupon, holder, validity and state. */
export const couponLookupQuerySchema = z.object({ code: couponCodeSchema })
export const couponLookupSchema = userCouponRowSchema.extend({
  couponShown: z.boolean(),
  description: z.string(),
})
export type CouponLookup = z.infer<typeof couponLookupSchema>

/** POST /api/couponWriteOff/writeOff: 核销 a code at the counter. */
export const couponWriteOffBodySchema = z.object({
  code: couponCodeSchema,
  remark: z.string().trim().max(100, '备注不能超过100字').default(''),
})
export const couponWriteOffResultSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  couponName: z.string(),
  usedAt: z.string(),
})

/** The write-off log: search by code, coupon name or user (nickname, phone), channel and time. */
export const couponWriteOffListQuerySchema = z.object({
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyword: z.string().trim().max(50).default(''),
  channel: z.enum(keysOf(WRITE_OFF_CHANNELS)).optional(),
  couponId: idQuerySchema.optional(),
  startTime: z.iso.datetime({ offset: true }).optional(),
  endTime: z.iso.datetime({ offset: true }).optional(),
})
export const couponWriteOffExportBodySchema = couponWriteOffListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ couponId: idSchema.optional() })
export const couponWriteOffRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  couponId: z.number().int(),
  couponName: z.string(),
  userId: z.number().int(),
  nickname: z.string(),
  channel: z.enum(keysOf(WRITE_OFF_CHANNELS)),
  operator: z.string(),
  remark: z.string(),
  createdAt: z.string(),
})
export type CouponWriteOffRow = z.infer<typeof couponWriteOffRowSchema>

const openPageQuery = {
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
}

/** GET /api/open/coupon/list: coupons the app user may claim now. */
export const openCouponListQuerySchema = z.object(openPageQuery)
export const openCouponSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  kind: z.string(),
  value: z.number().int(),
  discount: z.number().int().nullable(),
  threshold: z.number().int(),
  benefit: z.string(),
  left: z.number().int(),
  perUserLimit: z.number().int(),
  validType: z.string(),
  validStart: z.string().nullable(),
  validEnd: z.string().nullable(),
  validDays: z.number().int().nullable(),
  description: z.string(),
  /** How many the caller holds already, and whether one more may be claimed. */
  held: z.number().int(),
  canClaim: z.boolean(),
})
export const openCouponClaimBodySchema = z.object({ couponId: idSchema })
export const openMyCouponQuerySchema = z.object({
  ...openPageQuery,
  state: z.enum(keysOf(USER_COUPON_STATES)).optional(),
})
export const openMyCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  state: z.enum(keysOf(USER_COUPON_STATES)),
  couponId: z.number().int(),
  name: z.string(),
  cover: z.string(),
  kind: z.string(),
  benefit: z.string(),
  description: z.string(),
  validStart: z.string().nullable(),
  validEnd: z.string().nullable(),
  receivedAt: z.string(),
  usedAt: z.string().nullable(),
})
/** POST /api/open/coupon/redeem: one of the caller's own coupons, by code or by id. */
export const openCouponRedeemBodySchema = z
  .object({ code: couponCodeSchema.optional(), id: idSchema.optional() })
  .refine((b) => b.code !== undefined || b.id !== undefined, couponMessages.codeRequired)
