import { redPacketMessages } from '@moc/domain/api/redPackets'
import { redPacketRuleStatus } from '@moc/domain/resources/marketing/redPacketRule'
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { admin } from '../../db/schema.ts'
import { redPacketRule, redPacketScope, redPacketWithdrawal } from '../../db/tables/marketing.ts'
import { registerCommand } from '../../engine/records/recordCommands.ts'
import { registerAfterWrite, registerDerived } from '../../engine/records/recordDerived.ts'
import { AppError } from '../../platform/errors.ts'
import { payouts } from './redPacketPayouts.ts'
import { moveRedPacket } from './redPacketWallet.ts'

/** What the engine's red-packet definitions need besides their columns (decision 0048), registered on import. */

type Row = Record<string, unknown> & { id: number }

/** 剩余预算 and 状态 of each rule row (no query: the row has what they need). */
function ruleDerived(_db: Db, rows: readonly Row[]) {
  const now = new Date()
  return Promise.resolve(
    new Map(
      rows.map((r) => {
        const budget = Number(r.budget ?? 0)
        const spent = Number(r.spent ?? 0)
        const status = redPacketRuleStatus(
          {
            showState: r.showState !== false,
            startAt: (r.startAt as Date | null) ?? null,
            endAt: (r.endAt as Date | null) ?? null,
            amount: Number(r.amount ?? 0),
            budget,
            spent,
          },
          now,
        )
        return [r.id, { remaining: budget - spent, status }]
      }),
    ),
  )
}

/** A rule's window reads the right way round. */
async function ruleWindow(tx: Db, ids: readonly number[]) {
  if (!ids.length) return
  const [bad] = await tx
    .select({ id: redPacketRule.id })
    .from(redPacketRule)
    .where(
      and(
        inArray(redPacketRule.id, [...ids]),
        isNotNull(redPacketRule.startAt),
        isNotNull(redPacketRule.endAt),
        lte(redPacketRule.endAt, redPacketRule.startAt),
      ),
    )
    .limit(1)
  if (bad) throw new AppError('BAD_REQUEST', redPacketMessages.window)
}

for (const name of ['redPacketInviteRule', 'redPacketRegisterRule']) {
  registerDerived(name, ruleDerived)
  registerAfterWrite(name, ruleWindow)
}

// A scope names a portrait, regions, or both.
registerAfterWrite('redPacketScope', async (tx, ids) => {
  if (!ids.length) return
  const [bare] = await tx
    .select({ id: redPacketScope.id })
    .from(redPacketScope)
    .where(
      and(
        inArray(redPacketScope.id, [...ids]),
        sql`${redPacketScope.portraitId} is null and btrim(${redPacketScope.region}) = ''`,
      ),
    )
    .limit(1)
  if (bare) throw new AppError('BAD_REQUEST', redPacketMessages.scopeEmpty)
})

// 审核人: the account that decided, by its name.
registerDerived('redPacketWithdrawal', async (db, rows) => {
  const ids = [...new Set(rows.map((r) => r.reviewedBy).filter((v): v is number => typeof v === 'number'))]
  const names = ids.length
    ? await db
        .select({ id: admin.id, username: admin.username, name: admin.realName })
        .from(admin)
        .where(inArray(admin.id, ids))
    : []
  const byId = new Map(names.map((a) => [a.id, a.name || a.username]))
  return new Map(
    rows.map((r) => [
      r.id,
      { reviewerName: byId.get(r.reviewedBy as number) ?? '', userNo: String(r.userId) },
    ]),
  )
})

/** The rows of a decision must all be pending (the engine holds their locks, so the state read stays true). */
function pendingOnly(rows: readonly Row[]) {
  const other = rows.filter((r) => r.state !== 'pending')
  if (other.length)
    throw new AppError(
      'CONFLICT',
      redPacketMessages.notPending(other.map((r) => `「${String(r.realName || r.id)}」`).join('、')),
    )
}

/**
 * 通过: the held amount is paid out (the payout adapter; locally nothing leaves) and the request is closed as
 * approved, pending rows only. The hold was the withdraw ledger row, so the ledger does not move.
 */
registerCommand('redPacketWithdrawal', 'approve', async ({ tx, rows, req }) => {
  pendingOnly(rows)
  const now = new Date()
  for (const r of rows) {
    const paid = await payouts.transfer({
      reference: `rpw-${r.id}`,
      amount: Number(r.amount),
      account: String(r.account),
      realName: String(r.realName),
    })
    await tx
      .update(redPacketWithdrawal)
      .set({
        state: 'approved',
        reviewedBy: req.principal!.adminId,
        reviewedAt: now,
        payoutNo: paid.payoutNo,
        paidAt: paid.paidAt,
        updatedAt: now,
      })
      .where(and(eq(redPacketWithdrawal.id, r.id), eq(redPacketWithdrawal.state, 'pending')))
  }
  return { updated: rows.length }
})

/**
 * 拒绝 (a reason required): the request is closed as rejected and its amount given back — a refund ledger row, once
 * (the ledger's unique (kind, withdrawal_id); the state guard besides), pending rows only.
 */
registerCommand('redPacketWithdrawal', 'reject', async ({ tx, rows, input, req }) => {
  pendingOnly(rows)
  const now = new Date()
  const reason = String(input.reason ?? '').trim()
  for (const r of rows) {
    const [closed] = await tx
      .update(redPacketWithdrawal)
      .set({ state: 'rejected', reason, reviewedBy: req.principal!.adminId, reviewedAt: now, updatedAt: now })
      .where(and(eq(redPacketWithdrawal.id, r.id), eq(redPacketWithdrawal.state, 'pending')))
      .returning({
        id: redPacketWithdrawal.id,
        userId: redPacketWithdrawal.userId,
        amount: redPacketWithdrawal.amount,
      })
    if (!closed) continue
    await moveRedPacket(tx, {
      userId: closed.userId,
      delta: closed.amount,
      kind: 'refund',
      withdrawalId: closed.id,
      remark: reason,
    })
  }
  return { updated: rows.length }
})
