import { COMMENT_BODY_MAX, COMMUNITY_COMMENT_PAGE, type CommentItem } from '@moc/domain/api/comments'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TableColumnsType } from 'antd'
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Select, Table, Tag } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { formatTime } from '../../engine/displayValue.ts'
import { EllipsisText } from '../../widgets/EllipsisText.tsx'
import { SearchButtons } from '../../widgets/SearchButtons.tsx'
import { usePagedQuery } from '../../widgets/usePagedQuery.ts'
import { commentStateText, contentKindLabel } from '../content/commentAudit.ts'

const KEY = 'community-comments'
const SEARCHED = ['keyword', 'target', 'showState', 'verifyState'] as const
const source = 'community'

/**
 * 评论管理 (spec §2 /comments, and /topicComment?id= for the comments on one topic's posts; decision 0042): comments on
 * content and on posts, through the spec §7 comment calls with `source: community` (page 社区-评论) — search, show or
 * hide one or many, edit a body, delete.
 */
export default function CommentsPage() {
  const [params] = useSearchParams()
  const topicId = params.get('id')
  return <Comments topicId={topicId && /^\d+$/.test(topicId) ? Number(topicId) : undefined} />
}

function Comments({ topicId }: { topicId?: number }) {
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm()
  const grant = currentGrant()
  const may = (action: '编辑' | '删除' | '显示/隐藏') => can(grant, COMMUNITY_COMMENT_PAGE, action)
  const paged = usePagedQuery<CommentItem>(
    KEY,
    '/api/comment/list',
    { source, ...(topicId ? { topicId } : {}) },
    { url: { params: SEARCHED, form } },
  )
  const rows = paged.list.data?.items ?? []
  const [selected, setSelected] = useState<number[]>([])
  const [editing, setEditing] = useState<CommentItem>()
  const [body, setBody] = useState('')

  const done = (msg: string) => {
    message.success(msg, TOAST_SUCCESS_S)
    setSelected([])
    setEditing(undefined)
    return queryClient.invalidateQueries({ queryKey: [KEY] })
  }
  const fail = (err: Error) => message.error(err.message, TOAST_ERROR_S)
  const show = useMutation({
    mutationFn: ({ ids, showState }: { ids: number[]; showState: boolean }) =>
      api.post('/api/comment/modifyBatch', { source, ids, showState }),
    onSuccess: (_, v) => done(v.showState ? '已显示' : '已隐藏'),
    onError: fail,
  })
  const remove = useMutation({
    mutationFn: (ids: number[]) => api.post('/api/comment/removeComments', { source, ids }),
    onSuccess: () => done('删除成功'),
    onError: fail,
  })
  const modify = useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      api.post('/api/comment/modify', { source, id, body: text }),
    onSuccess: () => done('修改成功'),
    onError: fail,
  })
  const confirmRemove = (ids: number[]) =>
    modal.confirm({
      title: '提示',
      content: ids.length > 1 ? `确定删除选中的${ids.length}条评论？` : '确定删除这条评论？',
      okText: '确定',
      cancelText: '取消',
      onOk: () => remove.mutateAsync(ids).catch(() => undefined),
    })

  const columns: TableColumnsType<CommentItem> = [
    {
      key: 'body',
      title: '评论内容',
      dataIndex: 'body',
      render: (v: string) => <EllipsisText text={v} maxWidth={320} />,
    },
    {
      key: 'target',
      title: '评论对象',
      render: (_, r) => (
        <span>
          <Tag>{contentKindLabel(r.contentKind)}</Tag>
          <EllipsisText text={r.targetTitle || '--'} maxWidth={220} />
        </span>
      ),
    },
    { key: 'authorName', title: '评论人', dataIndex: 'authorName' },
    {
      key: 'verifyState',
      title: '审核状态',
      dataIndex: 'verifyState',
      render: (v: number) => (
        <Tag color={v === 3 ? 'orange' : v === 2 ? 'red' : 'green'}>{commentStateText(v)}</Tag>
      ),
    },
    {
      key: 'showState',
      title: '显示状态',
      dataIndex: 'showState',
      render: (v: boolean) => (v ? <Tag color="blue">显示</Tag> : <Tag>隐藏</Tag>),
    },
    { key: 'createdAt', title: '评论时间', dataIndex: 'createdAt', render: formatTime },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      render: (_, r) => (
        <Flex gap={4} wrap>
          {may('编辑') ? (
            <Button
              type="link"
              size="small"
              onClick={() => {
                setBody(r.body)
                setEditing(r)
              }}
            >
              编辑
            </Button>
          ) : null}
          {may('显示/隐藏') ? (
            <Button
              type="link"
              size="small"
              onClick={() => show.mutate({ ids: [r.id], showState: !r.showState })}
            >
              {r.showState ? '隐藏' : '显示'}
            </Button>
          ) : null}
          {may('删除') ? (
            <Button type="link" size="small" danger onClick={() => confirmRemove([r.id])}>
              删除
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ]

  return (
    <Card title={topicId ? '话题评论' : undefined}>
      <Form form={form} layout="inline" name="community-comment-search" onFinish={paged.search}>
        <Form.Item label="关键词" name="keyword">
          <Input allowClear maxLength={100} placeholder="评论内容或评论人" />
        </Form.Item>
        {topicId ? null : (
          <Form.Item label="评论对象" name="target">
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder="全部"
              options={[
                { value: 'content', label: '内容' },
                { value: 'post', label: '帖子' },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item label="显示状态" name="showState">
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder="全部"
            options={[
              { value: '1', label: '显示' },
              { value: '0', label: '隐藏' },
            ]}
          />
        </Form.Item>
        <Form.Item label="审核状态" name="verifyState">
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder="全部"
            options={[1, 3, 2].map((v) => ({ value: String(v), label: commentStateText(v) }))}
          />
        </Form.Item>
        <SearchButtons onReset={() => paged.search({})} />
      </Form>
      <Flex gap={8} align="center" wrap style={{ margin: '16px 0' }}>
        {may('显示/隐藏') ? (
          <>
            <Button
              disabled={!selected.length}
              onClick={() => show.mutate({ ids: selected, showState: true })}
            >
              批量显示
            </Button>
            <Button
              disabled={!selected.length}
              onClick={() => show.mutate({ ids: selected, showState: false })}
            >
              批量隐藏
            </Button>
          </>
        ) : null}
        {may('删除') ? (
          <Button danger disabled={!selected.length} onClick={() => confirmRemove(selected)}>
            批量删除
          </Button>
        ) : null}
        {selected.length ? <span>已选 {selected.length} 条</span> : null}
      </Flex>
      {paged.list.error ? <Alert type="error" showIcon title={paged.list.error.message} /> : null}
      <Table<CommentItem>
        rowKey="id"
        size="middle"
        dataSource={rows}
        columns={columns}
        loading={paged.list.isFetching}
        locale={{ emptyText: paged.list.isFetching ? '加载中...' : '暂无数据' }}
        pagination={paged.pagination}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        scroll={{ x: 'max-content' }}
      />
      <Modal
        title="编辑评论"
        open={editing !== undefined}
        okText="保存"
        cancelText="取消"
        confirmLoading={modify.isPending}
        onCancel={() => setEditing(undefined)}
        onOk={() => editing && modify.mutate({ id: editing.id, text: body })}
      >
        <Input.TextArea
          aria-label="评论内容"
          value={body}
          maxLength={COMMENT_BODY_MAX}
          showCount
          rows={4}
          onChange={(e) => setBody(e.target.value)}
        />
      </Modal>
    </Card>
  )
}
