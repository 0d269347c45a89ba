import { can } from '@moc/domain/permissions/can'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Descriptions, Flex, Tag } from 'antd'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { formatTime } from '../../engine/displayValue.ts'
import { RejectDialog } from '../../engine/RejectDialog.tsx'
import { Loading } from '../../widgets/Loading.tsx'
import {
  COMMENT_QUEUE_KEY,
  type CommentQueueItem,
  commentStateText,
  contentKindLabel,
  useCommentDecision,
} from './commentAudit.ts'

/** 评论审核详情 (spec §2 /commentAuditDetail?id=): the comment, what it answers, and 通过 / 驳回 while it is held. */
export default function CommentAuditDetailPage() {
  const navigate = useNavigate()
  const { modal } = App.useApp()
  const [params] = useSearchParams()
  const id = Number(params.get('id'))
  const back = () => navigate('/commentAudit')
  const detail = useQuery({
    queryKey: [...COMMENT_QUEUE_KEY, 'detail', id],
    queryFn: () => api.get<CommentQueueItem>('/api/verify-center/comment/detail', { id }),
    enabled: Number.isSafeInteger(id) && id > 0,
  })
  const [rejecting, setRejecting] = useState(false)
  const decide = useCommentDecision(back)
  if (!(id > 0)) return <Alert type="warning" showIcon title="请从评论审核列表选择要审核的评论" />
  if (detail.isLoading) return <Loading />
  if (detail.error || !detail.data)
    return <Alert type="error" showIcon title={detail.error?.message ?? '评论不存在'} />
  const c = detail.data
  const held = c.verifyState === 3 && can(currentGrant(), '评论审核', '审核')
  return (
    <Card
      title="评论审核详情"
      extra={
        <Flex gap={8}>
          {held ? (
            <>
              <Button
                type="primary"
                loading={decide.isPending}
                onClick={() =>
                  modal.confirm({
                    title: '提示',
                    content: '确定审核通过这条评论？',
                    okText: '确定',
                    cancelText: '取消',
                    onOk: () => decide.mutateAsync({ ids: [c.id] }).catch(() => undefined),
                  })
                }
              >
                通过
              </Button>
              <Button danger onClick={() => setRejecting(true)}>
                驳回
              </Button>
            </>
          ) : null}
          <Button onClick={back}>返回</Button>
        </Flex>
      }
    >
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="评论内容">{c.body}</Descriptions.Item>
        <Descriptions.Item label="评论对象">
          【{contentKindLabel(c.contentKind)}】{c.targetTitle || '--'}
        </Descriptions.Item>
        <Descriptions.Item label="回复">{c.parentAuthor ? `回复 ${c.parentAuthor}` : '--'}</Descriptions.Item>
        <Descriptions.Item label="评论人">{c.authorName}</Descriptions.Item>
        <Descriptions.Item label="评论时间">{formatTime(c.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="审核状态">
          <Tag color={c.verifyState === 3 ? 'orange' : c.verifyState === 2 ? 'red' : 'green'}>
            {commentStateText(c.verifyState)}
          </Tag>
        </Descriptions.Item>
        {c.reviewedAt ? (
          <Descriptions.Item label="审核人">
            {c.reviewerName ?? '--'}（{formatTime(c.reviewedAt)}）
          </Descriptions.Item>
        ) : null}
        {c.reviewReason ? <Descriptions.Item label="驳回原因">{c.reviewReason}</Descriptions.Item> : null}
      </Descriptions>
      <RejectDialog
        open={rejecting}
        count={1}
        busy={decide.isPending}
        onCancel={() => setRejecting(false)}
        onReject={(reason) => decide.mutate({ ids: [c.id], reason })}
      />
    </Card>
  )
}
