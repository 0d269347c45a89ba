import type { CommentItem } from '@moc/domain/api/comments'
import { COMMENT_BODY_MAX } from '@moc/domain/api/comments'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import { permissionFor, type ResourceDef } from '@moc/domain/resources/types'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TableColumnsType } from 'antd'
import { Alert, App, Button, Card, DatePicker, Flex, Form, Input, Modal, Popconfirm, Tag } from 'antd'
import type { Dayjs } from 'dayjs'
import dayjs from 'dayjs'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api } from '../api/client.ts'
import { currentGrant } from '../api/session.ts'
import { COLUMN_WIDTH } from '../widgets/columnWidths.ts'
import { PagedTable } from '../widgets/PagedTable.tsx'
import { SearchButtons } from '../widgets/SearchButtons.tsx'
import { useColumnSettings } from '../widgets/useColumnSettings.tsx'
import { usePagedQuery } from '../widgets/usePagedQuery.ts'
import { contentKind, resourceApi } from './derive.ts'
import type { Item } from './formValues.ts'
import './engine.css'
import { ShowStateSelect } from '../widgets/ShowStateSelect.tsx'

type Batch = 'show' | 'hide' | 'remove'
const batchText: Record<Batch, { button: string; confirm: string }> = {
  show: { button: '显示', confirm: '确定显示选中的{n}条评论？' },
  hide: { button: '隐藏', confirm: '确定隐藏选中的{n}条评论？' },
  remove: { button: '删除', confirm: '确定删除选中的{n}条评论？删除后不可恢复' },
}

interface Filters {
  keyword?: string
  showState?: number
  time?: [Dayjs, Dayjs]
}

/**
 * The comment list of one content item (/articleComments?id=, /videoComments?id=, ...), drawn for any definition
 * with `screens.comments`: filters, show/hide/delete in batch with confirmation, reply as the signed-in account,
 * paging (spec §9). Every call needs the type page's 评论 action; the item's data scope applies on the server.
 */
export function CommentList({ def }: { def: ResourceDef }) {
  const [params] = useSearchParams()
  const raw = params.get('id')
  const contentId = raw && /^\d+$/.test(raw) ? Number(raw) : undefined
  if (contentId === undefined)
    return (
      <Card title={`${def.label}评论`}>
        <Alert
          type="warning"
          showIcon
          title={`请从${def.label}列表选择要查看评论的${def.label}`}
          action={<Link to={def.screens.list}>返回{def.label}列表</Link>}
        />
      </Card>
    )
  return <Comments def={def} contentId={contentId} />
}

