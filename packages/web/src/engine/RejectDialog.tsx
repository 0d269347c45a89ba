import { Flex, Form, Input, Modal, Tag } from 'antd'
import {
  CANNED_REJECT_REASONS,
  checkRejectReason,
  hasReason,
  REJECT_REASON_MAX,
  toggleReason,
} from './review.ts'

interface Props {
  open: boolean
  /** How many items are rejected at once. */
  count: number
  busy: boolean
  onCancel: () => void
  onReject: (reason: string) => void
}

/**
 * 驳回: the reason is required (请输入驳回原因, 1–200 characters). Common reasons are one-click chips that add
 * themselves to the box (and take themselves out again); the reviewer's own words stay.
 */
export function RejectDialog({ open, count, busy, onCancel, onReject }: Props) {
  const [form] = Form.useForm<{ reason: string }>()
  const reason = Form.useWatch('reason', form)
  return (
    <Modal
      title={count > 1 ? `驳回（${count}条）` : '驳回'}
      open={open}
      okText="确定驳回"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: busy }}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        name="review-reject"
        layout="vertical"
        preserve={false}
        onFinish={({ reason }) => {
          const checked = checkRejectReason(reason)
          if (checked.ok) onReject(checked.reason)
        }}
      >
        <Form.Item
          label="驳回原因"
          name="reason"
          rules={[
            {
              validator: (_, v: unknown) => {
                const checked = checkRejectReason(v)
                return checked.ok ? Promise.resolve() : Promise.reject(new Error(checked.message))
              },
            },
          ]}
        >
          <Input.TextArea rows={4} maxLength={REJECT_REASON_MAX} showCount placeholder="请输入驳回原因" />
        </Form.Item>
        <Flex wrap gap={4} role="group" aria-label="常用原因">
          {CANNED_REJECT_REASONS.map((r) => (
            <Tag.CheckableTag
              key={r}
              checked={hasReason(reason, r)}
              onChange={() => {
                form.setFieldValue('reason', toggleReason(form.getFieldValue('reason'), r))
                void form.validateFields(['reason']).catch(() => undefined)
              }}
            >
              {r}
            </Tag.CheckableTag>
          ))}
        </Flex>
      </Form>
    </Modal>
  )
}
