import { z } from 'zod'
import { idQuerySchema, pageNumberSchema } from '../transport/ids.ts'
import { commentSchema } from './comments.ts'
import { CONTENT_PAGE_SIZE, CONTENT_PAGE_SIZE_MAX, contentIdsSchema } from './content.ts'
import { queueQuerySchema, REJECT_REASON_MAX, reviewMessages } from './review.ts'

/**
 * The comment review queue (/commentAudit, /commentAuditDetail; docs/decisions/0022): comments the sensitive-word
 * matcher held on arrival (verifyState 3) across every content kind and on posts, approved (1, shown) or rejected (2, never
 * shown) by holders of 评论审核 审核.
 */
export const COMMENT_QUEUE = '/commentAudit'

export const commentReviewMessages = {
  notPending: '评论不在待审核状态',
  approved: '审核通过',
  rejected: '已驳回',
} as const

/** GET /api/verify-center/comments: type list (held, oldest first) or wait (my decisions, newest first). */
export const commentQueueQuerySchema = queueQuerySchema.extend({
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE_MAX).default(CONTENT_PAGE_SIZE),
  /** Body or author contains. */
  keyword: z.string().trim().max(100).optional(),
})

/** A comment as the queue shows it: the comment, what it is on (targetTitle), and (on wait / decided) the decision. */
export const commentQueueItemSchema = commentSchema.extend({
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewReason: z.string(),
})
export type CommentQueueItem = z.infer<typeof commentQueueItemSchema>

/** GET /api/verify-center/comment/detail. */
export const commentQueueDetailQuerySchema = z.object({ id: idQuerySchema })

/** POST /api/verify-center/comment: approve (pass) or reject with a reason, in batch. */
export const commentDecisionSchema = z.discriminatedUnion('pass', [
  z.object({ pass: z.literal(true), ids: contentIdsSchema }),
  z.object({
    pass: z.literal(false),
    ids: contentIdsSchema,
    reason: z.string().trim().min(1, reviewMessages.reasonRequired).max(REJECT_REASON_MAX),
  }),
])
