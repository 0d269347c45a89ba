import type { ComponentType } from 'react'

/** The pages of 积分商城 (/ScoreShopEntrance, GET /create-platform/shop; decision 0051) that the engine does not draw, by catalogue path. */
export const shopScreens: Record<string, ComponentType> = {}
