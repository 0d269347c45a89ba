import { recordResources } from '@moc/domain/resources/index'
import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'
import { childFields } from './recordChildren.ts'
import { recordCommandRoutes } from './recordCommands.ts'
import { checkDerived } from './recordDerived.ts'
import { recordImportRoute } from './recordImportRoute.ts'
import { recordKit } from './recordKit.ts'
import { recordLockRoutes } from './recordLockRoutes.ts'
import { recordPicksRoute } from './recordPicksRoute.ts'
import { recordReadRoutes } from './recordReadRoutes.ts'
import { recordReviewRoutes } from './recordReview.ts'
import { recordTableOf } from './recordTable.ts'
import { recordWriteRoutes } from './recordWriteRoutes.ts'

/** Mounts the record store's routes for every definition with a table of its own (DESIGN §4, decision 0037). */
export async function recordRoutes(fastify: FastifyInstance, ctx: Ctx) {
  for (const def of recordResources.values()) {
    const k = recordKit(fastify, ctx, recordTableOf(def))
    if (childFields(def).length && !k.may('update') && !k.may('create'))
      throw new Error(`${def.name}: a child collection needs a form (添加 or 编辑)`)
    checkDerived(k.rt)
    recordReadRoutes(k)
    recordPicksRoute(k)
    recordWriteRoutes(k)
    if (k.may('import')) recordImportRoute(k)
    if (k.rt.traits.lockable && k.may('lock')) recordLockRoutes(k)
    recordReviewRoutes(k)
    recordCommandRoutes(k)
  }
}
