import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { Button, Tooltip } from 'antd'

/**
 * 上移 / 下移 of one row of an ordered list (a page of a sorted list, a child row of a form), for the keyboard as
 * much as the mouse; `name` says which row to a screen reader (上移「热搜词」, 上移第2行).
 */
export function MoveButtons({
  name,
  index,
  count,
  disabled = false,
  onMove,
}: {
  name: string
  index: number
  count: number
  disabled?: boolean
  onMove: (from: number, to: number) => void
}) {
  const moves = [
    { by: -1, word: '上移', icon: <ArrowUpOutlined />, off: index <= 0 },
    { by: 1, word: '下移', icon: <ArrowDownOutlined />, off: index < 0 || index >= count - 1 },
  ]
  return moves.map((m) => (
    <Tooltip key={m.word} title={m.word}>
      <Button
        type="text"
        size="small"
        icon={m.icon}
        aria-label={`${m.word}${name}`}
        disabled={disabled || m.off}
        onClick={() => onMove(index, index + m.by)}
      />
    </Tooltip>
  ))
}
