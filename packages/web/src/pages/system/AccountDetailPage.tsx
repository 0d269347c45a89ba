import {
  type AccountDetail,
  accountFormMessages as msg,
  XIUMI_OPEN_ID_PATTERN,
} from '@moc/domain/api/accounts'
import { type SignedIn, USERNAME_PATTERN, USERNAME_RULE_MSG } from '@moc/domain/api/session'
import { SUPER_ADMIN_ROLE_ID, TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { isSuperAdmin } from '@moc/domain/permissions/can'
import { EMAIL_PATTERN, PHONE_PATTERN } from '@moc/domain/rules/phone'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { FormRule } from 'antd'
import { Alert, App, Button, Card, Flex, Form, Input, Select, Switch, TreeSelect } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant, currentUser, saveSession } from '../../api/session.ts'
import { useFormEdits } from '../../widgets/formEdits.ts'
import { Loading } from '../../widgets/Loading.tsx'
import { NewPasswordFields } from '../../widgets/NewPasswordFields.tsx'
import { useUnsavedChangesGuard } from '../../widgets/useUnsavedChangesGuard.ts'
import {
  departmentOptions,
  queryKeys,
  useDepartmentTree,
  usePositions,
  useRoleOptions,
} from './organisationQueries.ts'

interface Values {
  username: string
  password?: string
  confirm?: string
  realName: string
  phone?: string
  email?: string
  xiumiOpenId?: string
  roleId?: number | null
  departmentId?: number | null
  positionId?: number | null
  isDirector: boolean
  requireSms: boolean
}

const NEW_ACCOUNT: Partial<Values> = { isDirector: false, requireSms: false }

const trimmed = (v: string | undefined) => v?.trim()
const optional = (pattern: RegExp, message: string): FormRule[] => [{ pattern, message, transform: trimmed }]

/** 账号详情 (/accountDetail): create an account, or edit one with ?id=. */
export default function AccountDetailPage() {
  const [params] = useSearchParams()
  const raw = params.get('id')
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined
  const detail = useQuery({
    queryKey: ['admin-detail', id],
    queryFn: () => api.get<AccountDetail>('/api/admin/detail', { id }),
    enabled: id !== undefined,
    // Not kept once the screen closes: the form opens on a fresh copy, never on an older one replaced a moment later.
    gcTime: 0,
  })
  if (id !== undefined && detail.isLoading) return <Loading />
  if (detail.error)
    return (
      <Card>
        <Alert type="error" showIcon title={detail.error.message} />
      </Card>
    )
  return <AccountForm key={id ?? 'new'} detail={detail.data} />
}

