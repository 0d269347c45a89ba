import type { ContentVersion, ContentVersionDiff } from '@moc/domain/api/content'
import type { FieldDef, ResourceDef } from '@moc/domain/resources/types'
import { useQuery } from '@tanstack/react-query'
import { Alert, Descriptions, Tag } from 'antd'
import { api } from '../api/client.ts'
import { resourceApi } from './derive.ts'
import { formatTime } from './displayValue.ts'
import { FieldValue } from './FieldValue.tsx'

type FieldChange = ContentVersionDiff['changes'][number]

export const versionDecisionTag: Record<'pass' | 'reject', { text: string; color: string }> = {
  pass: { text: '审核通过', color: 'green' },
  reject: { text: '已驳回', color: 'red' },
}

export const FIRST_SUBMISSION = '首次提交，无历史版本'

/** One version's name and decision, as the diff heading and the history list show it. */
export function versionLabel(v: ContentVersion) {
  return `第${v.versionNo}版 · ${v.creatorName || '--'} · ${formatTime(v.createdAt)}`
}

/**
 * 修改对比 (decision 0009): the item's current fields against a version — by default the last approved one,
 * else the last rejected one (GET /api/content/versionDiff). Text is marked word by word (Chinese character
 * by character); rich text is compared as readable text blocks.
 */
export function VersionDiff({
  def,
  id,
  versionNo,
  title = '修改对比',
}: {
  def: ResourceDef
  id: number
  versionNo?: number
  title?: string
}) {
  const paths = resourceApi(def)
  const path = paths.versionDiff
  const diff = useQuery({
    queryKey: ['resource-diff', def.name, id, versionNo],
    queryFn: () => api.get<ContentVersionDiff>(path!, paths.withKind({ id, versionNo })),
    enabled: path !== undefined,
  })
  if (!path) return null
  const data = diff.data
  return (
    <section className="moc-review-log moc-diff" aria-label={title}>
      <div className="moc-review-log__title">{title}</div>
      {diff.isLoading ? (
        '加载中...'
      ) : diff.error ? (
        <Alert type="error" showIcon title={diff.error.message} />
      ) : !data?.baseline ? (
        <Alert type="info" showIcon title={FIRST_SUBMISSION} />
      ) : (
        <>
          <div className="moc-diff__baseline">
            对比版本：{versionLabel(data.baseline)}
            {data.baseline.decision ? (
              <Tag color={versionDecisionTag[data.baseline.decision].color} style={{ marginInlineStart: 8 }}>
                {versionDecisionTag[data.baseline.decision].text}
              </Tag>
            ) : null}
          </div>
          {data.changes.length ? (
            <Descriptions bordered size="small" column={1}>
              {data.changes.map((c) => (
                <Descriptions.Item key={c.name} label={c.label}>
                  <ChangeView change={c} field={def.fields[c.name]} />
                </Descriptions.Item>
              ))}
            </Descriptions>
          ) : (
            <Alert type="success" showIcon title="与对比版本相比无修改" />
          )}
        </>
      )}
    </section>
  )
}

function ChangeView({ change, field }: { change: FieldChange; field: FieldDef | undefined }) {
  if (change.parts) {
    // Rich text whose markup alone changed has equal text on both sides: say so rather than show nothing new.
    const textChanged = change.parts.some((p) => p.op !== 'equal')
    return (
      <div className="moc-diff__text">
        {change.parts.map((p, i) =>
          p.op === 'insert' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
            <ins key={i} className="moc-diff__ins">
              {p.text}
            </ins>
          ) : p.op === 'delete' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
            <del key={i} className="moc-diff__del">
              {p.text}
            </del>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
            <span key={i}>{p.text}</span>
          ),
        )}
        {textChanged ? null : <div className="moc-diff__note">（仅格式修改）</div>}
      </div>
    )
  }
  return (
    <span>
      <del className="moc-diff__del">
        <FieldValue kind={change.kind} value={change.before} field={field} />
      </del>
      {' → '}
      <ins className="moc-diff__ins">
        <FieldValue kind={change.kind} value={change.after} field={field} />
      </ins>
    </span>
  )
}
