import { regionList } from '@moc/domain/rules/portrait'
import { and, asc, eq, gte, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { appUser, portrait } from '../../db/tables/community.ts'
import { redPacketLedger, redPacketRule, redPacketScope } from '../../db/tables/marketing.ts'
import { containsPattern } from '../../platform/paging.ts'
import { registerAfterSignUp } from '../community/openSignIn.ts'
import { portraitAudience, portraitWhere, rulesOf } from '../community/portraitWhere.ts'
import { moveRedPacket } from './redPacketWallet.ts'

/**
 * Who may receive red packets (发放范围, decision 0048), as one condition over app_user: the portrait audience (an app
 * user, not an operator account, 正常) and, when any scope is enabled, matching one of them — its portrait's rules and
 * its regions (each contained in the user's 地区), both when both are given. A scope naming neither (its portrait
 * deleted) matches nobody. No enabled scope: every app user.
 */
export async function eligibleWhere(db: Db, now = new Date()): Promise<SQL> {
  const scopes = await db
    .select({ portraitId: redPacketScope.portraitId, region: redPacketScope.region, rules: portrait })
    .from(redPacketScope)
    .leftJoin(portrait, eq(portrait.id, redPacketScope.portraitId))
    .where(eq(redPacketScope.showState, true))
  if (!scopes.length) return portraitAudience()
  const each = scopes.map((s) => {
    const regions = regionList(s.region)
    const byPortrait = s.rules ? portraitWhere(rulesOf(s.rules), now) : undefined
    const byRegion = regions.length
      ? or(...regions.map((r) => ilike(appUser.region, containsPattern(r))))
      : undefined
    return byPortrait || byRegion ? and(byPortrait, byRegion)! : sql`false`
  })
  return and(portraitAudience(), or(...each))!
}

export async function isEligible(db: Db, userId: number, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(eq(appUser.id, userId), await eligibleWhere(db, now)))
  return !!row
}

/** A rule that pays now: enabled, in its window, one more packet within its budget. */
const paysNow = (now: Date): SQL =>
  and(
    eq(redPacketRule.showState, true),
    or(isNull(redPacketRule.startAt), lte(redPacketRule.startAt, now)),
    or(isNull(redPacketRule.endAt), gte(redPacketRule.endAt, now)),
    sql`${redPacketRule.spent} + ${redPacketRule.amount} <= ${redPacketRule.budget}`,
  )!

/** The rules of a kind that pay now, first made first (the one a reward takes). */
export const payingRules = (db: Db, kind: 'invite' | 'register', now = new Date()) =>
  db
    .select({ id: redPacketRule.id, amount: redPacketRule.amount, name: redPacketRule.name })
    .from(redPacketRule)
    .where(and(eq(redPacketRule.kind, kind), paysNow(now)))
    .orderBy(asc(redPacketRule.id))

/**
 * Pays one reward of `kind` to `userId` for the sign-up of `inviteeId`, once: eligible users only; the first rule of
 * the kind that pays now takes it by one conditional UPDATE (spent + amount ≤ budget re-checked on the locked row, so
 * racing sign-ups never overspend: a loser that finds the rule spent tries the next one); then the credit (the
 * ledger's unique (kind, invitee_id) makes it once). Nothing to pay: nothing happens (the sign-up goes on).
 * Answers the amount paid (分), 0 when none.
 */
export async function payReward(
  tx: Db,
  kind: 'invite' | 'register',
  userId: number,
  inviteeId: number,
  now = new Date(),
): Promise<number> {
  const [paid] = await tx
    .select({ id: redPacketLedger.id })
    .from(redPacketLedger)
    .where(and(eq(redPacketLedger.kind, kind), eq(redPacketLedger.inviteeId, inviteeId)))
  if (paid || !(await isEligible(tx, userId, now))) return 0
  for (const candidate of await payingRules(tx, kind, now)) {
    const [rule] = await tx
      .update(redPacketRule)
      .set({ spent: sql`${redPacketRule.spent} + ${redPacketRule.amount}` })
      .where(and(eq(redPacketRule.id, candidate.id), eq(redPacketRule.kind, kind), paysNow(now)))
      .returning({ id: redPacketRule.id, amount: redPacketRule.amount, name: redPacketRule.name })
    if (!rule) continue
    await moveRedPacket(tx, {
      userId,
      delta: rule.amount,
      kind,
      ruleId: rule.id,
      inviteeId,
      remark: rule.name,
    })
    return rule.amount
  }
  return 0
}

// A new user's sign-up (its transaction): the register reward to them, the invite reward to whoever invited them.
registerAfterSignUp(async (tx, { userId, inviterId }, now) => {
  await payReward(tx, 'register', userId, userId, now)
  if (inviterId !== null && inviterId !== userId) await payReward(tx, 'invite', inviterId, userId, now)
})
