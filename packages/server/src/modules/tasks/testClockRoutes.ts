import { taskMessages, testClockBodySchema, testClockSchema } from '@moc/domain/api/tasks'
import { chinaDay } from '@moc/domain/rules/chinaTime'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Ctx } from '../../platform/context.ts'
import { appNow, clockOffsetDays, moveTestClock } from '../../platform/testClock.ts'

/** The test clock's route, on a test-mode server only (MOC_TEST_CLOCK=1; platform/testClock.ts, decision 0050). */
export async function testClockRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  if (ctx.config.testClock)
    app.post(
      '/api/test/clock',
      {
        config: { access: 'superAdmin', audit: '调整测试时钟' },
        schema: {
          tags: ['测试'],
          summary: '仅测试模式（MOC_TEST_CLOCK=1）：把签到与任务所用的日期前后移动 days 天（累加）',
          body: testClockBodySchema,
          response: { 200: envelopeSchema(testClockSchema) },
        },
      },
      async (req) => {
        moveTestClock(req.body.days)
        const now = appNow()
        req.auditInfo.target = 'testClock'
        req.auditInfo.targetName = `${clockOffsetDays()} 天`
        return ok(
          { offsetDays: clockOffsetDays(), now: now.toISOString(), today: chinaDay(now) },
          taskMessages.clockMoved(clockOffsetDays()),
        )
      },
    )
}
