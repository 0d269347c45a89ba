import {
  MEDIA_CONTENT_KINDS,
  type MediaContentItem,
  type MediaContentType,
  type MediaRelationType,
  mediaRelationMessages as msg,
} from '@moc/domain/api/mediaRelations'
import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { descIndexed } from '../../db/order.ts'
import { comment, content } from '../../db/schema.ts'
import { circle, topic } from '../../db/tables/community.ts'
import { mediaAccount, mediaRelation } from '../../db/tables/media.ts'
import { contentInScope } from '../../engine/contentInScope.ts'
import type { DataScope } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { containsPattern } from '../../platform/paging.ts'

export interface MediaContentQuery {
  mediaAccountId: number
  type: MediaContentType
  page: number
  pageSize: number
  keyword?: string
}

/** What each relation type points at: its table, the columns a tab shows, and which of its rows count as there. */
interface RelatedItem {
  table: PgTable
  id: PgColumn
  kind: SQL<string>
  title: PgColumn
  cover: PgColumn
  verifyState: SQL<number | null> | PgColumn
  showState: PgColumn
  live?: SQL
}

export const relatedItems: Record<MediaRelationType, RelatedItem> = {
  topic: {
    table: topic,
    id: topic.id,
    kind: sql<string>`'topic'`,
    title: topic.name,
    cover: topic.cover,
    verifyState: sql<number | null>`null::int`,
    showState: topic.showState,
  },
  circle: {
    table: circle,
    id: circle.id,
    kind: sql<string>`'circle'`,
    title: circle.name,
    cover: circle.cover,
    verifyState: circle.verifyState,
    showState: circle.showState,
  },
  // 热议: content of kind 'discuss', not in the recycle bin.
  interactive: {
    table: content,
    id: content.id,
    kind: sql<string>`'discuss'`,
    title: content.title,
    cover: content.cover,
    verifyState: content.verifyState,
    showState: content.showState,
    live: and(eq(content.kind, 'discuss'), isNull(content.recycledAt)),
  },
}

/** Comments on a content item that are not deleted (one count per row of the page, on the comment's item index). */
const commentCount = sql<number>`(select count(*)::int from ${comment} c
  where c.content_id = ${content.id} and c.deleted_at is null)`

/** The account's own articles and videos, in the caller's data scope, newest first. */
async function ownContent(db: Db, q: MediaContentQuery, scope: DataScope) {
  const where = and(
    eq(content.mediaAccountId, q.mediaAccountId),
    inArray(content.kind, [...MEDIA_CONTENT_KINDS]),
    isNull(content.recycledAt),
    contentInScope(scope),
    q.keyword ? ilike(content.title, containsPattern(q.keyword)) : undefined,
  )
  const [rows, [n]] = await Promise.all([
    db
      .select({
        id: content.id,
        kind: content.kind,
        title: content.title,
        cover: content.cover,
        verifyState: content.verifyState,
        showState: content.showState,
        comments: commentCount,
        createdAt: content.createdAt,
      })
      .from(content)
      .where(where)
      .orderBy(descIndexed(content.createdAt), descIndexed(content.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(content).where(where),
  ])
  const items: MediaContentItem[] = rows.map((r) => ({
    ...r,
    type: 'content',
    resId: r.id,
    itemShowState: r.showState,
    top: false,
    sort: 0,
    createdAt: r.createdAt.toISOString(),
  }))
  return { items, total: n?.n ?? 0 }
}

/** The items of one relation type, topped first, then by 排序, then the newest relation. */
async function related(db: Db, q: MediaContentQuery & { type: MediaRelationType }) {
  const item = relatedItems[q.type]
  const on = and(eq(item.id, mediaRelation.resId), item.live)
  const where = and(
    eq(mediaRelation.mediaAccountId, q.mediaAccountId),
    eq(mediaRelation.resType, q.type),
    q.keyword ? ilike(item.title, containsPattern(q.keyword)) : undefined,
  )
  const [rows, [n]] = await Promise.all([
    db
      .select({
        id: mediaRelation.id,
        resId: mediaRelation.resId,
        kind: item.kind,
        title: sql<string>`${item.title}`,
        cover: sql<string>`${item.cover}`,
        verifyState: sql<number | null>`${item.verifyState}`,
        showState: mediaRelation.showState,
        itemShowState: sql<boolean>`${item.showState}`,
        top: mediaRelation.top,
        sort: mediaRelation.sort,
        comments: q.type === 'interactive' ? commentCount : sql<null>`null::int`,
        createdAt: mediaRelation.createdAt,
      })
      .from(mediaRelation)
      .innerJoin(item.table, on)
      .where(where)
      .orderBy(desc(mediaRelation.top), asc(mediaRelation.sort), desc(mediaRelation.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(mediaRelation).innerJoin(item.table, on).where(where),
  ])
  const items: MediaContentItem[] = rows.map((r) => ({
    ...r,
    type: q.type,
    comments: r.comments ?? null,
    createdAt: r.createdAt.toISOString(),
  }))
  return { items, total: n?.n ?? 0 }
}

/**
 * One tab of /mediaContent (spec §7 /relation/mediaContentList, /mediaAccount/mediaContent; decision 0043): the
 * account's articles and videos (`content`), or its related topics, circles or interactive items. A relation whose
 * item is gone (deleted, or a 热议 in the recycle bin) is not listed.
 */
export async function mediaContentPage(db: Db, q: MediaContentQuery, scope: DataScope) {
  const [account] = await db
    .select({ id: mediaAccount.id })
    .from(mediaAccount)
    .where(eq(mediaAccount.id, q.mediaAccountId))
  if (!account) throw new AppError('NOT_FOUND', msg.accountNotFound)
  return q.type === 'content' ? ownContent(db, q, scope) : related(db, { ...q, type: q.type })
}
