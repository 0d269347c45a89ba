import { couponMessages } from '@moc/domain/api/coupons'
import { chinaTime } from '@moc/domain/rules/chinaTime'
import { and, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { coupon, couponWriteOff, userCoupon } from '../../db/tables/marketing.ts'
import { AppError } from '../../platform/errors.ts'

export interface WriteOff {
  /** The code typed or scanned (console, app), or the held coupon's id (app). */
  code?: string
  id?: number
  channel: 'console' | 'app'
  /** The operator at the counter (console). */
  adminId?: number | null
  /** The app user redeeming: only their own coupon. */
  holderId?: number
  /** More conditions on the code's coupon (the console's data scope). */
  couponWhere?: SQL
  remark?: string
}

/**
 * 核销: uses a code exactly once (decision 0047). In ONE transaction: the code is found (404 券码不存在 — also for a
 * code of another holder in the app, or of a coupon outside the caller's scope); ONE conditional UPDATE turns it from
 * unused to used only while it is unused and inside its window — concurrent write-offs of one code queue on its row
 * lock, and each later one re-reads the row the first committed, finds it used and updates nothing; the one that did
 * writes the coupon_write_off row (unique per code, a second guard) and raises coupon.used_count. A refused one says
 * why: 该券码已核销（核销时间 …）, 该券已过期, 该券尚未生效.
 */
export async function writeOffCode(db: Db, w: WriteOff, now = new Date()) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    const [found] = await tx
      .select({ id: userCoupon.id })
      .from(userCoupon)
      .innerJoin(coupon, eq(coupon.id, userCoupon.couponId))
      .where(
        and(
          w.id !== undefined ? eq(userCoupon.id, w.id) : eq(userCoupon.code, w.code ?? ''),
          w.holderId !== undefined ? eq(userCoupon.userId, w.holderId) : undefined,
          w.couponWhere,
        ),
      )
    if (!found) throw new AppError('NOT_FOUND', couponMessages.codeNotFound)
    const [used] = await tx
      .update(userCoupon)
      .set({ state: 'used', usedAt: now })
      .where(
        and(
          eq(userCoupon.id, found.id),
          eq(userCoupon.state, 'unused'),
          or(isNull(userCoupon.validStart), lte(userCoupon.validStart, now)),
          or(isNull(userCoupon.validEnd), gt(userCoupon.validEnd, now)),
        ),
      )
      .returning()
    if (!used) {
      // Read after the wait: the row as the write-off that won left it.
      const [uc] = await tx.select().from(userCoupon).where(eq(userCoupon.id, found.id))
      if (uc!.state === 'used') throw new AppError('CONFLICT', couponMessages.codeUsed(chinaTime(uc!.usedAt)))
      if (uc!.validStart && uc!.validStart > now)
        throw new AppError('CONFLICT', couponMessages.codeNotStarted(chinaTime(uc!.validStart)))
      throw new AppError('CONFLICT', couponMessages.codeExpired)
    }
    // The coupon's count before the log row: the row's foreign key would share-lock the coupon first, and a grant
    // waiting for the coupon's FOR UPDATE between the two would deadlock with this transaction.
    const [c] = await tx
      .update(coupon)
      .set({ usedCount: sql`${coupon.usedCount} + 1` })
      .where(eq(coupon.id, used.couponId))
      .returning({ name: coupon.name })
    const [log] = await tx
      .insert(couponWriteOff)
      .values({
        userCouponId: used.id,
        couponId: used.couponId,
        userId: used.userId,
        code: used.code,
        channel: w.channel,
        adminId: w.adminId ?? null,
        remark: w.remark ?? '',
        createdAt: now,
      })
      .returning({ id: couponWriteOff.id })
    return {
      id: log!.id,
      userCouponId: used.id,
      userId: used.userId,
      code: used.code,
      couponName: c!.name,
      usedAt: now.toISOString(),
    }
  })
}
