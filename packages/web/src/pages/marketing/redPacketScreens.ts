import type { ComponentType } from 'react'
import { lazyScreen } from '../../app/lazyScreen.ts'

/** The pages of 红包 (/redPacket invite, withdraw, register, scope; decision 0048) that the engine does not draw, by catalogue path. */
export const redPacketScreens: Record<string, ComponentType> = {
  '/redPacket': lazyScreen(() => import('./redPackets/RedPacketPage.tsx')),
}
