import type { ResourceDef } from '../types.ts'

/** The definitions of 积分商城 (/ScoreShopEntrance, GET /create-platform/shop; decision 0051). */
export const shopResources = {} as const satisfies Record<string, ResourceDef>
