import { Typography } from 'antd'
import './tables.css'

/**
 * A table cell's long text on one line, cut at `maxWidth` with an ellipsis; the whole text shows in a tooltip when
 * cut. The cell carries its own bound, so a list that scrolls sideways (max-content) still keeps the column narrow.
 */
export function EllipsisText({ text, maxWidth }: { text: string | null | undefined; maxWidth: number }) {
  if (!text) return '--'
  return (
    <Typography.Text className="moc-ellipsis-text" style={{ maxWidth }} ellipsis={{ tooltip: text }}>
      {text}
    </Typography.Text>
  )
}
