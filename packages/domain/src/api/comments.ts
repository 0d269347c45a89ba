import { z } from 'zod'
import { idQuerySchema, idSchema, pageNumberSchema } from '../transport/ids.ts'
import { CONTENT_PAGE_SIZE, CONTENT_PAGE_SIZE_MAX, contentIdsSchema } from './content.ts'

export const COMMENT_BODY_MAX = 1000

export const commentMessages = {
  notFound: '评论不存在',
  bodyRequired: '请输入评论内容',
  bodyTooLong: `评论内容不能超过${COMMENT_BODY_MAX}个字`,
  parentMismatch: '回复的评论不属于该内容',
  shown: '已显示',
  hidden: '已隐藏',
  removed: '删除成功',
  modified: '修改成功',
  added: '评论成功',
  nothingToModify: '没有要修改的内容',
} as const

const kind = z.string().min(1).max(40)
const id = idQuerySchema
const body = z
  .string(commentMessages.bodyRequired)
  .trim()
  .min(1, commentMessages.bodyRequired)
  .max(COMMENT_BODY_MAX, commentMessages.bodyTooLong)

/** The permission page of the community's comment screens (/comments, /topicComment). */
export const COMMUNITY_COMMENT_PAGE = '社区-评论'

/**
 * Whom a comment call serves (decision 0042): `content` (the default), a content type's comment screens
 * (/articleComments…; `kind` names the type, whose page's 评论 it needs, and the item's data scope applies); or
 * `community`, the community's 评论管理 over comments on content and on posts (page 社区-评论, no `kind`).
 */
export const COMMENT_SOURCES = ['content', 'community'] as const
export type CommentSource = (typeof COMMENT_SOURCES)[number]
const source = z.enum(COMMENT_SOURCES).optional()

/**
 * GET /api/comment/list, newest first. A content type's screen lists one item's comments (kind + contentId); the
 * community's lists every comment, narrowed by what it is on (target, an item, a post, a topic's or a circle's
 * posts) and its state.
 */
export const commentListQuerySchema = z.object({
  source,
  kind: kind.optional(),
  contentId: id.optional(),
  /** community: comments on content items or on posts only. */
  target: z.enum(['content', 'post']).optional(),
  postId: id.optional(),
  /** Comments on the posts of a topic (/topicComment) or of a circle. */
  topicId: id.optional(),
  circleId: id.optional(),
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE_MAX).default(CONTENT_PAGE_SIZE),
  /** 1 shown, 0 hidden; absent: both. */
  showState: z.coerce.number().int().min(0).max(1).optional(),
  /** 1 passed, 2 rejected, 3 held for review (/commentAudit). */
  verifyState: z.coerce.number().int().min(1).max(3).optional(),
  /** Body or author name contains. */
  keyword: z.string().trim().max(100).optional(),
  startTime: z.iso.datetime({ offset: true }).optional(),
  endTime: z.iso.datetime({ offset: true }).optional(),
})

export const commentDetailQuerySchema = z.object({ source, kind: kind.optional(), id })

/** POST /api/comment/add: a staff comment (官方评论) on an item, or a reply to one of its comments. */
export const commentAddSchema = z.object({
  kind,
  contentId: idSchema,
  parentId: idSchema.nullable().default(null),
  body,
})

/** POST /api/comment/modify: one comment's body and/or show state. */
export const commentModifySchema = z.object({
  source,
  kind: kind.optional(),
  id: idSchema,
  body: body.optional(),
  showState: z.boolean().optional(),
})

/** POST /api/comment/modifyBatch: show or hide several comments. */
export const commentModifyBatchSchema = z.object({
  source,
  kind: kind.optional(),
  ids: contentIdsSchema,
  showState: z.boolean(),
})

/** POST /api/comment/removeComments: delete several comments (kept as deleted rows for the log). */
export const commentRemoveSchema = z.object({ source, kind: kind.optional(), ids: contentIdsSchema })

export const commentSchema = z.object({
  id: z.number().int(),
  /** The content item commented on, or null for a comment on a post (`postId`, contentKind 'post'). */
  contentId: z.number().int().nullable(),
  postId: z.number().int().nullable(),
  contentKind: z.string(),
  parentId: z.number().int().nullable(),
  /** The replied-to comment's author and body, for a reply. */
  parentAuthor: z.string().nullable(),
  authorName: z.string(),
  userId: z.number().int().nullable(),
  /** Set when a console account wrote it (官方评论 / 回复). */
  adminId: z.number().int().nullable(),
  body: z.string(),
  showState: z.boolean(),
  verifyState: z.number().int(),
  createdAt: z.string(),
  /** What it is on: the content item's title, or the post's title (its first words when untitled). */
  targetTitle: z.string(),
})
export type CommentItem = z.infer<typeof commentSchema>
