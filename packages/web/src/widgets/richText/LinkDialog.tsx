import { allowedUrl } from '@moc/domain/rules/richText'
import { Checkbox, Form, Input, Modal } from 'antd'
import { useEffect } from 'react'

interface Props {
  open: boolean
  href: string
  onCancel: () => void
  onOk: (href: string, newWindow: boolean) => void
}

/** 插入链接: the address (a scheme the allow-list keeps) and whether it opens in a new window. */
export function LinkDialog({ open, href, onCancel, onOk }: Props) {
  const [form] = Form.useForm<{ href: string; newWindow: boolean }>()
  useEffect(() => {
    if (open) form.setFieldsValue({ href, newWindow: true })
  }, [open, href, form])
  return (
    <Modal
      open={open}
      title="插入链接"
      okText="确定"
      cancelText="取消"
      onCancel={onCancel}
      onOk={() => form.validateFields().then((v) => onOk(v.href.trim(), v.newWindow))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="href"
          label="链接地址"
          rules={[
            { required: true, whitespace: true, message: '请输入链接地址' },
            {
              validator: (_, v) =>
                !v || allowedUrl(v) ? Promise.resolve() : Promise.reject(new Error('链接地址无效')),
            },
          ]}
        >
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="newWindow" valuePropName="checked">
          <Checkbox>在新窗口打开</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  )
}
