import { LOG_RETENTION_MAX_DAYS, LOG_RETENTION_MIN_DAYS } from '@moc/domain/api/syslog'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Form, InputNumber, Switch } from 'antd'
import { useEffect } from 'react'
import { api } from '../../api/client.ts'

/** GET /api/setting/get without a type: the system settings by key. */
interface SystemSettings {
  'security.singleSession': boolean
  'security.allowRegistration': boolean
  'log.retentionDays': number
}
type Key = keyof SystemSettings

const QUERY_KEY = ['system-settings']
/** Form field names cannot hold dots (they would mean nesting), so the form uses these. */
const fields: Record<Key, string> = {
  'security.singleSession': 'singleSession',
  'security.allowRegistration': 'allowRegistration',
  'log.retentionDays': 'retentionDays',
}

/** 系统设置 (super admins only): single sign-in, self-registration and how long the operation log is kept. */
export function SystemSettingsCard() {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm()
  const settings = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => api.get<SystemSettings>('/api/setting/get'),
  })
  useEffect(() => {
    if (settings.data)
      form.setFieldsValue(
        Object.fromEntries((Object.keys(fields) as Key[]).map((k) => [fields[k], settings.data[k]])),
      )
  }, [settings.data, form])

  const save = useMutation({
    mutationFn: async (values: Record<string, unknown>) => {
      // One call per changed key, so each change is logged on its own.
      for (const key of Object.keys(fields) as Key[])
        if (values[fields[key]] !== settings.data?.[key])
          await api.post('/api/setting/update', { key, value: values[fields[key]] })
    },
    onSuccess: () => {
      message.success('保存成功', TOAST_SUCCESS_S)
      return queryClient.invalidateQueries({ queryKey: QUERY_KEY })
    },
    onError: (err) => {
      message.error(err.message, TOAST_ERROR_S)
      return queryClient.invalidateQueries({ queryKey: QUERY_KEY })
    },
  })

  return (
    <Card title="系统设置">
      {settings.error ? <Alert type="error" showIcon title={settings.error.message} /> : null}
      <Form
        form={form}
        name="system-settings"
        layout="horizontal"
        labelCol={{ flex: '140px' }}
        onFinish={(v) => save.mutate(v)}
        disabled={settings.isLoading}
      >
        <Form.Item
          label="单点登录限制"
          name="singleSession"
          valuePropName="checked"
          extra="开启后同一账号只能在一处登录，新的登录会使其他登录失效"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          label="允许注册"
          name="allowRegistration"
          valuePropName="checked"
          extra="关闭后登录页的注册入口不可用；注册的账号需超级管理员审批"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          label="日志保留天数"
          name="retentionDays"
          extra={`操作日志至少保留 ${LOG_RETENTION_MIN_DAYS} 天，超过保留天数的记录会被定期清理`}
          rules={[
            { required: true, message: '请输入日志保留天数' },
            {
              type: 'integer',
              min: LOG_RETENTION_MIN_DAYS,
              max: LOG_RETENTION_MAX_DAYS,
              message: `请输入 ${LOG_RETENTION_MIN_DAYS}～${LOG_RETENTION_MAX_DAYS} 之间的整数`,
            },
          ]}
        >
          <InputNumber min={LOG_RETENTION_MIN_DAYS} max={LOG_RETENTION_MAX_DAYS} precision={0} suffix="天" />
        </Form.Item>
        <Form.Item label={null}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存设置
          </Button>
        </Form.Item>
      </Form>
    </Card>
  )
}
