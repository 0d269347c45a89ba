import { openCommunityMessages as msg } from '@moc/domain/api/openCommunity'
import { and, asc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  appUser,
  appUserDevice,
  defaultAvatar,
  invitationCode,
  invitationUse,
} from '../../db/tables/community.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { admitAppUser } from './appSessions.ts'

export interface SignInInput {
  phone: string
  invitationCode: string
  deviceId: string
  platform: string
  model: string
  appVersion: string
}

/** Why a code cannot be used now, in the words the app shows. */
function invitationRefusal(c: typeof invitationCode.$inferSelect | undefined, now: Date): AppError {
  if (!c) return new AppError('BAD_REQUEST', msg.invitationUnknown)
  if (!c.showState) return new AppError('BAD_REQUEST', msg.invitationOff)
  if (c.validStart && c.validStart > now) return new AppError('BAD_REQUEST', msg.invitationNotStarted)
  if (c.validEnd && c.validEnd < now) return new AppError('BAD_REQUEST', msg.invitationEnded)
  return new AppError('CONFLICT', msg.invitationUsedUp)
}

/**
 * Takes one use of an invitation code for a new user: one conditional UPDATE counts it, so of two sign-ups racing
 * for the last use exactly one gets a row back (PostgreSQL re-checks the condition on the row the first one
 * committed; the table's CHECK keeps used_count ≤ max_uses besides). The use is recorded in the same transaction.
 */
async function useInvitation(tx: Db, code: string, userId: number, now: Date): Promise<void> {
  const [used] = await tx
    .update(invitationCode)
    .set({ usedCount: sql`${invitationCode.usedCount} + 1`, updatedAt: now })
    .where(
      and(
        eq(invitationCode.code, code),
        eq(invitationCode.showState, true),
        lt(invitationCode.usedCount, invitationCode.maxUses),
        or(isNull(invitationCode.validStart), lte(invitationCode.validStart, now)),
        or(isNull(invitationCode.validEnd), gte(invitationCode.validEnd, now)),
      ),
    )
    .returning({ id: invitationCode.id })
  if (!used) {
    const [c] = await tx.select().from(invitationCode).where(eq(invitationCode.code, code))
    throw invitationRefusal(c, now)
  }
  await tx.insert(invitationUse).values({ codeId: used.id, userId, usedAt: now })
  await tx.update(appUser).set({ invitationCodeId: used.id }).where(eq(appUser.id, userId))
}

/** What runs in a new user's sign-up transaction (red-packet rewards, the inviter's 邀请 task). */
export type AfterSignUp = (
  tx: Db,
  user: { userId: number; inviterId: number | null },
  now: Date,
) => Promise<void>
const afterSignUp: AfterSignUp[] = []
export function registerAfterSignUp(fn: AfterSignUp) {
  afterSignUp.push(fn)
}

/**
 * A code given at sign-up is an app user's own code (邀请好友: the user becomes the inviter) or else a platform
 * invitation code (/invitationCode, uses counted). Answers the inviter's id.
 */
async function useCode(tx: Db, code: string, userId: number, now: Date): Promise<number | null> {
  const [inviter] = await tx
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(eq(appUser.inviteCode, code), eq(appUser.operator, false)))
  if (!inviter) {
    await useInvitation(tx, code, userId, now)
    return null
  }
  await tx.update(appUser).set({ inviterId: inviter.id }).where(eq(appUser.id, userId))
  return inviter.id
}

const userColumns = {
  id: appUser.id,
  state: appUser.state,
  lockReason: appUser.lockReason,
  lockedUntil: appUser.lockedUntil,
}

/**
 * Signs a phone in (its SMS code already checked), in one transaction: the user is created on the first sign-in
 * (nickname 用户 + the phone's last 4 digits, the first shown default avatar), taking a use of the invitation code
 * or the inviting user's own code if one is given (then the sign-up hooks run) — a code given by an existing user is
 * ignored (it counts at sign-up only); a cancelled or locked
 * user is refused; the device is recorded; a new app session is answered.
 */
export async function signIn(ctx: Ctx, input: SignInInput, now = new Date()) {
  return ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Db
    const find = () => tx.select(userColumns).from(appUser).where(eq(appUser.phone, input.phone))
    let [user] = await find()
    let created = false
    if (!user) {
      const [avatar] = await tx
        .select({ image: defaultAvatar.image })
        .from(defaultAvatar)
        .where(eq(defaultAvatar.showState, true))
        .orderBy(asc(defaultAvatar.sort), asc(defaultAvatar.id))
        .limit(1)
      // A sign-in of the same phone racing this one may create the user first: then this one signs in to it.
      const [made] = await tx
        .insert(appUser)
        .values({
          phone: input.phone,
          nickname: `用户${input.phone.slice(-4)}`,
          avatar: avatar?.image ?? '',
          registerPlatform: input.platform,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning(userColumns)
      if (made) {
        created = true
        const inviterId = input.invitationCode ? await useCode(tx, input.invitationCode, made.id, now) : null
        for (const fn of afterSignUp) await fn(tx, { userId: made.id, inviterId }, now)
      }
      user = made ?? (await find())[0]
      if (!user) throw new AppError('CONFLICT', '登录失败，请重试')
    }
    await admitAppUser(tx, user, now)
    const { deviceId, platform, model, appVersion } = input
    await tx
      .insert(appUserDevice)
      .values({ parentId: user.id, deviceId, platform, model, appVersion, lastSeenAt: now })
      .onConflictDoUpdate({
        target: [appUserDevice.parentId, appUserDevice.deviceId],
        set: { platform, model, appVersion, lastSeenAt: now },
      })
    await tx.update(appUser).set({ lastActiveAt: now }).where(eq(appUser.id, user.id))
    const session = await ctx.appSessions.create(tx, user.id, deviceId, now)
    return { userId: user.id, created, ...session }
  })
}
