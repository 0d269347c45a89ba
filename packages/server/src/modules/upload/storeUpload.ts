import { randomUUID } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { checkUpload, storageKey, type UploadKind } from '@moc/domain/rules/upload'
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
