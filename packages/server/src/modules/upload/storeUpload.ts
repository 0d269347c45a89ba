import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { MultipartFile } from '@fastify/multipart'
import {
  checkUpload,
  storageKey,
  UPLOAD_MESSAGES,
  type UploadKind,
  uploadFileName,
} from '@moc/domain/rules/upload'
import type { Ctx } from '../../platform/context.ts'
import { fail } from '../../platform/errors.ts'
import { contentTypeOf } from '../../platform/storage/contentTypes.ts'
import { inspectFile } from '../../platform/storage/inspectFile.ts'

/** Attachments (documents, spreadsheets, models) are private: reached through signed, expiring URLs only. */
export const isPrivateKey = (key: string) => key.startsWith('attachment/')

/** Where a stored object is read: its permanent URL, or a signed one (spec §9 TTL) for private keys. */
export const storedUrl = async (ctx: Ctx, key: string) =>
  isPrivateKey(key) ? ctx.storage.signedUrl(key, ctx.config.storageUrlTtlS) : ctx.storage.publicUrl(key)

/**
 * Checks a spooled file (the widget kind's rules, magic bytes against the extension, image dimensions) and
 * only then moves it into storage under a fresh spec §9 key (or `opts.key`, one granted earlier for a direct
 * upload). Refusals carry the spec's message.
 */
export async function storeUpload(
  ctx: Ctx,
  spooled: string,
  name: string,
  mime: string,
  kind: UploadKind,
  opts: { key?: string; mediaLibrary?: boolean } = {},
) {
  const { size } = await stat(spooled)
  const problem = checkUpload({ name, size, type: mime }, kind) ?? (await inspectFile(spooled, name))
  if (problem) fail('UPLOAD_REJECTED', problem)
  const key = opts.key ?? storageKey(name, randomUUID().replaceAll('-', ''), new Date(), opts)
  const contentType = contentTypeOf(key)
  await ctx.storage.putFile(key, spooled, contentType)
  return { url: await storedUrl(ctx, key), key, name, size, contentType }
}

/**
 * A multipart file part checked and stored (POST /api/upload/file, and the app's POST /api/open/upload): the rules of
 * `kind` (and `accept`, extensions) on what the client declared before a byte is written, then spooled to
 * DATA_DIR/tmp and stored by `storeUpload`; the spooled copy is removed whatever happens.
 */
export async function receiveUpload(
  ctx: Ctx,
  part: MultipartFile,
  kind: UploadKind,
  opts: { mediaLibrary?: boolean; accept?: readonly string[] } = {},
) {
  const name = uploadFileName(part.filename)
  const declared = checkUpload({ name, size: 0, type: part.mimetype ?? '' }, kind, opts.accept)
  if (declared) {
    part.file.resume()
    fail('UPLOAD_REJECTED', declared)
  }
  await mkdir(ctx.spoolDir, { recursive: true })
  const spooled = join(ctx.spoolDir, randomUUID())
  try {
    await pipeline(part.file, createWriteStream(spooled))
    if (part.file.truncated) fail('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge)
    return await storeUpload(ctx, spooled, name, part.mimetype ?? '', kind, opts)
  } finally {
    await rm(spooled, { force: true })
  }
}
