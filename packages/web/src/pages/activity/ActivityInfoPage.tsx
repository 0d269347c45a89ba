import { ACTIVITY_REASON_MAX, type ActivityStats, type EnrollItem } from '@moc/domain/api/activities'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { activity } from '@moc/domain/resources/activity/activity'
import {
  ACTIVITY_KINDS,
  ACTIVITY_STAGES,
  ARTICLE_STATES,
  ENROLL_STATES,
  PAY_STATES,
  PRIZE_TIERS,
} from '@moc/domain/resources/activity/activityRules'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Input,
  Modal,
  Popconfirm,
  Progress,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd'
import { type ReactNode, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { downloadFile } from '../../api/download.ts'
import { currentGrant } from '../../api/session.ts'
import { formatTime } from '../../engine/displayValue.ts'
import { detailQuery } from '../../engine/prefetchForm.ts'
import { useCommands } from '../../engine/useCommands.tsx'
import './activities.css'

type Target = 'enroll' | 'article'
type Decide = { kind: 'disqualify' | 'award'; target: Target; id: number; name: string }
const PAGE_SIZE = 10
const STATE_COLORS: Record<string, string> = {
  qualified: 'green',
  disqualified: 'red',
  awarded: 'gold',
  enrolled: 'blue',
  pending: 'default',
}
const STAGE_COLORS: Record<string, string> = {
  draft: 'default',
  pending: 'orange',
  published: 'blue',
  ongoing: 'green',
  ended: 'default',
  cancelled: 'red',
}
const yuan = (fen: number) => `${(fen / 100).toFixed(2)} 元`
const time = (v: unknown) => (v ? formatTime(String(v)) : '--')

interface FormField {
  id: number
  label: string
}
interface ArticleItem {
  id: number
  nickname: string
  title: string
  state: string
  reason: string
  prize: string
  createdAt: string
}

/** Bars of counts by label (the activity's statistics): antd Progress, as the vote results draw theirs. */
function Bars({ rows, label, unit }: { rows: [string, number][]; label: string; unit: string }) {
  const most = Math.max(1, ...rows.map(([, n]) => n))
  return (
    <figure aria-label={label} style={{ margin: 0 }}>
      <Typography.Title level={5}>{label}</Typography.Title>
      {rows.length ? null : <Typography.Text type="secondary">暂无数据</Typography.Text>}
      {rows.map(([name, n]) => (
        <div key={name} className="moc-activity-bar" data-bar={name}>
          <span>{name}</span>
          <Progress percent={(n / most) * 100} showInfo={false} />
          <span className="moc-activity-bar-count">
            {n} {unit}
          </span>
        </div>
      ))}
    </figure>
  )
}

function StatsCard({ id, essay }: { id: number; essay: boolean }) {
  const stats = useQuery({
    queryKey: ['activity-stats', id],
    queryFn: () => api.get<ActivityStats>('/api/activity/detail/stats', { id }),
  })
  const s = stats.data
  const named = (by: Record<string, number> | undefined, names: Record<string, string>) =>
    Object.entries(names).map(([k, label]): [string, number] => [label, by?.[k] ?? 0])
  return (
    <Card title="活动统计" loading={stats.isLoading}>
      {stats.error ? <Alert type="error" showIcon title={stats.error.message} /> : null}
      {s ? (
        <Flex vertical gap={16}>
          <Bars label="每日报名数" unit="人" rows={s.enrollsByDay.map((d) => [d.day, d.count])} />
          <Bars label="报名状态" unit="人" rows={named(s.enrollsByState, ENROLL_STATES)} />
          {essay ? <Bars label="作品状态" unit="篇" rows={named(s.entriesByState, ARTICLE_STATES)} /> : null}
        </Flex>
      ) : null}
    </Card>
  )
}

/** 合格 / 不合格 / 颁奖 buttons of one enrolment or entry. */
function DecisionButtons({
  target,
  row,
  onQualify,
  onAsk,
}: {
  target: Target
  row: { id: number; state: string; nickname: string; title?: string }
  onQualify: (target: Target, id: number) => void
  onAsk: (d: Decide) => void
}) {
  const name = row.title ?? row.nickname
  return (
    <Flex gap={4} wrap>
      {row.state !== 'qualified' ? (
        <Button size="small" type="link" onClick={() => onQualify(target, row.id)}>
          合格
        </Button>
      ) : null}
      {row.state !== 'disqualified' ? (
        <Button
          size="small"
          type="link"
          danger
          onClick={() => onAsk({ kind: 'disqualify', target, id: row.id, name })}
        >
          不合格
        </Button>
      ) : null}
      {row.state !== 'disqualified' ? (
        <Button size="small" type="link" onClick={() => onAsk({ kind: 'award', target, id: row.id, name })}>
          颁奖
        </Button>
      ) : null}
    </Flex>
  )
}

/** The dialog of 不合格 (a reason) or 颁奖 (a prize tier). */
function DecisionDialog({
  asking,
  onClose,
  onDone,
}: {
  asking?: Decide
  onClose: () => void
  onDone: () => void
}) {
  const { message } = App.useApp()
  const [reason, setReason] = useState('')
  const [prize, setPrize] = useState<string>()
  const [busy, setBusy] = useState(false)
  const disqualify = asking?.kind === 'disqualify'
  async function submit() {
    if (!asking) return
    const value = disqualify ? reason.trim() : prize
    if (!value) {
      message.error(disqualify ? '请输入不合格原因' : '请选择奖项', TOAST_ERROR_S)
      return
    }
    setBusy(true)
    try {
      const path = disqualify ? '/api/activity/disqualify' : '/api/activity/award'
      await api.get(path, {
        id: asking.id,
        target: asking.target,
        ...(disqualify ? { reason: value } : { prize: value }),
      })
      message.success(disqualify ? '已设为不合格' : '颁奖成功', TOAST_SUCCESS_S)
      setReason('')
      setPrize(undefined)
      onDone()
    } catch (e) {
      message.error((e as Error).message, TOAST_ERROR_S)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open={!!asking}
      title={disqualify ? `不合格：${asking?.name ?? ''}` : `颁奖：${asking?.name ?? ''}`}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {disqualify ? (
        <Input.TextArea
          aria-label="不合格原因"
          placeholder="请输入不合格原因"
          maxLength={ACTIVITY_REASON_MAX}
          showCount
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      ) : (
        <Select
          aria-label="奖项"
          placeholder="请选择奖项"
          style={{ width: '100%' }}
          value={prize}
          onChange={setPrize}
          options={PRIZE_TIERS.map((p) => ({ value: p, label: p }))}
        />
      )}
    </Modal>
  )
}

function stateTag(state: string, names: Record<string, string>) {
  return <Tag color={STATE_COLORS[state]}>{names[state] ?? state}</Tag>
}

function EnrollsCard({
  id,
  title,
  pay,
  mayDecide,
  actions,
}: {
  id: number
  title: string
  pay: boolean
  mayDecide: boolean
  actions: (target: Target, row: EnrollItem) => ReactNode
}) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [keyword, setKeyword] = useState('')
  const [page, setPage] = useState(1)
  const [exporting, setExporting] = useState(false)
  const list = useQuery({
    queryKey: ['activity-enrolls', id, keyword, page],
    queryFn: () =>
      api.get<{ items: EnrollItem[]; total: number; fields: FormField[] }>('/api/activity/enroll/list', {
        activityId: id,
        keyword: keyword || undefined,
        page,
        pageSize: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  })
  const fields = list.data?.fields ?? []
  const mayExport = can(currentGrant(), activity.permissionPage, '导出')
  const mayConfirm = can(currentGrant(), '活动-付费活动', '编辑')
  async function exportList() {
    setExporting(true)
    try {
      await downloadFile(
        '/api/activity/enroll/export',
        { activityId: id, keyword: keyword || undefined },
        `${title}-报名列表.xlsx`,
      )
    } catch (e) {
      message.error((e as Error).message, TOAST_ERROR_S)
    } finally {
      setExporting(false)
    }
  }
  async function confirmPay(enrollId: number) {
    try {
      await api.post('/api/activity/enroll/confirmPay', { id: enrollId })
      message.success('已确认收款', TOAST_SUCCESS_S)
      await queryClient.invalidateQueries({ queryKey: ['activity-enrolls', id] })
    } catch (e) {
      message.error((e as Error).message, TOAST_ERROR_S)
    }
  }
  return (
    <Card
      title="报名列表"
      extra={
        <Flex gap={8}>
          <Input.Search
            aria-label="搜索报名"
            placeholder="昵称或手机号"
            allowClear
            onSearch={(v) => {
              setKeyword(v.trim())
              setPage(1)
            }}
            style={{ width: 220 }}
          />
          {mayExport ? (
            <Button loading={exporting} onClick={() => void exportList()}>
              导出
            </Button>
          ) : null}
        </Flex>
      }
    >
      {list.error ? <Alert type="error" showIcon title={list.error.message} /> : null}
      <Table<EnrollItem>
        rowKey="id"
        size="small"
        aria-label="报名列表"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: '暂无数据' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '用户', dataIndex: 'nickname' },
          { title: '手机号', dataIndex: 'phone' },
          ...fields.map((f) => ({
            title: f.label,
            key: `f${f.id}`,
            render: (_: unknown, r: EnrollItem) => String(r.answers[String(f.id)] ?? ''),
          })),
          { title: '状态', dataIndex: 'state', render: (s: string) => stateTag(s, ENROLL_STATES) },
          { title: '不合格原因', dataIndex: 'reason', render: (v: string) => v || '--' },
          { title: '奖项', dataIndex: 'prize', render: (v: string) => v || '--' },
          ...(pay
            ? [
                { title: '报名费', dataIndex: 'fee', render: (v: number) => yuan(v) },
                {
                  title: '支付状态',
                  dataIndex: 'payState',
                  render: (v: string) => PAY_STATES[v as keyof typeof PAY_STATES] ?? v,
                },
              ]
            : []),
          { title: '报名时间', dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, r: EnrollItem) => (
              <Flex gap={4}>
                {mayDecide ? actions('enroll', r) : null}
                {pay && mayConfirm && r.payState === 'unpaid' ? (
                  <Popconfirm
                    title={`确认已收到「${r.nickname}」的报名费 ${yuan(r.fee)}？`}
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => confirmPay(r.id)}
                  >
                    <Button size="small" type="link">
                      确认收款
                    </Button>
                  </Popconfirm>
                ) : null}
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  )
}

function ArticlesCard({
  id,
  mayDecide,
  actions,
}: {
  id: number
  mayDecide: boolean
  actions: (target: Target, row: ArticleItem) => ReactNode
}) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [keyword, setKeyword] = useState('')
  const [page, setPage] = useState(1)
  const list = useQuery({
    queryKey: ['activity-articles', id, keyword, page],
    queryFn: () =>
      api.get<{ items: ArticleItem[]; total: number }>('/api/activity/articles/list', {
        activityId: id,
        keyword: keyword || undefined,
        page,
        pageSize: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  })
  async function remove(articleId: number) {
    try {
      await api.post('/api/activity/articles/remove', { id: articleId })
      message.success('已移除', TOAST_SUCCESS_S)
      await queryClient.invalidateQueries({ queryKey: ['activity-articles', id] })
      await queryClient.invalidateQueries({ queryKey: ['activity-stats', id] })
    } catch (e) {
      message.error((e as Error).message, TOAST_ERROR_S)
    }
  }
  return (
    <Card
      title="作品列表"
      extra={
        <Input.Search
          aria-label="搜索作品"
          placeholder="标题或作者"
          allowClear
          onSearch={(v) => {
            setKeyword(v.trim())
            setPage(1)
          }}
          style={{ width: 220 }}
        />
      }
    >
      {list.error ? <Alert type="error" showIcon title={list.error.message} /> : null}
      <Table<ArticleItem>
        rowKey="id"
        size="small"
        aria-label="作品列表"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: '暂无数据' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '作品标题', dataIndex: 'title' },
          { title: '作者', dataIndex: 'nickname' },
          { title: '状态', dataIndex: 'state', render: (s: string) => stateTag(s, ARTICLE_STATES) },
          { title: '不合格原因', dataIndex: 'reason', render: (v: string) => v || '--' },
          { title: '奖项', dataIndex: 'prize', render: (v: string) => v || '--' },
          { title: '投稿时间', dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, r: ArticleItem) =>
              mayDecide ? (
                <Flex gap={4}>
                  {actions('article', r)}
                  <Popconfirm
                    title={`确定移除作品「${r.title}」吗？`}
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => remove(r.id)}
                  >
                    <Button size="small" type="link" danger>
                      移除
                    </Button>
                  </Popconfirm>
                </Flex>
              ) : null,
          },
        ]}
      />
    </Card>
  )
}

