import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import type { ResourceDef } from '@moc/domain/resources/types'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TableColumnsType } from 'antd'
import { Alert, App, Button, Card, Drawer, Flex, Tabs, Tag } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { api } from '../api/client.ts'
import { currentGrant } from '../api/session.ts'
import { COLUMN_WIDTH, TEXT_WIDTH } from '../widgets/columnWidths.ts'
import { EllipsisText } from '../widgets/EllipsisText.tsx'
import { useColumnSettings } from '../widgets/useColumnSettings.tsx'
import type { Paged } from '../widgets/usePagedQuery.ts'
import { WideTable } from '../widgets/WideTable.tsx'
import { RejectDialog } from './RejectDialog.tsx'
import { ReviewDetail } from './ReviewDetail.tsx'
import { type QueueRow, queueRows, queueTabs, readQueueTab, reviewApi, reviewDetailPath } from './review.ts'
import { reviewQueueKey, useReviewDecision } from './useWorkflow.tsx'
import './engine.css'
import { ReviewRowButtons } from './ReviewRowButtons.tsx'

const formatTime = (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '--')
const person = (v: string) => <EllipsisText text={v} maxWidth={TEXT_WIDTH.person} />
/** A time never wraps or shrinks (decision 0036: 审核时间 read "2(" at 1440 px). */
const timeColumn = { width: COLUMN_WIDTH.time, className: 'moc-nowrap', render: formatTime } as const

/**
 * A review queue (spec §2 audit lists, §7 review centre), drawn from a definition's `review`: tabs 待审核
 * (type=list) and 审核记录 (type=wait) in the URL, paging 30/50/100, batch and row 通过 / 驳回, 审核 opens
 * the detail screen (a queue without one decides on its rows only). `recordsOnly`: the queue's 审核记录 on a screen
 * of its own (/versionAudited), without the tabs.
 */
