import { chinaTime } from './chinaTime.ts'

/**
 * An app user's lock (spec §6 lock/unlock users, issue 22): state 'locked' with a reason and an end. The app-facing
 * API refuses a locked user's calls with `appUserLockMessage`, and the console shows the same words.
 */

export interface AppUserLock {
  state: string | null
  lockReason: string | null
  /** null with state 'locked': locked until unlocked by hand. */
  lockedUntil: Date | string | null
}

/** A lock's end as messages write it: `YYYY-MM-DD HH:mm`, China time. */
export const formatLockTime = (at: Date | string): string => chinaTime(at).slice(0, 16)

/** Whether the lock holds at `now` (a lock whose end has passed is over, even before anyone ends it). */
export function lockInForce(u: AppUserLock, now: Date = new Date()): boolean {
  if (u.state !== 'locked') return false
  return u.lockedUntil === null || new Date(u.lockedUntil).getTime() > now.getTime()
}

/** 账号已被锁定，原因：…，解锁时间：YYYY-MM-DD HH:mm (永久 for a lock without an end). */
export function appUserLockMessage(u: AppUserLock): string {
  const reason = u.lockReason?.trim() || '违反社区规定'
  const until = u.lockedUntil === null ? '永久' : formatLockTime(u.lockedUntil)
  return `账号已被锁定，原因：${reason}，解锁时间：${until}`
}
