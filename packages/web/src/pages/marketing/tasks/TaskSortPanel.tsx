import { TASK_ACTIONS, TASK_PERIODS } from '@moc/domain/api/tasks'
import { can } from '@moc/domain/permissions/can'
import { task } from '@moc/domain/resources/marketing/task'
import { useQuery } from '@tanstack/react-query'
import { Alert, Flex, Table, Tag, Typography } from 'antd'
import { api } from '../../../api/client.ts'
import { currentGrant } from '../../../api/session.ts'
import { listQueryKey, type ResourceRow } from '../../../engine/useResourceList.ts'
import { useSortRows } from '../../../engine/useSortRows.tsx'
import type { Paged } from '../../../widgets/usePagedQuery.ts'

/** As many tasks as one screen orders at once (a platform has a few dozen). */
const SORT_PAGE = 100

/**
 * 任务排序: every task in the order the app lists them; a row is dragged onto another's place, or moved with 上移 /
 * 下移 from the keyboard (the engine's 排序, POST /api/task/sort, permission 排序).
 */
export function TaskSortPanel() {
  const mayOrder = can(currentGrant(), task.permissionPage, '排序')
  const list = useQuery({
    queryKey: [...listQueryKey(task), 'sortPanel'],
    queryFn: () => api.get<Paged<ResourceRow>>('/api/task/list', { page: 1, pageSize: SORT_PAGE }),
  })
  const rows = list.data?.items ?? []
  const sorting = useSortRows(task, rows, mayOrder)
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        App 任务中心按此顺序展示任务{mayOrder ? '：拖动一行到另一行的位置，或用上移/下移调整' : ''}。
      </Typography.Text>
      {list.error ? <Alert type="error" showIcon title={list.error.message} /> : null}
      <Table<ResourceRow>
        aria-label="任务排序"
        rowKey="id"
        size="small"
        loading={list.isFetching || sorting.busy}
        dataSource={rows}
        pagination={false}
        onRow={sorting.onRow}
        locale={{ emptyText: list.isFetching ? '加载中...' : '暂无数据' }}
        columns={[
          { key: 'place', title: '顺序', width: 64, render: (_: unknown, __, i) => i + 1 },
          { key: 'name', title: '任务名称', dataIndex: 'name' },
          {
            key: 'action',
            title: '任务动作',
            dataIndex: 'action',
            render: (v: string) => TASK_ACTIONS[v as keyof typeof TASK_ACTIONS] ?? v,
          },
          {
            key: 'period',
            title: '周期',
            dataIndex: 'period',
            render: (v: string) => TASK_PERIODS[v as keyof typeof TASK_PERIODS] ?? v,
          },
          { key: 'points', title: '奖励积分', dataIndex: 'points' },
          {
            key: 'showState',
            title: '状态',
            dataIndex: 'showState',
            render: (v: unknown) => (v === false ? <Tag>下线</Tag> : <Tag color="blue">上线</Tag>),
          },
          ...(mayOrder
            ? [{ key: 'move', title: '操作', render: (_: unknown, row: ResourceRow) => sorting.buttons(row) }]
            : []),
        ]}
      />
    </Flex>
  )
}
