import {
  COUPON_SEND_USERS_MAX,
  type CouponSendBody,
  type CouponSendResult,
  couponMessages,
} from '@moc/domain/api/coupons'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { COUPON_SEND_TARGETS, couponSend } from '@moc/domain/resources/marketing/couponSend'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Form, Input, Modal, Radio, Select, Space, Table, Tag, Upload } from 'antd'
import { useState } from 'react'
import { api } from '../../../api/client.ts'
import { downloadFile } from '../../../api/download.ts'
import { fileBase64 } from '../../../api/fileBase64.ts'
import { currentGrant } from '../../../api/session.ts'
import { formatTime } from '../../../engine/displayValue.ts'
import { SearchButtons } from '../../../widgets/SearchButtons.tsx'
import { usePagedQuery } from '../../../widgets/usePagedQuery.ts'
import { OptionSelect } from './OptionSelect.tsx'
import { SendRecordsDrawer } from './SendRecordsDrawer.tsx'

const PAGE = couponSend.permissionPage
const LIST_KEY = 'coupon-sends'

interface SendRow {
  id: number
  couponId: number
  target: keyof typeof COUPON_SEND_TARGETS
  portraitId: number | null
  sentCount: number
  skippedCount: number
  remark: string
  creatorName: string
  createdAt: string
  refs?: Record<string, string>
}

const TARGET_COLORS: Record<string, string> = { users: 'blue', portrait: 'purple', import: 'cyan' }

/**
 * 优惠券发放 (spec §2 /sendCoupons; §6 导出; decision 0047): 发放 a coupon to chosen app users, a portrait's users or an
 * imported list (confirmed first; the server gives the codes and writes the record in one transaction), and the
 * sends below — each with its codes (查看名单) and its export (导出, an .xlsx of users, codes and their use).
 */
