import { COMMENT_QUEUE } from '@moc/domain/api/commentReview'
import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TableColumnsType } from 'antd'
import { Alert, App, Button, Card, Flex, Input, Table, Tabs, Tag } from 'antd'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { formatTime } from '../../engine/displayValue.ts'
import { RejectDialog } from '../../engine/RejectDialog.tsx'
import { ReviewRowButtons } from '../../engine/ReviewRowButtons.tsx'
import { queueTabs, readQueueTab } from '../../engine/review.ts'
import { type Paged, tablePagination } from '../../widgets/usePagedQuery.ts'
import {
  COMMENT_QUEUE_KEY,
  type CommentQueueItem,
  commentStateText,
  contentKindLabel,
  useCommentDecision,
} from './commentAudit.ts'

/**
 * 评论审核 (spec §2 /commentAudit): comments held by the sensitive-word matcher, of every content type, in the
 * reviewer's scope. Tabs 待审核 / 审核记录 (type list / wait), keyword, paging 30/50/100, 通过 / 驳回 per row and
 * in batch, 审核 opens /commentAuditDetail.
 */
export default function CommentAuditPage() {
  const navigate = useNavigate()
  const { modal } = App.useApp()
  const [params, setParams] = useSearchParams()
  const tabs = queueTabs(COMMENT_QUEUE)
  const type = readQueueTab(tabs, params.get('type'))
  const page = Math.max(1, Number(params.get('page')) || 1)
  const size = Number(params.get('pageSize'))
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZE_DEFAULT
  const keyword = params.get('keyword') ?? ''
  const mayReview = can(currentGrant(), '评论审核', '审核')
  const pending = type === 'list'

  const setQuery = (next: { type?: string; page?: number; pageSize?: number; keyword?: string }) => {
    const q = new URLSearchParams()
    const t = next.type ?? type
    if (t !== 'list') q.set('type', t)
    if ((next.page ?? page) !== 1) q.set('page', String(next.page ?? page))
    if ((next.pageSize ?? pageSize) !== PAGE_SIZE_DEFAULT)
      q.set('pageSize', String(next.pageSize ?? pageSize))
    if (next.keyword ?? keyword) q.set('keyword', next.keyword ?? keyword)
    setParams(q)
  }
  const query = { type, page, pageSize, keyword: keyword || undefined }
  const list = useQuery({
    queryKey: [...COMMENT_QUEUE_KEY, query],
    queryFn: () => api.get<Paged<CommentQueueItem>>('/api/verify-center/comments', query),
    placeholderData: keepPreviousData,
  })
  const rows = list.data?.items ?? []
  const scope = params.toString()
  const [selection, setSelection] = useState<{ scope: string; ids: number[] }>({ scope, ids: [] })
  const selected = selection.scope === scope ? selection.ids : []
  const [rejecting, setRejecting] = useState<number[]>()
  const decide = useCommentDecision(() => {
    setSelection({ scope, ids: [] })
    setRejecting(undefined)
  })
  const approve = (ids: number[]) =>
    modal.confirm({
      title: '提示',
      content: ids.length > 1 ? `确定审核通过选中的${ids.length}条评论？` : '确定审核通过这条评论？',
      okText: '确定',
      cancelText: '取消',
      onOk: () => decide.mutateAsync({ ids }).catch(() => undefined),
    })

  const columns: TableColumnsType<CommentQueueItem> = [
    { key: 'body', title: '评论内容', dataIndex: 'body', render: (v: string) => <span title={v}>{v}</span> },
    {
      key: 'content',
      title: '评论对象',
      render: (_, r) => `【${contentKindLabel(r.contentKind)}】${r.targetTitle || '--'}`,
    },
    { key: 'authorName', title: '评论人', dataIndex: 'authorName' },
    { key: 'createdAt', title: '评论时间', dataIndex: 'createdAt', render: formatTime },
    ...(pending
      ? []
      : [
          {
            key: 'verifyState',
            title: '审核结果',
            dataIndex: 'verifyState',
            render: (v: number) => <Tag color={v === 2 ? 'red' : 'green'}>{commentStateText(v)}</Tag>,
          },
          {
            key: 'reviewReason',
            title: '驳回原因',
            dataIndex: 'reviewReason',
            render: (v: string) => v || '--',
          },
          { key: 'reviewedAt', title: '审核时间', dataIndex: 'reviewedAt', render: formatTime },
        ]),
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      render: (_, row) => (
        <Flex gap={4} wrap>
          <Button type="link" size="small" onClick={() => navigate(`/commentAuditDetail?id=${row.id}`)}>
            {pending && mayReview ? '审核' : '查看'}
          </Button>
          {pending && mayReview ? (
            <ReviewRowButtons onApprove={() => approve([row.id])} onReject={() => setRejecting([row.id])} />
          ) : null}
        </Flex>
      ),
    },
  ]

  return (
    <Card>
      <Tabs
        activeKey={type}
        onChange={(t) => setQuery({ type: t, page: 1 })}
        items={tabs.map((t) => ({ key: t.key, label: t.label }))}
      />
      <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          allowClear
          maxLength={100}
          aria-label="关键词"
          placeholder="评论内容或评论人"
          enterButton="搜索"
          style={{ width: 320 }}
          onSearch={(v) => setQuery({ keyword: v.trim(), page: 1 })}
        />
        {pending && mayReview ? (
          <>
            <Button type="primary" disabled={!selected.length} onClick={() => approve(selected)}>
              批量通过
            </Button>
            <Button danger disabled={!selected.length} onClick={() => setRejecting(selected)}>
              批量驳回
            </Button>
            {selected.length ? <span>已选 {selected.length} 条</span> : null}
          </>
        ) : null}
      </Flex>
      {list.error ? (
        <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<CommentQueueItem>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        locale={{ emptyText: list.isFetching ? '加载中...' : '暂无数据' }}
        scroll={{ x: 'max-content' }}
        rowSelection={
          pending && mayReview
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelection({ scope, ids: keys.map(Number) }),
              }
            : undefined
        }
        pagination={tablePagination(page, pageSize, list.data?.total ?? 0, (p, s) =>
          setQuery({ page: p, pageSize: s }),
        )}
      />
      <RejectDialog
        open={rejecting !== undefined}
        count={rejecting?.length ?? 0}
        busy={decide.isPending}
        onCancel={() => setRejecting(undefined)}
        onReject={(reason) => rejecting && decide.mutate({ ids: rejecting, reason })}
      />
    </Card>
  )
}
