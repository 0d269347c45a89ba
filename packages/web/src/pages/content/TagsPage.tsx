import { TAG_NAME_MAX, TAG_PAGES, type Tag, tagMessages } from '@moc/domain/api/tags'
import { PAGE_SIZE_DEFAULT, TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TableColumnsType } from 'antd'
import { Alert, App, Button, Card, Tag as Chip, Flex, Form, Input, Modal, Popconfirm, Table } from 'antd'
import { useState } from 'react'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { formatTime } from '../../engine/displayValue.ts'
import { forgetRecent, readRecent, rememberRecent } from '../../widgets/recentPicks.ts'
import { type Paged, tablePagination } from '../../widgets/usePagedQuery.ts'

/**
 * 标签管理 /contentTags (type 0) and 用户标签 /userTags (type 1), spec §2/§7 tag calls: search by name, add, rename,
 * delete (row or batch, confirmed), paging 30/50/100. Tags added here join the pickers' 最近使用 (spec §9 keep 5),
 * shown above the list; deleted ones leave it.
 */
export function TagsPage({ type }: { type: 0 | 1 }) {
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const page = TAG_PAGES[String(type)]!
  const grant = currentGrant()
  const may = (action: '添加' | '编辑' | '删除') => can(grant, page, action)
  const recentKey = `tags:${type}`
  const [recent, setRecent] = useState(() => readRecent(recentKey))
  const [query, setQuery] = useState({ page: 1, pageSize: PAGE_SIZE_DEFAULT, name: '' })
  const [selected, setSelected] = useState<number[]>([])
  const [editing, setEditing] = useState<Tag | 'new'>()
  const [form] = Form.useForm<{ name: string }>()
  const key = ['tag-admin', type]
  const list = useQuery({
    queryKey: [...key, query],
    queryFn: () =>
      api.post<Paged<Tag>>('/api/tag/findTags', {
        type,
        page: query.page,
        pageSize: query.pageSize,
        name: query.name || undefined,
      }),
    placeholderData: keepPreviousData,
  })
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: ['paged-select', recentKey] }),
    ])
  const onError = (err: Error) => message.error(err.message, TOAST_ERROR_S)

  const save = useMutation({
    mutationFn: ({ name }: { name: string }) =>
      editing === 'new' || !editing
        ? api.get<Tag>('/api/tag/add', { type, name })
        : api.get('/api/tag/modify', { type, id: editing.id, name }),
    onSuccess: (added, { name }) => {
      message.success(editing === 'new' ? tagMessages.added : tagMessages.modified, TOAST_SUCCESS_S)
      const tag = editing === 'new' ? (added as Tag) : editing
      if (tag) setRecent(rememberRecent(recentKey, [{ id: tag.id, name }]))
      setEditing(undefined)
      return refresh()
    },
    onError,
  })
  const remove = useMutation({
    mutationFn: (ids: number[]) => api.post('/api/tag/removes', { type, ids }),
    onSuccess: (_, ids) => {
      message.success(tagMessages.removed, TOAST_SUCCESS_S)
      forgetRecent(recentKey, ids)
      setRecent(readRecent(recentKey))
      setSelected((s) => s.filter((id) => !ids.includes(id)))
      return refresh()
    },
    onError,
  })

  const openEditor = (tag: Tag | 'new') => {
    form.setFieldsValue({ name: tag === 'new' ? '' : tag.name })
    setEditing(tag)
  }
  const columns: TableColumnsType<Tag> = [
    { key: 'name', title: '标签名称', dataIndex: 'name' },
    { key: 'creatorName', title: '创建人', dataIndex: 'creatorName', render: (v: string) => v || '--' },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', render: formatTime },
    {
      key: 'actions',
      title: '操作',
      render: (_, tag) => (
        <Flex gap={4}>
          {may('编辑') ? (
            <Button type="link" size="small" onClick={() => openEditor(tag)}>
              重命名
            </Button>
          ) : null}
          {may('删除') ? (
            <Popconfirm
              title={`确定删除标签「${tag.name}」？`}
              okText="确定"
              cancelText="取消"
              onConfirm={() => remove.mutateAsync([tag.id]).catch(() => undefined)}
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
    <Card>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label="按标签名称搜索"
          placeholder="请输入标签名称"
          maxLength={TAG_NAME_MAX}
          enterButton="搜索"
          style={{ width: 300 }}
          onSearch={(v) => setQuery((q) => ({ ...q, page: 1, name: v.trim() }))}
        />
        {may('添加') ? (
          <Button type="primary" onClick={() => openEditor('new')}>
            新增标签
          </Button>
        ) : null}
        {may('删除') ? (
          <Button
            danger
            disabled={!selected.length}
            onClick={() =>
              modal.confirm({
                title: '提示',
                content: `确定删除选中的${selected.length}个标签？`,
                okText: '确定',
                cancelText: '取消',
                okButtonProps: { danger: true },
                onOk: () => remove.mutateAsync(selected).catch(() => undefined),
              })
            }
          >
            批量删除
          </Button>
        ) : null}
        {selected.length ? <span>已选 {selected.length} 个</span> : null}
      </Flex>
      {recent.length ? (
        <Flex gap={4} wrap align="center" style={{ marginBottom: 16 }}>
          <span>最近使用：</span>
          {recent.map((o) => (
            <Chip key={o.id}>{o.name}</Chip>
          ))}
        </Flex>
      ) : null}
      {list.error ? (
        <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<Tag>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        locale={{ emptyText: list.isFetching ? '加载中...' : '暂无数据' }}
        rowSelection={
          may('删除')
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
        pagination={tablePagination(query.page, query.pageSize, list.data?.total ?? 0, (p, s) =>
          setQuery((q) => ({ ...q, page: p, pageSize: s })),
        )}
      />
      <Modal
        open={editing !== undefined}
        title={editing === 'new' ? '新增标签' : '重命名标签'}
        okText="确定"
        cancelText="取消"
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(undefined)}
        forceRender
      >
        <Form form={form} name={`tag-${type}`} onFinish={(v) => save.mutate({ name: v.name.trim() })}>
          <Form.Item
            name="name"
            label="标签名称"
            rules={[
              { required: true, whitespace: true, message: tagMessages.nameRequired },
              { max: TAG_NAME_MAX, message: tagMessages.nameTooLong },
            ]}
          >
            <Input maxLength={TAG_NAME_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  )
}
