import { BULLET_BODY_MAX, BULLET_PAGE, type BulletItem } from '@moc/domain/api/bulletChat'
import { PAGE_SIZE_DEFAULT, TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can, canBatch } from '@moc/domain/permissions/can'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TableColumnsType } from 'antd'
import { Alert, App, Button, Card, Flex, Form, Input, InputNumber, Popconfirm, Table, Tag } from 'antd'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { formatTime } from '../../engine/displayValue.ts'
import { ShowStateSelect } from '../../widgets/ShowStateSelect.tsx'
import { tablePagination } from '../../widgets/usePagedQuery.ts'

type Batch = 'show' | 'hide' | 'remove'
const batchText: Record<Batch, { button: string; confirm: string }> = {
  show: { button: '显示', confirm: '确定显示选中的{n}条弹幕？' },
  hide: { button: '隐藏', confirm: '确定隐藏选中的{n}条弹幕？' },
  remove: { button: '删除', confirm: '确定删除选中的{n}条弹幕？删除后不可恢复' },
}
const second = (at: number | null) =>
  at === null ? '--' : `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`

/**
 * 弹幕详情 (spec §2 /bulletChatDetail?id=): the danmaku of one video or live stream, newest first; filters 关键词 and
 * 显示状态; 显示 / 隐藏 / 删除 per row and in batch (confirmed); 发送弹幕 posts an official one at a playback second.
 */
