import type { ResourceDef } from '@moc/domain/resources/types'
import { useQuery } from '@tanstack/react-query'
import { Alert, Descriptions, Empty, Spin, Tag, Timeline } from 'antd'
import dayjs from 'dayjs'
import { api } from '../api/client.ts'
import { type LogEntry, lastRejection, logEntries, reviewApi } from './review.ts'
import { processTypeText } from './statusNames.ts'
import { useStatusNames } from './useStatusNames.ts'

const formatTime = (v: unknown) => (v ? dayjs(v as string).format('YYYY-MM-DD HH:mm:ss') : '--')

/** The review log of one item (GET /api/process/resource/log): who did what, at which node, and why. */
export function useReviewLog(def: ResourceDef, id: number | undefined) {
  const paths = reviewApi(def)
  return useQuery({
    queryKey: ['review-log', def.name, id],
    queryFn: async () => logEntries(await api.get<unknown>(paths.log, paths.logQuery(id!))),
    enabled: id !== undefined && def.review !== undefined,
  })
}

export function ReviewLogTimeline({ entries }: { entries: LogEntry[] }) {
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
  return (
    <Timeline
      items={entries.map((e, i) => ({
        key: `${i}-${e.time}`,
        color: e.action.includes('驳回') ? 'red' : e.action.includes('通过') ? 'green' : 'blue',
        content: (
          <div className="moc-review-log__entry">
            <div>
              <strong>{e.action}</strong>
              {e.actor ? <span> · {e.actor}</span> : null}
              {e.node ? <span> · {e.node}</span> : null}
              <span className="moc-review-log__time"> · {formatTime(e.time)}</span>
            </div>
            {e.comment ? <div className="moc-review-log__comment">{e.comment}</div> : null}
          </div>
        ),
      }))}
    />
  )
}

/** The review state of an item on its form: process type, state, the last rejection's reason and the log. */
export function ReviewStatus({
  def,
  item,
}: {
  def: ResourceDef
  item: { id: number; verifyState?: unknown; processType?: unknown }
}) {
  const log = useReviewLog(def, item.id)
  const names = useStatusNames()
  const entries = log.data ?? []
  const state = names.verifyState(item.verifyState)
  const pt = names.processType(item.processType)
  const rejection = item.verifyState === 2 ? lastRejection(entries) : undefined
  return (
    <div className="moc-review-status">
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label="审核状态">
          {state ? <Tag color={state.color}>{state.text}</Tag> : '--'}
        </Descriptions.Item>
        <Descriptions.Item label="流程状态">
          {pt ? <Tag color={pt.color}>{pt.text}</Tag> : processTypeText(names, item.processType)}
        </Descriptions.Item>
      </Descriptions>
      {rejection ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={`驳回原因：${rejection.comment}`}
          description={[rejection.actor, formatTime(rejection.time)].filter(Boolean).join(' · ')}
        />
      ) : null}
      <div className="moc-review-log">
        <div className="moc-review-log__title">审核记录</div>
        {log.isLoading ? (
          <Spin tip="加载中..." size="small">
            <div className="moc-review-log__loading" />
          </Spin>
        ) : log.error ? (
          <Alert type="error" showIcon title={log.error.message} />
        ) : (
          <ReviewLogTimeline entries={entries} />
        )}
      </div>
    </div>
  )
}
