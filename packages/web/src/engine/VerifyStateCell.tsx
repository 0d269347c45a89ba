import { Tag, Tooltip } from 'antd'
import type { StatusNames } from './statusNames.ts'

const REJECTED = 2

/**
 * 审核状态 of a list row; a rejected row also shows why (驳回原因, from the list payload's `rejectReason`): the
 * start of the reason under the tag, all of it on hover or focus (decision 0034).
 */
export function VerifyStateCell({
  names,
  verifyState,
  rejectReason,
}: {
  names: StatusNames
  verifyState: unknown
  rejectReason: unknown
}) {
  const s = names.verifyState(verifyState)
  if (!s) return '--'
  const tag = <Tag color={s.color}>{s.text}</Tag>
  if (verifyState !== REJECTED || typeof rejectReason !== 'string' || !rejectReason) return tag
  const text = `驳回原因：${rejectReason}`
  return (
    <div className="moc-reject-cell">
      {tag}
      <Tooltip title={text} placement="topLeft">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip opens on focus */}
        <span className="moc-reject-reason" tabIndex={0}>
          {text}
        </span>
      </Tooltip>
    </div>
  )
}
