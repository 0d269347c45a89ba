import {
  RED_PACKET_LEDGER_KINDS,
  type RedPacketLedger,
  type RedPacketLedgerKind,
  type RedPacketLedgerRow,
} from '@moc/domain/api/redPackets'
import { yuanText } from '@moc/domain/rules/money'
import { useQuery } from '@tanstack/react-query'
import type { TableColumnsType } from 'antd'
import { Alert, Descriptions, Drawer, Table, Tag } from 'antd'
import { useState } from 'react'
import { api } from '../../../api/client.ts'
import { formatTime } from '../../../engine/displayValue.ts'
import { tablePagination } from '../../../widgets/usePagedQuery.ts'

const KIND_COLORS: Record<RedPacketLedgerKind, string> = {
  invite: 'red',
  register: 'volcano',
  withdraw: 'blue',
  refund: 'green',
}

/** +12.50 / -1.00 元. */
const signed = (cents: number) => `${cents > 0 ? '+' : ''}${yuanText(cents)}`

/**
 * 红包流水 (decision 0048): one app user's ledger — every movement with the balance after it (the running balance),
 * newest first — and the check that the rows add up: the sum of all rows equals the wallet's balance.
 */
export function LedgerDrawer({ userId, onClose }: { userId: number | undefined; onClose: () => void }) {
  const [page, setPage] = useState({ page: 1, pageSize: 30, userId })
  // Another user starts again from the first page.
  const current = page.userId === userId ? page : { page: 1, pageSize: page.pageSize, userId }
  const ledger = useQuery({
    queryKey: ['red-packet-ledger', userId, current.page, current.pageSize],
    queryFn: () =>
      api.get<RedPacketLedger>('/api/redPacket/ledger', {
        userId,
        page: current.page,
        pageSize: current.pageSize,
      }),
    enabled: userId !== undefined,
    refetchOnMount: 'always',
  })
  const data = ledger.data
  const columns: TableColumnsType<RedPacketLedgerRow> = [
    { key: 'createdAt', title: '时间', dataIndex: 'createdAt', render: formatTime, width: 170 },
    {
      key: 'kind',
      title: '类型',
      dataIndex: 'kind',
      render: (k: RedPacketLedgerKind) => <Tag color={KIND_COLORS[k]}>{RED_PACKET_LEDGER_KINDS[k] ?? k}</Tag>,
    },
    {
      key: 'delta',
      title: '变动金额（元）',
      dataIndex: 'delta',
      align: 'right',
      render: (v: number) => <span style={{ color: v < 0 ? '#cf1322' : '#389e0d' }}>{signed(v)}</span>,
    },
    {
      key: 'balance',
      title: '变动后余额（元）',
      dataIndex: 'balance',
      align: 'right',
      render: (v: number) => yuanText(v),
    },
    {
      key: 'remark',
      title: '说明',
      render: (_: unknown, r) =>
        [
          r.remark,
          r.withdrawalId ? `提现申请 #${r.withdrawalId}` : '',
          r.inviteeId && r.kind === 'invite' ? `邀请用户 #${r.inviteeId}` : '',
        ]
          .filter(Boolean)
          .join('；') || '--',
    },
  ]
  const adds = data ? data.sum === data.balance : undefined
  return (
    <Drawer
      open={userId !== undefined}
      onClose={onClose}
      size={860}
      title={data ? `红包流水：${data.user.nickname}（ID ${data.user.id}）` : '红包流水'}
      destroyOnHidden
    >
      {ledger.error ? <Alert type="error" showIcon title={ledger.error.message} /> : null}
      {data ? (
        <>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'phone', label: '手机号', children: data.user.phone || '--' },
              {
                key: 'balance',
                label: '当前余额（元）',
                children: <b data-testid="ledger-balance">{yuanText(data.balance)}</b>,
              },
              { key: 'income', label: '累计收入（元）', children: yuanText(data.income) },
              { key: 'outgo', label: '累计支出（元）', children: yuanText(data.outgo) },
              { key: 'count', label: '流水笔数', children: data.total },
              {
                key: 'sum',
                label: '流水合计（元）',
                children: <b data-testid="ledger-sum">{signed(data.sum)}</b>,
              },
            ]}
          />
          <Alert
            style={{ marginTop: 12 }}
            showIcon
            type={adds ? 'success' : 'error'}
            title={
              adds
                ? `账目相符：全部流水合计 ${yuanText(data.sum)} 元 = 当前余额 ${yuanText(data.balance)} 元`
                : `账目不符：全部流水合计 ${yuanText(data.sum)} 元，当前余额 ${yuanText(data.balance)} 元`
            }
          />
        </>
      ) : null}
      <Table<RedPacketLedgerRow>
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={ledger.isFetching}
        locale={{ emptyText: ledger.isFetching ? '加载中...' : '暂无数据' }}
        pagination={tablePagination(current.page, current.pageSize, data?.total ?? 0, (p, s) =>
          setPage({ page: p, pageSize: s, userId }),
        )}
      />
    </Drawer>
  )
}
