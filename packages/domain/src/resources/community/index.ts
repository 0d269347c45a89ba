import type { ResourceDef } from '../types.ts'
import { appUser } from './appUser.ts'
import { circle } from './circle.ts'
import { commentTemplate } from './commentTemplate.ts'
import { defaultAvatar } from './defaultAvatar.ts'
import { invitationCode } from './invitationCode.ts'
import { networkCommentator } from './networkCommentator.ts'
import { operatorUser } from './operatorUser.ts'
import { portrait } from './portrait.ts'
import { post } from './post.ts'
import { commentReport, contentReport } from './report.ts'
import { topic } from './topic.ts'
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
  circle,
  post,
  topic,
  contentReport,
  commentReport,
  commentTemplate,
} as const satisfies Record<string, ResourceDef>
