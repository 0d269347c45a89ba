import type { ComponentType } from 'react'
import { lazyScreen } from '../../app/lazyScreen.ts'

/**
 * The pages of 优惠券 (decision 0047) that the engine does not draw, by catalogue path: 发放 with its records and
 * export (/sendCoupons) and 核销 with its log (/couponWriteOff). /coupons and /couponDetail are the coupon
 * definition's own list and form.
 */
export const couponScreens: Record<string, ComponentType> = {
  '/sendCoupons': lazyScreen(() => import('./coupons/SendCouponsPage.tsx')),
  '/couponWriteOff': lazyScreen(() => import('./coupons/CouponWriteOffPage.tsx')),
}
