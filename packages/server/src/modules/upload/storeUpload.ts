import { randomUUID } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { checkUpload, storageKey, type UploadKind } from '@moc/domain/rules/upload'
import type { Ctx } from '../../platform/context.ts'
import { fail } from '../../platform/errors.ts'
import { contentTypeOf } from '../../platform/storage/contentTypes.ts'
import { inspectFile } from '../../platform/storage/inspectFile.ts'

/** Attachments (documents, spreadsheets, models) are private: reached through signed, expiring URLs only. */
export const isPrivateKey = (key: string) => key.startsWith('attachment/')

/**
 * Checks a spooled file (the widget kind's rules, magic bytes against the extension, image dimensions) and
 * only then moves it into storage under a fresh spec §9 key. Refusals carry the spec's message.
 */
export async function storeUpload(ctx: Ctx, spooled: string, name: string, mime: string, kind: UploadKind) {
  const { size } = await stat(spooled)
  const problem = checkUpload({ name, size, type: mime }, kind) ?? (await inspectFile(spooled, name))
  if (problem) fail('UPLOAD_REJECTED', problem)
  const key = storageKey(name, randomUUID().replaceAll('-', ''), new Date())
  const contentType = contentTypeOf(key)
  await ctx.storage.putFile(key, spooled, contentType)
  const url = isPrivateKey(key)
    ? await ctx.storage.signedUrl(key, ctx.config.storageUrlTtlS)
    : ctx.storage.publicUrl(key)
  return { url, key, name, size, contentType }
}
