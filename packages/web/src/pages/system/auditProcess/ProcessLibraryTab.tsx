import type { ProcessItem } from '@moc/domain/api/review'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { reviewResources } from '@moc/domain/resources/index'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Popconfirm, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { useState } from 'react'
import { api } from '../../../api/client.ts'
import { currentGrant } from '../../../api/session.ts'
import { PagedTable } from '../../../widgets/PagedTable.tsx'
import { SearchBar } from '../../../widgets/SearchBar.tsx'
import { usePagedQuery } from '../../../widgets/usePagedQuery.ts'
import { ProcessEditor, type ProcessTarget } from './ProcessEditor.tsx'
import { PAGE, processKeys } from './processQueries.ts'

/** The review types' Chinese names, from the definitions (more arrive with more content types). */
const typeLabel = (resType: string) => reviewResources.get(resType)?.label ?? resType

/**
 * 流程库: processes with the review types bound to them and their node count; search by name, create,
 * copy, edit (name, description, ordered nodes), delete — refused by the server while in use.
 */
export function ProcessLibraryTab() {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const grant = currentGrant()
  const mayAdd = can(grant, PAGE, '添加')
  const mayEdit = can(grant, PAGE, '编辑')
  const mayRemove = can(grant, PAGE, '删除')
  /** The process open in the editor, 'new', or none. */
  const [editing, setEditing] = useState<ProcessTarget>()

  const { list, pagination, search } = usePagedQuery<ProcessItem>(processKeys.list, '/api/process/list')
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [processKeys.list] }),
      queryClient.invalidateQueries({ queryKey: [processKeys.settings] }),
    ])

  const copy = useMutation({
    mutationFn: (id: number) => api.post<{ id: number; name: string }>('/api/process/copy', { id }),
    onSuccess: (data) => {
      message.success(`复制流程成功：${data.name}`, TOAST_SUCCESS_S)
      return refresh()
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  const remove = useMutation({
    mutationFn: (id: number) => api.post('/api/process/delete', { id }),
    onSuccess: () => {
      message.success('删除成功', TOAST_SUCCESS_S)
      return refresh()
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })

  const columns: ColumnsType<ProcessItem> = [
    { title: '流程名称', dataIndex: 'name' },
    { title: '说明', dataIndex: 'description', render: (v: string) => v || '--' },
    {
      title: '使用的审核类型',
      dataIndex: 'resTypes',
      render: (v: string[]) =>
        v.length ? (
          v.map((t) => <Tag key={t}>{typeLabel(t)}</Tag>)
        ) : (
          <Typography.Text type="secondary">未使用</Typography.Text>
        ),
    },
    { title: '节点数', dataIndex: 'stateCount', width: 90 },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 180,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_: unknown, row) => (
        <Flex gap={4} wrap>
          <Button type="link" size="small" onClick={() => setEditing(row)}>
            {mayEdit ? '编辑' : '查看'}
          </Button>
          {mayAdd ? (
            <Button
              type="link"
              size="small"
              loading={copy.isPending && copy.variables === row.id}
              onClick={() => copy.mutate(row.id)}
            >
              复制
            </Button>
          ) : null}
          {mayRemove ? (
            <Popconfirm
              title={`确定删除流程「${row.name}」？`}
              description={
                row.resTypes.length
                  ? `正被${row.resTypes.map(typeLabel).join('、')}使用，请先在审核设置中改用其他流程`
                  : '删除后不可恢复'
              }
              okText="确定"
              cancelText="取消"
              onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
            >
              <Button
                type="link"
                size="small"
                danger
                loading={remove.isPending && remove.variables === row.id}
              >
                删除
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ),
    },
  ]

  return (
    <>
      <SearchBar
        formName="process-search"
        field="name"
        label="流程名称"
        onSearch={search}
        add={mayAdd ? { label: '新增流程', onClick: () => setEditing('new') } : undefined}
      />
      <PagedTable<ProcessItem>
        list={list}
        pagination={pagination}
        columns={columns}
        scroll={{ x: 'max-content' }}
      />
      <ProcessEditor
        target={editing}
        onSaved={setEditing}
        onChanged={refresh}
        onClose={() => setEditing(undefined)}
      />
    </>
  )
}
