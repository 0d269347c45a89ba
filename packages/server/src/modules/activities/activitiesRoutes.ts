import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'
import { activityConsoleRoutes } from './activityConsoleRoutes.ts'
import './activityRecords.ts'
import { openActivityRoutes } from './openActivityRoutes.ts'

/**
 * The Activities area's routes beyond the record engine's (decision 0045): enrolments and entries in the console, the
 * statistics and export, and the app-facing calls. The stage, the save rules and 取消 register on import, before the
 * engine mounts the definitions.
 */
export async function activitiesRoutes(app: FastifyInstance, ctx: Ctx) {
  await activityConsoleRoutes(app, ctx)
  await openActivityRoutes(app, ctx)
}
