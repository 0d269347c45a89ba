/**
 * An app user's lock (spec §6 lock/unlock users, issue 22): state 'locked' with a reason and an end. The app-facing
 * API refuses a locked user's calls with `appUserLockMessage`, and the console shows the same words.
 */

/** The time zone lock ends are written in: the broadcaster's (mainland China). */
export const LOCK_TIME_ZONE = 'Asia/Shanghai'

export interface AppUserLock {
  state: string | null
  lockReason: string | null
  /** null with state 'locked': locked until unlocked by hand. */
  lockedUntil: Date | string | null
}

/** `YYYY-MM-DD HH:mm` in `timeZone` (the Swedish locale writes dates and times in ISO order). */
export function formatLockTime(at: Date | string, timeZone = LOCK_TIME_ZONE): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(at))
}

/** Whether the lock holds at `now` (a lock whose end has passed is over, even before anyone ends it). */
export function lockInForce(u: AppUserLock, now: Date = new Date()): boolean {
  if (u.state !== 'locked') return false
  return u.lockedUntil === null || new Date(u.lockedUntil).getTime() > now.getTime()
}

/** 账号已被锁定，原因：…，解锁时间：YYYY-MM-DD HH:mm (永久 for a lock without an end). */
export function appUserLockMessage(u: AppUserLock, timeZone = LOCK_TIME_ZONE): string {
  const reason = u.lockReason?.trim() || '违反社区规定'
  const until = u.lockedUntil === null ? '永久' : formatLockTime(u.lockedUntil, timeZone)
  return `账号已被锁定，原因：${reason}，解锁时间：${until}`
}
