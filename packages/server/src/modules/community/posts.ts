import { recordMessages } from '@moc/domain/api/records'
import { and, count, inArray, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { post } from '../../db/tables/community.ts'
import { type CommandHandler, registerCommand } from '../../engine/records/recordCommands.ts'
import { registerAfterWrite, registerDerived } from '../../engine/records/recordDerived.ts'
import { AppError } from '../../platform/errors.ts'
import { recountPosts } from './openPostCounts.ts'

/** A post the app shows, as counted (circle.post_count, topic.post_count and the console's 帖子数): published, shown, live. */
export const shownPost = sql`${post.verifyState} = 1 and ${post.showState} and ${post.recycledAt} is null`

/** 帖子数 of circles or topics (their derived `posts`): the posts the app shows, per id of `by`. */
export async function shownPostCounts(db: Db, by: PgColumn, ids: readonly number[]) {
  const rows = ids.length
    ? await db
        .select({ id: by, n: count() })
        .from(post)
        .where(and(inArray(by, [...ids]), shownPost))
        .groupBy(by)
    : []
  const counts = new Map(rows.map((r) => [r.id as number, r.n]))
  return new Map(ids.map((id) => [id, { posts: counts.get(id) ?? 0 }]))
}

/** Keeps the counts the app reads (circle.post_count, topic.post_count) after a write of these posts. */
export async function recountPostsOf(tx: Db, ids: readonly number[]) {
  if (!ids.length) return
  const rows = await tx
    .select({ circleId: post.circleId, topicId: post.topicId })
    .from(post)
    .where(inArray(post.id, [...ids]))
  await recountPosts(
    tx,
    rows.map((r) => r.circleId),
    rows.map((r) => r.topicId),
  )
}

const live = (rows: readonly Record<string, unknown>[]) => {
  if (rows.some((r) => r.recycledAt)) throw new AppError('CONFLICT', recordMessages.recycled)
}

/**
 * 置顶 (spec §7 content/addTop, topState 1): each post goes last among its circle's topped posts (`top_sort`, the
 * order content/top/sorting changes); posts already topped keep their place.
 */
const top: CommandHandler = async ({ tx, rows }) => {
  live(rows)
  const fresh = rows.filter((r) => !r.top)
  // One at a time: each takes the place after the one before it (a single update would give them all one place).
  for (const r of fresh)
    await tx.execute(sql`update ${post} set top = true, updated_at = now(), top_sort = (
        select coalesce(max(p.top_sort), 0) + 1 from ${post} p where p.top and p.circle_id is not distinct from ${post.circleId})
      where ${post.id} = ${r.id}`)
  return { updated: rows.length }
}

/** 取消置顶 (content/removeTop, topState 0). */
const untop: CommandHandler = async ({ tx, rows }) => {
  live(rows)
  await tx
    .update(post)
    .set({ top: false, topSort: 0, updatedAt: new Date() })
    .where(
      inArray(
        post.id,
        rows.map((r) => r.id),
      ),
    )
  return { updated: rows.length }
}

registerCommand('post', 'top', top)
registerCommand('post', 'untop', untop)
registerAfterWrite('post', (tx, ids) => recountPostsOf(tx, ids))
registerDerived('circle', (db, rows) =>
  shownPostCounts(
    db,
    post.circleId,
    rows.map((r) => r.id),
  ),
)
registerDerived('topic', (db, rows) =>
  shownPostCounts(
    db,
    post.topicId,
    rows.map((r) => r.id),
  ),
)
