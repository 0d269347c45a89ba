import type { ComponentType } from 'react'
import { lazyScreen } from '../../app/lazyScreen.ts'

/** The pages of 积分商城 (/ScoreShopEntrance, GET /create-platform/shop; decision 0051) that the engine does not draw, by catalogue path. */
export const shopScreens: Record<string, ComponentType> = {
  // The entrance setting, the items (shopItem) and the records (shopOrder) on one screen.
  '/ScoreShopEntrance': lazyScreen(() => import('./pointsShop/ScoreShopPage.tsx')),
}
