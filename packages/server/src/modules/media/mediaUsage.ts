import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { content, mediaFile, mediaUsage } from '../../db/schema.ts'

/**
 * A stored file's key without its extension as it appears inside a URL (spec §9 keys: `<dir>/YYYY-MM/<unique>`);
 * transcoded outputs and posters written under the same stem count as the same file.
 */
const KEY_STEM = /(?:saas\/image\/media|image|video|audio|attachment)\/\d{4}-\d{2}\/[0-9a-f]{32}/g

/** The stems of every stored file a piece of content mentions (its cover, body, and type-specific fields). */
export function mentionedKeyStems(row: Pick<typeof content.$inferSelect, 'cover' | 'body' | 'extra'>) {
  const text = `${row.cover}\n${row.body}\n${JSON.stringify(row.extra ?? {})}`
  return [...new Set(text.match(KEY_STEM) ?? [])]
}

/**
 * Rebuilds the "used in" rows of one content item (called by the content engine inside its save transaction):
 * every library file whose URL the item's cover, media fields or body contains.
 */
export async function recordMediaUsage(tx: Db, row: typeof content.$inferSelect): Promise<void> {
  await tx.delete(mediaUsage).where(eq(mediaUsage.contentId, row.id))
  const stems = mentionedKeyStems(row)
  if (!stems.length) return
  const files = await tx
    .select({ id: mediaFile.id })
    .from(mediaFile)
    .where(inArray(sql`split_part(${mediaFile.storageKey}, '.', 1)`, stems))
  if (files.length)
    await tx
      .insert(mediaUsage)
      .values(files.map((f) => ({ fileId: f.id, contentId: row.id })))
      .onConflictDoNothing()
}

/** The content items using any of the files (the "used in" list, and the delete confirmation). */
export function usagesOf(db: Db, fileIds: readonly number[]) {
  if (!fileIds.length) return Promise.resolve([])
  return db
    .select({ fileId: mediaUsage.fileId, contentId: content.id, kind: content.kind, title: content.title })
    .from(mediaUsage)
    .innerJoin(content, eq(content.id, mediaUsage.contentId))
    .where(and(inArray(mediaUsage.fileId, [...fileIds])))
    .orderBy(mediaUsage.fileId, content.id)
}
