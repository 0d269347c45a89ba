import type { VoteResults } from '@moc/domain/api/votes'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { vote } from '@moc/domain/resources/activity/vote'
import { voteModule } from '@moc/domain/resources/activity/voteModule'
import { voteOption } from '@moc/domain/resources/activity/voteOption'
import type { ResourceDef } from '@moc/domain/resources/types'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Descriptions, Empty, Flex, Progress, Tabs, Tag, Typography } from 'antd'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { downloadFile } from '../../api/download.ts'
import { currentGrant } from '../../api/session.ts'
import { formatTime } from '../../engine/displayValue.ts'
import { listQueryKey } from '../../engine/useResourceList.ts'
import './votes.css'

const ResourceList = lazy(() =>
  import('../../engine/ResourceList.tsx').then((m) => ({ default: m.ResourceList })),
)

/** How often the results are read again while the screen is open (live counts). */
const RESULTS_REFRESH_MS = 5_000
const PANEL = 'panel'

/** The vote the screen is about: `voteId` (the lists' filter), else the spec's `id`, else the one it named last. */
function useVoteId(): number | undefined {
  const [params] = useSearchParams()
  const raw = params.get('voteId') ?? params.get('id')
  const named = raw && /^\d+$/.test(raw) ? Number(raw) : undefined
  const [last, setLast] = useState(named)
  if (named !== undefined && named !== last) setLast(named)
  return named ?? last
}

interface VoteDetail {
  verifyState?: number
  showState?: boolean
  fields?: Record<string, unknown>
}

/**
 * 投票活动详情 (spec §2 /activeVotingDetail?id=; decision 0044): the vote at a glance, its live results drawn as bars
 * (read again every few seconds) with 导出, and its modules and options — the engine's lists of voteModule and
 * voteOption, filtered by the vote through the URL as their own search would (新增, 编辑, 排序, 点评, 显示/隐藏 all
 * theirs).
 */
export default function VoteDetailPage() {
  const id = useVoteId()
  if (id === undefined)
    return (
      <Card>
        <Empty description="请从投票活动列表选择一个投票活动">
          <Link to={vote.screens.list}>返回投票活动列表</Link>
        </Empty>
      </Card>
    )
  return (
    <Flex vertical gap={16}>
      <VoteSummary id={id} />
      <VoteResultsCard id={id} />
      <VoteParts id={id} />
    </Flex>
  )
}

const STATE_TAGS: Record<number, [string, string]> = {
  0: ['草稿', 'default'],
  1: ['已发布', 'green'],
  2: ['已驳回', 'red'],
  3: ['待审核', 'orange'],
}

function VoteSummary({ id }: { id: number }) {
  const item = useQuery({
    queryKey: [...listQueryKey(vote), 'detail', id],
    queryFn: () => api.get<VoteDetail>(`/api/${vote.name}/detail`, { id }),
  })
  if (item.error) return <Alert type="error" showIcon title={item.error.message} />
  const f = item.data?.fields ?? {}
  const [stateText, stateColor] = STATE_TAGS[item.data?.verifyState ?? 0] ?? STATE_TAGS[0]!
  const total = Number(f.totalLimit ?? 0)
  return (
    <Card
      title={`投票活动：${String(f.title ?? '')}`}
      loading={item.isLoading}
      extra={
        can(currentGrant(), vote.permissionPage, '编辑') ? (
          <Link to={`${vote.screens.edit}?id=${id}`}>
            <Button type="primary">编辑活动</Button>
          </Link>
        ) : null
      }
    >
      <Descriptions size="small" column={3}>
        <Descriptions.Item label="开始时间">{formatTime(f.startAt)}</Descriptions.Item>
        <Descriptions.Item label="结束时间">{formatTime(f.endAt)}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={stateColor}>{stateText}</Tag>
          {item.data?.showState === false ? <Tag>已隐藏</Tag> : null}
        </Descriptions.Item>
        <Descriptions.Item label="每人每日可投">{String(f.dailyLimit ?? 1)} 票</Descriptions.Item>
        <Descriptions.Item label="每人总可投">{total ? `${total} 票` : '不限'}</Descriptions.Item>
        <Descriptions.Item label="App 显示结果">{f.showResult === false ? '否' : '是'}</Descriptions.Item>
      </Descriptions>
    </Card>
  )
}

