import { z } from 'zod'
import { yuanText } from '../rules/money.ts'
import { idQuerySchema, pageNumberSchema } from '../transport/ids.ts'

/**
 * 红包 (decision 0048): the app-facing calls (my invite code, my wallet and its ledger, my withdrawals, a withdrawal
 * request) and the console's per-user ledger (流水). Every amount is integer 分 (rules/money.ts).
 */

/** One withdrawal takes at least 1.00 元 and at most 5,000.00 元 (分). */
export const WITHDRAW_MIN = 100
export const WITHDRAW_MAX = 500_000

export const redPacketMessages = {
  insufficient: '余额不足',
  amountInvalid: '提现金额须为整数（分）',
  amountMin: `单笔提现金额不能少于 ${yuanText(WITHDRAW_MIN)} 元`,
  amountMax: `单笔提现金额不能超过 ${yuanText(WITHDRAW_MAX)} 元`,
  accountRequired: '请填写收款账号',
  accountTooLong: '收款账号不能超过 50 个字',
  realNameRequired: '请填写真实姓名',
  realNameTooLong: '真实姓名不能超过 20 个字',
  requested: '提现申请已提交，等待审核',
  notPending: (names: string) => `${names} 不是待审核的提现申请`,
  scopeEmpty: '请选择用户画像或填写地区',
  window: '结束时间须晚于开始时间',
  userNotFound: '用户不存在',
  inviteCodeFailed: '邀请码生成失败，请重试',
} as const

/** What a ledger row records (red_packet_ledger.kind). */
export const RED_PACKET_LEDGER_KINDS = {
  invite: '邀请红包',
  register: '注册红包',
  withdraw: '提现',
  refund: '提现退回',
} as const
export type RedPacketLedgerKind = keyof typeof RED_PACKET_LEDGER_KINDS

const iso = z.string().nullable()

/** A ledger row: `delta` (分, + in, − out) and `balance`, the wallet's balance after it (the running balance). */
export const redPacketLedgerRowSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance: z.number().int(),
  kind: z.enum(['invite', 'register', 'withdraw', 'refund']),
  remark: z.string(),
  withdrawalId: z.number().int().nullable(),
  inviteeId: z.number().int().nullable(),
  createdAt: z.string(),
})
export type RedPacketLedgerRow = z.infer<typeof redPacketLedgerRowSchema>

const pageQuery = {
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
}

/** GET /api/redPacket/ledger: one app user's ledger, newest first. */
export const redPacketLedgerQuerySchema = z.object({ userId: idQuerySchema, ...pageQuery })
export const redPacketLedgerSchema = z.object({
  user: z.object({ id: z.number().int(), nickname: z.string(), phone: z.string() }),
  /** The wallet's balance (分). */
  balance: z.number().int(),
  /** The sum of all the user's rows (分): equal to the balance. */
  sum: z.number().int(),
  /** Rows in all, and money in and out over them (分). */
  total: z.number().int(),
  income: z.number().int(),
  outgo: z.number().int(),
  items: z.array(redPacketLedgerRowSchema),
})
export type RedPacketLedger = z.infer<typeof redPacketLedgerSchema>

/** GET /api/open/redPacket/invite: the caller's own invite code (made when first asked) and what it brought. */
export const openRedPacketInviteSchema = z.object({
  inviteCode: z.string(),
  /** Users who signed up with it. */
  invitedCount: z.number().int(),
  /** 分 earned by invite red packets. */
  earned: z.number().int(),
  /** 分 the current invite rule gives per friend, null when none pays now. */
  rewardAmount: z.number().int().nullable(),
  /** Whether the caller is within the red packets' scope (发放范围): an invite pays them only then. */
  eligible: z.boolean(),
})

/** GET /api/open/redPacket/wallet: the balance and a page of the ledger, newest first. */
export const openRedPacketPageQuerySchema = z.object(pageQuery)
export const openRedPacketWalletSchema = z.object({
  balance: z.number().int(),
  total: z.number().int(),
  items: z.array(redPacketLedgerRowSchema),
})

export const openRedPacketWithdrawalSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  account: z.string(),
  realName: z.string(),
  state: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string(),
  createdAt: z.string(),
  reviewedAt: iso,
})
export const openRedPacketWithdrawalsSchema = z.object({
  total: z.number().int(),
  items: z.array(openRedPacketWithdrawalSchema),
})

/** POST /api/open/redPacket/withdraw: the amount (分) is held from the balance at once. */
export const openRedPacketWithdrawBodySchema = z.strictObject({
  amount: z
    .number(redPacketMessages.amountInvalid)
    .int(redPacketMessages.amountInvalid)
    .min(WITHDRAW_MIN, redPacketMessages.amountMin)
    .max(WITHDRAW_MAX, redPacketMessages.amountMax),
  account: z
    .string(redPacketMessages.accountRequired)
    .trim()
    .min(1, redPacketMessages.accountRequired)
    .max(50, redPacketMessages.accountTooLong),
  realName: z
    .string(redPacketMessages.realNameRequired)
    .trim()
    .min(1, redPacketMessages.realNameRequired)
    .max(20, redPacketMessages.realNameTooLong),
})
export const openRedPacketWithdrawResultSchema = z.object({
  withdrawal: openRedPacketWithdrawalSchema,
  balance: z.number().int(),
})
