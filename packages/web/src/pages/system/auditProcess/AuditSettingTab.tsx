import { CONTENT_PAGE_SIZE_MAX } from '@moc/domain/api/content'
import type { ProcessItem, SettingItem } from '@moc/domain/api/review'
import { screenByPath } from '@moc/domain/catalogue'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Select, Switch, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { api } from '../../../api/client.ts'
import { currentGrant } from '../../../api/session.ts'
import type { Paged } from '../../../widgets/usePagedQuery.ts'
import { PAGE, processKeys } from './processQueries.ts'

/** 单节点审核: no process bound — one implicit node, any holder of the queue's 审核 may decide. */
const SINGLE_NODE = 0

/**
 * 审核设置: every review type (from the resource definitions, GET /api/process/setting/list) with the process
 * it goes through and 禁止本人审核 (the submitter may not approve or reject their own item).
 */
export function AuditSettingTab() {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const mayEdit = can(currentGrant(), PAGE, '编辑')
  const settings = useQuery({
    queryKey: [processKeys.settings],
    queryFn: () => api.get<Paged<SettingItem>>('/api/process/setting/list'),
  })
  // The newest processes (a library holds a handful); a bound one further back still shows by name.
  const processes = useQuery({
    queryKey: [processKeys.list, 'options'],
    queryFn: () =>
      api.get<Paged<ProcessItem>>('/api/process/list', { page: 1, pageSize: CONTENT_PAGE_SIZE_MAX }),
  })

  const save = useMutation({
    mutationFn: (body: { resType: string; processId: number | null; fourEyes?: boolean }) =>
      api.post('/api/process/setting', body),
    onSuccess: () => {
      message.success('设置成功', TOAST_SUCCESS_S)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [processKeys.settings] }),
        queryClient.invalidateQueries({ queryKey: [processKeys.list] }),
      ])
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  const busy = (resType: string) => save.isPending && save.variables?.resType === resType

  const processOptions = (row: SettingItem) => {
    const options = new Map<number, string>([[SINGLE_NODE, '单节点审核']])
    if (row.processId !== null) options.set(row.processId, row.processName)
    for (const p of processes.data?.items ?? []) options.set(p.id, `${p.name}（${p.stateCount}个节点）`)
    return [...options].map(([value, label]) => ({ value, label }))
  }

  const columns: ColumnsType<SettingItem> = [
    { title: '审核类型', dataIndex: 'label', width: 140 },
    {
      title: '审核队列',
      dataIndex: 'queue',
      width: 160,
      // The queue's name from the catalogue (文章审核), not its route path.
      render: (queue: string) => screenByPath(queue)?.title ?? queue,
    },
    {
      title: '审核流程',
      key: 'process',
      render: (_: unknown, row) => (
        <Select
          aria-label={`${row.label}审核流程`}
          style={{ minWidth: 260 }}
          value={row.processId ?? SINGLE_NODE}
          disabled={!mayEdit}
          loading={busy(row.resType) || processes.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={processOptions(row)}
          onChange={(v: number) =>
            save.mutate({ resType: row.resType, processId: v === SINGLE_NODE ? null : v })
          }
        />
      ),
    },
    {
      title: '禁止本人审核',
      key: 'fourEyes',
      width: 140,
      render: (_: unknown, row) => (
        <Switch
          aria-label={`${row.label}禁止本人审核`}
          checked={row.fourEyes}
          disabled={!mayEdit}
          loading={busy(row.resType)}
          checkedChildren="开"
          unCheckedChildren="关"
          onChange={(fourEyes) => save.mutate({ resType: row.resType, processId: row.processId, fourEyes })}
        />
      ),
    },
  ]

  return (
    <>
      <Typography.Paragraph type="secondary">
        单节点审核：任何有该审核队列审核权限的账号都可审核。更换流程后，已在审核中的内容按原节点继续。
        开启禁止本人审核后，提交人不能通过或驳回自己提交的内容（超级管理员也不例外）。
      </Typography.Paragraph>
      {settings.error ? (
        <Alert type="error" showIcon title={settings.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<SettingItem>
        rowKey="resType"
        columns={columns}
        dataSource={settings.data?.items ?? []}
        loading={settings.isFetching && !settings.data}
        locale={{ emptyText: settings.isFetching ? '加载中...' : '暂无数据' }}
        pagination={false}
      />
    </>
  )
}
