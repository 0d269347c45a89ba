import {
  type CouponLookup,
  type CouponWriteOffRow,
  couponMessages,
  USER_COUPON_STATES,
  WRITE_OFF_CHANNELS,
} from '@moc/domain/api/coupons'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { chinaTime } from '@moc/domain/rules/chinaTime'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  Select,
  Table,
  Tag,
} from 'antd'
import type { Dayjs } from 'dayjs'
import { useRef, useState } from 'react'
import { api } from '../../../api/client.ts'
import { downloadFile } from '../../../api/download.ts'
import { currentGrant } from '../../../api/session.ts'
import { formatTime } from '../../../engine/displayValue.ts'
import { SearchButtons } from '../../../widgets/SearchButtons.tsx'
import { usePagedQuery } from '../../../widgets/usePagedQuery.ts'
import { STATE_COLORS } from './SendRecordsDrawer.tsx'

const PAGE = '营销-优惠券核销'
const LOG_KEY = 'coupon-write-offs'

/**
 * 优惠券核销 (spec §2 /couponWriteOff; decision 0047): type a code, or scan it (a scanner types it and presses Enter),
 * see the coupon, its holder, validity and state, then 核销 after a confirmation; every refusal (券码不存在, 该券码已核销
 * （核销时间 …）, 该券已过期) stays on screen. Below, the write-off log — counter and app — with search and 导出.
 */
export default function CouponWriteOffPage() {
  return (
    <Flex vertical gap={16}>
      <WriteOffCard />
      <WriteOffLog />
    </Flex>
  )
}

function WriteOffCard() {
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const mayWriteOff = can(currentGrant(), PAGE, '核销')
  const [code, setCode] = useState('')
  const [remark, setRemark] = useState('')
  const [found, setFound] = useState<CouponLookup>()
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string }>()
  const input = useRef<{ focus: () => void } | null>(null)

  const lookup = useMutation({
    mutationFn: (c: string) => api.get<CouponLookup>('/api/couponWriteOff/lookup', { code: c }),
    onMutate: () => {
      setFound(undefined)
      setOutcome(undefined)
    },
    onSuccess: (data) => {
      setFound(data)
      // A code that cannot be written off says why at once, in the server's words.
      if (data.state === 'used')
        setOutcome({ type: 'error', text: couponMessages.codeUsed(chinaTime(data.usedAt)) })
      else if (data.state === 'expired') setOutcome({ type: 'error', text: couponMessages.codeExpired })
    },
    onError: (err) => setOutcome({ type: 'error', text: err.message }),
  })
  const writeOff = useMutation({
    mutationFn: (c: string) =>
      api.post<{ code: string; couponName: string; usedAt: string }>('/api/couponWriteOff/writeOff', {
        code: c,
        remark,
      }),
    onSuccess: (data) => {
      message.success(couponMessages.writtenOff, TOAST_SUCCESS_S)
      setOutcome({ type: 'success', text: `核销成功：${data.couponName}（券码 ${data.code}）` })
      setFound((f) => (f ? { ...f, state: 'used', usedAt: data.usedAt } : f))
      setRemark('')
      void queryClient.invalidateQueries({ queryKey: [LOG_KEY] })
      input.current?.focus()
    },
    onError: (err) => {
      setOutcome({ type: 'error', text: err.message })
      message.error(err.message, TOAST_ERROR_S)
    },
  })
  const search = (text: string) => {
    const c = text.replace(/[\s-]/g, '').toUpperCase()
    if (!c) return setOutcome({ type: 'error', text: couponMessages.codeRequired })
    setCode(c)
    lookup.mutate(c)
  }
  const confirm = () => {
    if (!found) return
    modal.confirm({
      title: '确认核销',
      content: `确定核销券码 ${found.code}（${found.couponName}，${found.nickname}）？核销后不可撤回。`,
      okText: '核销',
      cancelText: '取消',
      onOk: () => writeOff.mutateAsync(found.code).catch(() => undefined),
    })
  }
  return (
    <Card title="核销券码">
      <Flex vertical gap={16} style={{ maxWidth: 720 }}>
        <Input.Search
          ref={input as never}
          aria-label="券码"
          autoFocus
          allowClear
          enterButton="查询"
          size="large"
          maxLength={40}
          placeholder="输入券码或用扫码枪扫描后回车"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onSearch={search}
          loading={lookup.isPending}
        />
        {outcome ? <Alert type={outcome.type} showIcon title={outcome.text} /> : null}
        {found ? (
          <>
            <Descriptions bordered size="small" column={2}>
              <Descriptions.Item label="券码">
                <code>{found.code}</code>
              </Descriptions.Item>
              <Descriptions.Item label="状态">
                <Tag color={STATE_COLORS[found.state]}>{USER_COUPON_STATES[found.state]}</Tag>
                {found.couponShown ? null : <Tag>优惠券已下线</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label="优惠券">{found.couponName}</Descriptions.Item>
              <Descriptions.Item label="优惠内容">{found.benefit}</Descriptions.Item>
              <Descriptions.Item label="持有人">
                {found.nickname}（ID {found.userId}）
              </Descriptions.Item>
              <Descriptions.Item label="手机号">{found.phone || '--'}</Descriptions.Item>
              <Descriptions.Item label="有效期">
                {found.validStart ? formatTime(found.validStart) : '领取后'} ~{' '}
                {found.validEnd ? formatTime(found.validEnd) : '不限'}
              </Descriptions.Item>
              <Descriptions.Item label="核销时间">{formatTime(found.usedAt)}</Descriptions.Item>
              {found.description ? (
                <Descriptions.Item label="说明" span={2}>
                  {found.description}
                </Descriptions.Item>
              ) : null}
            </Descriptions>
            {mayWriteOff && found.state === 'unused' ? (
              <Flex gap={8}>
                <Input
                  aria-label="核销备注"
                  maxLength={100}
                  placeholder="备注（选填），如 门店、订单号"
                  value={remark}
                  onChange={(e) => setRemark(e.target.value)}
                />
                <Button type="primary" loading={writeOff.isPending} onClick={confirm}>
                  核销
                </Button>
              </Flex>
            ) : null}
          </>
        ) : null}
      </Flex>
    </Card>
  )
}

