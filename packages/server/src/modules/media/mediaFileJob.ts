import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { eq } from 'drizzle-orm'
import { mediaFile } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import type { JobControl } from '../../platform/jobs/jobHold.ts'
import type { JobProcessor } from '../../platform/jobs/queue.ts'

type FileRow = typeof mediaFile.$inferSelect

/** What a media job works on: the library file, its source spooled to local disk, and a scratch directory. */
export interface MediaWork {
  file: FileRow
  source: string
  work: string
  payload: Record<string, unknown>
  /** The runner's abort signal and progress report; the source is spooled at 5 %. */
  control: JobControl
}

/** Percent of a media job reached once the source is spooled. */
export const SPOOLED_PERCENT = 5

/** Maps a step's fraction done onto the percent span [from, to] of the whole job. */
export const span =
  (control: JobControl, from: number, to: number) =>
  (fraction: number): void =>
    control.progress(from + (to - from) * fraction)

/**
 * The frame of every job on one library file (`payload.fileId`): skips a file deleted meanwhile, spools the
 * source object (`payload.sourceKey`, else the file's own) into a scratch directory that is always removed,
 * and marks the file 'failed' with the error when the last attempt fails (unless the job was lost to another
 * worker), which the library shows.
 */
export function mediaFileJob(
  ctx: Ctx,
  run: (w: MediaWork) => Promise<Record<string, unknown> | undefined>,
): JobProcessor {
  const { db } = ctx.database
  return async (payload, row, control) => {
    const [file] = await db
      .select()
      .from(mediaFile)
      .where(eq(mediaFile.id, Number(payload.fileId)))
    if (!file) return { skipped: 'deleted' }
    const key = typeof payload.sourceKey === 'string' ? payload.sourceKey : file.storageKey
    const work = join(ctx.spoolDir, `media-${randomUUID()}`)
    try {
      await mkdir(work, { recursive: true })
      const source = join(work, `source${key.slice(key.lastIndexOf('.'))}`)
      const object = await ctx.storage.get(key)
      if (!object) throw new Error('文件不存在')
      await pipeline(object.body, createWriteStream(source), { signal: control.signal })
      control.progress(SPOOLED_PERCENT)
      return await run({ file, source, work, payload, control })
    } catch (err) {
      // A job lost to another worker leaves the file to the new holder.
      if (row.attempts >= row.maxAttempts && !control.signal.aborted)
        await db
          .update(mediaFile)
          .set({
            state: 'failed',
            error: String((err as Error).message ?? err).slice(0, 500),
            updatedAt: new Date(),
          })
          .where(eq(mediaFile.id, file.id))
      throw err
    } finally {
      await rm(work, { recursive: true, force: true })
    }
  }
}
