import { z } from 'zod'
import { idQuerySchema, idSchema, pageNumberSchema } from '../transport/ids.ts'
import { CONTENT_PAGE_SIZE, CONTENT_PAGE_SIZE_MAX, contentIdsSchema } from './content.ts'

/**
 * A media account's content (spec §7 /relation, /mediaAccount mediaContent, addRelation, deleteRelation; decision
 * 0043): the /mediaContent tabs. Topics, circles and interactive items (热议, content kind 'discuss') are related to
 * the account (media_relation rows, with 置顶, 显示 and 排序); its articles and videos name it themselves.
 */

/** What may be related to an account, with the tab's name. */
export const MEDIA_RELATION_TYPES = { topic: '话题', circle: '圈子', interactive: '热议' } as const
export type MediaRelationType = keyof typeof MEDIA_RELATION_TYPES
/** The /mediaContent tabs: the related items' and the account's own articles and videos (`content`). */
export const MEDIA_CONTENT_TYPES = {
  topic: '话题',
  circle: '圈子',
  content: '内容',
  interactive: '热议',
} as const
export type MediaContentType = keyof typeof MEDIA_CONTENT_TYPES
/** The content kinds an account's own content is made of. */
export const MEDIA_CONTENT_KINDS = ['article', 'video'] as const
/** An account's recommendation slots (how many related items it may 置顶) when it has no operating preset. */
export const DEFAULT_RECOMMEND_SLOTS = 3

export const mediaRelationMessages = {
  accountNotFound: '媒体号不存在',
  itemsNotFound: (type: MediaRelationType) => `所选${MEDIA_RELATION_TYPES[type]}不存在或已删除`,
  relationsNotFound: '所选关联内容不存在',
  contentNotFound: '所选内容不存在、已删除或不在数据范围内',
  slotsFull: (n: number) => `推荐位已满（最多 ${n} 个置顶）`,
  nothingToChange: '请指定置顶、显示状态或排序',
  added: (n: number) => (n ? `已添加 ${n} 条` : '所选内容均已添加'),
  deleted: (n: number) => `已删除 ${n} 条`,
  updated: '修改成功',
  related: (n: number) => `已将 ${n} 条内容归入媒体号`,
  unrelated: (n: number) => `已将 ${n} 条内容移出媒体号`,
} as const

/** POST /api/relation/insertBatch: relate items of one type to the account (already related ones are skipped). */
export const relationInsertBodySchema = z.object({
  mediaAccountId: idSchema,
  type: z.enum(['topic', 'circle', 'interactive']),
  ids: contentIdsSchema,
})

/** POST /api/relation/delectBatch (the spec's spelling): relation ids. */
export const relationIdsBodySchema = z.object({ ids: contentIdsSchema })

/** POST /api/relation/updateBatch: 置顶, 显示 / 隐藏 and 排序 of relations; at least one of them. */
export const relationUpdateBodySchema = z
  .object({
    ids: contentIdsSchema,
    top: z.boolean().optional(),
    showState: z.boolean().optional(),
    sort: z.number().int().min(0).max(9999).optional(),
  })
  .refine((b) => b.top !== undefined || b.showState !== undefined || b.sort !== undefined, {
    message: mediaRelationMessages.nothingToChange,
  })

const pageSize = z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE_MAX).default(CONTENT_PAGE_SIZE)

/** GET (query) or POST (body) /api/relation/mediaContentList: one tab of /mediaContent. */
export const mediaContentListQuerySchema = z.object({
  mediaAccountId: idQuerySchema,
  type: z.enum(['topic', 'circle', 'content', 'interactive']).default('content'),
  page: pageNumberSchema,
  pageSize,
  /** Title or name keyword (contains). */
  keyword: z.string().trim().max(50).optional(),
})

/** GET /api/mediaAccount/mediaContent: the account's articles and videos (the `content` tab). */
export const mediaAccountContentQuerySchema = mediaContentListQuerySchema.omit({ type: true })

/** A row of a /mediaContent tab. */
export const mediaContentItemSchema = z.object({
  /** The relation's id (topic, circle, interactive) or the content item's (content). */
  id: z.number().int(),
  type: z.enum(['topic', 'circle', 'content', 'interactive']),
  /** The item's own id (a topic, circle or content item). */
  resId: z.number().int(),
  /** article, video, discuss, topic or circle. */
  kind: z.string(),
  title: z.string(),
  cover: z.string(),
  /** The item's review state (null: a topic, which has no review). */
  verifyState: z.number().int().nullable(),
  /** Shown on the account's page (a relation's 显示), or the content item's own 显示. */
  showState: z.boolean(),
  /** The item's own 显示 / 上线 wherever it is listed. */
  itemShowState: z.boolean(),
  top: z.boolean(),
  sort: z.number().int(),
  /** Comments on a content item (deleted ones not counted); null for topics and circles. */
  comments: z.number().int().nullable(),
  createdAt: z.string(),
})
export type MediaContentItem = z.infer<typeof mediaContentItemSchema>

/** POST /api/mediaAccount/addRelation: put existing articles and videos under the account. */
export const mediaAccountAddRelationBodySchema = z.object({
  mediaAccountId: idSchema,
  contentIds: contentIdsSchema,
})
/** POST /api/mediaAccount/deleteRelation: take articles and videos out of their account. */
export const mediaAccountDeleteRelationBodySchema = z.object({ contentIds: contentIdsSchema })
