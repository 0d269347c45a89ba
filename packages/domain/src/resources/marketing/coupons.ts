import type { ResourceDef } from '../types.ts'

/** The definitions of 优惠券 (/coupons, /couponDetail, /sendCoupons, /couponWriteOff; decision 0047). */
export const couponResources = {} as const satisfies Record<string, ResourceDef>
