import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'
import { accountRoutes } from './accountRoutes.ts'
import { adminLookupRoutes } from './adminLookupRoutes.ts'

/** System area routes owned by this module: accounts and the admin look-ups. */
export async function systemRoutes(app: FastifyInstance, ctx: Ctx) {
  await accountRoutes(app, ctx)
  await adminLookupRoutes(app, ctx)
}
