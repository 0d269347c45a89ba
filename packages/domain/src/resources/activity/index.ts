import type { ResourceDef } from '../types.ts'
import { activity } from './activity.ts'
import { vote } from './vote.ts'
import { voteModule } from './voteModule.ts'
import { voteOption } from './voteOption.ts'

/** The Activities area's definitions (spec §2 Activities), each over a table of server db/tables/votes.ts. */
export const activityResources = {
  activity,
  vote,
  voteModule,
  voteOption,
} as const satisfies Record<string, ResourceDef>
