import { Input } from 'antd'
import { CodeButtonRow } from './CodeButtonRow.tsx'

interface Props {
  /** Sends the code; see VerifyCodeButton for how a rejection shows. */
  onSend: () => Promise<unknown>
  /** The input's id, `<form name>_verifyCode`, so getByLabel('验证码') finds it. */
  id: string
  size?: 'small' | 'middle' | 'large'
  disabled?: boolean
}

/** The required SMS code field `verifyCode`, with 获取验证码 beside it. */
export function VerifyCodeField({ onSend, id, size, disabled }: Props) {
  return (
    <CodeButtonRow
      label="验证码"
      id={id}
      name="verifyCode"
      rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}
      onSend={onSend}
      size={size}
      disabled={disabled}
    >
      <Input autoComplete="one-time-code" inputMode="numeric" maxLength={10} placeholder="请输入验证码" />
    </CodeButtonRow>
  )
}
