import { type LockDuration, lockEnd } from '@moc/domain/resources/community/appUser'
import { and, inArray, ne } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { appUser } from '../../db/tables/community.ts'
import { type CommandHandler, registerCommand } from '../../engine/records/recordCommands.ts'
import { AppError } from '../../platform/errors.ts'

/** A lock as the console gives it: why, until when (null: 永久), by which console account. */
export interface UserLock {
  reason: string
  until: Date | null
  adminId: number
}

/**
 * Locks app accounts (用户管理 / 运营用户 锁定; a report handled by locking its target): their app calls are refused
 * with the reason and end until the end passes (DESIGN §6a). A cancelled account stays cancelled. Run it in the
 * caller's transaction; answers how many were locked.
 */
export async function lockAppUsers(tx: Db, ids: readonly number[], lock: UserLock): Promise<number> {
  if (!ids.length) return 0
  const done = await tx
    .update(appUser)
    .set({
      state: 'locked',
      lockReason: lock.reason,
      lockedUntil: lock.until,
      lockedByAdmin: lock.adminId,
      updatedAt: new Date(),
    })
    .where(and(inArray(appUser.id, [...ids]), ne(appUser.state, 'cancelled')))
    .returning({ id: appUser.id })
  return done.length
}

/** Ends the locks of these accounts (解锁): back to 正常, reason and end cleared. Answers how many were locked. */
export async function unlockAppUsers(tx: Db, ids: readonly number[]): Promise<number> {
  if (!ids.length) return 0
  const done = await tx
    .update(appUser)
    .set({ state: 'normal', lockReason: '', lockedUntil: null, lockedByAdmin: null, updatedAt: new Date() })
    .where(and(inArray(appUser.id, [...ids]), inArray(appUser.state, ['locked'])))
    .returning({ id: appUser.id })
  return done.length
}

const names = (rows: { nickname?: unknown; id: number }[]) =>
  rows.map((r) => `「${String(r.nickname || r.id)}」`).join('、')

/** 锁定: every chosen account, already locked ones again with the new reason and end; cancelled ones refuse it. */
const lock: CommandHandler = async ({ tx, rows, input, req }) => {
  const cancelled = rows.filter((r) => r.state === 'cancelled')
  if (cancelled.length) throw new AppError('CONFLICT', `已注销的用户不能锁定：${names(cancelled)}`)
  const until = lockEnd(input.duration as LockDuration, new Date())
  const updated = await lockAppUsers(
    tx,
    rows.map((r) => r.id),
    { reason: String(input.reason), until, adminId: req.principal!.adminId },
  )
  return { updated, lockedUntil: until?.toISOString() ?? null }
}

/** 解锁: the locked ones among the chosen (a batch may hold others); none locked is a refusal. */
const unlock: CommandHandler = async ({ tx, rows }) => {
  const locked = rows.filter((r) => r.state === 'locked')
  if (!locked.length)
    throw new AppError('CONFLICT', rows.length === 1 ? `${names(rows)}未被锁定` : '选中的用户都未被锁定')
  return {
    updated: await unlockAppUsers(
      tx,
      locked.map((r) => r.id),
    ),
  }
}

for (const resource of ['appUser', 'operatorUser']) {
  registerCommand(resource, 'lock', lock)
  registerCommand(resource, 'unlock', unlock)
}
