import { ACCOUNT_STATE, type AccountItem, accountFormMessages } from '@moc/domain/api/accounts'
import { accountMessages } from '@moc/domain/api/session'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Form, Input, Popconfirm, Select, Switch, Tabs, Tag, TreeSelect } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { useMemo, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant, currentUser } from '../../api/session.ts'
import { COLUMN_WIDTH, TEXT_WIDTH } from '../../widgets/columnWidths.ts'
import { EllipsisText } from '../../widgets/EllipsisText.tsx'
import { PagedTable } from '../../widgets/PagedTable.tsx'
import { SearchButtons } from '../../widgets/SearchButtons.tsx'
import { useColumnSettings } from '../../widgets/useColumnSettings.tsx'
import { usePagedQuery } from '../../widgets/usePagedQuery.ts'
import { departmentOptions, queryKeys, useDepartmentTree, useRoleOptions } from './organisationQueries.ts'
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx'

const stateTag: Record<number, { text: string; color?: string }> = {
  [ACCOUNT_STATE.pending]: { text: '待审批', color: 'orange' },
  [ACCOUNT_STATE.enabled]: { text: '启用', color: 'green' },
  [ACCOUNT_STATE.disabled]: { text: '禁用' },
}
const stateTabs = [
  { key: 'all', label: '全部' },
  { key: String(ACCOUNT_STATE.pending), label: '待审批' },
  { key: String(ACCOUNT_STATE.enabled), label: '启用' },
  { key: String(ACCOUNT_STATE.disabled), label: '禁用' },
]

const LIST_KEY = queryKeys.accounts
const PAGE = '系统-账号'
const SEARCH_PARAMS = ['keyword', 'phone', 'departmentId', 'roleId'] as const
/** The URL's text as the search form's values: the department and role pickers hold ids. */
const searchFormValues = (v: Record<string, string>) => ({
  ...v,
  departmentId: v.departmentId ? Number(v.departmentId) : undefined,
  roleId: v.roleId ? Number(v.roleId) : undefined,
})

/** A row action: the call, then its success message and a fresh list. */
function useRowAction<V extends { id: number }>(call: (v: V) => Promise<unknown>, success: (v: V) => string) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: (_, v) => {
      message.success(success(v), TOAST_SUCCESS_S)
      return queryClient.invalidateQueries({ queryKey: [LIST_KEY] })
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
}

