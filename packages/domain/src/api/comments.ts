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

/** GET /api/comment/list: the comments of one content item (kind decides the permission page), newest first. */
export const commentListQuerySchema = z.object({
  kind,
  contentId: id,
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE_MAX).default(CONTENT_PAGE_SIZE),
  /** 1 shown, 0 hidden; absent: both. */
  showState: z.coerce.number().int().min(0).max(1).optional(),
  /** Body or author name contains. */
  keyword: z.string().trim().max(100).optional(),
  startTime: z.iso.datetime({ offset: true }).optional(),
  endTime: z.iso.datetime({ offset: true }).optional(),
})

export const commentDetailQuerySchema = z.object({ kind, id })

/** POST /api/comment/add: a staff comment (官方评论) on an item, or a reply to one of its comments. */
export const commentAddSchema = z.object({
  kind,
  contentId: idSchema,
  parentId: idSchema.nullable().default(null),
  body,
})

/** POST /api/comment/modify: one comment's body and/or show state. */
export const commentModifySchema = z.object({
  kind,
  id: idSchema,
  body: body.optional(),
  showState: z.boolean().optional(),
})

/** POST /api/comment/modifyBatch: show or hide several comments. */
export const commentModifyBatchSchema = z.object({ kind, ids: contentIdsSchema, showState: z.boolean() })

/** POST /api/comment/removeComments: delete several comments (kept as deleted rows for the log). */
export const commentRemoveSchema = z.object({ kind, ids: contentIdsSchema })

export const commentSchema = z.object({
  id: z.number().int(),
  contentId: z.number().int(),
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
})
export type CommentItem = z.infer<typeof commentSchema>
