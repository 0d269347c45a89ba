import { PASSWORD_RULE_MSG } from '@moc/domain/rules/password'
import { Form, Input } from 'antd'
import { confirmRules, passwordRules } from './passwordRules.ts'

interface Props {
  /** The form field of the password; its confirmation is always `confirm`. */
  name: string
  label: string
  placeholder: string
  confirmPlaceholder: string
  /** Off where an empty password means "keep the current one". */
  required?: boolean
}

/** A new password checked live against the server's rule, and its confirmation (spec §5). */
export function NewPasswordFields({ name, label, placeholder, confirmPlaceholder, required = false }: Props) {
  const password = Form.useWatch<string | undefined>(name)
  return (
    <>
      <Form.Item
        label={label}
        name={name}
        validateTrigger="onChange"
        rules={required ? [{ required: true, message: `请输入${label}` }, ...passwordRules] : passwordRules}
        // A required password keeps the rule in view until something is typed; a weak entry then shows it
        // as the field's error. An optional one says to leave it empty in its placeholder instead.
        extra={required && !password ? PASSWORD_RULE_MSG : undefined}
      >
        <Input.Password autoComplete="new-password" placeholder={placeholder} />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="confirm"
        required={required}
        dependencies={[name]}
        rules={confirmRules(name, required)}
      >
        <Input.Password autoComplete="new-password" placeholder={confirmPlaceholder} />
      </Form.Item>
    </>
  )
}
