import { randomInt } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { coupon, userCoupon } from '../../db/tables/marketing.ts'
import { fail } from '../../platform/errors.ts'

/** Code characters without the look-alikes (0/O, 1/I/L), so a code read out at the counter is typed right. */
const CODE_CHARS = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const COUPON_CODE_LENGTH = 12

export const newCouponCode = () =>
  Array.from({ length: COUPON_CODE_LENGTH }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('')

export interface CouponGrant {
  couponId: number
  userIds: readonly number[]
  /** The send (发放记录) they come from; none when a user claims it or buys it with points. */
  sendId?: number | null
  now?: Date
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
  if (!c) fail('NOT_FOUND', '优惠券不存在')
  if (!c!.showState) fail('CONFLICT', `优惠券「${c!.name}」已下线，不能发放`)
  if (c!.validType === 'range' && c!.validEnd && c!.validEnd <= now)
    fail('CONFLICT', `优惠券「${c!.name}」已过期，不能发放`)
  const ids = [...new Set(g.userIds)]
  const held = ids.length
    ? await tx
        .select({ userId: userCoupon.userId, n: sql<number>`count(*)::int` })
        .from(userCoupon)
        .where(and(eq(userCoupon.couponId, g.couponId), inArray(userCoupon.userId, ids)))
        .groupBy(userCoupon.userId)
    : []
  const holds = new Map(held.map((h) => [h.userId, Number(h.n)]))
  const limit = c!.perUserLimit
  const users = ids.filter((id) => limit <= 0 || (holds.get(id) ?? 0) < limit)
  const left = c!.stock - c!.issued
  if (users.length > left) fail('CONFLICT', `优惠券库存不足：剩余 ${left} 张，需发放 ${users.length} 张`)
  if (!users.length)
    return { granted: [] as { userId: number; code: string; id: number }[], skipped: ids.length }
  await tx
    .update(coupon)
    .set({ issued: sql`${coupon.issued} + ${users.length}`, updatedAt: now })
    .where(eq(coupon.id, g.couponId))
  const days = c!.validType === 'days' ? (c!.validDays ?? 0) : 0
  const validStart = c!.validType === 'days' ? now : c!.validStart
  const validEnd = c!.validType === 'days' ? new Date(now.getTime() + days * 86_400_000) : c!.validEnd
  const granted = await tx
    .insert(userCoupon)
    .values(
      users.map((userId) => ({
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
  return { granted, skipped: ids.length - users.length }
}
