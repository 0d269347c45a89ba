import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'
import { departmentRoutes } from './departmentRoutes.ts'
import { positionRoutes } from './positionRoutes.ts'

/** Organisation structure (组织架构): departments and positions. */
export async function organisationRoutes(app: FastifyInstance, ctx: Ctx) {
  await departmentRoutes(app, ctx)
  await positionRoutes(app, ctx)
}
