import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { ADMIN_STATE, admin } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { dummyHash, verifyPassword } from '../../platform/passwords.ts'
import type { AdminRow } from './accounts.ts'

/**
 * The password step shared by /admin/login and /users/authenticate: per-IP and per-account limits,
 * lockout after too many failures, constant-time handling of unknown accounts, state checks only once
 * the password is right (so they reveal nothing to a guesser).
 */
export async function checkPassword(
  ctx: Ctx,
  req: FastifyRequest,
  row: AdminRow | undefined,
  password: string,
  failMsg?: string,
): Promise<AdminRow> {
  const now = Date.now()
  const { db } = ctx.database
  if (ctx.loginFailuresByIp.blocked(req.ip, now))
    throw new AppError('RATE_LIMITED', '登录尝试过于频繁，请稍后再试')
  if (row?.lockedUntil && row.lockedUntil.getTime() > now) throw lockedError(row.lockedUntil.getTime() - now)
  // Unknown accounts still pay for one argon2 verification, so timing does not reveal them.
  const verified = await verifyPassword(row ? row.passwordHash : await dummyHash(), password)
  const ok = verified && row !== undefined
  if (!ok || !row) {
    ctx.loginFailuresByIp.add(req.ip, now)
    if (row) {
      const failures = row.failedLogins + 1
      const lock = failures >= ctx.config.loginMaxFailures
      await db
        .update(admin)
        .set(
          lock
            ? { failedLogins: 0, lockedUntil: new Date(now + ctx.config.loginLockMs) }
            : { failedLogins: failures },
        )
        .where(eq(admin.id, row.id))
      if (lock) throw lockedError(ctx.config.loginLockMs)
    }
    throw new AppError('LOGIN_FAILED', failMsg)
  }
  if (row.state === ADMIN_STATE.pending) throw new AppError('ACCOUNT_PENDING')
  if (row.state !== ADMIN_STATE.enabled) throw new AppError('ACCOUNT_DISABLED')
  if (row.failedLogins > 0 || row.lockedUntil)
    await db.update(admin).set({ failedLogins: 0, lockedUntil: null }).where(eq(admin.id, row.id))
  return row
}

function lockedError(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000))
  return new AppError('ACCOUNT_LOCKED', `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`)
}
