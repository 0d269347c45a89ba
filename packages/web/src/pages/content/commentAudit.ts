import type { CommentQueueItem } from '@moc/domain/api/commentReview'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { contentResources } from '@moc/domain/resources/index'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import { api } from '../../api/client.ts'
import { PENDING_COUNTS_KEY } from '../../engine/useWorkflow.tsx'

export type { CommentQueueItem }

export const COMMENT_QUEUE_KEY = ['comment-queue'] as const

/** 文章 / 视频 / 专题 ... for a content kind (the comment's item); 帖子 for a comment on a post. */
export const contentKindLabel = (kind: string) =>
  kind === 'post' ? '帖子' : (contentResources.get(kind)?.label ?? kind)

/** 待审核 / 已通过 / 已驳回 of a comment's verifyState. */
export const commentStateText = (v: number) => (v === 3 ? '待审核' : v === 2 ? '已驳回' : '已通过')

/** 通过 / 驳回 (with reason) of held comments; refreshes the queue and the badges. */
export function useCommentDecision(onDone?: () => void) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ ids, reason }: { ids: number[]; reason?: string }) =>
      api.post(
        '/api/verify-center/comment',
        reason === undefined ? { pass: true, ids } : { pass: false, ids, reason },
      ),
    onSuccess: async (_, { reason }) => {
      message.success(reason === undefined ? '审核通过' : '已驳回', TOAST_SUCCESS_S)
      onDone?.()
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: COMMENT_QUEUE_KEY }),
        queryClient.invalidateQueries({ queryKey: PENDING_COUNTS_KEY }),
      ])
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
}
