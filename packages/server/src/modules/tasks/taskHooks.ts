import { taskMessages } from '@moc/domain/api/tasks'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rowsOf.ts'
import { registerAfterCommentsPass } from '../../engine/commentHooks.ts'
import { registerCommand } from '../../engine/records/recordCommands.ts'
import { registerAfterWrite } from '../../engine/records/recordDerived.ts'
import { fail } from '../../platform/errors.ts'
import { enqueueJob } from '../../platform/jobs/queue.ts'
import { appNow } from '../../platform/testClock.ts'
import { registerAfterSignUp } from '../community/openSignIn.ts'
import { registerAfterPoints } from '../points/grantPoints.ts'
import { AWARD_BACKFILL_JOB } from './awardBackfill.ts'
import { earnByRule, invitesMade, pointsEarned } from './awardRules.ts'
import { grantAward } from './grantAward.ts'
import { progressTask } from './taskProgress.ts'

/**
 * What the engine calls for tasks, medals and frames (decision 0050), registered when imported: the write rules the
 * definitions cannot say, the 发放 command, and the events that earn awards and complete invite tasks.
 */

/** Serialises the checks of the one sign-in task (the engine's writes and 签到设置 both take it). */
export const lockSigninTask = (tx: Db) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('task.signin'))`)

/** A sign-in task is one, daily, done once a day. */
registerAfterWrite('task', async (tx, ids) => {
  if (!ids.length) return
  const mine = rowsOf<{ action: string; period: string; target: number }>(
    await tx.execute(
      sql`select action, period, target from task where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  )
  const signin = mine.filter((r) => r.action === 'signin')
  if (!signin.length) return
  if (signin.some((r) => r.period !== 'daily' || Number(r.target) !== 1))
    fail('BAD_REQUEST', taskMessages.signinShape)
  // After the lock a new statement sees every committed sign-in task, so two racing adds cannot both pass.
  await lockSigninTask(tx)
  const [n] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`select count(*) as n from task where action = 'signin'`),
  )
  if (Number(n?.n ?? 0) > 1) fail('CONFLICT', taskMessages.signinOnlyOne)
})

for (const name of ['medal', 'avatarFrame'] as const) {
  /**
   * A rule award made, changed or switched on is also earned by what users did before (AWARD_BACKFILL_JOB, queued in
   * the write's transaction: it runs once the award is saved, off the console's request).
   */
  registerAfterWrite(name, async (tx, ids, write) => {
    if (!['add', 'modify', 'show', 'import'].includes(write.kind)) return
    for (const awardId of ids) await enqueueJob(tx, AWARD_BACKFILL_JOB, { awardId }, { maxAttempts: 5 })
  })

  /** 发放: the chosen app users each get it once (those who hold it already are counted, not refused). */
  registerCommand(name, 'grant', async ({ tx, rows, input, req }) => {
    const award = rows[0]!
    if (award.showState === false) fail('CONFLICT', taskMessages.awardOff(String(award.name)))
    const userIds = [...new Set(input.userIds as number[])]
    const found = rowsOf<{ id: number }>(
      await tx.execute(
        sql`select id from app_user where operator = false and id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
    if (found.length !== userIds.length) fail('BAD_REQUEST', taskMessages.usersNotFound)
    let granted = 0
    for (const userId of userIds.sort((a, b) => a - b))
      if (
        await grantAward(tx, {
          awardId: award.id,
          userId,
          source: 'grant',
          grantedBy: req.principal!.adminId,
          reason: String(input.reason ?? ''),
        })
      )
        granted++
    // The log names the award (the engine's target) and whom it went to.
    req.auditInfo.targetName = `${String(award.name)}（发放用户 ${userIds.join(',')}，新获得 ${granted} 人）`
    return { granted, already: userIds.length - granted }
  })
}

/**
 * 发帖 and 评论 count when the thing is shown: at once when it is published on arrival (the app calls), else when its
 * review approves it — never a held one that is rejected. Each is approved once (only a pending one can be), so it
 * counts once; the day is the approval's.
 */
registerAfterWrite('post', async (tx, ids, write) => {
  if (write.kind !== 'review' || write.action !== 'pass' || !ids.length) return
  const shown = rowsOf<{ user_id: number }>(
    await tx.execute(
      sql`select user_id from post where verify_state = 1 and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id`,
    ),
  )
  for (const p of shown) await progressTask(tx, Number(p.user_id), 'post', appNow())
})
registerAfterCommentsPass(async (tx, comments) => {
  for (const c of comments) if (c.userId !== null) await progressTask(tx, c.userId, 'comment', appNow())
})

/** 累计积分达到: after every change of a user's points (in its transaction). */
registerAfterPoints(async (tx, userId) => {
  await earnByRule(tx, userId, 'points', () => pointsEarned(tx, userId))
})

/** 邀请好友: an invited sign-up counts for the inviter's invite tasks and 邀请人数 awards. */
registerAfterSignUp(async (tx, { inviterId }, now) => {
  if (!inviterId) return
  await progressTask(tx, inviterId, 'invite', appNow(now))
  await earnByRule(tx, inviterId, 'invites', () => invitesMade(tx, inviterId))
})
