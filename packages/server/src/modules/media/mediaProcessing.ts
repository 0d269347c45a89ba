import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { mediaFile } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'

type FileRow = typeof mediaFile.$inferSelect

/**
 * The one hook where a newly added library file gets processed (decision 0015). Images are measured here with
 * sharp (their cover is the image itself); files that need no processing are ready at once. Video and audio
 * stay 'processing' until the job queue's 'media.process' processor (probe, HLS transcode, best poster) fills
 * transcodeUrl, coverUrl, duration and dimensions — the picker refuses a video without transcodeUrl.
 */
export async function requestProcessing(ctx: Ctx, file: FileRow): Promise<void> {
  const { db } = ctx.database
  if (file.type === 'video' || file.type === 'audio') return
  if (file.type !== 'image') {
    await db.update(mediaFile).set({ state: 'ready', updatedAt: new Date() }).where(eq(mediaFile.id, file.id))
    return
  }
  const done = await imageFacts(ctx, file.storageKey).then(
    (facts) => ({ state: 'ready' as const, ...facts, coverUrl: file.url, error: '' }),
    (err: unknown) => ({
      state: 'failed' as const,
      error: String((err as Error).message ?? err).slice(0, 500),
    }),
  )
  await db
    .update(mediaFile)
    .set({ ...done, updatedAt: new Date() })
    .where(eq(mediaFile.id, file.id))
}

/** Width and height of a stored image, read as a stream (never the whole file in memory). */
async function imageFacts(ctx: Ctx, key: string): Promise<{ width: number | null; height: number | null }> {
  const object = await ctx.storage.get(key)
  if (!object) throw new Error('文件不存在')
  const reader = sharp({ limitInputPixels: false })
  object.body.pipe(reader)
  const meta = await reader.metadata()
  object.body.destroy()
  return { width: meta.width ?? null, height: meta.height ?? null }
}
