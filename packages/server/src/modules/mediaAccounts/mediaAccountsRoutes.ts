import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'
import './mediaAccountState.ts'
import './mediaCounts.ts'
import { mediaAccountRoutes } from './routes.ts'

/**
 * The media-accounts area's routes beyond the record engine's (spec §2 Media accounts; decision 0043): the content
 * form's picker and the calls a definition cannot say. Command handlers, derived values and write hooks register
 * themselves when their files are imported here, before the engine mounts the definitions.
 */
export async function mediaAccountsRoutes(app: FastifyInstance, ctx: Ctx) {
  await mediaAccountRoutes(app, ctx)
}