/**
 * /activityInfo?id= (decision 0045): the activity — its stage, windows, limits and 取消 (the definition's command) —
 * its statistics drawn as bars, its enrolments (answers by the form's labels; 合格 / 不合格 with a reason / 颁奖 with
 * a prize tier; 确认收款 for a paid activity; 导出 to .xlsx) and, for an essay activity, its entries.
 */
export default function ActivityInfoPage() {
  const [params] = useSearchParams()
  const raw = params.get('id')
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const item = useQuery(detailQuery(activity, id))
  const refresh = () =>
    Promise.all(
      [
        ['activity-enrolls', id],
        ['activity-articles', id],
        ['activity-stats', id],
        ['resource-detail', activity.name, id],
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    )
  const commands = useCommands(activity, { onDone: () => void refresh() })
  const [asking, setAsking] = useState<Decide>()
  if (id === undefined) return <Empty description="请从活动列表选择活动" />
  if (item.error) return <Alert type="error" showIcon title={item.error.message} />
  if (!item.data) return <Card loading />
  const f = item.data.fields as Record<string, unknown>
  const kind = String(f.kind)
  const stage = String(f.stage)
  const mayDecide = can(currentGrant(), activity.permissionPage, '编辑') && stage !== 'cancelled'
  async function qualify(target: Target, rowId: number) {
    try {
      await api.get('/api/activity/qualify', { id: rowId, target })
      message.success('已设为合格', TOAST_SUCCESS_S)
      await refresh()
    } catch (e) {
      message.error((e as Error).message, TOAST_ERROR_S)
    }
  }
  const actions = (target: Target, row: { id: number; state: string; nickname: string; title?: string }) => (
    <DecisionButtons target={target} row={row} onQualify={(t, i) => void qualify(t, i)} onAsk={setAsking} />
  )
  return (
    <Flex vertical gap={16}>
      <Card
        title={item.data.title ?? ''}
        extra={
          <Flex gap={8}>
            {commands.rowButtons({ id, title: item.data.title, ...f })}
            {can(currentGrant(), activity.permissionPage, '编辑') ? (
              <Link to={`/editActivity?id=${id}`}>
                <Button>编辑</Button>
              </Link>
            ) : null}
          </Flex>
        }
      >
        <Descriptions column={2} size="small" aria-label="活动信息">
          <Descriptions.Item label="活动类型">
            {ACTIVITY_KINDS[kind as keyof typeof ACTIVITY_KINDS] ?? kind}
          </Descriptions.Item>
          <Descriptions.Item label="活动状态">
            <Tag color={STAGE_COLORS[stage]}>
              {ACTIVITY_STAGES[stage as keyof typeof ACTIVITY_STAGES] ?? stage}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label="活动时间">
            {time(f.startAt)} ~ {time(f.endAt)}
          </Descriptions.Item>
          <Descriptions.Item label="报名时间">
            {time(f.enrollStart)} ~ {f.enrollEnd ? time(f.enrollEnd) : '活动结束'}
          </Descriptions.Item>
          <Descriptions.Item label="报名人数">
            {String(f.enrollCount)}
            {Number(f.maxEnrolls) > 0 ? ` / ${String(f.maxEnrolls)}` : '（不限）'}
          </Descriptions.Item>
          {kind === 'essay' ? (
            <Descriptions.Item label="作品数">
              {String(f.entryCount)}（每人最多 {String(f.entriesPerUser)} 篇）
            </Descriptions.Item>
          ) : null}
          {kind === 'pay' ? (
            <Descriptions.Item label="报名费">{yuan(Number(f.fee))}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label="活动地点">{String(f.location || '--')}</Descriptions.Item>
          {stage === 'cancelled' ? (
            <>
              <Descriptions.Item label="取消时间">{time(f.cancelledAt)}</Descriptions.Item>
              <Descriptions.Item label="取消原因">{String(f.cancelReason || '--')}</Descriptions.Item>
            </>
          ) : null}
        </Descriptions>
      </Card>
      <StatsCard id={id} essay={kind === 'essay'} />
      <EnrollsCard
        id={id}
        title={item.data.title ?? ''}
        pay={kind === 'pay'}
        mayDecide={mayDecide}
        actions={actions}
      />
      {kind === 'essay' ? <ArticlesCard id={id} mayDecide={mayDecide} actions={actions} /> : null}
      <DecisionDialog
        asking={asking}
        onClose={() => setAsking(undefined)}
        onDone={() => {
          setAsking(undefined)
          void refresh()
        }}
      />
      {commands.dialog}
    </Flex>
  )
}