interface LogSearch {
  keyword?: string
  channel?: string
  range?: [Dayjs, Dayjs]
}

/** 核销记录: every write-off, newest first; search by code, coupon or user, channel and time; 导出. */
function WriteOffLog() {
  const { message } = App.useApp()
  const [form] = Form.useForm<LogSearch>()
  const [filters, setFilters] = useState<Record<string, string | undefined>>({})
  const log = usePagedQuery<CouponWriteOffRow>(LOG_KEY, '/api/couponWriteOff/list', filters)
  const [exporting, setExporting] = useState(false)
  const apply = (v: LogSearch) => {
    setFilters({
      keyword: v.keyword?.trim() || undefined,
      channel: v.channel,
      startTime: v.range?.[0]?.startOf('day').toISOString(),
      endTime: v.range?.[1]?.endOf('day').toISOString(),
    })
    log.resetPage()
  }
  const exportLog = async () => {
    setExporting(true)
    try {
      const body = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined))
      await downloadFile('/api/couponWriteOff/export', body, '优惠券核销记录.xlsx')
      message.success('导出成功', TOAST_SUCCESS_S)
    } catch (err) {
      message.error((err as Error).message, TOAST_ERROR_S)
    } finally {
      setExporting(false)
    }
  }
  return (
    <Card
      title="核销记录"
      extra={
        can(currentGrant(), PAGE, '导出') ? (
          <Button loading={exporting} onClick={() => void exportLog()}>
            导出
          </Button>
        ) : null
      }
    >
      <Form form={form} layout="inline" name="coupon-write-offs" onFinish={apply}>
        <Form.Item label="关键词" name="keyword">
          <Input
            allowClear
            maxLength={50}
            placeholder="券码、优惠券、用户昵称或手机号"
            style={{ width: 260 }}
          />
        </Form.Item>
        <Form.Item label="核销渠道" name="channel">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={Object.entries(WRITE_OFF_CHANNELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item label="核销时间" name="range">
          <DatePicker.RangePicker />
        </Form.Item>
        <SearchButtons onReset={() => apply({})} />
      </Form>
      <Table<CouponWriteOffRow>
        aria-label="核销记录"
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        loading={log.list.isFetching}
        dataSource={log.list.data?.items}
        pagination={log.pagination}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          { key: 'createdAt', title: '核销时间', dataIndex: 'createdAt', render: formatTime },
          { key: 'code', title: '券码', dataIndex: 'code', render: (v: string) => <code>{v}</code> },
          { key: 'couponName', title: '优惠券', dataIndex: 'couponName' },
          { key: 'nickname', title: '用户', render: (_, r) => `${r.nickname || '--'}（ID ${r.userId}）` },
          {
            key: 'channel',
            title: '核销渠道',
            dataIndex: 'channel',
            render: (v: keyof typeof WRITE_OFF_CHANNELS) => (
              <Tag color={v === 'app' ? 'purple' : 'blue'}>{WRITE_OFF_CHANNELS[v]}</Tag>
            ),
          },
          { key: 'operator', title: '操作人', dataIndex: 'operator', render: (v: string) => v || '--' },
          { key: 'remark', title: '备注', dataIndex: 'remark', render: (v: string) => v || '--' },
        ]}
      />
    </Card>
  )
}
