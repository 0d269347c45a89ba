import { COMMUNITY_COMMENT_PAGE } from '@moc/domain/api/comments'
import type { ActionName } from '@moc/domain/permissions/actions'
import { and, count, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { comment, content } from '../db/schema.ts'
import { post } from '../db/tables/community.ts'
import type { ChosenAccess } from '../platform/access.ts'
import type { DataScope } from '../platform/dataScope.ts'
import { contentInScope } from './contentInScope.ts'

/**
 * What a comment is on — a content item or a post (the comment table holds exactly one of the two) — as every
 * comment call reads it: the joins, the target's name, and which comments a caller may see.
 */

/** The replied-to comment (its author is shown with a reply). */
export const parent = alias(comment, 'parent')

/** A post is named by its title, else its first words. */
const POST_NAME_CHARS = 30

/** A comment's columns as every comment call answers them (with `parent`, `content` and `post` joined). */
export const commentColumns = {
  id: comment.id,
  contentId: comment.contentId,
  postId: comment.postId,
  contentKind: comment.contentKind,
  parentId: comment.parentId,
  parentAuthor: parent.authorName,
  authorName: comment.authorName,
  userId: comment.userId,
  adminId: comment.adminId,
  body: comment.body,
  showState: comment.showState,
  verifyState: comment.verifyState,
  createdAt: comment.createdAt,
  targetTitle: sql<string>`coalesce(${content.title}, nullif(${post.title}, ''), left(${post.body}, ${sql.raw(String(POST_NAME_CHARS))}), '')`,
}

/** Comments with what they are on (left joins: a comment is on one of the two) and the replied-to comment. */
export const selectComments = (db: Db) =>
  db
    .select(commentColumns)
    .from(comment)
    .leftJoin(content, eq(content.id, comment.contentId))
    .leftJoin(post, eq(post.id, comment.postId))
    .leftJoin(parent, eq(parent.id, comment.parentId))
    .$dynamic()

/** The ids of the comments matching `where` (which may name what they are on), locked with `forUpdate`. */
export function commentIds(db: Db, where: SQL | undefined, forUpdate = false) {
  const q = db
    .select({ id: comment.id, verifyState: comment.verifyState })
    .from(comment)
    .leftJoin(content, eq(content.id, comment.contentId))
    .leftJoin(post, eq(post.id, comment.postId))
    .where(where)
    .orderBy(comment.id)
  return forUpdate ? q.for('update', { of: comment }) : q
}

/** How many comments match `where`. */
export async function countComments(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(comment)
    .leftJoin(content, eq(content.id, comment.contentId))
    .leftJoin(post, eq(post.id, comment.postId))
    .where(where)
  return row?.n ?? 0
}

/**
 * The comments a caller may see on the community's screens: live, on a post (posts are app users', every operator
 * sees them), or on a content item in the caller's data scope (DESIGN §1.2).
 */
export function communityVisible(scope: DataScope): SQL {
  const inScope = contentInScope(scope)
  return and(isNull(comment.deletedAt), inScope ? or(isNotNull(comment.postId), inScope) : undefined)!
}

/**
 * The access of a comment call (guard.ts ChosenAccess): a content type's comment screens by default — the kind's
 * page and its 评论 — or, with `source: community`, 社区-评论 and the action given.
 */
export const commentAccess = (community: ActionName): ChosenAccess => ({
  by: 'source',
  fallback: 'content',
  routes: {
    content: { resource: 'comment' },
    community: { page: COMMUNITY_COMMENT_PAGE, action: community },
  },
})

/**
 * Keeps the comment counts of the posts these comments are on (post.comment_count: live, shown, passed comments),
 * after a change of their state; a comment on content changes nothing here.
 */
export async function recountPostComments(tx: Db, commentIds: readonly number[]) {
  if (!commentIds.length) return
  await tx.execute(sql`update ${post} p set comment_count = (
      select count(*) from ${comment} c
      where c.post_id = p.id and c.deleted_at is null and c.show_state and c.verify_state = 1)
    where p.id in (select distinct post_id from ${comment} where id = any(${sql.param([...commentIds])}) and post_id is not null)`)
}
