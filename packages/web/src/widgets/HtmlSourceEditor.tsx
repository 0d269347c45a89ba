import { Input } from 'antd'

/** The contract of a rich-text field: what the 运营配置 screen (and later forms) hand to it. */
export interface RichTextFieldProps {
  id?: string
  value: string
  onChange: (html: string) => void
  maxLength?: number
  disabled?: boolean
  'aria-label'?: string
}

/**
 * Rich text as HTML source in a plain textarea, until the rich-text editor lands; that editor takes the same
 * props, so a screen switches by changing the one line that picks its field component. The server sanitizes
 * whatever is submitted.
 */
export function HtmlSourceEditor({ id, value, onChange, maxLength, disabled, ...aria }: RichTextFieldProps) {
  return (
    <Input.TextArea
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      maxLength={maxLength}
      showCount={maxLength !== undefined}
      disabled={disabled}
      spellCheck={false}
      // Fixed rows: antd's autoSize measures through a style attribute, which the strict CSP refuses.
      rows={18}
      className="moc-html-source"
      aria-label={aria['aria-label']}
    />
  )
}
