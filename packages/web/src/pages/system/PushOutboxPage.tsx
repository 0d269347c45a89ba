import type { PushOutboxRow } from '@moc/domain/api/notices'
import { Form, InputNumber, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { OutboxCard } from './OutboxCard.tsx'

const columns: ColumnsType<PushOutboxRow> = [
  {
    title: '发送时间',
    dataIndex: 'createdAt',
    width: 180,
    render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
  },
  {
    title: '用户',
    key: 'user',
    width: 180,
    render: (_, r) =>
      r.userId === null ? (
        <Typography.Text type="secondary">已删除</Typography.Text>
      ) : (
        <span>
          {r.nickname || `用户${r.userId}`}
          {r.phone ? <Typography.Text type="secondary">（{r.phone}）</Typography.Text> : null}
        </span>
      ),
  },
  {
    title: '设备',
    dataIndex: 'deviceIds',
    width: 220,
    render: (ids: string[]) =>
      ids.length ? (
        ids.map((d) => <Tag key={d}>{d}</Tag>)
      ) : (
        <Typography.Text type="secondary">无设备</Typography.Text>
      ),
  },
  { title: '标题', dataIndex: 'title', width: 200 },
  { title: '内容', dataIndex: 'body' },
  { title: '通知ID', dataIndex: 'noticeId', width: 90 },
]

/** 推送发件箱: what the built-in push adapter "sent" (decision 0049), one row per notice and user, like the SMS outbox. */
export default function PushOutboxPage() {
  return (
    <OutboxCard<PushOutboxRow>
      notice="内置推送通道不会真正推送到手机，通知的推送记录在此处（每条通知每个用户一行，含用户的设备）；接入推送服务商后由服务商发送。"
      name="push-outbox"
      url="/api/push/outbox"
      columns={columns}
      fields={
        <>
          <Form.Item label="通知ID" name="noticeId">
            <InputNumber min={1} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item label="用户ID" name="userId">
            <InputNumber min={1} precision={0} style={{ width: 120 }} />
          </Form.Item>
        </>
      }
    />
  )
}
