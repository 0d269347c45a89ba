import { JOB_STATES, type JobRowView, type JobState, jobStateText } from '@moc/domain/api/jobs'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { useMutation } from '@tanstack/react-query'
import { App, Button, Card, Flex, Popconfirm, Progress, Segmented, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { formatTime } from '../../engine/displayValue.ts'
import { COLUMN_WIDTH, TEXT_WIDTH } from '../../widgets/columnWidths.ts'
import { PagedTable } from '../../widgets/PagedTable.tsx'
import { useColumnSettings } from '../../widgets/useColumnSettings.tsx'
import { usePagedQuery } from '../../widgets/usePagedQuery.ts'

const PAGE = '系统-后台任务'
const stateColour: Record<JobState, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
}
/** Job types as operators read them; an unknown type shows as it is. */
const typeText: Record<string, string> = {
  'media.process': '媒资处理（转码/封面/缩略图）',
  'media.clip': '视频剪辑',
}
/** While any listed job waits or runs, the list refreshes itself this often. */
const POLL_MS = 2_000
const unsettled = (rows: JobRowView[] | undefined) =>
  !!rows?.some((r) => r.state === 'queued' || r.state === 'running')

/** 后台任务: the durable job queue — what waits, runs, finished or failed (with its error), and a retry. */
export default function JobsPage() {
  const { message } = App.useApp()
  // The state filter and the page live in the URL (decision 0036).
  const [params] = useSearchParams()
  const state = (JOB_STATES as readonly string[]).includes(params.get('state') ?? '')
    ? (params.get('state') as JobState)
    : 'all'
  const { list, pagination, setParam } = usePagedQuery<JobRowView>(
    'jobs',
    '/api/job/list',
    state === 'all' ? {} : { state },
    {
      refetchInterval: (query) => (unsettled(query.state.data?.items) ? POLL_MS : false),
      url: { params: [] },
    },
  )
  const mayRetry = can(currentGrant(), PAGE, '编辑')
  const retry = useMutation({
    mutationFn: (ids: number[]) => api.post<{ updated: number }>('/api/job/retry', { ids }),
    onSuccess: async () => {
      message.success('已重新排队', TOAST_SUCCESS_S)
      await list.refetch()
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })

  const columns: ColumnsType<JobRowView> = [
    { title: '编号', dataIndex: 'id', width: 90 },
    { title: '类型', dataIndex: 'type', width: 220, render: (v: string) => typeText[v] ?? v },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (v: JobState) => <Tag color={stateColour[v]}>{jobStateText[v]}</Tag>,
    },
    {
      title: '进度',
      dataIndex: 'progress',
      width: 160,
      render: (v: number, r) =>
        r.state === 'running' ? (
          <Progress percent={v} size="small" status="active" aria-label={`任务 ${r.id} 进度`} />
        ) : (
          '--'
        ),
    },
    {
      key: 'attempts',
      title: '尝试次数',
      width: 100,
      render: (_: unknown, r) => `${r.attempts}/${r.maxAttempts}`,
    },
    {
      title: '错误信息',
      dataIndex: 'lastError',
      render: (v: string) =>
        v ? (
          <Typography.Text
            type="danger"
            className="moc-ellipsis-text"
            style={{ maxWidth: TEXT_WIDTH.title }}
            ellipsis={{ tooltip: v }}
          >
            {v}
          </Typography.Text>
        ) : (
          '--'
        ),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: COLUMN_WIDTH.time,
      className: 'moc-nowrap',
      render: formatTime,
    },
    {
      title: '完成时间',
      dataIndex: 'finishedAt',
      width: COLUMN_WIDTH.time,
      className: 'moc-nowrap',
      render: formatTime,
    },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 100,
      render: (_: unknown, r) =>
        r.state === 'failed' && mayRetry ? (
          <Popconfirm title="确定重试该任务？" onConfirm={() => retry.mutateAsync([r.id])}>
            <Button type="link" size="small">
              重试
            </Button>
          </Popconfirm>
        ) : null,
    },
  ]

  const table = useColumnSettings(columns)

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Segmented
          aria-label="任务状态"
          value={state}
          onChange={(v) => setParam('state', v === 'all' ? undefined : String(v))}
          options={[
            { label: '全部', value: 'all' },
            ...JOB_STATES.map((s) => ({ label: jobStateText[s], value: s })),
          ]}
        />
        <Flex gap={8}>
          <Button onClick={() => void list.refetch()} loading={list.isFetching}>
            刷新
          </Button>
          {table.button}
        </Flex>
      </Flex>
      <PagedTable<JobRowView>
        list={list}
        pagination={pagination}
        columns={table.columns}
        size={table.size}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  )
}
