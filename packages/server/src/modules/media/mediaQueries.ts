import { type MediaItem, type mediaListQuerySchema, withScheme } from '@moc/domain/api/mediaLibrary'
import { and, count, eq, gte, ilike, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { descIndexed } from '../../db/order.ts'
import { mediaCategory, mediaFile, mediaFolder, mediaUsage } from '../../db/schema.ts'
import { createdByInScope, type DataScope } from '../../platform/dataScope.ts'
import { containsPattern } from '../../platform/paging.ts'

type ListQuery = z.output<typeof mediaListQuerySchema>
type FolderRow = typeof mediaFolder.$inferSelect
type FileRow = typeof mediaFile.$inferSelect

export const folderItem = (r: FolderRow): MediaItem => ({
  id: r.id,
  title: r.title,
  type: 'dir',
  path: '',
  coverUrl: '',
  transcodeUrl: '',
  size: 0,
  parentId: r.parentId ?? 0,
  categoryId: 0,
  state: 'ready',
  duration: null,
  width: null,
  height: null,
  error: '',
  usedNum: 0,
  createdBy: r.createdBy,
  createdByName: r.createdByName,
  createdAt: r.createdAt.toISOString(),
})

export const fileItem = (r: FileRow, usedNum: number): MediaItem => ({
  id: r.id,
  title: r.title,
  type: r.type as MediaItem['type'],
  path: withScheme(r.url),
  coverUrl: withScheme(r.coverUrl),
  transcodeUrl: withScheme(r.transcodeUrl),
  size: r.size,
  parentId: r.folderId ?? 0,
  categoryId: r.categoryId ?? 0,
  state: r.state as MediaItem['state'],
  duration: r.duration,
  width: r.width,
  height: r.height,
  error: r.error,
  usedNum,
  createdBy: r.createdBy,
  createdByName: r.createdByName,
  createdAt: r.createdAt.toISOString(),
})

/** A category and every category below it (the tree has three levels; the recursion does not rely on that). */
export async function categorySubtree(db: Db, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: mediaCategory.id })
    .from(mediaCategory)
    .where(
      sql`${mediaCategory.id} in (
        with recursive tree(id) as (
          select id from ${mediaCategory} where id = ${id}
          union
          select c.id from ${mediaCategory} c join tree on c.parent_id = tree.id
        )
        select id from tree
      )`,
    )
  return rows.map((r) => r.id)
}

/** The conditions every list shares: keyword on the title, creation time range, "only mine", data scope. */
function common(
  q: ListQuery,
  scope: DataScope,
  cols: { title: AnyPgColumn; createdAt: AnyPgColumn; createdBy: AnyPgColumn },
): (SQL | undefined)[] {
  return [
    q.content ? ilike(cols.title, containsPattern(q.content)) : undefined,
    q.startTime ? gte(cols.createdAt, q.startTime) : undefined,
    q.endTime ? lte(cols.createdAt, q.endTime) : undefined,
    q.adminId ? eq(cols.createdBy, q.adminId) : undefined,
    createdByInScope(scope, cols.createdBy),
  ]
}

/**
 * One page of a folder's content (spec §3 media list query): its sub-folders first, then its files, newest first
 * within each. Folders hold no category, so a category filter lists files only: those of the category's
 * subtree, in any folder.
 */
export async function listMedia(db: Db, q: ListQuery, scope: DataScope) {
  const folderWhere = q.categoryId
    ? sql`false`
    : and(
        q.type ? eq(mediaFolder.type, q.type) : undefined,
        q.parentId ? eq(mediaFolder.parentId, q.parentId) : isNull(mediaFolder.parentId),
        ...common(q, scope, mediaFolder),
      )
  const categories = q.categoryId ? await categorySubtree(db, q.categoryId) : []
  // A category lists its files wherever they are filed in folders; otherwise the list is one folder's.
  const fileWhere = and(
    q.type ? eq(mediaFile.type, q.type) : undefined,
    q.categoryId
      ? inArray(mediaFile.categoryId, categories.length ? categories : [-1])
      : q.parentId
        ? eq(mediaFile.folderId, q.parentId)
        : isNull(mediaFile.folderId),
    ...common(q, scope, mediaFile),
  )
  const [[folderCount], [fileCount]] = await Promise.all([
    db.select({ n: count() }).from(mediaFolder).where(folderWhere),
    db.select({ n: count() }).from(mediaFile).where(fileWhere),
  ])
  const folders = folderCount?.n ?? 0
  const offset = (q.page - 1) * q.pageSize
  // The page window over "folders, then files": the folders part of it, then the files part.
  const folderRows =
    offset < folders
      ? await db
          .select()
          .from(mediaFolder)
          .where(folderWhere)
          .orderBy(descIndexed(mediaFolder.createdAt), descIndexed(mediaFolder.id))
          .limit(q.pageSize)
          .offset(offset)
      : []
  const fileLimit = q.pageSize - folderRows.length
  const fileRows =
    fileLimit > 0
      ? await db
          .select()
          .from(mediaFile)
          .where(fileWhere)
          .orderBy(descIndexed(mediaFile.createdAt), descIndexed(mediaFile.id))
          .limit(fileLimit)
          .offset(Math.max(0, offset - folders))
      : []
  const used = await usedCounts(
    db,
    fileRows.map((r) => r.id),
  )
  return {
    items: [...folderRows.map(folderItem), ...fileRows.map((r) => fileItem(r, used.get(r.id) ?? 0))],
    total: folders + (fileCount?.n ?? 0),
  }
}

/** How many content items use each file. */
export async function usedCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map()
  const rows = await db
    .select({ id: mediaUsage.fileId, n: count() })
    .from(mediaUsage)
    .where(inArray(mediaUsage.fileId, ids))
    .groupBy(mediaUsage.fileId)
  return new Map(rows.map((r) => [r.id, r.n]))
}

/** The folders from the root down to `id` (the breadcrumb), read in one recursive query. */
export async function folderPath(db: Db, id: number): Promise<{ id: number; title: string }[]> {
  const rows = await db
    .select({ id: mediaFolder.id, title: mediaFolder.title, parentId: mediaFolder.parentId })
    .from(mediaFolder)
    .where(
      sql`${mediaFolder.id} in (
        with recursive up(id, parent_id) as (
          select id, parent_id from ${mediaFolder} where id = ${id}
          union
          select f.id, f.parent_id from ${mediaFolder} f join up on f.id = up.parent_id
        )
        select id from up
      )`,
    )
  const byId = new Map(rows.map((r) => [r.id, r]))
  const path: { id: number; title: string }[] = []
  for (let at = byId.get(id); at && path.length <= rows.length; at = byId.get(at.parentId ?? 0))
    path.unshift({ id: at.id, title: at.title })
  return path
}
