import { extensionOf } from '@moc/domain/rules/upload'
import { eq } from 'drizzle-orm'
import { mediaFile } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { MEDIA_PROCESS_JOB } from './mediaProcessor.ts'

type FileRow = typeof mediaFile.$inferSelect

/**
 * The one hook where a newly added library file gets processed (decision 0015). Images are measured at once
 * (ready, their own picture as cover) and queued for a thumbnail; video and audio stay 'processing' until the
 * 'media.process' job has transcoded them (the picker refuses a video without transcodeUrl); other files need
 * nothing.
 */
export async function requestProcessing(ctx: Ctx, file: FileRow): Promise<void> {
  const { db } = ctx.database
  const set = (values: Partial<FileRow>) =>
    db
      .update(mediaFile)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(mediaFile.id, file.id))
  // Attachments, and .pag animations (no still frame without a WebGL renderer), need no processing.
  if (file.type === 'other' || extensionOf(file.storageKey) === 'pag')
    return void (await set({ state: 'ready' }))
  if (file.type === 'image') {
    const facts = await imageFacts(ctx, file.storageKey).catch(() => null)
    if (facts) await set({ state: 'ready', ...facts, coverUrl: file.url })
  }
  await ctx.jobs.enqueue(MEDIA_PROCESS_JOB, { fileId: file.id }, { createdBy: file.createdBy ?? undefined })
}

/** Width and height of a stored image, read as a stream (never the whole file in memory). */
async function imageFacts(ctx: Ctx, key: string): Promise<{ width: number | null; height: number | null }> {
  const object = await ctx.storage.get(key)
  if (!object) throw new Error('文件不存在')
  const { default: sharp } = await import('sharp')
  const reader = sharp({ limitInputPixels: false })
  object.body.pipe(reader)
  const meta = await reader.metadata()
  object.body.destroy()
  return { width: meta.width ?? null, height: meta.height ?? null }
}
