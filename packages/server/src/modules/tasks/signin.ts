import { taskMessages } from '@moc/domain/api/tasks'
import { chinaDay, dayBefore } from '@moc/domain/rules/chinaTime'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rowsOf.ts'
import { fail } from '../../platform/errors.ts'
import { grantPoints } from '../points/grantPoints.ts'
import { currentStreak, type EarnedAward, earnByRule, tasksCompleted } from './awardRules.ts'
import { grantAward } from './grantAward.ts'

export interface SigninResult {
  day: string
  streak: number
  points: number
  bonus: number
  awards: EarnedAward[]
  balance: number
}

/** The sign-in task: the 上线 task whose action is signin (at most one, taskHooks.ts). */
async function signinTask(tx: Db) {
  const [t] = rowsOf<{ id: number; points: number }>(
    await tx.execute(
      sql`select id, points from task where action = 'signin' and show_state order by id limit 1`,
    ),
  )
  return t ? { id: Number(t.id), points: Number(t.points) } : undefined
}

/**
 * The day's sign-in of an app user (decision 0050), in the caller's transaction:
 * 1. sign-in is open while the sign-in task is 上线 (else 409 签到未开启);
 * 2. the streak is yesterday's + 1, else 1 (days in Asia/Shanghai);
 * 3. ONE insert of signin_record, whose unique (user, day) index lets one sign-in a day through — a second, even
 *    concurrent, waits for the first and inserts nothing: 409 今天已签到;
 * 4. the sign-in task's points (source signin); when the streak equals a 连续签到奖励's days, its points (source
 *    streak) and medal. The streak only grows within a run, so it equals N on one day of a run: a run going on past N
 *    does not pay N again; a broken run that starts over reaches N again and earns it again;
 * 5. the sign-in task's progress (completed), and the awards of the 连续签到达到 and 完成任务数 rules.
 */
export async function signIn(tx: Db, userId: number, now: Date): Promise<SigninResult> {
  const task = await signinTask(tx)
  if (!task) fail('CONFLICT', taskMessages.signinClosed)
  const day = chinaDay(now)
  const [prev] = rowsOf<{ streak: number }>(
    await tx.execute(
      sql`select streak from signin_record where user_id = ${userId} and day = ${dayBefore(day)}::date`,
    ),
  )
  const streak = Number(prev?.streak ?? 0) + 1
  const [record] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into signin_record (user_id, day, streak, created_at)
      values (${userId}, ${day}::date, ${streak}, ${now.toISOString()}::timestamptz)
      on conflict (user_id, day) do nothing
      returning id`),
  )
  if (!record) fail('CONFLICT', taskMessages.signedToday)
  const recordId = Number(record!.id)
  let balance: number | undefined
  const points = task!.points
  if (points > 0)
    balance = await grantPoints(tx, {
      userId,
      delta: points,
      source: 'signin',
      refId: recordId,
      remark: `${day} 签到`,
    })

  const awards: EarnedAward[] = []
  const [rule] = rowsOf<{ id: number; points: number; award_id: number | null }>(
    await tx.execute(
      sql`select id, points, award_id from signin_rule where days = ${streak} order by id limit 1`,
    ),
  )
  let bonus = 0
  if (rule) {
    bonus = Number(rule.points)
    if (bonus > 0)
      balance = await grantPoints(tx, {
        userId,
        delta: bonus,
        source: 'streak',
        refId: Number(rule.id),
        remark: `连续签到 ${streak} 天`,
      })
    if (rule.award_id !== null) {
      const [a] = rowsOf<EarnedAward>(
        await tx.execute(
          sql`select id, kind, name, image from award where id = ${rule.award_id} and show_state`,
        ),
      )
      if (
        a &&
        (await grantAward(tx, { awardId: a.id, userId, source: 'rule', reason: `连续签到 ${streak} 天` }))
      )
        awards.push(a)
    }
  }
  await tx.execute(sql`update signin_record set points = ${points}, bonus = ${bonus} where id = ${recordId}`)
  await tx.execute(sql`
    insert into task_progress (task_id, user_id, period_key, count, completed_at, updated_at)
    values (${task!.id}, ${userId}, ${day}, 1, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (task_id, user_id, period_key) do nothing`)
  awards.push(...(await earnByRule(tx, userId, 'signinStreak', streak)))
  awards.push(...(await earnByRule(tx, userId, 'tasks', () => tasksCompleted(tx, userId))))
  if (balance === undefined) {
    const [u] = rowsOf<{ points: number }>(
      await tx.execute(sql`select points from app_user where id = ${userId}`),
    )
    balance = Number(u?.points ?? 0)
  }
  return { day, streak, points, bonus, awards, balance }
}

/** GET /api/open/signin: the month's signed days, the streak, today's state, the day's points and the rules. */
export async function signinState(db: Db, userId: number, now: Date, month?: string) {
  const today = chinaDay(now)
  const m = month ?? today.slice(0, 7)
  const first = `${m}-01`
  const [task, days, streak, rules] = await Promise.all([
    signinTask(db),
    db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day from signin_record
      where user_id = ${userId} and day >= ${first}::date and day < (${first}::date + interval '1 month')
      order by day`),
    currentStreak(db, userId, today, dayBefore(today)),
    db.execute(sql`
      select r.days, r.points, a.id as award_id, a.name as award_name, a.image as award_image
      from signin_rule r left join award a on a.id = r.award_id
      order by r.days`),
  ])
  const signed = rowsOf<{ day: string }>(days).map((r) => r.day)
  return {
    open: task !== undefined,
    today,
    signedToday: signed.includes(today) || (m !== today.slice(0, 7) && (await signedOn(db, userId, today))),
    streak,
    points: task?.points ?? 0,
    month: m,
    days: signed,
    rules: rowsOf<{
      days: number
      points: number
      award_id: number | null
      award_name: string | null
      award_image: string | null
    }>(rules).map((r) => ({
      days: Number(r.days),
      points: Number(r.points),
      award:
        r.award_id === null
          ? null
          : { id: Number(r.award_id), name: r.award_name ?? '', image: r.award_image ?? '' },
    })),
  }
}

async function signedOn(db: Db, userId: number, day: string) {
  const rows = rowsOf(
    await db.execute(sql`select 1 from signin_record where user_id = ${userId} and day = ${day}::date`),
  )
  return rows.length > 0
}
