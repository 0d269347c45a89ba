import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'
import { AWARD_BACKFILL_JOB, awardBackfillJob } from './awardBackfill.ts'
import { openTaskRoutes } from './openTaskRoutes.ts'
import { taskConsoleRoutes } from './taskConsoleRoutes.ts'
import { testClockRoutes } from './testClockRoutes.ts'

/**
 * The routes of 任务、签到、勋章、头像框 (/taskManage, /taskDetail, /taskMedal, /taskAvatar …; decision 0050): the
 * app-facing calls, the console's, and — on a test-mode server only — the test clock.
 */
export async function tasksRoutes(app: FastifyInstance, ctx: Ctx) {
  ctx.quickJobs.register(AWARD_BACKFILL_JOB, awardBackfillJob(ctx.database.db))
  await openTaskRoutes(app, ctx)
  await taskConsoleRoutes(app, ctx)
  await testClockRoutes(app, ctx)
}
