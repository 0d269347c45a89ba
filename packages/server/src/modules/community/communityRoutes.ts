import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'
import { circleRelationRoutes } from './circles.ts'
import { circleTopRoutes } from './circlesContent.ts'
import './commentators.ts'
import './commentTemplates.ts'
import { invitationRoutes } from './invitations.ts'
import './levels.ts'
import { portraitRoutes } from './portraits.ts'
import './posts.ts'
import './postsAsOperator.ts'
import './reportsHandling.ts'
import { userActivityRoutes } from './usersActivity.ts'
import './usersLock.ts'

/**
 * The Community and users area's routes beyond the record engine's (spec §2 Community and users): the app-facing
 * calls (DESIGN §6a) and the console calls a definition cannot say. Command handlers, derived values and write
 * hooks register themselves when their files are imported here, before the engine mounts the definitions.
 */
export async function communityRoutes(app: FastifyInstance, ctx: Ctx) {
  await userActivityRoutes(app, ctx)
  await portraitRoutes(app, ctx)
  await invitationRoutes(app, ctx)
  await circleRelationRoutes(app, ctx)
  await circleTopRoutes(app, ctx)
}
