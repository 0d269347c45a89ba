import { randomBytes } from 'node:crypto'
import { openCommunityMessages } from '@moc/domain/api/openCommunity'
import { appUserLockMessage, lockInForce } from '@moc/domain/rules/appUserLock'
import { and, eq, lte, or } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { appSession, appUser } from '../../db/tables/community.ts'
import { AppError } from '../../platform/errors.ts'
import { hashToken } from '../../platform/sessions.ts'

/** An app session ends after this long unused, and this long after sign-in whatever happens (decision 0041). */
export const APP_SESSION_IDLE_MS = 30 * 86_400_000
export const APP_SESSION_MAX_MS = 180 * 86_400_000
/** Sessions and users seen this long ago or more get last_seen / last_active written; avoids a write per call. */
const TOUCH_AFTER_MS = 60_000

/** The app user of a request on an 'appUser' route. */
export interface AppUserPrincipal {
  userId: number
  nickname: string
  avatar: string
  /** The SHA-256 of the bearer token (the session's id): the rate limits count per session by it. */
  tokenHash: string
  deviceId: string
}

/** The app's token: `Authorization: Bearer <token>` only (x-auth-token is the console's header). */
export function appTokenOf(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() || undefined : undefined
}

/** Ends locks whose end has passed (all of them, or one user's): state back to normal, reason and end cleared. */
export async function endExpiredLocks(db: Db, now = new Date(), userId?: number): Promise<number> {
  const ended = await db
    .update(appUser)
    .set({ state: 'normal', lockReason: '', lockedUntil: null, lockedByAdmin: null, updatedAt: now })
    .where(
      and(
        eq(appUser.state, 'locked'),
        lte(appUser.lockedUntil, now),
        userId === undefined ? undefined : eq(appUser.id, userId),
      ),
    )
    .returning({ id: appUser.id })
  return ended.length
}

/**
 * Refuses a user who may not act now: 已注销 (401: the session is over), or a lock in force (403 with its reason and
 * end). A lock whose end has passed is ended here, as it is seen.
 */
export async function admitAppUser(
  db: Db,
  u: { id: number; state: string | null; lockReason: string | null; lockedUntil: Date | null },
  now = new Date(),
): Promise<void> {
  if (u.state === 'cancelled') throw new AppError('SESSION_REVOKED', openCommunityMessages.cancelled)
  if (lockInForce(u, now)) throw new AppError('FORBIDDEN', appUserLockMessage(u))
  if (u.state === 'locked') await endExpiredLocks(db, now, u.id)
}

/**
 * App users' sessions: an opaque random token the app holds, of which the table keeps only the SHA-256 (as console
 * sessions), with idle and absolute expiry. A new sign-in on a device ends that device's earlier session.
 */
export class AppSessions {
  constructor(
    private readonly db: Db,
    private readonly idleMs = APP_SESSION_IDLE_MS,
    private readonly maxMs = APP_SESSION_MAX_MS,
  ) {}

  /** A new session for the user on the device (in the caller's transaction, `tx`). */
  async create(tx: Db, userId: number, deviceId: string, now = new Date()) {
    const token = randomBytes(32).toString('base64url')
    const expiresAt = new Date(now.getTime() + this.maxMs)
    await tx.delete(appSession).where(and(eq(appSession.userId, userId), eq(appSession.deviceId, deviceId)))
    await tx
      .insert(appSession)
      .values({ id: hashToken(token), userId, deviceId, createdAt: now, lastSeenAt: now, expiresAt })
    return { token, expiresAt }
  }

  /** The token's user, or 401 (no token, unknown, expired, cancelled user) / 403 (locked). */
  async authenticate(token: string | undefined, now = new Date()): Promise<AppUserPrincipal> {
    if (!token) throw new AppError('SESSION_EXPIRED', openCommunityMessages.signInFirst)
    const tokenHash = hashToken(token)
    const [row] = await this.db
      .select({
        userId: appSession.userId,
        deviceId: appSession.deviceId,
        lastSeenAt: appSession.lastSeenAt,
        expiresAt: appSession.expiresAt,
        nickname: appUser.nickname,
        avatar: appUser.avatar,
        state: appUser.state,
        lockReason: appUser.lockReason,
        lockedUntil: appUser.lockedUntil,
      })
      .from(appSession)
      .innerJoin(appUser, eq(appUser.id, appSession.userId))
      .where(eq(appSession.id, tokenHash))
    if (!row) throw new AppError('SESSION_EXPIRED')
    const t = now.getTime()
    if (t >= row.expiresAt.getTime() || t - row.lastSeenAt.getTime() >= this.idleMs) {
      await this.db.delete(appSession).where(eq(appSession.id, tokenHash))
      throw new AppError('SESSION_EXPIRED')
    }
    await admitAppUser(this.db, { id: row.userId, ...row }, now)
    if (t - row.lastSeenAt.getTime() >= TOUCH_AFTER_MS) {
      await this.db.update(appSession).set({ lastSeenAt: now }).where(eq(appSession.id, tokenHash))
      await this.db.update(appUser).set({ lastActiveAt: now }).where(eq(appUser.id, row.userId))
    }
    return {
      userId: row.userId,
      nickname: row.nickname,
      avatar: row.avatar,
      tokenHash,
      deviceId: row.deviceId,
    }
  }

  /** Ends the session of a token (sign-out); unknown tokens are ignored. */
  async revoke(token: string): Promise<void> {
    await this.db.delete(appSession).where(eq(appSession.id, hashToken(token)))
  }

  /** Housekeeping (periodic): ends the locks whose end has passed and deletes expired sessions. */
  async sweep(now = new Date()): Promise<{ locksEnded: number; sessionsDeleted: number }> {
    const locksEnded = await endExpiredLocks(this.db, now)
    const gone = await this.db
      .delete(appSession)
      .where(
        or(lte(appSession.expiresAt, now), lte(appSession.lastSeenAt, new Date(now.getTime() - this.idleMs))),
      )
      .returning({ id: appSession.id })
    return { locksEnded, sessionsDeleted: gone.length }
  }
}
