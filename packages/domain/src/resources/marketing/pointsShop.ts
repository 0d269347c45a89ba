import type { ResourceDef } from '../types.ts'
import { shopItem } from './shopItem.ts'
import { shopOrder } from './shopOrder.ts'

/** The definitions of 积分商城 (/ScoreShopEntrance, GET /create-platform/shop; decision 0051). */
export const shopResources = { shopItem, shopOrder } as const satisfies Record<string, ResourceDef>
