import { randomInt } from 'node:crypto'
import { couponMessages } from '@moc/domain/api/coupons'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { coupon, userCoupon } from '../../db/tables/marketing.ts'
import { fail } from '../../platform/errors.ts'

/** Code characters without the look-alikes (0/O, 1/I/L), so a code read out at the counter is typed right. */
const CODE_CHARS = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const COUPON_CODE_LENGTH = 12

/** Rows per insert: a send to a large portrait stays far below the 65,535 parameters of one statement. */
const INSERT_BATCH = 1000

/** Ids as one array parameter (`= any($1::int[])`): any number of users in one query. */
export const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`

export const newCouponCode = () =>
  Array.from({ length: COUPON_CODE_LENGTH }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('')

export interface CouponGrant {
  couponId: number
  userIds: readonly number[]
  /** The send (发放记录) they come from; none when a user claims it or buys it with points. */
  sendId?: number | null
  now?: Date
  /**
   * A user claiming it for themself (the app's 领取): only a claimable coupon, and refusals in the app's words — at
   * the limit 409 每人限领 N 张, none left 409 优惠券库存不足，已领完 — instead of a skip.
   */
  claim?: boolean
}

/**
 * Gives a coupon to users, one code each, inside the caller's transaction. The coupon row is locked first
 * (SELECT … FOR UPDATE), so concurrent grants of one coupon queue: each sees the stock and the holdings the one
 * before it left, `issued` never passes `stock` (the CHECK holds besides) and the per-user limit holds. A user at
 * the limit is skipped; a grant needing more codes than are left is refused whole (409), as is an offline coupon.
 */
export async function grantCoupons(tx: Db, g: CouponGrant) {
  const now = g.now ?? new Date()
  const [c] = await tx.select().from(coupon).where(eq(coupon.id, g.couponId)).for('update')
  if (!c) fail('NOT_FOUND', couponMessages.notFound)
  const verb = g.claim ? '领取' : '发放'
  if (!c!.showState) fail('CONFLICT', couponMessages.offline(c!.name, verb))
  if (c!.validType === 'range' && c!.validEnd && c!.validEnd <= now)
    fail('CONFLICT', couponMessages.ended(c!.name, verb))
  if (g.claim && !c!.claimable) fail('CONFLICT', couponMessages.notClaimable)
  const ids = [...new Set(g.userIds)]
  const held = ids.length
    ? await tx
        .select({ userId: userCoupon.userId, n: sql<number>`count(*)::int` })
        .from(userCoupon)
        .where(
          and(eq(userCoupon.couponId, g.couponId), sql`${userCoupon.userId} = any(${intArray(ids)}::int[])`),
        )
        .groupBy(userCoupon.userId)
    : []
  const holds = new Map(held.map((h) => [h.userId, Number(h.n)]))
  const limit = c!.perUserLimit
  const users = ids.filter((id) => limit <= 0 || (holds.get(id) ?? 0) < limit)
  const left = c!.stock - c!.issued
  if (g.claim && users.length < ids.length) fail('CONFLICT', couponMessages.perUserLimit(limit))
  if (g.claim && users.length > left) fail('CONFLICT', couponMessages.soldOut)
  if (users.length > left) fail('CONFLICT', couponMessages.stockShort(left, users.length))
  if (!users.length)
    return { granted: [] as { userId: number; code: string; id: number }[], skipped: ids.length }
  await tx
    .update(coupon)
    .set({ issued: sql`${coupon.issued} + ${users.length}`, updatedAt: now })
    .where(eq(coupon.id, g.couponId))
  const days = c!.validType === 'days' ? (c!.validDays ?? 0) : 0
  const validStart = c!.validType === 'days' ? now : c!.validStart
  const validEnd = c!.validType === 'days' ? new Date(now.getTime() + days * 86_400_000) : c!.validEnd
  const granted: { id: number; userId: number; code: string }[] = []
  for (let i = 0; i < users.length; i += INSERT_BATCH) {
    const rows = await tx
      .insert(userCoupon)
      .values(
        users.slice(i, i + INSERT_BATCH).map((userId) => ({
          couponId: g.couponId,
          userId,
          sendId: g.sendId ?? null,
          code: newCouponCode(),
          validStart,
          validEnd,
          receivedAt: now,
        })),
      )
      .returning({ id: userCoupon.id, userId: userCoupon.userId, code: userCoupon.code })
    granted.push(...rows)
  }
  return { granted, skipped: ids.length - users.length }
}
