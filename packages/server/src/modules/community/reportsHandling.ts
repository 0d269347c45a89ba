import type { ReportState } from '@moc/domain/api/openCommunity'
import { recordMessages } from '@moc/domain/api/records'
import { type LockDuration, lockEnd } from '@moc/domain/resources/community/appUser'
import { and, eq, inArray, or } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { comment, content } from '../../db/schema.ts'
import { post, report } from '../../db/tables/community.ts'
import { recountPostComments } from '../../engine/commentTargets.ts'
import {
  type CommandCall,
  type CommandHandler,
  registerCommand,
} from '../../engine/records/recordCommands.ts'
import { AppError } from '../../platform/errors.ts'
import { recountPostsOf } from './posts.ts'
import { lockAppUsers } from './usersLock.ts'

type Row = CommandCall['rows'][number]

const named = (rows: readonly Row[]) =>
  rows.map((r) => `「${String(r.targetTitle || `#${r.targetId}`)}」`).join('、')

/**
 * Writes a handling's outcome on the reports chosen and on the other pending reports of the same targets (one
 * decision answers everyone who reported it): the state, the reason the reporter reads back in the app, when, who.
 */
async function settle({ tx, rows, input, req }: CommandCall, state: ReportState) {
  const stale = rows.filter((r) => r.state !== 'pending')
  if (stale.length) throw new AppError('CONFLICT', recordMessages.illegalTransition('处理', named(stale)))
  const sameTarget = or(
    ...rows.map((r) =>
      and(eq(report.targetType, String(r.targetType)), eq(report.targetId, Number(r.targetId))),
    ),
  )
  const settled = await tx
    .update(report)
    .set({
      state,
      handleReason: String(input.handleReason),
      handledAt: new Date(),
      handledBy: req.principal!.adminId,
      updatedAt: new Date(),
    })
    .where(
      or(
        inArray(
          report.id,
          rows.map((r) => r.id),
        ),
        and(eq(report.category, String(rows[0]!.category)), eq(report.state, 'pending'), sameTarget),
      ),
    )
    .returning({ id: report.id })
  return { updated: settled.length }
}

const idsOf = (rows: readonly Row[], type: string) =>
  rows.filter((r) => r.targetType === type).map((r) => Number(r.targetId))

/** Hides what these reports are about (posts, comments, content items), and keeps the counts that follow them. */
async function hideTargets(tx: Db, rows: readonly Row[]) {
  const now = new Date()
  const posts = idsOf(rows, 'post')
  const comments = idsOf(rows, 'comment')
  const items = idsOf(rows, 'content')
  if (posts.length) {
    await tx.update(post).set({ showState: false, updatedAt: now }).where(inArray(post.id, posts))
    await recountPostsOf(tx, posts)
  }
  if (comments.length) {
    await tx.update(comment).set({ showState: false, updatedAt: now }).where(inArray(comment.id, comments))
    await recountPostComments(tx, comments)
  }
  if (items.length)
    await tx.update(content).set({ showState: false, updatedAt: now }).where(inArray(content.id, items))
}

/** 隐藏内容 / 隐藏评论: what was reported is shown no more (a user report has nothing to hide: lock the user). */
const hideTarget: CommandHandler = async (call) => {
  const users = call.rows.filter((r) => r.targetType === 'user')
  if (users.length) throw new AppError('CONFLICT', `${named(users)}是对用户的举报，请选择锁定用户`)
  await hideTargets(call.tx, call.rows)
  return settle(call, 'hidden')
}

/** The user a report is about: the reported user, or the target of a report of a user. */
const userOf = (r: Row): number | null =>
  typeof r.targetUserId === 'number' ? r.targetUserId : r.targetType === 'user' ? Number(r.targetId) : null

/**
 * 锁定用户: the reported user's app calls are refused until the lock ends (usersLock.ts), with the reason given; with
 * 同时隐藏, what was reported is hidden too.
 */
const lockUser: CommandHandler = async (call) => {
  const { tx, rows, input, req } = call
  const nobody = rows.filter((r) => userOf(r) === null)
  if (nobody.length) throw new AppError('CONFLICT', `${named(nobody)}没有可锁定的用户`)
  const until = lockEnd(input.duration as LockDuration, new Date())
  if (input.alsoHide) await hideTargets(tx, rows)
  await lockAppUsers(tx as Db, [...new Set(rows.map((r) => userOf(r)!))], {
    reason: String(input.handleReason),
    until,
    adminId: req.principal!.adminId,
  })
  return { ...(await settle(call, 'locked')), lockedUntil: until?.toISOString() ?? null }
}

for (const resource of ['contentReport', 'commentReport']) {
  registerCommand(resource, 'hideTarget', hideTarget)
  registerCommand(resource, 'lockUser', lockUser)
}
