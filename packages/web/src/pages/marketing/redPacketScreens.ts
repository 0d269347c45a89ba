import type { ComponentType } from 'react'

/** The pages of 红包 (/redPacket invite, withdraw, register, scope; decision 0048) that the engine does not draw, by catalogue path. */
export const redPacketScreens: Record<string, ComponentType> = {}
