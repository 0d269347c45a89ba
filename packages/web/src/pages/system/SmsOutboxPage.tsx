import type { VerifyPurpose } from '@moc/domain/api/session'
import { Form, Input } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { OutboxCard } from './OutboxCard.tsx'

/** One message of GET /api/sms/outbox. */
interface OutboxRow {
  id: number
  phone: string
  content: string
  purpose: string
  createdAt: string
}

const purposeText: Record<VerifyPurpose, string> = {
  login: '登录验证',
  update: '修改个人信息',
  reset: '重置密码',
  app: 'App 登录/注册',
}

const columns: ColumnsType<OutboxRow> = [
  { title: '手机号', dataIndex: 'phone', width: 140 },
  { title: '内容', dataIndex: 'content' },
  {
    title: '用途',
    dataIndex: 'purpose',
    width: 130,
    render: (v: string) => purposeText[v as VerifyPurpose] ?? v,
  },
  {
    title: '发送时间',
    dataIndex: 'createdAt',
    width: 200,
    render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
  },
]

/** 短信发件箱: what the built-in SMS provider "sent", so codes can be read while no vendor is connected. */
export default function SmsOutboxPage() {
  return (
    <OutboxCard<OutboxRow>
      notice="内置短信通道不会真正发送短信，验证码记录在此处（同时写入 DATA_DIR/sms-outbox.log）；接入短信服务商后此处不再有新记录。"
      name="sms-outbox"
      url="/api/sms/outbox"
      columns={columns}
      fields={
        <Form.Item label="手机号" name="phone">
          <Input allowClear inputMode="numeric" maxLength={20} placeholder="完整手机号" />
        </Form.Item>
      }
    />
  )
}
