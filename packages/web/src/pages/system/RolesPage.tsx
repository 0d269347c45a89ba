import { type RoleListItem, roleMessages } from '@moc/domain/api/roles'
import { SUPER_ADMIN_ROLE_ID, TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Form, Popconfirm } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { useNavigate } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { COLUMN_WIDTH, TEXT_WIDTH } from '../../widgets/columnWidths.ts'
import { EllipsisText } from '../../widgets/EllipsisText.tsx'
import { PagedTable } from '../../widgets/PagedTable.tsx'
import { SearchBar } from '../../widgets/SearchBar.tsx'
import { useColumnSettings } from '../../widgets/useColumnSettings.tsx'
import { usePagedQuery } from '../../widgets/usePagedQuery.ts'
import { ROLE_DETAIL_KEY, ROLE_LIST_KEY } from './roleQueries.ts'

/** 角色管理: find roles, open the editor to add or edit one, copy one, delete one no account uses. */
export default function RolesPage() {
  const { message } = App.useApp()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const grant = currentGrant()
  const mayAdd = can(grant, '系统-角色', '添加')
  const mayEdit = can(grant, '系统-角色', '编辑')
  const mayRemove = can(grant, '系统-角色', '删除')

  const [form] = Form.useForm()
  // The search and the page live in the URL (decision 0036).
  const { list, pagination, search } = usePagedQuery<RoleListItem>(
    ROLE_LIST_KEY,
    '/api/role',
    {},
    { url: { params: ['keyword'], form } },
  )
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [ROLE_LIST_KEY] }),
      queryClient.invalidateQueries({ queryKey: [ROLE_DETAIL_KEY] }),
    ])

  const copy = useMutation({
    mutationFn: (id: number) => api.post<{ id: number; name: string }>('/api/role/copy', { id }),
    onSuccess: (data) => {
      message.success(`${roleMessages.copied}：${data.name}`, TOAST_SUCCESS_S)
      return refresh()
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  const remove = useMutation({
    mutationFn: (id: number) => api.post('/api/role/delete', { id }),
    onSuccess: () => {
      message.success(roleMessages.removed, TOAST_SUCCESS_S)
      return refresh()
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })

  const actions = (row: RoleListItem) => {
    const locked = row.id === SUPER_ADMIN_ROLE_ID
    return (
      <Flex gap={4} wrap>
        {mayEdit || locked ? (
          <Button type="link" size="small" onClick={() => navigate(`/rolesDetail?id=${row.id}`)}>
            {locked ? '查看' : '编辑'}
          </Button>
        ) : null}
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
        {mayRemove && !locked ? (
          <Popconfirm
            title={`确定删除角色「${row.name}」？`}
            description={
              row.accountCount > 0 ? `该角色下还有${row.accountCount}个账号，无法删除` : '删除后不可恢复'
            }
            okText="确定"
            cancelText="取消"
            onConfirm={() => remove.mutate(row.id)}
          >
            <Button type="link" size="small" danger loading={remove.isPending && remove.variables === row.id}>
              删除
            </Button>
          </Popconfirm>
        ) : null}
      </Flex>
    )
  }

  const columns: ColumnsType<RoleListItem> = [
    {
      title: '角色名称',
      dataIndex: 'name',
      render: (v: string) => <EllipsisText text={v} maxWidth={TEXT_WIDTH.text} />,
    },
    {
      title: '描述',
      dataIndex: 'description',
      render: (v: string) => <EllipsisText text={v} maxWidth={TEXT_WIDTH.title} />,
    },
    { title: '账号数', dataIndex: 'accountCount', width: 100 },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: COLUMN_WIDTH.time,
      className: 'moc-nowrap',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 180,
      render: (_: unknown, row: RoleListItem) => actions(row),
    },
  ]
  const table = useColumnSettings(columns)

  return (
    <Card>
      <SearchBar
        formName="role-search"
        field="keyword"
        label="角色名称"
        onSearch={search}
        add={mayAdd ? { label: '新增角色', onClick: () => navigate('/rolesDetail') } : undefined}
        form={form}
        extra={table.button}
      />
      <PagedTable<RoleListItem>
        list={list}
        pagination={pagination}
        columns={table.columns}
        size={table.size}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  )
}
