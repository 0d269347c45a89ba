import type { ResourceDef } from '../types.ts'

/** The definitions of 红包 (/redPacket invite, withdraw, register, scope; decision 0048). */
export const redPacketResources = {} as const satisfies Record<string, ResourceDef>
