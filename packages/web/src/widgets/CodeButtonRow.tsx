import type { FormRule } from 'antd'
import { Form, Space } from 'antd'
import type { ReactElement } from 'react'
import { VerifyCodeButton } from './VerifyCodeButton.tsx'

interface Props {
  label: string
  /** The inner input's id (`<form name>_<field name>`), so the label still names it. */
  id: string
  name: string
  rules: FormRule[]
  /** The input, joined to 获取验证码 on its right. */
  children: ReactElement
  onSend: () => Promise<unknown>
  size?: 'small' | 'middle' | 'large'
  disabled?: boolean
}

/** A required form field with 获取验证码 beside its input (spec §4). */
export function CodeButtonRow({ label, id, name, rules, children, onSend, size, disabled }: Props) {
  return (
    // The outer item only lays out the label; the inner noStyle item holds the value and its errors.
    <Form.Item label={label} htmlFor={id} required>
      <Space.Compact block size={size}>
        <Form.Item name={name} noStyle rules={rules}>
          {children}
        </Form.Item>
        <VerifyCodeButton onSend={onSend} disabled={disabled} />
      </Space.Compact>
    </Form.Item>
  )
}
