import {
  isAllowedRedirectUri,
  type SsoClient,
  type SsoClientFields,
  type SsoClientWithSecret,
  type SsoScope,
  ssoMessages,
  ssoScopes,
} from '@moc/domain/api/sso'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { useState } from 'react'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'

const PAGE = '系统-单点登录'
const LIST_KEY = 'sso-clients'

const scopeLabel: Record<SsoScope, string> = {
  openid: '身份 openid',
  profile: '用户名与角色 profile',
  offline_access: '刷新令牌 offline_access',
}

interface FormValues {
  name: string
  redirectUris: string
  scopes: SsoScope[]
}

const toFields = (v: FormValues): SsoClientFields => ({
  name: v.name.trim(),
  redirectUris: v.redirectUris
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean),
  scopes: v.scopes,
})

/** The once-only display of a new secret: the server keeps it encrypted and never shows it again. */
function SecretModal({ shown, onClose }: { shown?: SsoClientWithSecret; onClose: () => void }) {
  return (
    <Modal
      open={!!shown}
      title="请保存应用密钥"
      onCancel={onClose}
      maskClosable={false}
      // Nothing of the secret stays in the page once the dialog is closed.
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          我已保存
        </Button>
      }
    >
      {shown ? (
        <>
          <Alert
            type="warning"
            showIcon
            title="client_secret 只显示这一次，关闭后无法再次查看；请立即复制并妥善保存。遗失后只能重置密钥。"
            style={{ marginBottom: 16 }}
          />
          <Typography.Paragraph>
            client_id：
            <Typography.Text code copyable data-testid="sso-client-id">
              {shown.client.clientId}
            </Typography.Text>
          </Typography.Paragraph>
          <Typography.Paragraph>
            client_secret：
            <Typography.Text code copyable={{ tooltips: ['复制', '已复制'] }} data-testid="sso-client-secret">
              {shown.clientSecret}
            </Typography.Text>
          </Typography.Paragraph>
        </>
      ) : null}
    </Modal>
  )
}

