import type { AwardRule } from '@moc/domain/api/tasks'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rowsOf.ts'
import type { JobProcessor } from '../../platform/jobs/queue.ts'
import { ruleReason } from './awardRules.ts'

/** The durable job that gives a medal or frame to everyone who already reached its 门槛 (decision 0050). */
export const AWARD_BACKFILL_JOB = 'award.backfill'

/** Who has reached `threshold` on a rule, as a set (the per-user counts of awardRules.ts, for everyone at once). */
const reachedBy = (rule: Exclude<AwardRule, 'manual'>, threshold: number): SQL =>
  ({
    points: sql`select user_id from point_log where delta > 0 group by user_id having sum(delta) >= ${threshold}`,
    // A streak that once reached it: the award says 达到, and each sign-in row keeps its streak.
    signinStreak: sql`select user_id from signin_record group by user_id having max(streak) >= ${threshold}`,
    tasks: sql`select user_id from task_progress where completed_at is not null
      group by user_id having count(*) >= ${threshold}`,
    invites: sql`select inviter_id from app_user where inviter_id is not null
      group by inviter_id having count(*) >= ${threshold}`,
  })[rule]

/**
 * Gives an enabled rule award to every app user who has already reached its 门槛 and does not hold it: a new award, a
 * lowered 门槛 or one switched on is earned by past activity too, not only at the user's next event. One statement
 * (the unique index grants once, a racing event's grant included), counting the new holders; an award off, manual or
 * gone does nothing. Answers how many got it.
 */
export async function backfillAward(db: Db, awardId: number): Promise<number> {
  const [a] = rowsOf<{ rule: string; threshold: number; show_state: boolean }>(
    await db.execute(sql`select rule, threshold, show_state from award where id = ${awardId}`),
  )
  if (!a?.show_state || a.rule === 'manual' || Number(a.threshold) <= 0) return 0
  const rule = a.rule as Exclude<AwardRule, 'manual'>
  const threshold = Number(a.threshold)
  const [r] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with ins as (
        insert into user_award (award_id, user_id, source, reason)
        select ${awardId}::int, u.id, 'rule', ${ruleReason(rule, threshold)}
        from app_user u where u.operator = false and u.id in (${reachedBy(rule, threshold)})
        on conflict (award_id, user_id) do nothing
        returning 1
      ), counted as (
        update award set granted_count = granted_count + (select count(*) from ins) where id = ${awardId}
      )
      select count(*)::int as n from ins`),
  )
  return Number(r?.n ?? 0)
}

export const awardBackfillJob =
  (db: Db): JobProcessor =>
  async (payload) => ({ granted: await backfillAward(db, Number(payload.awardId)) })
