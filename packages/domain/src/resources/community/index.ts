import type { ResourceDef } from '../types.ts'

/**
 * The Community and users area's definitions (spec §2 Community and users), each over a table of
 * server db/tables/community.ts (the record store).
 */
export const communityResources = {} as const satisfies Record<string, ResourceDef>
