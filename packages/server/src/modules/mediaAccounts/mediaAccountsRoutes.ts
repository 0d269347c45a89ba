import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'
import { every } from '../../platform/periodic.ts'
import { mediaAccountContentRoutes } from './mediaAccountContent.ts'
import { mediaAccountPickerRoutes } from './mediaAccountPicker.ts'
import './mediaAccountState.ts'
import { endExpiredMediaLocks } from './mediaAccountUsable.ts'
import './mediaCounts.ts'
import { mediaRelationRoutes } from './mediaRelations.ts'
import './operatingPresets.ts'

/** How often expired locks are ended (a lock is also ended when content under the account is saved). */
const SWEEP_INTERVAL_MS = 60_000

/**
 * The media-accounts area's routes beyond the record engine's (spec §2 Media accounts; decision 0043): the content
 * form's picker, /mediaContent's relations and the account's own content. Command handlers, derived values and write
 * hooks register themselves when their files are imported here, before the engine mounts the definitions.
 */
export async function mediaAccountsRoutes(app: FastifyInstance, ctx: Ctx) {
  await mediaAccountPickerRoutes(app, ctx)
  await mediaRelationRoutes(app, ctx)
  await mediaAccountContentRoutes(app, ctx)
  every(app, 'media account lock expiry', SWEEP_INTERVAL_MS, () => endExpiredMediaLocks(ctx.database.db))
}
