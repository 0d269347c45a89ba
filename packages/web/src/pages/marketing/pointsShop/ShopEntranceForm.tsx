import {
  defaultShopEntrance,
  SHOP_ENTRANCE_NAME_MAX,
  SHOP_LINK_MAX,
  type ShopEntrance,
  shopEntranceSchema,
} from '@moc/domain/api/pointsShop'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { shopItem } from '@moc/domain/resources/marketing/shopItem'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Form, Input, Switch } from 'antd'
import { useEffect } from 'react'
import { api } from '../../../api/client.ts'
import { currentGrant } from '../../../api/session.ts'
import { FieldInput } from '../../../engine/FieldInput.tsx'

const ENTRANCE_KEY = ['shop-entrance']
const URL = '/api/create-platform/shop'
const iconField = { kind: 'image', label: '入口图标', max: 1000 } as const

/**
 * 入口设置: whether the app shows the shop's entrance, its name, icon and link (GET/POST /api/create-platform/shop),
 * checked with the shared rules (shopEntranceSchema) before saving; the server's message is shown when it refuses.
 * Read-only without 编辑.
 */
export function ShopEntranceForm() {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<ShopEntrance>()
  const mayEdit = can(currentGrant(), shopItem.permissionPage, '编辑')
  const entrance = useQuery({ queryKey: ENTRANCE_KEY, queryFn: () => api.get<ShopEntrance>(URL) })
  useEffect(() => {
    if (entrance.data) form.setFieldsValue(entrance.data)
  }, [entrance.data, form])
  const save = useMutation({
    mutationFn: (value: ShopEntrance) => api.post<ShopEntrance>(URL, value),
    onSuccess: (saved) => {
      message.success('保存成功', TOAST_SUCCESS_S)
      queryClient.setQueryData(ENTRANCE_KEY, saved)
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  const submit = (values: ShopEntrance) => {
    const parsed = shopEntranceSchema.safeParse({ ...defaultShopEntrance, ...values })
    if (parsed.success) return save.mutate(parsed.data)
    form.setFields(
      parsed.error.issues.map((i) => ({
        name: String(i.path[0] ?? 'link') as keyof ShopEntrance,
        errors: [i.message],
      })),
    )
  }
  const shown = Form.useWatch('show', form)
  if (entrance.error) return <Alert type="error" showIcon title={entrance.error.message} />
  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 14 }}
      initialValues={defaultShopEntrance}
      onFinish={submit}
      disabled={!mayEdit || entrance.isLoading}
      aria-label="积分商城入口设置"
    >
      <Form.Item name="show" label="是否显示" valuePropName="checked" extra="开启后 App 显示积分商城入口">
        <Switch checkedChildren="显示" unCheckedChildren="不显示" />
      </Form.Item>
      <Form.Item name="name" label="入口名称" required>
        <Input maxLength={SHOP_ENTRANCE_NAME_MAX} showCount placeholder="如 积分商城" />
      </Form.Item>
      <Form.Item name="icon" label="入口图标">
        <FieldInput field={iconField} readOnly={!mayEdit} />
      </Form.Item>
      <Form.Item
        name="link"
        label="跳转链接"
        required={shown === true}
        extra="外部商城填 https:// 开头的网址；App 内置商城填页面路径，如 /shop"
      >
        <Input maxLength={SHOP_LINK_MAX} placeholder="https://mall.example.com 或 /shop" />
      </Form.Item>
      {mayEdit ? (
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Form.Item>
      ) : null}
    </Form>
  )
}
