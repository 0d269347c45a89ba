import type { ResourceDef } from '../types.ts'
import { coupon } from './coupon.ts'
import { couponSend } from './couponSend.ts'

/**
 * The definitions of 优惠券 (/coupons, /couponDetail, /sendCoupons; decision 0047). The codes users hold (user_coupon)
 * and the write-off log (coupon_write_off, /couponWriteOff) are tables of the grant and write-off paths, not
 * definitions (server modules/coupons).
 */
export const couponResources = { coupon, couponSend } as const satisfies Record<string, ResourceDef>
