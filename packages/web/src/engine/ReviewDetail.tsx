import { TOAST_ERROR_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { type ResourceDef, whenHolds } from '@moc/domain/resources/types'
import { contentScanInput } from '@moc/domain/rules/sensitiveScan'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Descriptions, Flex, Tag } from 'antd'
import { useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { api } from '../api/client.ts'
import { currentGrant } from '../api/session.ts'
import { usePageTabsOn } from '../app/usePageTabsOn.ts'
import { Loading } from '../widgets/Loading.tsx'
import { RichTextView } from '../widgets/RichTextView.tsx'
import { checkSensitive, useSensitiveReview } from '../widgets/SensitiveReviewDialog.tsx'
import { resourceApi } from './derive.ts'
import { formatTime, isEmptyValue } from './displayValue.ts'
import { FieldValue } from './FieldValue.tsx'
import { RejectDialog } from './RejectDialog.tsx'
import { ReviewLogTimeline, useReviewLog } from './ReviewLog.tsx'
import { lastRejection, reviewApi } from './review.ts'
import { processTypeText } from './statusNames.ts'
import { useStatusNames } from './useStatusNames.ts'
import { useReviewDecision } from './useWorkflow.tsx'
import { VersionDiff } from './VersionDiff.tsx'
import './engine.css'

interface ReviewItem {
  id: number
  title?: string
  verifyState?: number
  processType?: string | null
  creatorName?: string
  createdAt?: string
  fields?: Record<string, unknown>
  /** The items each relation field names, in order (e.g. a collection's members). */
  relations?: Record<string, { id: number; title: string }[]>
  /** Record store: the names of the rows its ref fields point at (a post's author). */
  refs?: Record<string, string>
}

/**
 * A review queue's detail screen (e.g. /articleAuditDetail?id=): the item read-only — title, cover, the body
 * through the sanitized preview, the definition's other fields — what changed since the last decided version
 * (修改对比), its review log, and 通过 / 驳回. A queue without a detail screen shows the same in a drawer: `item`
 * names the item and `onClose` replaces 返回.
 */
export function ReviewDetail({
  def,
  item: given,
  onClose,
}: {
  def: ResourceDef
  item?: number
  onClose?: () => void
}) {
  const review = def.review!
  const [params] = useSearchParams()
  const raw = params.get('id')
  const id = given ?? (raw && /^\d+$/.test(raw) ? Number(raw) : undefined)
  const navigate = useNavigate()
  const location = useLocation()
  const { message, modal } = App.useApp()
  const sensitiveReview = useSensitiveReview()
  const paths = resourceApi(def)
  const flow = reviewApi(def)
  // Under 多页签 the queue's tab keeps where it was (decision 0036); the browser's previous page may be another tab.
  const pageTabs = usePageTabsOn()
  const back = () =>
    onClose ? onClose() : location.key === 'default' || pageTabs ? navigate(review.queue) : navigate(-1)
  const item = useQuery({
    queryKey: ['resource-detail', def.name, id, 'review'],
    queryFn: () => api.get<ReviewItem>(flow.detail, paths.withKind({ id })),
    enabled: id !== undefined,
  })
  const log = useReviewLog(def, id)
  const [rejecting, setRejecting] = useState(false)
  const decide = useReviewDecision(def, { onDone: back })
  const mayReview = can(currentGrant(), review.permissionPage, '审核')
  const names = useStatusNames()

  if (id === undefined)
    return (
      <Card>
        <Alert type="error" showIcon title="缺少内容编号" />
      </Card>
    )
  if (item.isLoading) return <Loading />
  if (item.error || !item.data)
    return (
      <Card>
        <Alert type="error" showIcon title={item.error?.message ?? '内容不存在'} />
      </Card>
    )

  const data = item.data
  const fields = data.fields ?? {}
  const pending = typeof data.verifyState === 'number' && data.verifyState >= 3
  const state = names.verifyState(data.verifyState)
  const entries = log.data ?? []
  const rejection = data.verifyState === 2 ? lastRejection(entries) : undefined
  // The item's name: its title field (a version's 版本名称), which the server also answers as `title`.
  const titleName = def.titleField ?? 'title'
  const title = String(fields[titleName] ?? data.title ?? '')
  const shown = Object.entries(def.fields).filter(
    ([name, f]) =>
      f.detail !== false &&
      ![titleName, 'cover'].includes(name) &&
      f.kind !== 'richText' &&
      // A field that applies only under another field's value (FieldDef.when) is shown then only.
      (!f.when || whenHolds(f.when, fields[f.when.field])),
  )

  const confirmApprove = () =>
    modal.confirm({
      title: '提示',
      content: `确定审核通过「${title}」？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => decide.mutateAsync({ ids: [id] }).catch(() => undefined),
    })
  // Sensitive review (decision 0010): flagged words replace the plain confirmation; block-level ones stop it.
  const approve = async () => {
    const checked = await checkSensitive(contentScanInput(def, fields)).catch((err: Error) => {
      message.error(err.message, TOAST_ERROR_S)
      return undefined
    })
    if (!checked) return
    if (!checked.words.length && !checked.images.flagged.length) return confirmApprove()
    if (await sensitiveReview([checked], 'approve'))
      await decide.mutateAsync({ ids: [id] }).catch(() => undefined)
  }

  return (
    <Card
      variant={onClose ? 'borderless' : undefined}
      // In a drawer the drawer's title names it.
      title={onClose ? undefined : `${def.label}审核`}
      extra={
        <Flex gap={8}>
          {pending && mayReview ? (
            <>
              <Button type="primary" onClick={approve} loading={decide.isPending && !rejecting}>
                通过
              </Button>
              <Button danger onClick={() => setRejecting(true)}>
                驳回
              </Button>
            </>
          ) : null}
          <Button onClick={back}>返回</Button>
        </Flex>
      }
    >
      {rejection ? (
        <Alert
          type="warning"
          showIcon
          title={`驳回原因：${rejection.comment}`}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={def.fields[titleName]?.label ?? '标题'}>{title || '--'}</Descriptions.Item>
        <Descriptions.Item label="审核状态">
          {state ? <Tag color={state.color}>{state.text}</Tag> : '--'}
        </Descriptions.Item>
        <Descriptions.Item label="流程状态">{processTypeText(names, data.processType)}</Descriptions.Item>
        <Descriptions.Item label="创建人">{data.creatorName || '--'}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{formatTime(data.createdAt)}</Descriptions.Item>
        {'cover' in def.fields ? (
          <Descriptions.Item label={def.fields.cover!.label}>
            {fields.cover ? (
              <img src={String(fields.cover)} alt={def.fields.cover!.label} className="moc-review-cover" />
            ) : (
              '--'
            )}
          </Descriptions.Item>
        ) : null}
        {shown.map(([name, f]) => (
          <Descriptions.Item key={name} label={f.label}>
            {f.ref ? (
              (data.refs?.[name] ?? (isEmptyValue(fields[name]) ? '--' : `#${fields[name]}`))
            ) : f.kind === 'relation' ? (
              relationText(data.relations?.[name])
            ) : f.kind === 'modules' ? (
              modulesText(fields[name], data.relations?.[name])
            ) : f.kind === 'image' && fields[name] ? (
              <img src={String(fields[name])} alt={f.label} className="moc-review-cover" />
            ) : (
              <FieldValue kind={f.kind} value={fields[name]} field={f} />
            )}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {Object.entries(def.fields)
        .filter(([, f]) => f.kind === 'richText')
        .map(([name, f]) => (
          <div key={name} style={{ marginTop: 16 }}>
            <div className="moc-review-log__title">{f.label}</div>
            {/* The server stored sanitized HTML; the view applies the same allow-list again before showing. */}
            <RichTextView className="moc-review-body" html={String(fields[name] ?? '')} />
          </div>
        ))}
      <VersionDiff def={def} id={id} />
      <div className="moc-review-log">
        <div className="moc-review-log__title">审核记录</div>
        {log.error ? (
          <Alert type="error" showIcon title={log.error.message} />
        ) : log.isLoading ? (
          '加载中...'
        ) : (
          <ReviewLogTimeline entries={entries} />
        )}
      </div>
      <RejectDialog
        open={rejecting}
        count={1}
        busy={decide.isPending}
        onCancel={() => setRejecting(false)}
        onReject={(reason) => decide.mutate({ ids: [id], reason })}
      />
    </Card>
  )
}

/** A relation field's items as the reviewer reads them: numbered titles in the field's order. */
const relationText = (items: { title: string }[] | undefined) =>
  items?.length ? items.map((x, i) => `${i + 1}. ${x.title}`).join('；') : '--'

/** A modules field as the reviewer reads it: each module's name, then its items' numbered titles. */
function modulesText(value: unknown, items: { id: number; title: string }[] | undefined) {
  const modules = Array.isArray(value) ? (value as { name: string; items: number[] }[]) : []
  if (!modules.length) return '--'
  const titles = new Map((items ?? []).map((x) => [x.id, x]))
  return (
    <div>
      {modules.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: modules have no id; the order is what is reviewed
        <div key={i}>
          <strong>{m.name}</strong>：{relationText(m.items.flatMap((id) => titles.get(id) ?? []))}
        </div>
      ))}
    </div>
  )
}
