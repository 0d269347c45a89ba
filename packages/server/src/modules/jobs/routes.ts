import { jobListQuerySchema, jobRetrySchema, jobRowSchema } from '@moc/domain/api/jobs'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { job } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { pageOf } from '../../platform/paging.ts'

const PAGE = '系统-后台任务'

/** 后台任务: the job queue's rows for operators, newest first, and a retry of failed jobs. */
export async function jobRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  app.get(
    '/api/job/list',
    {
      config: { access: { page: PAGE, action: '查看' } },
      schema: {
        tags: [PAGE],
        summary: '后台任务列表',
        querystring: jobListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(jobRowSchema)) },
      },
    },
    async (req) => {
      const { state, type, page, pageSize } = req.query
      const filters: SQL[] = []
      if (state) filters.push(eq(job.state, state))
      if (type) filters.push(eq(job.type, type))
      const where = filters.length ? and(...filters) : undefined
      const result = await pageOf(
        page,
        pageSize,
        (limit, offset) =>
          db.select().from(job).where(where).orderBy(desc(job.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(job).where(where),
      )
      return ok({
        ...result,
        items: result.items.map((r) => ({
          id: r.id,
          type: r.type,
          state: r.state as z.infer<typeof jobRowSchema>['state'],
          attempts: r.attempts,
          maxAttempts: r.maxAttempts,
          progress: r.progress,
          lastError: r.lastError,
          payload: r.payload,
          runAt: r.runAt.toISOString(),
          createdAt: r.createdAt.toISOString(),
          finishedAt: r.finishedAt?.toISOString() ?? null,
        })),
      })
    },
  )

  app.post(
    '/api/job/retry',
    {
      config: { access: { page: PAGE, action: '编辑' }, audit: '重试后台任务' },
      schema: {
        tags: [PAGE],
        summary: '重试失败的后台任务',
        body: jobRetrySchema,
        response: { 200: envelopeSchema(z.object({ updated: z.number() })) },
      },
    },
    async (req) => {
      const rows = await db
        .update(job)
        .set({ state: 'queued', attempts: 0, runAt: new Date(), finishedAt: null, updatedAt: new Date() })
        .where(and(inArray(job.id, req.body.ids), eq(job.state, 'failed')))
        .returning({ id: job.id })
      req.auditInfo.target = rows.map((r) => `job:${r.id}`).join(',')
      ctx.jobs.wake()
      ctx.quickJobs.wake()
      return ok({ updated: rows.length })
    },
  )
}
