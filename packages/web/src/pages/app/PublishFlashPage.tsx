import type { SplashSchedule } from '@moc/domain/api/openApp'
import { can } from '@moc/domain/permissions/can'
import { resources } from '@moc/domain/resources/index'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Empty, Flex, Segmented, Spin, Tag, Tooltip, Typography } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { formatTime } from '../../engine/displayValue.ts'
import { scheduledSplashes, splashSchedule } from './splashSchedule.ts'
import './publishFlash.css'

const { splash } = resources
const RANGES = [7, 30, 90] as const
const LANE_PX = 36

/**
 * 闪屏投放 (/publishFlash, decision 0038): a read-only delivery schedule — per platform, the approved and 上线 splash
 * screens over the coming days, each a bar of its display window; where windows overlap, the one the app shows now is
 * marked 生效 (the app config's rule, effectiveLaunchItem). A bar opens its splash screen; editing stays on
 * /contentFlash.
 */
export default function PublishFlashPage() {
  const navigate = useNavigate()
  const [days, setDays] = useState<(typeof RANGES)[number]>(30)
  // The server lists what is still to come (approved, online, not ended), however many, per platform.
  const list = useQuery({
    queryKey: ['resource-list', splash.name, 'schedule'],
    queryFn: () => api.get<SplashSchedule>('/api/splash/schedule'),
  })
  const now = new Date()
  const from = dayjs().startOf('day')
  const to = from.add(days, 'day')
  const schedule = splashSchedule(scheduledSplashes(list.data), from.toDate(), to.toDate(), now)
  const ticks = Array.from({ length: days + 1 }, (_, i) => i).filter(
    (i) => i % (days > 30 ? 10 : days > 7 ? 5 : 1) === 0,
  )
  const mayOpen = can(currentGrant(), splash.permissionPage, '查看')

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          已通过且上线的闪屏在各平台的投放时段；同一时段有多个时，App 展示开始时间最晚的一个（标记为生效）。
        </Typography.Text>
        <Flex gap={8} align="center">
          <Segmented
            aria-label="时间范围"
            value={days}
            onChange={(v) => setDays(v)}
            options={RANGES.map((d) => ({ value: d, label: `${d}天` }))}
          />
          <Button onClick={() => navigate(splash.screens.list)}>闪屏管理</Button>
        </Flex>
      </Flex>
      {list.error ? <Alert type="error" showIcon title={list.error.message} /> : null}
      {list.isLoading ? (
        <Spin description="加载中...">
          <div className="moc-schedule__loading" />
        </Spin>
      ) : (
        <div className="moc-schedule">
          <div className="moc-schedule__axis" aria-hidden>
            {ticks.map((i) => (
              <span key={i} style={{ left: `${(i / days) * 100}%` }}>
                {from.add(i, 'day').format('MM-DD')}
              </span>
            ))}
          </div>
          {schedule.map((p) => (
            <section key={p.platform} className="moc-schedule__row" aria-label={p.label}>
              <div className="moc-schedule__platform">{p.label}</div>
              <div className="moc-schedule__track" style={{ height: p.lanes * LANE_PX }}>
                {p.bars.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
                ) : (
                  p.bars.map((bar) => {
                    const window = `${formatTime(bar.item.displayStart)} 至 ${formatTime(bar.item.displayEnd)}`
                    return (
                      <Tooltip key={bar.item.id} title={`${bar.item.title}（${window}）`}>
                        <button
                          type="button"
                          className={`moc-schedule__bar${bar.effective ? ' moc-schedule__bar--effective' : ''}`}
                          style={{ left: `${bar.left}%`, width: `${bar.width}%`, top: bar.lane * LANE_PX }}
                          aria-label={`${bar.item.title}，${window}${bar.effective ? '，生效' : ''}`}
                          disabled={!mayOpen}
                          onClick={() => navigate(`${splash.screens.detail}?id=${bar.item.id}`)}
                        >
                          {bar.effective ? <Tag color="green">生效</Tag> : null}
                          <span className="moc-schedule__title">{bar.item.title}</span>
                        </button>
                      </Tooltip>
                    )
                  })
                )}
              </div>
            </section>
          ))}
        </div>
      )}
    </Card>
  )
}