function Comments({ def, contentId }: { def: ResourceDef; contentId: number }) {
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const kind = contentKind(def) ?? def.name
  const may = can(currentGrant(), def.permissionPage, permissionFor(def, 'comment'))
  const [selected, setSelected] = useState<number[]>([])
  const [replyTo, setReplyTo] = useState<CommentItem | null>()
  const [replyForm] = Form.useForm<{ body: string }>()
  const listKey = ['comments', kind, contentId]
  const { list, pagination, search } = usePagedQuery<CommentItem>(listKey.join(':'), '/api/comment/list', {
    kind,
    contentId,
  })
  const item = useQuery({
    queryKey: ['resource-detail', def.name, contentId],
    queryFn: () => api.get<Item>(resourceApi(def).detail, { id: contentId, kind }),
    retry: false,
  })

  const refresh = () => queryClient.invalidateQueries({ queryKey: [listKey.join(':')] })
  const run = useMutation({
    mutationFn: ({ action, ids }: { action: Batch; ids: number[] }) =>
      action === 'remove'
        ? api.post('/api/comment/removeComments', { kind, ids })
        : api.post('/api/comment/modifyBatch', { kind, ids, showState: action === 'show' }),
    onSuccess: (_, { action }) => {
      message.success(
        action === 'remove' ? '删除成功' : action === 'show' ? '已显示' : '已隐藏',
        TOAST_SUCCESS_S,
      )
      setSelected([])
      return refresh()
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  const reply = useMutation({
    mutationFn: (body: string) =>
      api.post('/api/comment/add', { kind, contentId, parentId: replyTo?.id ?? null, body }),
    onSuccess: () => {
      message.success('评论成功', TOAST_SUCCESS_S)
      setReplyTo(undefined)
      replyForm.resetFields()
      return refresh()
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })

  const confirmBatch = (action: Batch) =>
    modal.confirm({
      title: '提示',
      content: batchText[action].confirm.replace('{n}', String(selected.length)),
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: action === 'remove' },
      onOk: () => run.mutateAsync({ action, ids: selected }).catch(() => undefined),
    })

  const rowButton = (row: CommentItem, action: Batch) => (
    <Popconfirm
      key={action}
      title={batchText[action].confirm.replace('选中的{n}条评论', '这条评论')}
      okText="确定"
      cancelText="取消"
      onConfirm={() => run.mutateAsync({ action, ids: [row.id] }).catch(() => undefined)}
    >
      <Button type="link" size="small" danger={action === 'remove'}>
        {batchText[action].button}
      </Button>
    </Popconfirm>
  )

  const columns: TableColumnsType<CommentItem> = [
    {
      key: 'body',
      title: '评论内容',
      dataIndex: 'body',
      render: (body: string, row) => (
        <span className="moc-comment-body">
          {row.parentId ? <Tag>回复 @{row.parentAuthor ?? '已删除的评论'}</Tag> : null}
          {body}
        </span>
      ),
    },
    {
      key: 'author',
      title: '评论人',
      dataIndex: 'authorName',
      render: (name: string, row) => (
        <>
          {name}
          {row.adminId ? <Tag color="blue">官方</Tag> : null}
        </>
      ),
    },
    {
      key: 'showState',
      title: '显示状态',
      dataIndex: 'showState',
      render: (v: boolean, row) => (
        <>
          {v ? <Tag color="blue">显示</Tag> : <Tag>隐藏</Tag>}
          {row.verifyState === VERIFY_STATE.pending ? <Tag color="orange">待审核</Tag> : null}
        </>
      ),
    },
    {
      key: 'createdAt',
      title: '评论时间',
      dataIndex: 'createdAt',
      width: COLUMN_WIDTH.time,
      className: 'moc-nowrap',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      render: (_: unknown, row) =>
        may ? (
          <Flex gap={4} wrap>
            <Button type="link" size="small" onClick={() => setReplyTo(row)}>
              回复
            </Button>
            {rowButton(row, row.showState ? 'hide' : 'show')}
            {rowButton(row, 'remove')}
          </Flex>
        ) : null,
    },
  ]

  const table = useColumnSettings(columns)

  const title = item.data?.title ?? item.data?.fields?.title
  return (
    <Card
      title={`${def.label}评论${typeof title === 'string' && title ? `：${title}` : ''}`}
      extra={<Link to={def.screens.list}>返回{def.label}列表</Link>}
    >
      {may ? null : <Alert type="warning" showIcon title="没有评论管理权限" style={{ marginBottom: 16 }} />}
      <Flex justify="space-between" align="start" wrap gap={8}>
        <Form<Filters>
          name={`${def.name}-comments-search`}
          layout="inline"
          onFinish={({ keyword, showState, time }) =>
            search({
              keyword,
              showState,
              startTime: time?.[0]?.startOf('day').toISOString(),
              endTime: time?.[1]?.endOf('day').toISOString(),
            })
          }
        >
          <Form.Item label="关键词" name="keyword">
            <Input allowClear maxLength={100} placeholder="评论内容或评论人" />
          </Form.Item>
          <Form.Item label="显示状态" name="showState">
            <ShowStateSelect />
          </Form.Item>
          <Form.Item label="评论时间" name="time">
            <DatePicker.RangePicker />
          </Form.Item>
          <SearchButtons onReset={() => search({})} />
        </Form>
        <Flex gap={8}>
          {may ? (
            <Button type="primary" onClick={() => setReplyTo(null)}>
              发表评论
            </Button>
          ) : null}
          {table.button}
        </Flex>
      </Flex>
      {may ? (
        <Flex gap={8} align="center" wrap style={{ marginTop: 16 }}>
          {(['show', 'hide', 'remove'] as const).map((a) => (
            <Button
              key={a}
              danger={a === 'remove'}
              disabled={selected.length === 0}
              loading={run.isPending && run.variables?.action === a && run.variables.ids === selected}
              onClick={() => confirmBatch(a)}
            >
              批量{batchText[a].button}
            </Button>
          ))}
          {selected.length > 0 ? <span>已选 {selected.length} 条</span> : null}
        </Flex>
      ) : null}
      <PagedTable<CommentItem>
        list={list}
        pagination={pagination}
        columns={table.columns}
        size={table.size}
        locale={{ emptyText: list.isFetching ? '加载中...' : '暂无数据' }}
        rowSelection={
          may ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined
        }
        scroll={{ x: 'max-content' }}
      />
      <Modal
        open={replyTo !== undefined}
        title={replyTo ? `回复 ${replyTo.authorName}` : '发表评论'}
        okText="确定"
        cancelText="取消"
        confirmLoading={reply.isPending}
        onOk={() => replyForm.submit()}
        onCancel={() => setReplyTo(undefined)}
        destroyOnHidden
      >
        <Form form={replyForm} name={`${def.name}-comment-reply`} onFinish={({ body }) => reply.mutate(body)}>
          <Form.Item
            name="body"
            label="评论内容"
            rules={[{ required: true, whitespace: true, message: '请输入评论内容' }]}
          >
            <Input.TextArea rows={4} maxLength={COMMENT_BODY_MAX} showCount autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  )
}
