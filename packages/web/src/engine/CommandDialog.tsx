import { Alert, Form, Modal } from 'antd'
import type { RowCommand } from './commands.ts'
import { fieldRules, formFields } from './derive.ts'
import { FieldInput } from './FieldInput.tsx'
import { formValues, savePayload } from './formValues.ts'

/**
 * The dialog of a command or transition with input (a feedback's 回复 with its 回复内容): the input fields drawn
 * and checked as the form's (fieldRules, the server's schemas), sent as a save sends them (savePayload). It stays
 * open on a refusal, the server's message above the fields.
 */
export function CommandDialog({
  command,
  target,
  busy,
  error,
  onCancel,
  onSubmit,
}: {
  command: RowCommand | undefined
  /** What it acts on, as the title says it: 「title」 of one row, or N 条. */
  target: string
  busy: boolean
  error: string | undefined
  onCancel: () => void
  onSubmit: (input: Record<string, unknown>) => void
}) {
  const [form] = Form.useForm<Record<string, unknown>>()
  const input = { fields: command?.input ?? {} }
  return (
    <Modal
      open={command !== undefined}
      title={command ? `${command.label}${target}` : ''}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ loading: busy }}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        name="resource-command"
        layout="vertical"
        preserve={false}
        // As the form's: the fields' rules check, not the browser.
        noValidate
        initialValues={formValues(input, undefined)}
        onFinish={(values) => onSubmit(savePayload(input, values))}
      >
        {formFields(input).map(([name, f], i) => (
          <Form.Item key={name} label={f.label} name={name} rules={fieldRules(name, f)} extra={f.help}>
            <FieldInput field={f} autoFocus={i === 0} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  )
}