/** 账号管理: find accounts, approve registrations, edit, reset passwords, enable, disable and delete. */
export default function AccountPage() {
  const navigate = useNavigate()
  const [form] = Form.useForm()
  const [resetting, setResetting] = useState<AccountItem>()
  const selfId = currentUser()?.id
  const grant = currentGrant()
  const may = {
    add: can(grant, PAGE, '添加'),
    edit: can(grant, PAGE, '编辑'),
    state: can(grant, PAGE, '启用/禁用'),
    remove: can(grant, PAGE, '删除'),
  }
  const tree = useDepartmentTree()
  // Stable between renders, so an open dropdown is not redrawn while someone picks in it.
  const departmentTreeData = useMemo(() => departmentOptions(tree.data ?? []), [tree.data])
  const roles = useRoleOptions()

  // The state tab and the search live in the URL (decision 0036): a reload or a link shows the same accounts.
  const [params] = useSearchParams()
  const tab = stateTabs.some((t) => t.key === params.get('state')) ? params.get('state')! : 'all'
  const { list, pagination, search, setParam } = usePagedQuery<AccountItem>(
    LIST_KEY,
    '/api/admin/list',
    { state: tab === 'all' ? undefined : Number(tab) },
    { url: { params: SEARCH_PARAMS, form, toForm: searchFormValues } },
  )
  const setState = useRowAction(
    (v: { id: number; state: number }) => api.post('/api/admin/state', v),
    ({ state }) => (state === ACCOUNT_STATE.enabled ? accountMessages.enabled : accountMessages.disabled),
  )
  const setSms = useRowAction(
    (v: { id: number; requireSms: boolean }) => api.post('/api/admin/security', v),
    ({ requireSms }) => (requireSms ? accountMessages.smsOn : accountMessages.smsOff),
  )
  const setDirector = useRowAction(
    (v: { id: number; isDirector: boolean }) => api.post('/api/admin/director', v),
    ({ isDirector }) => (isDirector ? accountFormMessages.directorOn : accountFormMessages.directorOff),
  )
  const remove = useRowAction(
    (v: { id: number }) => api.post('/api/admin/delete', v),
    () => accountFormMessages.removed,
  )
  const busy = (m: { isPending: boolean; variables?: { id: number } | undefined }, id: number) =>
    m.isPending && m.variables?.id === id

  const stateAction = (row: AccountItem) => {
    const change = (state: number) => setState.mutate({ id: row.id, state })
    const loading = busy(setState, row.id)
    if (row.state === ACCOUNT_STATE.pending)
      return (
        <Button type="link" size="small" loading={loading} onClick={() => change(ACCOUNT_STATE.enabled)}>
          通过
        </Button>
      )
    if (row.state === ACCOUNT_STATE.enabled)
      return (
        <Popconfirm
          title="确定禁用该账号？禁用后该账号将立即退出登录"
          okText="确定"
          cancelText="取消"
          onConfirm={() => change(ACCOUNT_STATE.disabled)}
        >
          <Button type="link" size="small" danger loading={loading}>
            禁用
          </Button>
        </Popconfirm>
      )
    return (
      <Button type="link" size="small" loading={loading} onClick={() => change(ACCOUNT_STATE.enabled)}>
        启用
      </Button>
    )
  }

  const actions = (row: AccountItem) => {
    const self = row.id === selfId
    return (
      <Flex gap={4} wrap>
        {may.edit ? (
          <Button type="link" size="small" onClick={() => navigate(`/accountDetail?id=${row.id}`)}>
            编辑
          </Button>
        ) : null}
        {may.edit && !self ? (
          <Button type="link" size="small" onClick={() => setResetting(row)}>
            重置密码
          </Button>
        ) : null}
        {may.state && !self ? stateAction(row) : null}
        {may.remove && !self ? (
          <Popconfirm
            title={`确定删除账号「${row.username}」？删除后该账号将立即退出登录且不可恢复`}
            okText="确定"
            cancelText="取消"
            onConfirm={() => remove.mutate({ id: row.id })}
          >
            <Button type="link" size="small" danger loading={busy(remove, row.id)}>
              删除
            </Button>
          </Popconfirm>
        ) : null}
      </Flex>
    )
  }

  const text = (width: number) => (v: string | null) => <EllipsisText text={v} maxWidth={width} />
  const columns: ColumnsType<AccountItem> = [
    { title: '用户名', dataIndex: 'username', render: text(TEXT_WIDTH.person) },
    { title: '姓名', dataIndex: 'realName', render: text(TEXT_WIDTH.person) },
    { title: '手机号', dataIndex: 'phone', className: 'moc-nowrap', render: (v: string) => v || '--' },
    { title: '邮箱', dataIndex: 'email', render: text(TEXT_WIDTH.text) },
    { title: '部门', dataIndex: 'departmentName', render: text(TEXT_WIDTH.person) },
    { title: '职位', dataIndex: 'positionName', render: text(TEXT_WIDTH.person) },
    {
      title: '角色',
      dataIndex: 'roleName',
      render: (v: string | null) => <EllipsisText text={v ?? '未分配'} maxWidth={TEXT_WIDTH.person} />,
    },
    {
      title: '部门负责人',
      dataIndex: 'isDirector',
      render: (v: boolean, row) => (
        <Switch
          size="small"
          checked={v}
          aria-label={`部门负责人 ${row.username}`}
          disabled={!may.edit || row.departmentId === null}
          loading={busy(setDirector, row.id)}
          onChange={(isDirector) => setDirector.mutate({ id: row.id, isDirector })}
        />
      ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      render: (v: number) => {
        const tag = stateTag[v]
        return tag ? <Tag color={tag.color}>{tag.text}</Tag> : v
      },
    },
    {
      title: '短信验证登录',
      dataIndex: 'requireSms',
      render: (v: boolean, row) => (
        <Switch
          size="small"
          checked={v}
          aria-label={`短信验证登录 ${row.username}`}
          disabled={!may.edit || !row.phone}
          loading={busy(setSms, row.id)}
          onChange={(requireSms) => setSms.mutate({ id: row.id, requireSms })}
        />
      ),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: COLUMN_WIDTH.time,
      className: 'moc-nowrap',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    ...(may.edit || may.state || may.remove
      ? [
          {
            title: '操作',
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: AccountItem) => actions(row),
          },
        ]
      : []),
  ]

  const table = useColumnSettings(columns)
  const roleSelectOptions = (roles.data?.items ?? []).map((r) => ({ value: r.id, label: r.name }))

  return (
    <Card>
      <Tabs
        activeKey={tab}
        items={stateTabs}
        onChange={(key) => setParam('state', key === 'all' ? undefined : key)}
      />
      <Flex justify="space-between" align="start" wrap gap={8}>
        <Form form={form} name="account-search" layout="inline" onFinish={search}>
          <Form.Item label="姓名" name="keyword">
            <Input allowClear maxLength={50} placeholder="用户名或姓名" />
          </Form.Item>
          <Form.Item label="手机号" name="phone">
            <Input allowClear inputMode="numeric" maxLength={20} placeholder="手机号" />
          </Form.Item>
          <Form.Item label="部门" name="departmentId">
            <TreeSelect
              allowClear
              showSearch={{ treeNodeFilterProp: 'title' }}
              treeDefaultExpandAll
              style={{ width: 200 }}
              placeholder={tree.isError ? '部门加载失败' : '全部部门（含下级）'}
              loading={tree.isLoading}
              treeData={departmentTreeData}
              notFoundContent="暂无数据"
            />
          </Form.Item>
          <Form.Item label="角色" name="roleId">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 160 }}
              disabled={roles.isError}
              status={roles.isError ? 'warning' : undefined}
              placeholder={roles.isError ? '角色列表加载失败' : '全部角色'}
              loading={roles.isLoading}
              options={roleSelectOptions}
              notFoundContent="暂无数据"
            />
          </Form.Item>
          <SearchButtons onReset={() => search({})} />
        </Form>
        <Flex gap={8}>
          {may.add ? (
            <Button type="primary" onClick={() => navigate('/accountDetail')}>
              新增账号
            </Button>
          ) : null}
          {table.button}
        </Flex>
      </Flex>
      <PagedTable<AccountItem>
        list={list}
        pagination={pagination}
        columns={table.columns}
        size={table.size}
        scroll={{ x: 'max-content' }}
      />
      <ResetPasswordDialog account={resetting} onClose={() => setResetting(undefined)} />
    </Card>
  )
}
