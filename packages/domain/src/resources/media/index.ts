import type { ResourceDef } from '../types.ts'
import { mediaAccount } from './mediaAccount.ts'
import { mediaColumn } from './mediaColumn.ts'
import { mediaOperator } from './mediaOperator.ts'
import { mediaRole } from './mediaRole.ts'
import { mediaSon } from './mediaSon.ts'
import { operatingPreset } from './operatingPreset.ts'

/** The media-accounts area's definitions (spec §2 Media accounts), each over a table of server db/tables/media.ts. */
export const mediaResources = {
  mediaAccount,
  mediaSon,
  mediaOperator,
  mediaRole,
  mediaColumn,
  operatingPreset,
} as const satisfies Record<string, ResourceDef>
