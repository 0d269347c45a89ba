import type { ComponentType } from 'react'

/** The pages of 优惠券 (/coupons, /couponDetail, /sendCoupons, /couponWriteOff; decision 0047) that the engine does not draw, by catalogue path. */
export const couponScreens: Record<string, ComponentType> = {}
