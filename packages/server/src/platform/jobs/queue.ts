import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { job } from '../../db/schema.ts'
import { type JobControl, JobHold } from './jobHold.ts'

export type JobRow = typeof job.$inferSelect

/** Does one job's work; what it returns is kept as the job's result. Throwing fails the attempt. */
export type JobProcessor = (
  payload: Record<string, unknown>,
  row: JobRow,
  control: JobControl,
) => Promise<Record<string, unknown> | undefined>

/** The default lease: short, since the running worker renews it (every third of it), so a dead worker's job is retaken soon. */
export const JOB_LEASE_MS = 2 * 60_000

/** Back-off after the n-th failed attempt: 5 s, 10 s, 20 s … capped at 10 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000)

export interface EnqueueOptions {
  maxAttempts?: number
  runAt?: Date
  createdBy?: number
}

export async function enqueueJob(
  db: Db,
  type: string,
  payload: Record<string, unknown>,
  opts: EnqueueOptions = {},
) {
  const [row] = await db
    .insert(job)
    .values({
      type,
      payload,
      maxAttempts: opts.maxAttempts ?? 5,
      runAt: opts.runAt ?? new Date(),
      createdBy: opts.createdBy ?? null,
    })
    .returning({ id: job.id })
  return row!.id
}

export interface JobRunnerOptions {
  /** How often an idle worker looks for work (an enqueue in this process wakes it at once). */
  pollMs?: number
  /** Jobs one process runs at a time (transcoding is CPU-bound: default 1). */
  concurrency?: number
  /** How long a claimed job is held without a renewal before another instance may take it over. */
  leaseMs?: number
}

/**
 * Runs queued jobs of the registered types. Claiming is one UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP
 * LOCKED), so several instances (or workers) never take the same job; it works the same on PGlite.
 */
export class JobRunner {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  private readonly processors = new Map<string, JobProcessor>()
  private readonly pollMs: number
  private readonly concurrency: number
  private readonly leaseMs: number
  private running = 0
  private stopped = true
  private timer: NodeJS.Timeout | undefined
  private idle: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: Db,
    opts: JobRunnerOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 1_000
    this.concurrency = opts.concurrency ?? 1
    this.leaseMs = opts.leaseMs ?? JOB_LEASE_MS
  }

  register(type: string, processor: JobProcessor) {
    this.processors.set(type, processor)
  }

  get types() {
    return [...this.processors.keys()]
  }

  async enqueue(type: string, payload: Record<string, unknown>, opts?: EnqueueOptions) {
    const id = await enqueueJob(this.db, type, payload, opts)
    this.wake()
    return id
  }

  start() {
    if (!this.stopped) return
    this.stopped = false
    this.wake()
  }

  /** Stops claiming and waits for the jobs in hand to finish. */
  async stop() {
    this.stopped = true
    clearTimeout(this.timer)
    while (this.running > 0) await this.idle
  }

  /** Looks for work now (after an enqueue, or when a job finished). */
  wake() {
    if (this.stopped) return
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.fill(), 0)
  }

  private async fill() {
    try {
      while (!this.stopped && this.running < this.concurrency) {
        const row = await this.claim()
        if (!row) break
        this.running++
        const done = this.run(row).finally(() => {
          this.running--
          this.wake()
        })
        this.idle = done
      }
    } catch {
      // A database hiccup: try again at the next poll.
    }
    if (!this.stopped) {
      clearTimeout(this.timer)
      this.timer = setTimeout(() => void this.fill(), this.pollMs)
      this.timer.unref()
    }
  }

  /** Takes the next due job of a type this runner knows, or a running one whose lease expired. */
  async claim(): Promise<JobRow | undefined> {
    const types = this.types
    if (types.length === 0) return undefined
    const typeList = sql.join(
      types.map((t) => sql`${t}`),
      sql`, `,
    )
    const result = await this.db.execute<Record<string, unknown>>(sql`
      update job set state = 'running', attempts = attempts + 1, locked_by = ${this.workerId},
        lease_until = ${this.leaseEnd()}, progress = 0, updated_at = now()
      where id = (
        select id from job
        where type in (${typeList}) and (
          (state = 'queued' and run_at <= now()) or (state = 'running' and lease_until < now())
        )
        order by run_at, id
        for update skip locked
        limit 1
      )
      returning id`)
    const rows = (result as unknown as { rows: { id: number | string }[] }).rows
    const id = rows[0]?.id
    if (id === undefined) return undefined
    const [row] = await this.db
      .select()
      .from(job)
      .where(eq(job.id, Number(id)))
    return row
  }

  private leaseEnd() {
    return sql`now() + make_interval(secs => ${this.leaseMs / 1000})`
  }

  /**
   * Runs one claimed job and records its outcome, only while this worker still holds it (this attempt, locked by
   * us, running): meanwhile its lease is renewed and its progress stored (JobHold); once it was taken over the
   * processor's signal is aborted and its outcome dropped — the new holder's is the one that counts.
   */
  async run(row: JobRow) {
    const processor = this.processors.get(row.type)
    const mine = and(
      eq(job.id, row.id),
      eq(job.lockedBy, this.workerId),
      eq(job.attempts, row.attempts),
      eq(job.state, 'running'),
    )
    const hold = new JobHold(this.db, mine, () => this.leaseEnd(), this.leaseMs)
    let outcome: { result: Record<string, unknown> | undefined } | { error: unknown }
    try {
      if (!processor) throw new Error(`no processor for ${row.type}`)
      outcome = { result: await processor(row.payload, row, hold.control) }
    } catch (error) {
      outcome = { error }
    }
    if (!(await hold.release())) return
    if ('result' in outcome) {
      await this.db
        .update(job)
        .set({
          state: 'done',
          result: outcome.result ?? null,
          progress: 100,
          lastError: '',
          finishedAt: new Date(),
          updatedAt: new Date(),
          leaseUntil: null,
        })
        .where(mine)
      return
    }
    const err = outcome.error
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000)
    const last = row.attempts >= row.maxAttempts
    await this.db
      .update(job)
      .set({
        state: last ? 'failed' : 'queued',
        lastError: message,
        runAt: new Date(Date.now() + retryDelayMs(row.attempts)),
        finishedAt: last ? new Date() : null,
        updatedAt: new Date(),
        leaseUntil: null,
      })
      .where(mine)
  }
}
