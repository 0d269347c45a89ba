import { splashScheduleSchema } from '@moc/domain/api/openApp'
import { APP_PLATFORMS } from '@moc/domain/resources/app/appOptions'
import { recordResources } from '@moc/domain/resources/index'
import { displayStatus } from '@moc/domain/rules/displayWindow'
import { effectiveLaunchItem, launchOrder } from '@moc/domain/rules/launchItem'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { appSplash } from '../../db/tables/app.ts'
import { recordInScope, recordTableOf } from '../../engine/records/recordTable.ts'
import type { Ctx } from '../../platform/context.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'

/**
 * 闪屏投放 (spec §2 /publishFlash, decision 0038): the delivery schedule the app follows — per platform, the approved
 * and online splash screens whose window has not ended, in start order, the one the app shows now marked by the
 * same rule as GET /api/open/app/config. Read-only; within the caller's data scope, on APP-闪屏 查看.
 */
export async function splashScheduleRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const rt = recordTableOf(recordResources.get('splash')!)
  app.get(
    '/api/splash/schedule',
    {
      config: { access: { page: 'APP-闪屏', action: '查看' } },
      schema: {
        tags: ['闪屏'],
        summary: '闪屏投放：各平台已审核通过、已上线且未结束的闪屏（按开始时间），标出 App 当前展示的一条',
        response: { 200: envelopeSchema(splashScheduleSchema) },
      },
    },
    async (req) => {
      const now = new Date()
      const rows = await db
        .select()
        .from(appSplash)
        .where(
          and(
            eq(appSplash.verifyState, 1),
            eq(appSplash.showState, true),
            recordInScope(rt, await dataScopeOf(req, db)),
          ),
        )
      const live = rows.filter((r) => {
        const s = displayStatus({ start: r.displayStart, end: r.displayEnd, flag: r.displayFlag }, now)
        return s === 'showing' || s === 'notStarted'
      })
      const platforms = Object.entries(APP_PLATFORMS).map(([platform, label]) => {
        const mine = live.filter((r) => (r.platforms as string[]).includes(platform))
        return {
          platform,
          label,
          currentId: effectiveLaunchItem(mine, now)?.id ?? null,
          items: [...mine]
            .sort((a, b) => -launchOrder(a, b))
            .map((r) => ({
              id: r.id,
              title: r.title,
              mediaType: r.mediaType,
              image: r.image,
              frequency: r.frequency,
              displayStart: r.displayStart?.toISOString() ?? null,
              displayEnd: r.displayEnd?.toISOString() ?? null,
              status: displayStatus({ start: r.displayStart, end: r.displayEnd, flag: r.displayFlag }, now),
            })),
        }
      })
      return ok({ now: now.toISOString(), platforms })
    },
  )
}
