import { z } from 'zod'
import { idSchema, pageNumberSchema } from '../transport/ids.ts'

/** 后台任务 (durable job queue) states, in the order a job passes through them. */
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const
export type JobState = (typeof JOB_STATES)[number]
export const jobStateText: Record<JobState, string> = {
  queued: '排队中',
  running: '处理中',
  done: '已完成',
  failed: '失败',
}

export const jobListQuerySchema = z.object({
  state: z.enum(JOB_STATES).optional(),
  type: z.string().trim().max(60).optional(),
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(100).default(30),
})

export const jobRowSchema = z.object({
  id: z.number(),
  type: z.string(),
  state: z.enum(JOB_STATES),
  attempts: z.number(),
  maxAttempts: z.number(),
  /** Percent done (0–100) the running attempt last reported; 100 once done. */
  progress: z.number().int().min(0).max(100),
  lastError: z.string(),
  payload: z.record(z.string(), z.unknown()),
  runAt: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type JobRowView = z.infer<typeof jobRowSchema>

export const jobRetrySchema = z.object({ ids: z.array(idSchema).min(1).max(100) })
