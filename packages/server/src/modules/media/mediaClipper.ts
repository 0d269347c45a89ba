import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { mediaFile } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { cutClip } from '../../platform/jobs/media.ts'
import type { JobProcessor } from '../../platform/jobs/queue.ts'
import { mediaFileJob, SPOOLED_PERCENT, span } from './mediaFileJob.ts'
import { requestProcessing } from './mediaProcessing.ts'

export const MEDIA_CLIP_JOB = 'media.clip'

/**
 * The 'media.clip' job (视频剪辑): cuts [start, end) of the source video into the new library file's key, then
 * hands the file to the usual processing (probe, HLS, poster), which makes it 'ready'.
 */
export function mediaClipper(ctx: Ctx): JobProcessor {
  const { db } = ctx.database
  return mediaFileJob(ctx, async ({ file, source, work, payload, control }) => {
    const { signal } = control
    const onProgress = span(control, SPOOLED_PERCENT, 95)
    const [start, end] = [Number(payload.start), Number(payload.end)]
    const out = await cutClip(source, join(work, 'clip.mp4'), start, end, { signal, onProgress })
    const { size } = await stat(out)
    signal.throwIfAborted()
    await ctx.storage.putFile(file.storageKey, out, 'video/mp4')
    const [row] = await db
      .update(mediaFile)
      .set({ size, updatedAt: new Date() })
      .where(eq(mediaFile.id, file.id))
      .returning()
    await requestProcessing(ctx, row!)
    return { size }
  })
}
