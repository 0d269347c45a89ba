import type { ResourceDef } from '../types.ts'
import { appUser } from './appUser.ts'
import { defaultAvatar } from './defaultAvatar.ts'
import { invitationCode } from './invitationCode.ts'
import { networkCommentator } from './networkCommentator.ts'
import { operatorUser } from './operatorUser.ts'
import { portrait } from './portrait.ts'
import { userLevel } from './userLevel.ts'

/**
 * The Community and users area's definitions (spec §2 Community and users), each over a table of
 * server db/tables/community.ts (the record store).
 */
export const communityResources = {
  appUser,
  operatorUser,
  userLevel,
  defaultAvatar,
  portrait,
  invitationCode,
  networkCommentator,
} as const satisfies Record<string, ResourceDef>
