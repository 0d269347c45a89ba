import type { ResourceDef } from '../types.ts'
import { redPacketInviteRule, redPacketRegisterRule } from './redPacketRule.ts'
import { redPacketScope } from './redPacketScope.ts'
import { redPacketWithdrawal } from './redPacketWithdrawal.ts'

/** The definitions of 红包 (/redPacket invite, withdraw, register, scope; decision 0048). */
export const redPacketResources = {
  redPacketInviteRule,
  redPacketRegisterRule,
  redPacketWithdrawal,
  redPacketScope,
} as const satisfies Record<string, ResourceDef>
