import { and, gte, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { comment } from '../../db/schema.ts'
import { post } from '../../db/tables/community.ts'
import { registerDerived } from '../../engine/records/recordDerived.ts'

const DAY_MS = 86_400_000

/** Per account, what it wrote in the last 7 and 30 days (comments not deleted, posts not in the recycle bin). */
async function writtenBy(db: Db, userIds: number[], now: Date) {
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS)
  const counted = (t: typeof comment | typeof post) => ({
    userId: t.userId,
    d7: sql<number>`(count(*) filter (where ${t.createdAt} >= ${since(7)}))::int`,
    d30: sql<number>`count(*)::int`,
  })
  const [comments, posts] = await Promise.all([
    db
      .select(counted(comment))
      .from(comment)
      .where(
        and(inArray(comment.userId, userIds), isNull(comment.deletedAt), gte(comment.createdAt, since(30))),
      )
      .groupBy(comment.userId),
    db
      .select(counted(post))
      .from(post)
      .where(and(inArray(post.userId, userIds), isNull(post.recycledAt), gte(post.createdAt, since(30))))
      .groupBy(post.userId),
  ])
  const byUser = <T extends { userId: number | null }>(rows: T[]) => new Map(rows.map((r) => [r.userId, r]))
  return { comments: byUser(comments), posts: byUser(posts) }
}

/**
 * 网评员 performance (decision 0040): the comments and posts of the operator account each one is bound to, in the last
 * 7 and 30 days — two grouped counts for the whole page of commentators. Unbound ones count nothing.
 */
registerDerived('networkCommentator', async (db, rows) => {
  const userIds = [...new Set(rows.map((r) => r.userId).filter((v): v is number => typeof v === 'number'))]
  const written = userIds.length ? await writtenBy(db, userIds, new Date()) : undefined
  return new Map(
    rows.map((r) => {
      const c = written?.comments.get(r.userId as number)
      const p = written?.posts.get(r.userId as number)
      return [
        r.id,
        { comments7d: c?.d7 ?? 0, comments30d: c?.d30 ?? 0, posts7d: p?.d7 ?? 0, posts30d: p?.d30 ?? 0 },
      ]
    }),
  )
})
