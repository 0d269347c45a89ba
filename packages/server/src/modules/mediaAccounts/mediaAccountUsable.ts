import { mediaAccountMessages } from '@moc/domain/api/mediaAccounts'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import { formatLockTime } from '@moc/domain/rules/appUserLock'
import { and, eq, inArray, lte } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { mediaAccount } from '../../db/tables/media.ts'
import { AppError } from '../../platform/errors.ts'

/**
 * Whether a media account may take new content (spec §4, §6; decision 0043): it exists, is approved, is not frozen and
 * not under a lock in force. A lock whose end has passed is over: it is ended when seen, and by the periodic sweep.
 */

/** Ends locks whose end has passed (all of them, or these accounts'): 正常 again, reason and end cleared. */
export async function endExpiredMediaLocks(
  db: Db,
  now = new Date(),
  ids?: readonly number[],
): Promise<number> {
  const ended = await db
    .update(mediaAccount)
    .set({ state: 'normal', stateReason: '', lockedUntil: null, updatedAt: now })
    .where(
      and(
        eq(mediaAccount.state, 'locked'),
        lte(mediaAccount.lockedUntil, now),
        ids === undefined ? undefined : inArray(mediaAccount.id, [...ids]),
      ),
    )
    .returning({ id: mediaAccount.id })
  return ended.length
}

/** Refuses (400) new content under any of these accounts unless each exists and may take it; the first refusal wins. */
export async function refuseUnusableMediaAccounts(db: Db, ids: readonly number[], now = new Date()) {
  const unique = [...new Set(ids)]
  if (!unique.length) return
  const found = await db
    .select({
      id: mediaAccount.id,
      name: mediaAccount.name,
      state: mediaAccount.state,
      stateReason: mediaAccount.stateReason,
      lockedUntil: mediaAccount.lockedUntil,
      verifyState: mediaAccount.verifyState,
    })
    .from(mediaAccount)
    .where(inArray(mediaAccount.id, unique))
  if (found.length !== unique.length) throw new AppError('BAD_REQUEST', mediaAccountMessages.notFound)
  const expired = found.filter((a) => a.state === 'locked' && a.lockedUntil && a.lockedUntil <= now)
  if (expired.length)
    await endExpiredMediaLocks(
      db,
      now,
      expired.map((a) => a.id),
    )
  for (const a of found) {
    if (a.state === 'frozen') throw new AppError('BAD_REQUEST', mediaAccountMessages.frozen(a.name))
    if (a.state === 'locked' && !expired.includes(a))
      throw new AppError(
        'BAD_REQUEST',
        mediaAccountMessages.locked(
          a.name,
          a.stateReason || '未说明',
          a.lockedUntil ? formatLockTime(a.lockedUntil) : '永久',
        ),
      )
    if (a.verifyState !== VERIFY_STATE.passed)
      throw new AppError('BAD_REQUEST', mediaAccountMessages.notApproved(a.name))
  }
}
