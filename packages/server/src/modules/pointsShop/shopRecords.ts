import { shopMessages } from '@moc/domain/api/pointsShop'
import { SHOP_ITEM_KINDS, type ShopItemKind } from '@moc/domain/resources/marketing/shopItem'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { appUser } from '../../db/tables/community.ts'
import { coupon, shopItem, shopOrder } from '../../db/tables/marketing.ts'
import { award } from '../../db/tables/tasks.ts'
import { registerCommand } from '../../engine/records/recordCommands.ts'
import { registerAfterWrite, registerDerived } from '../../engine/records/recordDerived.ts'
import { AppError } from '../../platform/errors.ts'
import { grantPoints } from '../points/grantPoints.ts'

/** The shop's definitions beyond their columns (decision 0051): what an item gives, a record's delivery, 发货, 积分调整. */

type ItemRow = { id: number; kind: string; couponId: number | null; awardId: number | null }

/** 兑换内容: the coupon's or frame's name (one query each for the page), a dash for goods. */
registerDerived('shopItem', async (db, rows) => {
  const items = rows as unknown as ItemRow[]
  const couponIds = [
    ...new Set(items.flatMap((r) => (r.kind === 'coupon' && r.couponId ? [r.couponId] : []))),
  ]
  const awardIds = [
    ...new Set(items.flatMap((r) => (r.kind === 'avatarFrame' && r.awardId ? [r.awardId] : []))),
  ]
  const [coupons, awards] = await Promise.all([
    couponIds.length
      ? db.select({ id: coupon.id, name: coupon.name }).from(coupon).where(inArray(coupon.id, couponIds))
      : [],
    awardIds.length
      ? db.select({ id: award.id, name: award.name }).from(award).where(inArray(award.id, awardIds))
      : [],
  ])
  const couponName = new Map(coupons.map((c) => [c.id, c.name]))
  const awardName = new Map(awards.map((a) => [a.id, a.name]))
  return new Map(
    items.map((r) => {
      const name =
        r.kind === 'coupon'
          ? couponName.get(r.couponId ?? 0)
          : r.kind === 'avatarFrame'
            ? awardName.get(r.awardId ?? 0)
            : undefined
      const label = SHOP_ITEM_KINDS[r.kind as ShopItemKind] ?? r.kind
      return [
        r.id,
        { reward: r.kind === 'goods' ? '—' : name ? `${label}「${name}」` : `${label}（已删除）` },
      ]
    }),
  )
})

/**
 * Every save keeps an item whole: the id of the kind it is not is cleared, so a changed kind leaves nothing behind
 * (the coupon or frame it names is checked by its ref field: it exists, and a frame is of kind avatarFrame).
 */
registerAfterWrite('shopItem', async (tx, ids) => {
  if (!ids.length) return
  const rows = await tx
    .select({ id: shopItem.id, kind: shopItem.kind, couponId: shopItem.couponId, awardId: shopItem.awardId })
    .from(shopItem)
    .where(inArray(shopItem.id, [...ids]))
  for (const r of rows) {
    const clear = {
      ...(r.kind !== 'coupon' && r.couponId !== null ? { couponId: null } : {}),
      ...(r.kind !== 'avatarFrame' && r.awardId !== null ? { awardId: null } : {}),
    }
    if (Object.keys(clear).length) await tx.update(shopItem).set(clear).where(eq(shopItem.id, r.id))
  }
})

/** A record's item kind and delivery: goods wait for 发货 (待发货) until shipped; coupons and frames need none. */
registerDerived('shopOrder', async (db, rows) => {
  const itemIds = [...new Set(rows.map((r) => Number(r.itemId)))]
  const kinds = itemIds.length
    ? await db
        .select({ id: shopItem.id, kind: shopItem.kind })
        .from(shopItem)
        .where(inArray(shopItem.id, itemIds))
    : []
  const kindOf = new Map(kinds.map((k) => [k.id, k.kind]))
  return new Map(
    rows.map((r) => {
      const kind = kindOf.get(Number(r.itemId)) ?? 'goods'
      const delivery = kind !== 'goods' ? 'none' : r.state === 'shipped' ? 'shipped' : 'pending'
      return [r.id, { itemKind: kind, delivery }]
    }),
  )
})

/** 发货: goods still 已完成 (not shipped) only; the carrier and number join 备注. */
registerCommand('shopOrder', 'ship', async ({ tx, rows, input }) => {
  const order = rows[0]!
  const [item] = await tx
    .select({ kind: shopItem.kind })
    .from(shopItem)
    .where(eq(shopItem.id, Number(order.itemId)))
  if (item?.kind !== 'goods') throw new AppError('CONFLICT', shopMessages.notGoods)
  if (order.state !== 'done') throw new AppError('CONFLICT', shopMessages.shippedAlready)
  const express = String(input.express ?? '').trim()
  const before = String(order.remark ?? '')
  const remark = express ? [before, `物流：${express}`].filter(Boolean).join('；') : before
  await tx
    .update(shopOrder)
    .set({ state: 'shipped', remark, updatedAt: new Date() })
    .where(eq(shopOrder.id, order.id))
  return { updated: 1 }
})

/**
 * 积分调整: an operator gives or takes an app user's points with a reason, through the points ledger (source grant,
 * the reason as its remark); a take below zero is refused (409 积分不足). The operation log names the user.
 */
registerCommand('shopOrder', 'adjustPoints', async ({ tx, input, req }) => {
  const userId = Number(input.userId)
  const delta = Number(input.delta)
  const reason = String(input.reason ?? '').trim()
  const [user] = await tx
    .select({ id: appUser.id, nickname: appUser.nickname })
    .from(appUser)
    .where(and(eq(appUser.id, userId), eq(appUser.operator, false)))
  if (!user) throw new AppError('NOT_FOUND', shopMessages.userMissing)
  req.auditInfo.target = `appUser:${user.id}`
  req.auditInfo.targetName = `${user.nickname}（${delta > 0 ? '+' : ''}${delta}：${reason}）`
  const balance = await grantPoints(tx as Db, { userId, delta, source: 'grant', remark: reason })
  return { userId, delta, balance, msg: shopMessages.adjusted(delta, balance) }
})

/** Items' redeemed count of one user, for the app's list (one query). */
export async function redeemedBy(db: Db, userId: number, itemIds: readonly number[]) {
  if (!itemIds.length) return new Map<number, number>()
  const rows = await db
    .select({ itemId: shopOrder.itemId, n: sql<number>`count(*)::int` })
    .from(shopOrder)
    .where(and(eq(shopOrder.userId, userId), inArray(shopOrder.itemId, [...itemIds])))
    .groupBy(shopOrder.itemId)
  return new Map(rows.map((r) => [r.itemId, Number(r.n)]))
}
