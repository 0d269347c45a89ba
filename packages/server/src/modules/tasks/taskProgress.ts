import type { TaskAction } from '@moc/domain/api/tasks'
import { chinaDay } from '@moc/domain/rules/chinaTime'
import { sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Database, Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rowsOf.ts'
import { appNow } from '../../platform/testClock.ts'
import { grantPoints } from '../points/grantPoints.ts'
import { earnByRule, tasksCompleted } from './awardRules.ts'

export interface CompletedTask {
  taskId: number
  name: string
  points: number
}

/**
 * One `action` of an app user (decision 0050): raises the user's progress on every 上线 task of that action in its
 * period (the Asia/Shanghai day of `now` for a daily task, 'once' for a one-off) by ONE upsert. The row lock of the
 * (task, user, period) key orders concurrent calls, and the update's `where completed_at is null` is evaluated on the
 * latest row, so a period is completed exactly once: the statement returns the rows it completed, whose points are
 * then paid (point_log source task, ref the task). Tasks are taken in id order, so concurrent calls lock alike. Then
 * medals and frames of the 完成任务数 rule. The sign-in task is the sign-in's (signin.ts), never counted here.
 */
export async function progressTask(
  tx: Db,
  userId: number,
  action: TaskAction,
  now: Date,
): Promise<CompletedTask[]> {
  if (action === 'signin') return []
  const at = now.toISOString()
  const done = rowsOf<{ task_id: number; completed_at: unknown }>(
    await tx.execute(sql`
      insert into task_progress as p (task_id, user_id, period_key, count, completed_at, updated_at)
      select t.id, ${userId}, case when t.period = 'once' then 'once' else ${chinaDay(now)} end, 1,
        case when t.target <= 1 then ${at}::timestamptz end, ${at}::timestamptz
      from task t where t.action = ${action} and t.show_state
      order by t.id
      on conflict (task_id, user_id, period_key) do update set
        count = p.count + 1,
        completed_at = case when p.count + 1 >= (select target from task where id = p.task_id)
          then excluded.updated_at end,
        updated_at = excluded.updated_at
      where p.completed_at is null
      returning p.task_id, p.completed_at`),
  ).filter((r) => r.completed_at !== null)
  if (!done.length) return []
  const tasks = rowsOf<{ id: number; name: string; points: number }>(
    await tx.execute(
      sql`select id, name, points from task where id in (${sql.join(
        done.map((d) => sql`${Number(d.task_id)}`),
        sql`, `,
      )}) order by id`,
    ),
  )
  const completed: CompletedTask[] = []
  for (const t of tasks) {
    const points = Number(t.points)
    if (points > 0)
      await grantPoints(tx, { userId, delta: points, source: 'task', refId: t.id, remark: t.name })
    completed.push({ taskId: t.id, name: t.name, points })
  }
  await earnByRule(tx, userId, 'tasks', () => tasksCompleted(tx, userId))
  return completed
}

/**
 * The one-line hook of an app call that did `action` outside a transaction of its own (a vote cast, decision 0044
 * keeps its statement short): the progress in a transaction after it. The action stands whatever happens here, so a
 * failure is logged, not answered.
 */
export async function progressAfter(
  req: FastifyRequest,
  db: Database['db'],
  userId: number,
  action: TaskAction,
) {
  try {
    await db.transaction((t) => progressTask(t as unknown as Db, userId, action, appNow()))
  } catch (err) {
    req.log.error({ err, userId, action }, 'task progress failed')
  }
}