/** 单点登录应用: the client apps (cloud editor, clip tool, …) that sign users in through /sso/authorize. */
export default function SsoClientsPage() {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const grant = currentGrant()
  const mayAdd = can(grant, PAGE, '添加')
  const mayEdit = can(grant, PAGE, '编辑')
  const mayDelete = can(grant, PAGE, '删除')
  const [form] = Form.useForm<FormValues>()
  const [editing, setEditing] = useState<SsoClient | 'new'>()
  const [secret, setSecret] = useState<SsoClientWithSecret>()

  const list = useQuery({
    queryKey: [LIST_KEY],
    queryFn: () => api.get<{ items: SsoClient[]; issuer: string }>('/api/sso/client/list'),
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: [LIST_KEY] })
  const onError = (err: Error) => message.error(err.message, TOAST_ERROR_S)

  const save = useMutation({
    mutationFn: async (values: FormValues) => {
      const fields = toFields(values)
      if (editing === 'new')
        return { created: await api.post<SsoClientWithSecret>('/api/sso/client/create', fields) }
      await api.post('/api/sso/client/update', { clientId: editing!.clientId, ...fields })
      return { created: undefined }
    },
    onSuccess: ({ created }) => {
      message.success(created ? ssoMessages.created : ssoMessages.updated, TOAST_SUCCESS_S)
      setEditing(undefined)
      if (created) setSecret(created)
      return refresh()
    },
    onError,
  })
  const setState = useMutation({
    mutationFn: (v: { clientId: string; enabled: boolean }) => api.post('/api/sso/client/state', v),
    onSuccess: (_, v) => {
      message.success(v.enabled ? ssoMessages.enabled : ssoMessages.disabled, TOAST_SUCCESS_S)
      return refresh()
    },
    onError,
  })
  const rotate = useMutation({
    mutationFn: (clientId: string) =>
      api.post<SsoClientWithSecret>('/api/sso/client/rotateSecret', { clientId }),
    onSuccess: (data) => {
      setSecret(data)
      return refresh()
    },
    onError,
  })
  const remove = useMutation({
    mutationFn: (clientId: string) => api.post('/api/sso/client/delete', { clientId }),
    onSuccess: () => {
      message.success(ssoMessages.deleted, TOAST_SUCCESS_S)
      return refresh()
    },
    onError,
  })

  const open = (row: SsoClient | 'new') => {
    setEditing(row)
    form.setFieldsValue(
      row === 'new'
        ? { name: '', redirectUris: '', scopes: ['openid', 'profile'] }
        : { name: row.name, redirectUris: row.redirectUris.join('\n'), scopes: row.scopes as SsoScope[] },
    )
  }

  const columns: ColumnsType<SsoClient> = [
    { title: '应用名称', dataIndex: 'name' },
    {
      title: 'client_id',
      dataIndex: 'clientId',
      render: (v: string) => (
        <Typography.Text code copyable>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: '回调地址',
      dataIndex: 'redirectUris',
      render: (v: string[]) => (
        <Flex vertical>
          {v.map((u) => (
            <Typography.Text key={u}>{u}</Typography.Text>
          ))}
        </Flex>
      ),
    },
    {
      title: '授权范围',
      dataIndex: 'scopes',
      render: (v: SsoScope[]) => v.map((s) => <Tag key={s}>{scopeLabel[s] ?? s}</Tag>),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      render: (v: boolean, row) =>
        mayEdit ? (
          <Switch
            size="small"
            checked={v}
            checkedChildren="启用"
            unCheckedChildren="禁用"
            aria-label={`启用 ${row.name}`}
            loading={setState.isPending && setState.variables?.clientId === row.clientId}
            onChange={(enabled) => setState.mutate({ clientId: row.clientId, enabled })}
          />
        ) : (
          <Tag color={v ? 'green' : undefined}>{v ? '启用' : '禁用'}</Tag>
        ),
    },
    {
      title: '密钥更新时间',
      dataIndex: 'secretRotatedAt',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    ...(mayEdit || mayDelete
      ? [
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, row: SsoClient) => (
              <Space size={0}>
                {mayEdit ? (
                  <Button type="link" size="small" onClick={() => open(row)}>
                    编辑
                  </Button>
                ) : null}
                {mayEdit ? (
                  <Popconfirm
                    title="确定重置密钥？旧密钥将立即失效，应用需换用新密钥"
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => rotate.mutateAsync(row.clientId)}
                  >
                    <Button type="link" size="small">
                      重置密钥
                    </Button>
                  </Popconfirm>
                ) : null}
                {mayDelete ? (
                  <Popconfirm
                    title="确定删除该应用？删除后其登录和已签发的令牌全部失效"
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => remove.mutateAsync(row.clientId)}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]
      : []),
  ]

  return (
    <Card>
      <Alert
        type="info"
        showIcon
        title={
          <>
            应用通过 OpenID Connect 授权码模式（必须使用 PKCE S256，client_secret_basic 认证）接入。发现地址：
            <Typography.Text code copyable>
              {list.data ? `${list.data.issuer}/.well-known/openid-configuration` : '加载中...'}
            </Typography.Text>
          </>
        }
        style={{ marginBottom: 16 }}
      />
      <Flex justify="space-between" align="center">
        {mayAdd ? (
          <Button type="primary" onClick={() => open('new')}>
            添加应用
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={() => void list.refetch()} loading={list.isFetching}>
          刷新
        </Button>
      </Flex>
      {list.error ? (
        <Alert type="error" showIcon title={list.error.message} style={{ marginTop: 16 }} />
      ) : null}
      <Table<SsoClient>
        style={{ marginTop: 16 }}
        rowKey="clientId"
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        locale={{ emptyText: list.isLoading ? '加载中...' : '暂无数据' }}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />

      <Modal
        open={!!editing}
        title={editing === 'new' ? '添加应用' : '编辑应用'}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(undefined)}
        forceRender
      >
        <Form form={form} name="sso-client" layout="vertical" onFinish={(v) => save.mutate(v)}>
          <Form.Item
            label="应用名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '请输入应用名称' },
              { max: 50, message: '应用名称最多 50 个字' },
            ]}
          >
            <Input placeholder="如：云剪辑" maxLength={50} />
          </Form.Item>
          <Form.Item
            label="回调地址"
            name="redirectUris"
            extra="每行一个；须为 https 地址，开发时可用 http://localhost 或 http://127.0.0.1"
            rules={[
              { required: true, whitespace: true, message: '请至少填写一个回调地址' },
              {
                validator: async (_, value: string) => {
                  const uris = (value ?? '')
                    .split('\n')
                    .map((s) => s.trim())
                    .filter(Boolean)
                  if (uris.length > 10) throw new Error('回调地址最多 10 个')
                  if (new Set(uris).size !== uris.length) throw new Error('回调地址不能重复')
                  const bad = uris.find((u) => !isAllowedRedirectUri(u))
                  if (bad) throw new Error(`${bad}：${ssoMessages.redirectUri}`)
                },
              },
            ]}
          >
            <Input.TextArea rows={3} placeholder="https://yunjian.example.cn/oidc/callback" />
          </Form.Item>
          <Form.Item
            label="授权范围"
            name="scopes"
            rules={[
              {
                validator: async (_, value: SsoScope[] | undefined) => {
                  if (!value?.includes('openid')) throw new Error(ssoMessages.openidRequired)
                },
              },
            ]}
          >
            <Checkbox.Group options={ssoScopes.map((s) => ({ value: s, label: scopeLabel[s] }))} />
          </Form.Item>
        </Form>
      </Modal>

      <SecretModal shown={secret} onClose={() => setSecret(undefined)} />
    </Card>
  )
}
