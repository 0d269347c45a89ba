import type { ResourceDef } from '../types.ts'
import { couponResources } from './coupons.ts'
import { noticeResources } from './notices.ts'
import { shopResources } from './pointsShop.ts'
import { redPacketResources } from './redPackets.ts'
import { taskResources } from './tasks.ts'

/** The Marketing and tasks area's definitions (spec §2 Marketing and tasks), over server db/tables/{marketing,notices,tasks}.ts. */
export const marketingResources = {
  ...couponResources,
  ...redPacketResources,
  ...noticeResources,
  ...taskResources,
  ...shopResources,
} as const satisfies Record<string, ResourceDef>
