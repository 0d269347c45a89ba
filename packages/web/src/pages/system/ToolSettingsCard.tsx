import type { SsoClient } from '@moc/domain/api/sso'
import { isToolUrl, type ToolSettings, toolMessages, toolSettingsSchema } from '@moc/domain/api/tools'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Form, type FormRule, Input, Select } from 'antd'
import { useEffect } from 'react'
import { api } from '../../api/client.ts'
import { useSettingCard } from './useSettingCard.ts'

const urlRules: FormRule[] = [
  {
    validator: (_, v: string | undefined) =>
      !v?.trim() || isToolUrl(v.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(toolMessages.urlInvalid)),
  },
]

const urlFields = [
  ['webcutUrl', '在线剪辑地址', '菜单「在线剪辑」在新窗口打开此地址；留空表示未配置'],
  ['yunjianUrl', '云剪辑地址', '菜单「云剪辑」打开此地址；绑定单点登录应用时填写该应用的登录发起地址'],
] as const

/**
 * 外部工具 (super admins; decision 0023): the addresses the menu's 在线剪辑 (/webcut) and 云剪辑 (/yunjian) open,
 * and the 单点登录应用 云剪辑 signs in with. Empty = not configured (the tool's window says so).
 */
export function ToolSettingsCard() {
  const [form] = Form.useForm<ToolSettings>()
  const { settings, value, save, submit } = useSettingCard('tools', toolSettingsSchema)
  const clients = useQuery({
    queryKey: ['sso-clients'],
    queryFn: () => api.get<{ items: SsoClient[] }>('/api/sso/client/list'),
  })
  useEffect(() => {
    if (value) form.setFieldsValue(value)
  }, [value, form])

  return (
    <Card title="外部工具">
      {settings.error ? <Alert type="error" showIcon title={settings.error.message} /> : null}
      <Form
        form={form}
        name="tool-settings"
        layout="horizontal"
        labelCol={{ flex: '140px' }}
        // A cleared input or select is '' (not configured, no sign-in hand-off).
        onFinish={(v) =>
          submit({
            webcutUrl: v.webcutUrl ?? '',
            yunjianUrl: v.yunjianUrl ?? '',
            yunjianSsoClientId: v.yunjianSsoClientId ?? '',
          })
        }
        disabled={settings.isLoading}
      >
        {urlFields.map(([name, label, extra]) => (
          <Form.Item key={name} label={label} name={name} rules={urlRules} extra={extra}>
            <Input placeholder="https://" allowClear />
          </Form.Item>
        ))}
        <Form.Item
          label="云剪辑单点登录"
          name="yunjianSsoClientId"
          extra="云剪辑通过后台单点登录确认当前账号；应用的某个回调地址须与云剪辑地址同源"
        >
          <Select
            allowClear
            style={{ maxWidth: 360 }}
            placeholder={clients.isError ? '单点登录应用加载失败' : '不使用单点登录'}
            loading={clients.isLoading}
            notFoundContent={clients.isLoading ? '加载中...' : '暂无数据'}
            options={(clients.data?.items ?? [])
              .filter((c) => c.enabled)
              .map((c) => ({ value: c.clientId, label: `${c.name}（${c.clientId}）` }))}
          />
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
