import type { AwardRule } from '@moc/domain/api/tasks'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rowsOf.ts'
import { grantAward } from './grantAward.ts'

export interface EarnedAward {
  id: number
  kind: string
  name: string
  image: string
}

/**
 * Awards earned by a rule (decision 0050): the enabled medals and frames of `rule` whose 门槛 the user's count has
 * reached and which the user does not hold yet, granted once each (grantAward's unique index is the last word, so
 * two events racing grant it once). `value` is asked for only when such an award exists (one indexed query per
 * event otherwise). Answers those granted now.
 */
export async function earnByRule(
  tx: Db,
  userId: number,
  rule: Exclude<AwardRule, 'manual'>,
  value: number | (() => Promise<number>),
): Promise<EarnedAward[]> {
  const candidates = rowsOf<EarnedAward & { threshold: number }>(
    await tx.execute(sql`
      select a.id, a.kind, a.name, a.image, a.threshold from award a
      where a.rule = ${rule} and a.show_state and a.threshold > 0
        and not exists (select 1 from user_award ua where ua.award_id = a.id and ua.user_id = ${userId})
      order by a.id`),
  )
  if (!candidates.length) return []
  const reached = typeof value === 'number' ? value : await value()
  const earned: EarnedAward[] = []
  for (const a of candidates) {
    if (Number(a.threshold) > reached) continue
    if (
      await grantAward(tx, {
        awardId: a.id,
        userId,
        source: 'rule',
        reason: ruleReason(rule, Number(a.threshold)),
      })
    )
      earned.push({ id: a.id, kind: a.kind, name: a.name, image: a.image })
  }
  return earned
}

export const ruleReason = (rule: Exclude<AwardRule, 'manual'>, n: number) =>
  ({
    points: `累计积分达到 ${n}`,
    signinStreak: `连续签到达到 ${n} 天`,
    tasks: `完成任务数达到 ${n}`,
    invites: `邀请人数达到 ${n}`,
  })[rule]

/** 累计积分: every point the user was given (spending does not lower it). */
export async function pointsEarned(tx: Db, userId: number): Promise<number> {
  const [r] = rowsOf<{ n: number | string }>(
    await tx.execute(
      sql`select coalesce(sum(delta), 0) as n from point_log where user_id = ${userId} and delta > 0`,
    ),
  )
  return Number(r?.n ?? 0)
}

/** 完成任务数: task periods completed (a daily task counts once a day). */
export async function tasksCompleted(tx: Db, userId: number): Promise<number> {
  const [r] = rowsOf<{ n: number | string }>(
    await tx.execute(
      sql`select count(*) as n from task_progress where user_id = ${userId} and completed_at is not null`,
    ),
  )
  return Number(r?.n ?? 0)
}

/** 邀请人数: users who signed up with the user's own invite code. */
export async function invitesMade(tx: Db, userId: number): Promise<number> {
  const [r] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`select count(*) as n from app_user where inviter_id = ${userId}`),
  )
  return Number(r?.n ?? 0)
}

/** The streak as of `day`: today's sign-in's, else yesterday's (still going if the user signs in today), else 0. */
export async function currentStreak(tx: Db, userId: number, day: string, yesterday: string): Promise<number> {
  const [r] = rowsOf<{ streak: number }>(
    await tx.execute(sql`
      select streak from signin_record where user_id = ${userId} and day in (${day}::date, ${yesterday}::date)
      order by day desc limit 1`),
  )
  return Number(r?.streak ?? 0)
}
