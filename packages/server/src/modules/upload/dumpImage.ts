import { randomUUID } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, UPLOAD_MESSAGES } from '@moc/domain/rules/upload'
import type { Ctx } from '../../platform/context.ts'
import { fail } from '../../platform/errors.ts'
import { FetchRefused, fetchExternal } from '../../platform/storage/fetchExternal.ts'
import { storeUpload } from './storeUpload.ts'

/**
 * Downloads an external image under the SSRF guard of fetchExternal (size, time and redirect caps; private
 * addresses refused unless DUMP_ALLOWED_PRIVATE names them) and stores it under the same image rules as an
 * upload. `source` is the address finally fetched (after redirects).
 */
export async function dumpImage(ctx: Ctx, url: string) {
  await mkdir(ctx.spoolDir, { recursive: true })
  const spooled = join(ctx.spoolDir, randomUUID())
  try {
    const fetched = await fetchExternal(url, spooled, {
      maxBytes: IMAGE_MAX_BYTES,
      timeoutMs: ctx.config.dumpTimeoutMs,
      maxRedirects: 3,
      allowedPrivate: ctx.config.dumpAllowedPrivate,
    }).catch((err: unknown) => {
      if (err instanceof FetchRefused) fail('UPLOAD_REJECTED', `图片转存失败：${err.message}`)
      throw err
    })
    // The name comes from the bytes, not the URL: the image rules then check what was really received.
    const detected = await (await import('file-type')).fileTypeFromFile(spooled)
    const ext = detected?.ext === 'jpg' ? 'jpg' : detected?.ext
    if (!ext || !(IMAGE_EXTENSIONS as readonly string[]).includes(ext))
      fail('UPLOAD_REJECTED', UPLOAD_MESSAGES.imageType)
    const stored = await storeUpload(ctx, spooled, `dump.${ext}`, detected?.mime ?? '', 'image')
    return { ...stored, source: fetched.url.toString() }
  } finally {
    await rm(spooled, { force: true })
  }
}
