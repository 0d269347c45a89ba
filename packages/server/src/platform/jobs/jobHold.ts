import type { SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { job } from '../../db/schema.ts'

/** What a processor gets besides its payload: word that the job is no longer its own, and a progress report. */
export interface JobControl {
  /**
   * Aborted when this worker lost the job (its lease was taken over after a stall, or the row changed): stop
   * the work (e.g. kill ffmpeg) — whatever it returns or throws then is not recorded.
   */
  signal: AbortSignal
  /** Percent done, 0–100; cheap to call often (stored at most once a second, and only whole-percent rises). */
  progress(percent: number): void
}

/** Progress is written at most this often per job. */
export const PROGRESS_WRITE_MS = 1_000
/** The reason a lost job's signal is aborted with. */
export const JOB_LOST = '任务已由其他实例接管'

/**
 * A worker's hold on one claimed job while its processor runs: renews the lease every third of its length and
 * stores reported progress, each an UPDATE of the row only as long as it is still this attempt's (`mine`). An
 * UPDATE that finds no such row means the job was taken over: the signal is aborted and nothing more is written.
 */
export class JobHold {
  private readonly lost = new AbortController()
  private readonly heartbeat: NodeJS.Timeout
  private progressTimer: NodeJS.Timeout | undefined
  private wanted = 0
  private stored = 0
  private lastWrite = 0
  private writing: Promise<void> = Promise.resolve()

  readonly control: JobControl = {
    signal: this.lost.signal,
    progress: (percent) => this.report(percent),
  }

  constructor(
    private readonly db: Db,
    private readonly mine: SQL | undefined,
    private readonly leaseEnd: () => SQL,
    leaseMs: number,
  ) {
    this.heartbeat = setInterval(() => this.touch({ leaseUntil: this.leaseEnd() }), Math.max(10, leaseMs / 3))
    this.heartbeat.unref()
  }

  /** Stops renewing and waits for writes under way; true while the job is still this worker's to finish. */
  async release(): Promise<boolean> {
    clearInterval(this.heartbeat)
    clearTimeout(this.progressTimer)
    await this.writing
    return !this.lost.signal.aborted
  }

  private report(percent: number) {
    const p = Math.max(0, Math.min(100, Math.floor(percent)))
    if (p <= this.wanted) return
    this.wanted = p
    if (this.progressTimer) return
    const wait = Math.max(0, this.lastWrite + PROGRESS_WRITE_MS - Date.now())
    this.progressTimer = setTimeout(() => {
      this.progressTimer = undefined
      if (this.wanted <= this.stored) return
      this.stored = this.wanted
      this.lastWrite = Date.now()
      this.touch({ progress: this.stored })
    }, wait)
    this.progressTimer.unref()
  }

  /** One UPDATE of the held row, after the previous one. */
  private touch(values: { leaseUntil?: SQL; progress?: number }) {
    this.writing = this.writing.then(async () => {
      if (this.lost.signal.aborted) return
      let held: boolean
      try {
        const rows = await this.db
          .update(job)
          .set({ ...values, updatedAt: new Date() })
          .where(this.mine)
          .returning({ id: job.id })
        held = rows.length > 0
      } catch {
        // A database hiccup is not a lost job: the next beat tries again.
        held = true
      }
      if (!held) this.lost.abort(new Error(JOB_LOST))
    })
  }
}
