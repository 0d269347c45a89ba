import { eq, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ADMIN_STATE, admin } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { dummyHash, verifyPassword } from '../../platform/passwords.ts'
import type { SignInFailures } from '../../platform/rateLimit.ts'
import type { AdminRow } from './accounts.ts'

/**
 * The password step shared by /admin/login and /users/authenticate: failures per client address (in the rate
 * limits' store) and per account (the database lockout), constant-time handling of unknown accounts, state checks
 * only once the password is right (so they reveal nothing to a guesser).
 */
export async function checkPassword(
  ctx: Ctx,
  addressFailures: SignInFailures,
  req: FastifyRequest,
  reply: FastifyReply,
  row: AdminRow | undefined,
  password: string,
  failMsg?: string,
): Promise<AdminRow> {
  const now = Date.now()
  const { db } = ctx.database
  await addressFailures.check(req, reply)
  if (row?.lockedUntil && row.lockedUntil.getTime() > now) throw lockedError(row.lockedUntil.getTime() - now)
  // Unknown accounts still pay for one argon2 verification, so timing does not reveal them.
  const verified = await verifyPassword(row ? row.passwordHash : await dummyHash(), password)
  const ok = verified && row !== undefined
  if (!ok || !row) {
    await addressFailures.add(req)
    if (row) {
      // One statement counts the failure on the row as it is then, so parallel guesses cannot all read the same
      // count: the one that reaches the maximum locks the account.
      const failures = sql`${admin.failedLogins} + 1`
      const reached = sql`${failures} >= ${ctx.config.loginMaxFailures}`
      const until = new Date(now + ctx.config.loginLockMs).toISOString()
      const [after] = await db
        .update(admin)
        .set({
          failedLogins: sql`case when ${reached} then 0 else ${failures} end`,
          lockedUntil: sql`case when ${reached} then ${until}::timestamptz else ${admin.lockedUntil} end`,
        })
        .where(eq(admin.id, row.id))
        .returning({ lockedUntil: admin.lockedUntil })
      if (after?.lockedUntil && after.lockedUntil.getTime() > now)
        throw lockedError(after.lockedUntil.getTime() - now)
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