function AccountForm({ detail }: { detail: AccountDetail | undefined }) {
  const { message } = App.useApp()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const [serverError, setServerError] = useState<string>()
  const tree = useDepartmentTree()
  // Stable between renders, so an open dropdown is not redrawn while someone picks in it.
  const departmentTreeData = useMemo(() => departmentOptions(tree.data ?? []), [tree.data])
  const positions = usePositions()
  const roles = useRoleOptions()
  const editing = detail !== undefined
  const self = editing && detail.id === currentUser()?.id
  const departmentId = Form.useWatch('departmentId', form)
  const edits = useFormEdits(form, NEW_ACCOUNT)
  const release = useUnsavedChangesGuard(edits.edited)

  // The account's data fills what the user has not touched (decision 0035): a later answer never overwrites typing.
  useEffect(() => {
    if (detail)
      edits.fill({
        username: detail.username,
        realName: detail.realName,
        phone: detail.phone,
        email: detail.email,
        xiumiOpenId: detail.xiumiOpenId ?? '',
        roleId: detail.roleId,
        departmentId: detail.departmentId,
        positionId: detail.positionId,
        isDirector: detail.isDirector,
        requireSms: detail.requireSms,
      })
  }, [detail, edits])

  // Role 1 is granted only by super administrators (the server refuses it to others too).
  const superAdmin = isSuperAdmin(currentGrant())
  const roleOptions = (roles.data?.items ?? [])
    .filter((r) => superAdmin || r.id !== SUPER_ADMIN_ROLE_ID || r.id === detail?.roleId)
    .map((r) => ({ value: r.id, label: r.name }))
  if (detail?.roleId && !roleOptions.some((o) => o.value === detail.roleId))
    roleOptions.push({ value: detail.roleId, label: detail.roleName ?? String(detail.roleId) })
  const positionOptions = (positions.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))

  const save = async (v: Values) => {
    const fields = {
      realName: v.realName.trim(),
      email: trimmed(v.email) ?? '',
      phone: trimmed(v.phone) ?? '',
      xiumiOpenId: trimmed(v.xiumiOpenId) ?? '',
      departmentId: v.departmentId ?? null,
      positionId: v.positionId ?? null,
      isDirector: Boolean(v.isDirector && v.departmentId),
      requireSms: Boolean(v.requireSms),
    }
    const roleId = v.roleId ?? null
    setSaving(true)
    setServerError(undefined)
    try {
      if (editing)
        await api.post('/api/admin/update', {
          adminId: detail.id,
          ...fields,
          ...(self ? {} : { roleId }),
        })
      else
        await api.post('/api/admin/create', {
          username: v.username.trim(),
          password: v.password,
          roleId,
          ...fields,
        })
      message.success(editing ? msg.modified : msg.created, TOAST_SUCCESS_S)
      // The editor's 秀米 binding and the top bar read the stored user: refresh it after changing one's own.
      if (self)
        await api
          .get<Omit<SignedIn, 'token'>>('/api/user/detail')
          .then(saveSession)
          .catch(() => {})
      await queryClient.invalidateQueries({ queryKey: [queryKeys.accounts] })
      release()
      navigate('/account')
    } catch (err) {
      // The form keeps what was typed; the server's reason shows above it and as a toast.
      const text = err instanceof Error ? err.message : '网络错误'
      setServerError(text)
      message.error(text, TOAST_ERROR_S)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card title={editing ? `编辑账号：${detail.username}` : '新增账号'}>
      {serverError ? <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} /> : null}
      <Form<Values>
        form={form}
        name="account-detail"
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 12 }}
        initialValues={NEW_ACCOUNT}
        onFinish={save}
      >
        <Form.Item
          label="用户名"
          name="username"
          rules={
            editing
              ? []
              : [
                  { required: true, whitespace: true, message: msg.username },
                  { pattern: USERNAME_PATTERN, message: USERNAME_RULE_MSG, transform: trimmed },
                ]
          }
        >
          <Input disabled={editing} maxLength={32} autoComplete="off" placeholder={msg.username} />
        </Form.Item>
        {editing ? null : (
          <NewPasswordFields
            name="password"
            label="初始密码"
            placeholder="请输入初始密码"
            confirmPlaceholder="请再次输入初始密码"
            required
          />
        )}
        <Form.Item
          label="姓名"
          name="realName"
          rules={[{ required: true, whitespace: true, message: msg.realName }]}
        >
          <Input maxLength={50} placeholder={msg.realName} />
        </Form.Item>
        <Form.Item label="手机号" name="phone" rules={optional(PHONE_PATTERN, msg.phoneInvalid)}>
          <Input inputMode="numeric" maxLength={11} placeholder="请输入手机号" />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={optional(EMAIL_PATTERN, msg.emailInvalid)}>
          <Input maxLength={100} placeholder="请输入邮箱号" />
        </Form.Item>
        <Form.Item
          label="秀米账号ID"
          name="xiumiOpenId"
          extra="绑定后，该账号可在富文本编辑器中使用秀米排版"
          rules={optional(XIUMI_OPEN_ID_PATTERN, msg.xiumiOpenIdInvalid)}
        >
          <Input maxLength={64} autoComplete="off" placeholder="请输入秀米账号ID（openid）" />
        </Form.Item>
        <Form.Item
          label="角色"
          name="roleId"
          extra={
            roles.isError ? '角色列表加载失败，可稍后再设置角色' : self ? '不能修改自己的角色' : undefined
          }
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            disabled={self || roles.isError}
            loading={roles.isLoading}
            options={roleOptions}
            placeholder="请选择角色"
            notFoundContent="暂无数据"
          />
        </Form.Item>
        <Form.Item label="部门" name="departmentId">
          <TreeSelect
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            loading={tree.isLoading}
            treeData={departmentTreeData}
            placeholder={tree.isError ? '部门加载失败' : '请选择部门'}
            notFoundContent="暂无数据"
          />
        </Form.Item>
        <Form.Item label="职位" name="positionId">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={positions.isLoading}
            options={positionOptions}
            placeholder={positions.isError ? '职位加载失败' : '请选择职位'}
            notFoundContent="暂无数据"
          />
        </Form.Item>
        <Form.Item
          label="部门负责人"
          name="isDirector"
          valuePropName="checked"
          dependencies={['departmentId']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, on: boolean) =>
                on && !getFieldValue('departmentId')
                  ? Promise.reject(new Error(msg.directorNeedsDepartment))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Switch disabled={!departmentId} />
        </Form.Item>
        <Form.Item
          label="短信验证登录"
          name="requireSms"
          valuePropName="checked"
          dependencies={['phone']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, on: boolean) =>
                on && !trimmed(getFieldValue('phone') as string | undefined)
                  ? Promise.reject(new Error(msg.smsNeedsPhone))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Switch />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4, span: 12 }}>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
            <Button onClick={() => navigate('/account')}>返回</Button>
          </Flex>
        </Form.Item>
      </Form>
    </Card>
  )
}
