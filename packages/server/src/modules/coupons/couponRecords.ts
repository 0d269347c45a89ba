import { couponMessages } from '@moc/domain/api/coupons'
import {
  type CouponTerms,
  type CouponWindow,
  couponBenefit,
  couponRuleError,
  couponStatus,
} from '@moc/domain/resources/marketing/coupon'
import { chinaTime } from '@moc/domain/rules/chinaTime'
import { inArray } from 'drizzle-orm'
import { coupon } from '../../db/tables/marketing.ts'
import {
  registerAfterWrite,
  registerBeforeDelete,
  registerDerived,
} from '../../engine/records/recordDerived.ts'
import { AppError } from '../../platform/errors.ts'

/** The coupon definition's derived columns and its rules across fields (decision 0047). */

const date = (d: Date | null) => chinaTime(d).slice(0, 16)

/** 有效期 as the list reads it: 2026-01-01 00:00 ~ 2026-02-01 00:00, or 领取后7天. */
export function validityText(c: Pick<CouponWindow, 'validType' | 'validStart' | 'validEnd' | 'validDays'>) {
  if (c.validType === 'days') return `领取后${c.validDays ?? 0}天`
  return `${c.validStart ? date(c.validStart) : '领取后'} ~ ${c.validEnd ? date(c.validEnd) : '不限'}`
}

registerDerived('coupon', async (_db, rows) => {
  const now = new Date()
  return new Map(
    rows.map((r) => {
      const c = r as unknown as CouponTerms & CouponWindow
      return [r.id, { benefit: couponBenefit(c), validity: validityText(c), status: couponStatus(c, now) }]
    }),
  )
})

/** Every save keeps the rules across fields (couponRuleError); a broken one undoes it with a 400. */
registerAfterWrite('coupon', async (tx, ids) => {
  if (!ids.length) return
  const rows = await tx
    .select()
    .from(coupon)
    .where(inArray(coupon.id, [...ids]))
  for (const r of rows) {
    const broken = couponRuleError(r)
    if (broken) throw new AppError('BAD_REQUEST', broken)
  }
})

/**
 * A coupon given out is never deleted (its users' codes and the write-off log would go with it): 下线 instead. The
 * engine locks the rows first, so a grant (which locks the coupon too) either came before and is seen, or waits and
 * then finds the coupon gone.
 */
registerBeforeDelete('coupon', async (_tx, rows) => {
  const issued = rows.find((r) => Number(r.issued) > 0)
  if (issued) throw new AppError('CONFLICT', couponMessages.deleteIssued(String(issued.name)))
})