export function ReviewQueue({ def, recordsOnly = false }: { def: ResourceDef; recordsOnly?: boolean }) {
  const review = def.review!
  const navigate = useNavigate()
  const { modal } = App.useApp()
  const paths = reviewApi(def)
  const [params, setParams] = useSearchParams()
  const tabs = queueTabs(review.queue)
  // The records tab (审核记录) is the second; /versionAudited shows it alone.
  const type = recordsOnly ? tabs[1]!.key : readQueueTab(tabs, params.get('type'))
  const page = Math.max(1, Number(params.get('page')) || 1)
  const sizeParam = Number(params.get('pageSize'))
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : PAGE_SIZE_DEFAULT
  const mayReview = can(currentGrant(), review.permissionPage, '审核')
  const detailPath = reviewDetailPath(review.queue)

  const setQuery = (next: { type?: string; page?: number; pageSize?: number }) => {
    const t = next.type ?? type
    const p = next.page ?? page
    const s = next.pageSize ?? pageSize
    const q = new URLSearchParams()
    // A queue several types share keeps the chosen type (SharedReviewQueue).
    const kind = params.get('kind')
    if (kind) q.set('kind', kind)
    if (t !== tabs[0]!.key && !recordsOnly) q.set('type', t)
    if (p !== 1) q.set('page', String(p))
    if (s !== PAGE_SIZE_DEFAULT) q.set('pageSize', String(s))
    setParams(q)
  }

  const query = { type, page, pageSize }
  const list = useQuery({
    queryKey: [...reviewQueueKey(def), query],
    queryFn: () => api.get<Paged<unknown>>(paths.queue, query),
    placeholderData: keepPreviousData,
  })
  const rows = queueRows(list.data?.items)

  const scope = params.toString()
  const [selection, setSelection] = useState<{ scope: string; ids: number[] }>({ scope, ids: [] })
  const selected = selection.scope === scope ? selection.ids : []
  const [rejecting, setRejecting] = useState<number[]>()
  // A queue without a detail screen (/auditSearchKeyword) shows the item in a drawer.
  const [viewing, setViewing] = useState<number>()
  const decide = useReviewDecision(def, {
    onDone: () => {
      setSelection({ scope, ids: [] })
      setRejecting(undefined)
    },
  })

  const approve = (ids: number[], title?: string) =>
    modal.confirm({
      title: '提示',
      content: title ? `确定审核通过「${title}」？` : `确定审核通过选中的${ids.length}条内容？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => decide.mutateAsync({ ids }).catch(() => undefined),
    })

  const pending = type === 'list'
  const columns: TableColumnsType<QueueRow> = [
    {
      key: 'title',
      title: '标题',
      dataIndex: 'title',
      render: (v: string) => <EllipsisText text={v} maxWidth={TEXT_WIDTH.title} />,
    },
    {
      key: 'creatorName',
      title: '创建人',
      dataIndex: 'creatorName',
      render: person,
    },
    {
      key: 'submitterName',
      title: '提交人',
      dataIndex: 'submitterName',
      render: person,
    },
    { key: 'submittedAt', title: '提交时间', dataIndex: 'submittedAt', ...timeColumn },
    ...(pending
      ? [
          {
            key: 'nodeName',
            title: '当前节点',
            dataIndex: 'nodeName',
            render: person,
          },
        ]
      : [
          {
            key: 'decision',
            title: '审核结果',
            dataIndex: 'decision',
            render: (v: string) =>
              v ? (
                <Tag color={v.includes('驳回') ? 'red' : v.includes('通过') ? 'green' : undefined}>{v}</Tag>
              ) : (
                '--'
              ),
          },
          {
            key: 'nodeName',
            title: '审核节点',
            dataIndex: 'nodeName',
            render: person,
          },
          {
            key: 'reason',
            title: '驳回原因',
            dataIndex: 'reason',
            render: (v: string) => <EllipsisText text={v} maxWidth={TEXT_WIDTH.reason} />,
          },
          { key: 'time', title: '审核时间', dataIndex: 'time', ...timeColumn },
        ]),
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      render: (_: unknown, row) => (
        <Flex gap={4} wrap>
          {detailPath ? (
            <Button
              type="link"
              size="small"
              onClick={() =>
                navigate(
                  `${detailPath}?${params.has('kind') ? `kind=${params.get('kind')}&` : ''}id=${row.id}`,
                )
              }
            >
              {pending && mayReview ? '审核' : '查看'}
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => setViewing(row.id)}>
              查看
            </Button>
          )}
          {pending && mayReview ? (
            <ReviewRowButtons
              onApprove={() => approve([row.id], row.title)}
              onReject={() => setRejecting([row.id])}
            />
          ) : null}
        </Flex>
      ),
    },
  ]

  // 中等 by default: a reviewer reads the records row by row, and at 1440 px all nine columns fit (decision 0036).
  const table = useColumnSettings(columns, { defaultSize: 'middle' })

  return (
    <Card>
      {recordsOnly ? (
        <Flex justify="end" style={{ marginBottom: 16 }}>
          {table.button}
        </Flex>
      ) : (
        <Tabs
          activeKey={type}
          tabBarExtraContent={table.button}
          onChange={(t) => setQuery({ type: t, page: 1 })}
          items={tabs.map((t) => ({ key: t.key, label: t.label }))}
        />
      )}
      {pending && mayReview ? (
        <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
          <Button type="primary" disabled={!selected.length} onClick={() => approve(selected)}>
            批量通过
          </Button>
          <Button danger disabled={!selected.length} onClick={() => setRejecting(selected)}>
            批量驳回
          </Button>
          {selected.length > 0 ? <span>已选 {selected.length} 条</span> : null}
        </Flex>
      ) : null}
      {list.error ? (
        <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      <WideTable<QueueRow>
        rowKey="key"
        columns={table.columns}
        size={table.size}
        dataSource={rows}
        loading={list.isFetching}
        locale={{ emptyText: list.isFetching ? '加载中...' : '暂无数据' }}
        rowSelection={
          pending && mayReview
            ? {
                selectedRowKeys: rows.filter((r) => selected.includes(r.id)).map((r) => r.key),
                onChange: (_, chosen) => setSelection({ scope, ids: chosen.map((r) => r.id) }),
              }
            : undefined
        }
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          pageSizeOptions: [...PAGE_SIZES],
          showSizeChanger: true,
          showQuickJumper: true,
          showLessItems: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (p, s) => setQuery({ page: s === pageSize ? p : 1, pageSize: s }),
        }}
      />
      <Drawer
        open={viewing !== undefined}
        title={`${def.label}审核`}
        size={880}
        onClose={() => setViewing(undefined)}
        destroyOnHidden
      >
        {viewing !== undefined ? (
          <ReviewDetail def={def} item={viewing} onClose={() => setViewing(undefined)} />
        ) : null}
      </Drawer>
      <RejectDialog
        open={rejecting !== undefined}
        count={rejecting?.length ?? 0}
        busy={decide.isPending}
        onCancel={() => setRejecting(undefined)}
        onReject={(reason) => rejecting && decide.mutate({ ids: rejecting, reason })}
      />
    </Card>
  )
}
