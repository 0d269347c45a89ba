import { shopMessages } from '@moc/domain/api/pointsShop'
import { and, count, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { coupon, shopItem, shopOrder } from '../../db/tables/marketing.ts'
import { award, userAward } from '../../db/tables/tasks.ts'
import { AppError } from '../../platform/errors.ts'
import { grantCoupons } from '../coupons/grantCoupons.ts'
import { grantPoints } from '../points/grantPoints.ts'
import { grantAward } from '../tasks/grantAward.ts'

export interface Redemption {
  orderId: number
  points: number
  balance: number
  state: string
  couponCode: string | null
}

/**
 * One redemption, all or nothing in one transaction (decision 0051):
 * 1. the item's row is locked (FOR UPDATE), so redemptions of one item queue: each sees the stock and the caller's
 *    records the one before it left — 已兑换 never passes 库存 and 每人限兑 is counted exactly after the lock;
 * 2. a frame the caller holds is refused before anything is spent;
 * 3. the record is written, then its points spent through the ledger (grantPoints: 409 积分不足 when short — concurrent
 *    spends of one user queue on their app_user row, so points never go below zero);
 * 4. the item's 已兑换 rises, and a coupon item gives its coupon (grantCoupons: its own lock, stock and per-user limit;
 *    a refusal undoes the whole redemption with the coupon's message), a frame item grants the frame.
 */
export async function redeem(db: Db, userId: number, itemId: number, remark = ''): Promise<Redemption> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    const [item] = await tx.select().from(shopItem).where(eq(shopItem.id, itemId)).for('update')
    if (!item) throw new AppError('NOT_FOUND', shopMessages.itemNotFound)
    if (!item.showState) throw new AppError('CONFLICT', shopMessages.itemOff)
    if (item.redeemed >= item.stock) throw new AppError('CONFLICT', shopMessages.soldOut)
    if (item.perUserLimit > 0) {
      const [mine] = await tx
        .select({ n: count() })
        .from(shopOrder)
        .where(and(eq(shopOrder.itemId, item.id), eq(shopOrder.userId, userId)))
      if ((mine?.n ?? 0) >= item.perUserLimit)
        throw new AppError('CONFLICT', shopMessages.limitReached(item.perUserLimit))
    }
    if (item.kind === 'avatarFrame') {
      const [frame] = await tx
        .select({ id: award.id })
        .from(award)
        .where(and(eq(award.id, item.awardId ?? 0), eq(award.kind, 'avatarFrame')))
      if (!frame) throw new AppError('CONFLICT', shopMessages.frameMissing)
      const [held] = await tx
        .select({ id: userAward.id })
        .from(userAward)
        .where(and(eq(userAward.awardId, frame.id), eq(userAward.userId, userId)))
      if (held) throw new AppError('CONFLICT', shopMessages.frameHeld)
    }
    if (item.kind === 'coupon' && !item.couponId) throw new AppError('CONFLICT', shopMessages.couponMissing)

    const [order] = await tx
      .insert(shopOrder)
      .values({ itemId: item.id, userId, points: item.points, state: 'done', remark })
      .returning({ id: shopOrder.id })
    const balance =
      item.points > 0
        ? await grantPoints(tx, {
            userId,
            delta: -item.points,
            source: 'shop',
            refId: order!.id,
            remark: item.name,
          })
        : 0
    await tx
      .update(shopItem)
      .set({ redeemed: item.redeemed + 1, updatedAt: new Date() })
      .where(eq(shopItem.id, item.id))

    let couponCode: string | null = null
    if (item.kind === 'coupon') {
      const { granted } = await grantCoupons(tx, { couponId: item.couponId!, userIds: [userId] })
      const mine = granted[0]
      if (!mine) {
        const [c] = await tx.select({ name: coupon.name }).from(coupon).where(eq(coupon.id, item.couponId!))
        throw new AppError('CONFLICT', shopMessages.couponLimit(c?.name ?? ''))
      }
      couponCode = mine.code
      await tx.update(shopOrder).set({ userCouponId: mine.id }).where(eq(shopOrder.id, order!.id))
    }
    if (item.kind === 'avatarFrame') {
      const got = await grantAward(tx, {
        awardId: item.awardId!,
        userId,
        source: 'grant',
        reason: `积分兑换：${item.name}`,
      })
      if (!got) throw new AppError('CONFLICT', shopMessages.frameHeld)
    }
    return { orderId: order!.id, points: item.points, balance, state: 'done', couponCode }
  })
}
