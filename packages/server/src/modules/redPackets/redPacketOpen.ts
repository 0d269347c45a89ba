import { randomInt } from 'node:crypto'
import { redPacketMessages } from '@moc/domain/api/redPackets'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { appUser, invitationCode } from '../../db/tables/community.ts'
import { redPacketLedger, redPacketWithdrawal } from '../../db/tables/marketing.ts'
import { AppError } from '../../platform/errors.ts'
import { isEligible, payingRules } from './redPacketRewards.ts'
import { moveRedPacket, walletBalance } from './redPacketWallet.ts'

/** What the app-facing red-packet calls do (decision 0048): invite codes, the wallet, withdrawals. */

/** 8 characters without look-alikes (0 O 1 I L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
const newCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } }
  return err?.code === '23505' || err?.cause?.code === '23505'
}

/**
 * The user's own invite code, made when first asked: a random code no user and no platform invitation code has,
 * set only while the user has none (two first requests racing: one sets it, the other reads it); a code another user
 * took meanwhile (the unique index) is retried with a fresh one. Single statements, no transaction held.
 */
export async function ensureInviteCode(db: Db, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const [me] = await db.select({ code: appUser.inviteCode }).from(appUser).where(eq(appUser.id, userId))
    if (!me) throw new AppError('NOT_FOUND', redPacketMessages.userNotFound)
    if (me.code) return me.code
    const code = newCode()
    const [platform] = await db
      .select({ id: invitationCode.id })
      .from(invitationCode)
      .where(eq(invitationCode.code, code))
    if (platform) continue
    try {
      const [set] = await db
        .update(appUser)
        .set({ inviteCode: code })
        .where(and(eq(appUser.id, userId), eq(appUser.inviteCode, '')))
        .returning({ code: appUser.inviteCode })
      if (set) return set.code
    } catch (e) {
      if (!isUniqueViolation(e)) throw e
    }
  }
  throw new AppError('CONFLICT', redPacketMessages.inviteCodeFailed)
}

/** The invite code, how many signed up with it, what the invites earned, and what an invite pays now. */
export async function inviteSummary(db: Db, userId: number) {
  const inviteCode = await ensureInviteCode(db, userId)
  const [[invited], [earned], [rule], eligible] = await Promise.all([
    db.select({ n: count() }).from(appUser).where(eq(appUser.inviterId, userId)),
    db
      .select({ sum: sql<string | null>`sum(${redPacketLedger.delta})` })
      .from(redPacketLedger)
      .where(and(eq(redPacketLedger.userId, userId), eq(redPacketLedger.kind, 'invite'))),
    payingRules(db, 'invite').limit(1),
    isEligible(db, userId),
  ])
  return {
    inviteCode,
    invitedCount: invited?.n ?? 0,
    earned: Number(earned?.sum ?? 0),
    rewardAmount: rule?.amount ?? null,
    eligible,
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export const ledgerColumns = {
  id: redPacketLedger.id,
  delta: redPacketLedger.delta,
  balance: redPacketLedger.balance,
  kind: redPacketLedger.kind,
  remark: redPacketLedger.remark,
  withdrawalId: redPacketLedger.withdrawalId,
  inviteeId: redPacketLedger.inviteeId,
  createdAt: redPacketLedger.createdAt,
}
interface LedgerSelect {
  id: number
  delta: number
  balance: number
  kind: string
  remark: string
  withdrawalId: number | null
  inviteeId: number | null
  createdAt: Date
}
export const ledgerItem = (r: LedgerSelect) => ({
  ...r,
  kind: r.kind as 'invite' | 'register' | 'withdraw' | 'refund',
  createdAt: r.createdAt.toISOString(),
})

/** A page of a user's ledger, newest first (the order the rows were written: id). */
export async function ledgerPage(db: Db, userId: number, page: number, pageSize: number) {
  const [items, [n]] = await Promise.all([
    db
      .select(ledgerColumns)
      .from(redPacketLedger)
      .where(eq(redPacketLedger.userId, userId))
      .orderBy(desc(redPacketLedger.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(redPacketLedger).where(eq(redPacketLedger.userId, userId)),
  ])
  return { items: items.map(ledgerItem), total: n?.n ?? 0 }
}

export async function walletPage(db: Db, userId: number, page: number, pageSize: number) {
  const [balance, rows] = await Promise.all([
    walletBalance(db, userId),
    ledgerPage(db, userId, page, pageSize),
  ])
  return { balance, ...rows }
}

const withdrawalColumns = {
  id: redPacketWithdrawal.id,
  amount: redPacketWithdrawal.amount,
  account: redPacketWithdrawal.account,
  realName: redPacketWithdrawal.realName,
  state: redPacketWithdrawal.state,
  reason: redPacketWithdrawal.reason,
  createdAt: redPacketWithdrawal.createdAt,
  reviewedAt: redPacketWithdrawal.reviewedAt,
}
interface WithdrawalSelect {
  id: number
  amount: number
  account: string
  realName: string
  state: string
  reason: string
  createdAt: Date
  reviewedAt: Date | null
}
const withdrawalItem = (r: WithdrawalSelect) => ({
  ...r,
  state: r.state as 'pending' | 'approved' | 'rejected',
  createdAt: r.createdAt.toISOString(),
  reviewedAt: iso(r.reviewedAt),
})

export async function myWithdrawals(db: Db, userId: number, page: number, pageSize: number) {
  const [items, [n]] = await Promise.all([
    db
      .select(withdrawalColumns)
      .from(redPacketWithdrawal)
      .where(eq(redPacketWithdrawal.userId, userId))
      .orderBy(desc(redPacketWithdrawal.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(redPacketWithdrawal).where(eq(redPacketWithdrawal.userId, userId)),
  ])
  return { items: items.map(withdrawalItem), total: n?.n ?? 0 }
}

/**
 * A withdrawal request, in one transaction: the request row (pending), then the hold of its amount — a withdraw
 * ledger row with the wallet's debit (moveRedPacket), refused with 409 余额不足 when the balance is short, which
 * undoes the request too. Concurrent requests of one user queue on the wallet row and each re-checks the balance, so
 * the balance never goes below zero and exactly as many succeed as it covers.
 */
export async function requestWithdrawal(
  db: Db,
  userId: number,
  input: { amount: number; account: string; realName: string },
) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    const [w] = await tx
      .insert(redPacketWithdrawal)
      .values({ userId, amount: input.amount, account: input.account, realName: input.realName })
      .returning(withdrawalColumns)
    const { balance } = await moveRedPacket(tx, {
      userId,
      delta: -input.amount,
      kind: 'withdraw',
      withdrawalId: w!.id,
      remark: '提现申请',
    })
    return { withdrawal: withdrawalItem(w!), balance }
  })
}