export default function SendCouponsPage() {
  const grant = currentGrant()
  const [sending, setSending] = useState(false)
  const [viewing, setViewing] = useState<SendRow>()
  const [form] = Form.useForm()
  const sends = usePagedQuery<SendRow>(
    LIST_KEY,
    `/api/${couponSend.name}/list`,
    {},
    {
      url: { params: ['couponId', 'target'], form },
    },
  )
  const { message } = App.useApp()
  const [exporting, setExporting] = useState<number>()
  const exportSend = async (row: SendRow) => {
    setExporting(row.id)
    try {
      await downloadFile('/api/couponSend/records/export', { id: row.id }, '优惠券发放记录.xlsx')
      message.success('导出成功', TOAST_SUCCESS_S)
    } catch (err) {
      message.error((err as Error).message, TOAST_ERROR_S)
    } finally {
      setExporting(undefined)
    }
  }
  return (
    <Card
      title="优惠券发放"
      extra={
        can(grant, PAGE, '发放') ? (
          <Button type="primary" onClick={() => setSending(true)}>
            发放优惠券
          </Button>
        ) : null
      }
    >
      <Form form={form} layout="inline" name="coupon-sends" onFinish={sends.search}>
        <Form.Item label="优惠券" name="couponId" style={{ minWidth: 280 }}>
          <OptionSelect kind="coupon" placeholder="全部优惠券" />
        </Form.Item>
        <Form.Item label="发放对象" name="target">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 140 }}
            options={Object.entries(COUPON_SEND_TARGETS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <SearchButtons onReset={() => sends.search({})} />
      </Form>
      <Table<SendRow>
        aria-label="发放记录"
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        loading={sends.list.isFetching}
        dataSource={sends.list.data?.items}
        pagination={sends.pagination}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          { key: 'coupon', title: '优惠券', render: (_, r) => r.refs?.couponId ?? `#${r.couponId}` },
          {
            key: 'target',
            title: '发放对象',
            dataIndex: 'target',
            render: (v: SendRow['target']) => (
              <Tag color={TARGET_COLORS[v]}>{COUPON_SEND_TARGETS[v] ?? v}</Tag>
            ),
          },
          { key: 'portrait', title: '用户画像', render: (_, r) => r.refs?.portraitId ?? '--' },
          { key: 'sentCount', title: '发放数', dataIndex: 'sentCount' },
          { key: 'skippedCount', title: '跳过数', dataIndex: 'skippedCount' },
          { key: 'remark', title: '备注', dataIndex: 'remark', render: (v: string) => v || '--' },
          { key: 'creatorName', title: '发放人', dataIndex: 'creatorName' },
          { key: 'createdAt', title: '发放时间', dataIndex: 'createdAt', render: formatTime },
          {
            key: 'actions',
            title: '操作',
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setViewing(r)}>
                  查看名单
                </Button>
                {can(grant, PAGE, '导出') ? (
                  <Button
                    type="link"
                    size="small"
                    loading={exporting === r.id}
                    onClick={() => void exportSend(r)}
                  >
                    导出
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {sending ? <SendDialog onClose={() => setSending(false)} /> : null}
      <SendRecordsDrawer send={viewing} onClose={() => setViewing(undefined)} />
    </Card>
  )
}

interface SendValues {
  couponId?: number
  target: CouponSendBody['target']
  userIds?: number[]
  portraitId?: number
  file?: File
  remark?: string
}

const TARGET_TEXT: Record<SendValues['target'], string> = {
  users: '所选用户',
  portrait: '该用户画像的全部用户',
  import: '名单中的用户',
}

/** 发放优惠券: the coupon, the target (users / a portrait / an imported .xlsx), a remark; confirmed, then sent. */
function SendDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<SendValues>()
  const target = Form.useWatch('target', form) ?? 'users'
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string>()
  const [result, setResult] = useState<CouponSendResult>()
  const run = useMutation({
    mutationFn: async (v: SendValues) =>
      api.post<CouponSendResult>('/api/couponSend/send', {
        couponId: v.couponId,
        target: v.target,
        userIds: v.target === 'users' ? (v.userIds ?? []) : [],
        portraitId: v.target === 'portrait' ? v.portraitId : null,
        fileName: v.target === 'import' ? v.file?.name : null,
        file: v.target === 'import' && v.file ? await fileBase64(v.file) : null,
        remark: v.remark ?? '',
      }),
    onSuccess: (data) => {
      message.success(couponMessages.sent(data.sentCount, data.skippedCount), TOAST_SUCCESS_S)
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY] })
      void queryClient.invalidateQueries({ queryKey: ['coupon-send-options'] })
      if (data.unknown.length) setResult(data)
      else onClose()
    },
    onError: (err) => {
      setError(err.message)
      message.error(err.message, TOAST_ERROR_S)
    },
  })
  const submit = (v: SendValues) => {
    setError(undefined)
    modal.confirm({
      title: '确认发放',
      content: `确定向${TARGET_TEXT[v.target]}发放该优惠券？发放后不可撤回。`,
      okText: '发放',
      cancelText: '取消',
      onOk: () => run.mutate(v),
    })
  }
  if (result)
    return (
      <Modal
        open
        title="发放结果"
        onCancel={onClose}
        onOk={onClose}
        okText="知道了"
        cancelButtonProps={{ hidden: true }}
      >
        <Alert
          type="warning"
          showIcon
          title={`${couponMessages.sent(result.sentCount, result.skippedCount)}；以下 ${result.unknown.length} 行不是 App 用户，未发放`}
        />
        <Table
          aria-label="未识别的行"
          style={{ marginTop: 12 }}
          rowKey="row"
          size="small"
          pagination={{ pageSize: 10 }}
          dataSource={result.unknown}
          columns={[
            { key: 'row', title: '行号', dataIndex: 'row' },
            { key: 'value', title: '内容', dataIndex: 'value' },
          ]}
        />
      </Modal>
    )
  return (
    <Modal
      open
      title="发放优惠券"
      okText="发放"
      cancelText="取消"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={run.isPending}
      destroyOnHidden
      width={560}
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form<SendValues>
        form={form}
        name="coupon-send"
        layout="vertical"
        initialValues={{ target: 'users' }}
        onFinish={submit}
        onValuesChange={() => setError(undefined)}
      >
        <Form.Item label="优惠券" name="couponId" rules={[{ required: true, message: '请选择优惠券' }]}>
          <OptionSelect kind="coupon" placeholder="搜索优惠券" />
        </Form.Item>
        <Form.Item label="发放对象" name="target">
          <Radio.Group
            options={Object.entries(COUPON_SEND_TARGETS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        {target === 'users' ? (
          <Form.Item
            label="用户"
            name="userIds"
            rules={[{ required: true, message: couponMessages.usersRequired }]}
            help={`按昵称或手机号搜索，最多 ${COUPON_SEND_USERS_MAX} 人`}
          >
            <OptionSelect kind="user" multiple placeholder="搜索 App 用户" />
          </Form.Item>
        ) : null}
        {target === 'portrait' ? (
          <Form.Item
            label="用户画像"
            name="portraitId"
            rules={[{ required: true, message: couponMessages.portraitRequired }]}
          >
            <OptionSelect kind="portrait" placeholder="搜索用户画像" />
          </Form.Item>
        ) : null}
        {target === 'import' ? (
          <Form.Item
            label="名单文件"
            name="file"
            rules={[{ required: true, message: couponMessages.fileRequired }]}
            help="Excel（.xlsx）：第一行为表头，第一列为手机号或用户ID，每行一个用户"
            valuePropName="file"
            getValueFromEvent={(e: { file: File; fileList: { originFileObj?: File }[] }) =>
              e.fileList.length ? (e.fileList.at(-1)!.originFileObj ?? e.file) : undefined
            }
          >
            <Upload accept=".xlsx" maxCount={1} beforeUpload={() => false}>
              <Button>选择文件</Button>
            </Upload>
          </Form.Item>
        ) : null}
        <Form.Item label="备注" name="remark">
          <Input maxLength={100} showCount placeholder="选填，如 会员日回馈" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
