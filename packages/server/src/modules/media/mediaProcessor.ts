import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { mediaFile } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { bestPoster, imageThumbnail, probe, transcodeHls } from '../../platform/jobs/media.ts'
import type { JobProcessor } from '../../platform/jobs/queue.ts'
import { contentTypeOf } from '../../platform/storage/contentTypes.ts'
import { mediaFileJob, SPOOLED_PERCENT, span } from './mediaFileJob.ts'

export const MEDIA_PROCESS_JOB = 'media.process'

/** Derived files live under the original's key stem (`video/2026-11/<unique>/…`), so "used in" matches them too. */
export const stemOf = (key: string) => key.replace(/\.[^./]*$/, '')

/**
 * The 'media.process' job (decision 0015): images get a 320-px thumbnail as their cover; video and audio are
 * probed, transcoded to HLS (transcodeUrl) and, for video, get the best poster (spec §9) as their cover. The
 * last failed attempt marks the file 'failed' with the error, which the library shows.
 */
export function mediaProcessor(ctx: Ctx): JobProcessor {
  const { db } = ctx.database
  return mediaFileJob(ctx, async ({ file, source, work, control }) => {
    const { signal } = control
    const stem = stemOf(file.storageKey)
    const put = async (path: string, key: string) => {
      await ctx.storage.putFile(key, path, contentTypeOf(key))
      return ctx.storage.publicUrl(key)
    }
    if (file.type === 'image') {
      const { width, height } = await imageThumbnail(source, join(work, 'thumb.jpg'))
      const coverUrl = await put(join(work, 'thumb.jpg'), `${stem}/thumb.jpg`)
      await db
        .update(mediaFile)
        .set({ state: 'ready', width, height, coverUrl, error: '', updatedAt: new Date() })
        .where(eq(mediaFile.id, file.id))
      return { coverUrl }
    }
    // Progress: the transcode is most of the work; then storing the segments, then the poster.
    const facts = await probe(source)
    const hls = join(work, 'hls')
    await transcodeHls(source, hls, facts, { signal, onProgress: span(control, SPOOLED_PERCENT, 85) })
    const segments = await readdir(hls)
    const stored = span(control, 85, facts.hasVideo ? 95 : 100)
    for (const [i, name] of segments.entries()) {
      signal.throwIfAborted()
      await put(join(hls, name), `${stem}/hls/${name}`)
      stored((i + 1) / segments.length)
    }
    const transcodeUrl = ctx.storage.publicUrl(`${stem}/hls/index.m3u8`)
    let coverUrl = file.coverUrl
    if (facts.hasVideo) {
      const onProgress = span(control, 95, 100)
      await bestPoster(source, join(work, 'poster.jpg'), { signal, onProgress, duration: facts.duration })
      coverUrl = await put(join(work, 'poster.jpg'), `${stem}/poster.jpg`)
    }
    signal.throwIfAborted()
    await db
      .update(mediaFile)
      .set({
        state: 'ready',
        transcodeUrl,
        coverUrl,
        duration: facts.duration,
        width: facts.width,
        height: facts.height,
        size: facts.size || file.size,
        error: '',
        updatedAt: new Date(),
      })
      .where(eq(mediaFile.id, file.id))
    return { transcodeUrl, duration: facts.duration }
  })
}
