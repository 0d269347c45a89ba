import type { NoticeDelivery } from '@moc/domain/api/notices'
import { NOTICE_CHANNELS, NOTICE_SEND_STATES, notice } from '@moc/domain/resources/marketing/notice'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, Card, Descriptions, Flex, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { api } from '../../../api/client.ts'
import { detailQuery } from '../../../engine/prefetchForm.ts'
import { ResourceForm } from '../../../engine/ResourceForm.tsx'

/** 发送状态 tag colours. */
const STATE_COLORS: Record<string, string> = {
  waiting: 'orange',
  scheduled: 'blue',
  sending: 'processing',
  sent: 'green',
  failed: 'red',
  cancelled: 'default',
}

/** States whose notice is approved and out of the editor's hands. */
const LOCKED = new Set(['scheduled', 'sending', 'sent'])
/** States the delivery card keeps reading while the screen is open (the send may happen meanwhile). */
const LIVE = new Set(['scheduled', 'sending'])

const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '--')

type Row = NoticeDelivery['items'][number]
const columns: ColumnsType<Row> = [
  { title: '用户', key: 'user', render: (_, r) => r.nickname || (r.userId ? `用户${r.userId}` : '已删除') },
  { title: '手机号', dataIndex: 'phone', width: 140, render: (v: string) => v || '--' },
  { title: '站内信送达', dataIndex: 'deliveredAt', width: 180, render: time },
  {
    title: '已读',
    dataIndex: 'readAt',
    width: 180,
    render: (v: string | null, r) => (r.deliveredAt === null ? '--' : v ? time(v) : '未读'),
  },
  {
    title: '推送设备',
    dataIndex: 'devices',
    render: (d: string[] | null) => (d === null ? '--' : d.length ? d.join('、') : '无设备'),
  },
]

/** 送达情况: the send's state, time, count and failure, and the users it reached (GET /api/notice/delivery). */
function DeliveryCard({ id }: { id: number }) {
  const [page, setPage] = useState({ page: 1, pageSize: 10 })
  const q = useQuery({
    queryKey: ['notice-delivery', id, page],
    queryFn: () => api.get<NoticeDelivery>('/api/notice/delivery', { id, ...page }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (LIVE.has(query.state.data?.sendState ?? '') ? 5000 : false),
  })
  const d = q.data
  return (
    <Card size="small" title="送达情况" aria-label="送达情况" loading={q.isLoading}>
      {q.error ? <Alert type="error" showIcon title={q.error.message} /> : null}
      {d ? (
        <Flex vertical gap={12}>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} bordered>
            <Descriptions.Item label="发送状态">
              <Tag color={STATE_COLORS[d.sendState]}>{NOTICE_SEND_STATES[d.sendState]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="送达人数">{d.sentCount}</Descriptions.Item>
            <Descriptions.Item label="定时发送">
              {d.sendAt ? time(d.sendAt) : '审核通过后立即发送'}
            </Descriptions.Item>
            <Descriptions.Item label="发送时间">{time(d.sentAt)}</Descriptions.Item>
            <Descriptions.Item label="通知方式">{NOTICE_CHANNELS[d.channel]}</Descriptions.Item>
            <Descriptions.Item label="站内信">
              {d.messages} 条，已读 {d.read}
            </Descriptions.Item>
            <Descriptions.Item label="推送">{d.pushes} 条</Descriptions.Item>
            <Descriptions.Item label="失败原因">
              {d.failReason ? <Typography.Text type="danger">{d.failReason}</Typography.Text> : '--'}
            </Descriptions.Item>
          </Descriptions>
          <Table<Row>
            size="small"
            aria-label="送达用户"
            rowKey={(r) => String(r.userId)}
            columns={columns}
            dataSource={d.items}
            locale={{ emptyText: '暂无数据' }}
            loading={q.isFetching}
            pagination={{
              current: page.page,
              pageSize: page.pageSize,
              total: d.total,
              showTotal: (n) => `共 ${n} 人`,
              onChange: (p, size) => setPage({ page: size === page.pageSize ? p : 1, pageSize: size }),
            }}
          />
        </Flex>
      ) : null}
    </Card>
  )
}

/**
 * /noticeCentreDetail: the engine's form of a notice — read-only once it is approved for sending or sent (decision
 * 0049: what was approved is what goes out) — and, for a saved notice, its delivery.
 */
export default function NoticeDetailPage() {
  const [params] = useSearchParams()
  const raw = params.get('id')
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined
  const item = useQuery(detailQuery(notice, id))
  const state = String((item.data as { sendState?: unknown } | undefined)?.sendState ?? '')
  const locked = LOCKED.has(state)
  return (
    <Flex vertical gap={16}>
      {id !== undefined ? <DeliveryCard id={id} /> : null}
      {id !== undefined && locked ? (
        <Alert
          type="info"
          showIcon
          title={
            state === 'scheduled'
              ? '通知已审核通过，等待发送；如需修改请先在列表中撤回发布'
              : '通知已发送，不能修改'
          }
        />
      ) : null}
      {id !== undefined && item.isLoading ? null : (
        <ResourceForm key={locked ? 'view' : 'edit'} def={notice} view={locked} />
      )}
    </Flex>
  )
}