/** 投票结果: each module's options as bars scaled to the most voted, the casts per day, and 导出 (.xlsx). */
function VoteResultsCard({ id }: { id: number }) {
  const { message } = App.useApp()
  const [exporting, setExporting] = useState(false)
  const results = useQuery({
    queryKey: ['vote-results', id],
    queryFn: () => api.get<VoteResults>('/api/vote/module/data', { id }),
    refetchInterval: RESULTS_REFRESH_MS,
  })
  const mayExport = can(currentGrant(), vote.permissionPage, '导出')
  const exportResults = async () => {
    setExporting(true)
    try {
      await downloadFile('/api/vote/module/data/export', { id }, '投票结果.xlsx')
      message.success('导出成功', TOAST_SUCCESS_S)
    } catch (err) {
      message.error((err as Error).message, TOAST_ERROR_S)
    } finally {
      setExporting(false)
    }
  }
  const r = results.data
  const most = Math.max(1, ...(r?.modules.flatMap((m) => m.options.map((o) => o.voteCount)) ?? []))
  const busiestDay = Math.max(1, ...(r?.days.map((d) => d.count) ?? []))
  return (
    <Card
      title="投票结果"
      loading={results.isLoading}
      extra={
        <Flex gap={12} align="center">
          {r ? (
            <Typography.Text type="secondary">
              总票数 {r.voteCount}，投票人数 {r.voters}
            </Typography.Text>
          ) : null}
          {mayExport ? (
            <Button loading={exporting} onClick={() => void exportResults()}>
              导出
            </Button>
          ) : null}
        </Flex>
      }
    >
      {results.error ? <Alert type="error" showIcon title={results.error.message} /> : null}
      {r && !r.modules.length ? <Empty description="暂无数据" /> : null}
      <Flex vertical gap={16} className="moc-vote-chart" role="figure" aria-label="投票结果图">
        {r?.modules.map((m) => (
          <div key={m.id}>
            <Typography.Title level={5}>
              {m.name} <Typography.Text type="secondary">（{m.voteCount} 票）</Typography.Text>
            </Typography.Title>
            {m.options.length ? null : <Typography.Text type="secondary">暂无选项</Typography.Text>}
            {m.options.map((o) => (
              <div key={o.id} className="moc-vote-bar" data-option={o.title}>
                <span className="moc-vote-bar-label" title={o.title}>
                  {o.title}
                  {o.showState ? null : <Tag className="moc-vote-hidden">已隐藏</Tag>}
                </span>
                <Progress percent={(o.voteCount / most) * 100} showInfo={false} />
                <span className="moc-vote-bar-count">{o.voteCount} 票</span>
              </div>
            ))}
          </div>
        ))}
        {r?.days.length ? (
          <div>
            <Typography.Title level={5}>每日投票数</Typography.Title>
            {r.days.map((d) => (
              <div key={d.day} className="moc-vote-bar">
                <span className="moc-vote-bar-label">{d.day}</span>
                <Progress percent={(d.count / busiestDay) * 100} showInfo={false} strokeColor="#52c41a" />
                <span className="moc-vote-bar-count">{d.count} 票</span>
              </div>
            ))}
          </div>
        ) : null}
      </Flex>
    </Card>
  )
}

const PANELS: { key: string; label: string; def: ResourceDef }[] = [
  { key: 'modules', label: '投票模块', def: voteModule },
  { key: 'options', label: '投票选项', def: voteOption },
]

/**
 * The vote's modules and options: one engine list at a time (they would share the URL's page and tab), filtered by
 * `voteId` through the URL; the options list narrows to a module with its 所属模块 search.
 */
function VoteParts({ id }: { id: number }) {
  const [params, setParams] = useSearchParams()
  const panel = PANELS.find((p) => p.key === params.get(PANEL)) ?? PANELS[0]!
  const owner = useRef(id)
  owner.current = id
  const missing = params.get('voteId') !== String(id)
  useEffect(() => {
    if (!missing) return
    const next = new URLSearchParams(params)
    next.delete('id')
    next.set('voteId', String(owner.current))
    setParams(next, { replace: true })
  }, [missing, params, setParams])
  const choose = (key: string) => {
    const next = new URLSearchParams({ voteId: String(id) })
    if (key !== PANELS[0]!.key) next.set(PANEL, key)
    setParams(next)
  }
  return (
    <Card>
      <Tabs
        activeKey={panel.key}
        onChange={choose}
        items={PANELS.map((p) => ({ key: p.key, label: p.label }))}
      />
      {missing ? null : (
        <Suspense fallback={null}>
          <ResourceList key={panel.key} def={panel.def} />
        </Suspense>
      )}
    </Card>
  )
}
