import { MEDIA_TITLE_MAX, mediaMessages } from '@moc/domain/api/mediaLibrary'
import { Form, Input, Modal } from 'antd'
import { useEffect } from 'react'

interface Props {
  open: boolean
  title: string
  label: string
  initial: string
  required: string
  /** The longest name (a title's limit unless given), and what is said beyond it. */
  max?: number
  tooLong?: string
  onCancel: () => void
  onSubmit: (name: string) => Promise<unknown>
}

/** One name (a new folder's or category's, or a rename), required and at most `max` characters. */
export function MediaNameDialog({
  open,
  title,
  label,
  initial,
  required,
  max = MEDIA_TITLE_MAX,
  tooLong = mediaMessages.titleTooLong,
  onCancel,
  onSubmit,
}: Props) {
  const [form] = Form.useForm<{ name: string }>()
  useEffect(() => {
    if (open) form.setFieldsValue({ name: initial })
  }, [open, initial, form])
  return (
    <Modal
      open={open}
      title={title}
      okText="确定"
      cancelText="取消"
      onCancel={onCancel}
      onOk={() => form.validateFields().then((v) => onSubmit(v.name.trim()))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="media-name">
        <Form.Item
          label={label}
          name="name"
          rules={[
            { required: true, whitespace: true, message: required },
            { max, message: tooLong },
          ]}
        >
          <Input maxLength={max} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  )
}
