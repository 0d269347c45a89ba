import { USER_COUPON_STATES, type UserCouponRow } from '@moc/domain/api/coupons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Drawer, Table, Tag } from 'antd'
import { useState } from 'react'
import { api } from '../../../api/client.ts'
import { formatTime } from '../../../engine/displayValue.ts'

export const STATE_COLORS: Record<string, string> = { unused: 'blue', used: 'green', expired: 'default' }

/** 查看名单: a send's codes — who holds each, its state, when it was received and used. */
export function SendRecordsDrawer({
  send,
  onClose,
}: {
  send?: { id: number; refs?: Record<string, string> }
  onClose: () => void
}) {
  const [page, setPage] = useState(1)
  const records = useQuery({
    queryKey: ['coupon-send-records', send?.id, page],
    queryFn: () =>
      api.get<{ items: UserCouponRow[]; total: number }>('/api/couponSend/records', {
        id: send!.id,
        page,
        pageSize: 20,
      }),
    enabled: send !== undefined,
    placeholderData: keepPreviousData,
  })
  return (
    <Drawer
      open={send !== undefined}
      onClose={() => {
        setPage(1)
        onClose()
      }}
      title={`发放名单：${send?.refs?.couponId ?? ''}`}
      size={760}
    >
      <Table<UserCouponRow>
        aria-label="发放名单"
        rowKey="id"
        size="small"
        loading={records.isFetching}
        dataSource={records.data?.items}
        locale={{ emptyText: '暂无数据' }}
        pagination={{
          current: page,
          pageSize: 20,
          total: records.data?.total ?? 0,
          showTotal: (n) => `共 ${n} 条`,
          onChange: setPage,
        }}
        columns={[
          { key: 'userId', title: '用户ID', dataIndex: 'userId' },
          { key: 'nickname', title: '昵称', dataIndex: 'nickname' },
          { key: 'phone', title: '手机号', dataIndex: 'phone' },
          { key: 'code', title: '券码', dataIndex: 'code', render: (v: string) => <code>{v}</code> },
          {
            key: 'state',
            title: '状态',
            dataIndex: 'state',
            render: (v: keyof typeof USER_COUPON_STATES) => (
              <Tag color={STATE_COLORS[v]}>{USER_COUPON_STATES[v]}</Tag>
            ),
          },
          { key: 'receivedAt', title: '领取时间', dataIndex: 'receivedAt', render: formatTime },
          { key: 'usedAt', title: '核销时间', dataIndex: 'usedAt', render: formatTime },
        ]}
      />
    </Drawer>
  )
}
