import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'
import { every } from '../../platform/periodic.ts'
import { openCircleRoutes } from './openCircleRoutes.ts'
import { openCommentRoutes } from './openCommentRoutes.ts'
import { openContentRoutes } from './openContentRoutes.ts'
import { openPostRoutes } from './openPostRoutes.ts'
import { openReportRoutes } from './openReportRoutes.ts'
import { openUserRoutes } from './openUserRoutes.ts'

/** How often expired locks are ended and expired app sessions deleted (a lock is also ended when its user is seen). */
const SWEEP_INTERVAL_MS = 60_000

/**
 * The app-facing API of the Community and users area (DESIGN §6a, decision 0041): app users' sign-in, profile and
 * uploads, published content, circles and topics, posts, comments and reports. Registered after the console's
 * upload routes, whose multipart parser the app's upload uses.
 */
export async function openCommunityRoutes(app: FastifyInstance, ctx: Ctx) {
  await openUserRoutes(app, ctx)
  await openContentRoutes(app, ctx)
  await openCircleRoutes(app, ctx)
  await openPostRoutes(app, ctx)
  await openCommentRoutes(app, ctx)
  await openReportRoutes(app, ctx)
  every(app, 'app user lock expiry', SWEEP_INTERVAL_MS, () => ctx.appSessions.sweep())
}