export default function BulletChatDetailPage() {
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const id = Number(params.get('id'))
  const back = `/bulletChat${params.get('type') === 'live' ? '?type=live' : ''}`
  const grant = currentGrant()
  const [filters, setFilters] = useState<{ keyword?: string; showState?: number }>({})
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZE_DEFAULT })
  const [selected, setSelected] = useState<number[]>([])
  const [send] = Form.useForm<{ body: string; at?: number }>()
  const key = ['bullet-list', id]
  const list = useQuery({
    queryKey: [...key, filters, paging],
    queryFn: () =>
      api.get<{ items: BulletItem[]; total: number; title: string; kind: string }>('/api/bullet/list', {
        contentId: id,
        ...filters,
        ...paging,
      }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: key })
  const run = useMutation({
    mutationFn: ({ action, ids }: { action: Batch; ids: number[] }) =>
      action === 'remove'
        ? api.post('/api/bullet/remove', { ids })
        : api.post('/api/bullet/showState', { ids, showState: action === 'show' }),
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
  const add = useMutation({
    mutationFn: (v: { body: string; at?: number }) =>
      api.post('/api/bullet/add', { contentId: id, body: v.body, at: v.at ?? null }),
    onSuccess: () => {
      message.success('发送成功', TOAST_SUCCESS_S)
      send.resetFields()
      return refresh()
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  if (!(id > 0))
    return (
      <Alert
        type="warning"
        showIcon
        title="请从弹幕管理列表选择视频或直播"
        action={<Link to="/bulletChat">返回弹幕管理</Link>}
      />
    )
  const mayShow = can(grant, BULLET_PAGE, '显示/隐藏')
  const mayRemove = can(grant, BULLET_PAGE, '删除')
  const batches = (['show', 'hide', 'remove'] as const).filter((a) =>
    canBatch(grant, BULLET_PAGE, a === 'remove' ? '删除' : '显示/隐藏'),
  )
  const ask = (action: Batch, ids: number[]) =>
    modal.confirm({
      title: '提示',
      content: batchText[action].confirm.replace('{n}', String(ids.length)),
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: action === 'remove' },
      onOk: () => run.mutateAsync({ action, ids }).catch(() => undefined),
    })
  const isVideo = list.data?.kind === 'video'
  const columns: TableColumnsType<BulletItem> = [
    { key: 'body', title: '弹幕内容', dataIndex: 'body' },
    {
      key: 'authorName',
      title: '发送人',
      dataIndex: 'authorName',
      render: (v: string, r) =>
        r.adminId ? (
          <>
            {v} <Tag color="blue">官方</Tag>
          </>
        ) : (
          v
        ),
    },
    ...(isVideo ? [{ key: 'at', title: '出现时间', dataIndex: 'at', render: second }] : []),
    { key: 'createdAt', title: '发送时间', dataIndex: 'createdAt', render: formatTime },
    {
      key: 'showState',
      title: '显示状态',
      dataIndex: 'showState',
      render: (v: boolean, r) => (
        <>
          <Tag color={v ? 'green' : undefined}>{v ? '显示' : '隐藏'}</Tag>
          {r.verifyState === 3 ? <Tag color="orange">待审核</Tag> : null}
        </>
      ),
    },
    {
      key: 'actions',
      title: '操作',
      render: (_, r) => (
        <Flex gap={4}>
          {mayShow ? (
            <Popconfirm
              title={r.showState ? '确定隐藏这条弹幕？' : '确定显示这条弹幕？'}
              okText="确定"
              cancelText="取消"
              onConfirm={() =>
                run.mutateAsync({ action: r.showState ? 'hide' : 'show', ids: [r.id] }).catch(() => undefined)
              }
            >
              <Button type="link" size="small">
                {r.showState ? '隐藏' : '显示'}
              </Button>
            </Popconfirm>
          ) : null}
          {mayRemove ? (
            <Popconfirm
              title="确定删除这条弹幕？"
              okText="确定"
              cancelText="取消"
              onConfirm={() => run.mutateAsync({ action: 'remove', ids: [r.id] }).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ),
    },
  ]
  return (
    <Card
      title={`弹幕详情${list.data?.title ? `：${list.data.title}` : ''}`}
      extra={<Link to={back}>返回弹幕管理</Link>}
    >
      {list.error ? (
        <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      <Form
        layout="inline"
        name="bullet-filter"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v: { keyword?: string; showState?: number }) => {
          setFilters({ keyword: v.keyword?.trim() || undefined, showState: v.showState })
          setPaging((p) => ({ ...p, page: 1 }))
        }}
      >
        <Form.Item label="关键词" name="keyword">
          <Input allowClear maxLength={100} placeholder="弹幕内容或发送人" />
        </Form.Item>
        <Form.Item label="显示状态" name="showState">
          <ShowStateSelect />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          搜索
        </Button>
      </Form>
      {can(grant, BULLET_PAGE, '添加') ? (
        <Form
          form={send}
          layout="inline"
          name="bullet-send"
          style={{ marginBottom: 16, rowGap: 8 }}
          onFinish={(v) => add.mutate({ body: v.body.trim(), at: v.at })}
        >
          <Form.Item
            label="发送弹幕"
            name="body"
            rules={[{ required: true, whitespace: true, message: '请输入弹幕内容' }]}
          >
            <Input maxLength={BULLET_BODY_MAX} showCount style={{ width: 320 }} placeholder="官方弹幕内容" />
          </Form.Item>
          {isVideo ? (
            <Form.Item label="出现时间（秒）" name="at">
              <InputNumber min={0} precision={0} style={{ width: 120 }} />
            </Form.Item>
          ) : null}
          <Button htmlType="submit" loading={add.isPending}>
            发送
          </Button>
        </Form>
      ) : null}
      {batches.length ? (
        <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
          {batches.map((a) => (
            <Button
              key={a}
              danger={a === 'remove'}
              disabled={!selected.length}
              onClick={() => ask(a, selected)}
            >
              批量{batchText[a].button}
            </Button>
          ))}
          {selected.length ? <span>已选 {selected.length} 条</span> : null}
        </Flex>
      ) : null}
      <Table<BulletItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        locale={{ emptyText: list.isFetching ? '加载中...' : '暂无数据' }}
        rowSelection={
          batches.length
            ? { selectedRowKeys: selected, onChange: (k) => setSelected(k.map(Number)) }
            : undefined
        }
        pagination={tablePagination(paging.page, paging.pageSize, list.data?.total ?? 0, (p, s) =>
          setPaging({ page: p, pageSize: s }),
        )}
      />
    </Card>
  )
}
