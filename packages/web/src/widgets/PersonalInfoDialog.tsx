import type { SignedIn } from '@moc/domain/api/session'
import { TOAST_SUCCESS_S } from '@moc/domain/constants'
import { personalInfoMessages as msg } from '@moc/domain/rules/personalInfo'
import { Alert, App, Form, Input, Modal, Spin } from 'antd'
import { useEffect, useState } from 'react'
import { api } from '../api/client.ts'
import { currentUser, saveSession } from '../api/session.ts'
import { CodeButtonRow } from './CodeButtonRow.tsx'
import { emailRules, phoneRules } from './contactRules.ts'
import { NewPasswordFields } from './NewPasswordFields.tsx'

interface Props {
  open: boolean
  onClose: () => void
  /** Only the password may change: name, email and phone are shown but locked, and not sent. */
  loginMode?: boolean
}

interface AdminDetail {
  id: number
  name: string
  realName: string
  email: string
  phone: string
}

interface Values {
  name: string
  realName: string
  email: string
  phone: string
  password?: string
  confirm?: string
  verifyCode: string
}

/** Spec §8: errors on this dialog pop up for 1 s, not the usual 1.5 s. */
const DIALOG_TOAST_S = 1
const trim = (v: string | undefined) => (v ?? '').trim()

/** 个人信息 (spec §2, §5): edit one's own name, email, phone and password, confirmed by an SMS code. */
export function PersonalInfoDialog({ open, onClose, loginMode = false }: Props) {
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [detail, setDetail] = useState<AdminDetail>()
  const [loadError, setLoadError] = useState<string>()
  const [saving, setSaving] = useState(false)

  // Fresh data on every opening: the account may have changed elsewhere since the last time.
  useEffect(() => {
    if (!open) return
    const id = currentUser()?.id
    let live = true
    setDetail(undefined)
    setLoadError(undefined)
    if (id === undefined) {
      setLoadError('登录已过期，请重新登录')
      return
    }
    api
      .get<AdminDetail>('/api/admin/detail', { id })
      .then((d) => {
        if (!live) return
        setDetail(d)
        form.setFieldsValue({ name: d.name, realName: d.realName, email: d.email, phone: d.phone })
      })
      .catch((err: unknown) => live && setLoadError(err instanceof Error ? err.message : '网络错误'))
    return () => {
      live = false
    }
  }, [open, form])

  const sendCode = async () => {
    // validateFields rejects silently for VerifyCodeButton; the field shows 请输入手机号 itself.
    const { phone } = await form.validateFields(['phone'])
    await api.post('/api/admin/user-center/sendMsg', { purpose: 'update', phone: trim(phone) })
  }

  const save = async (v: Values) => {
    if (!detail) return
    const body: Record<string, unknown> = { adminId: detail.id, verifyCode: trim(v.verifyCode) }
    // The server's schema skips the name/email checks and keeps the stored phone only with loginMode set.
    if (loginMode) body.loginMode = true
    else Object.assign(body, { realName: trim(v.realName), email: trim(v.email), phone: trim(v.phone) })
    if (v.password) Object.assign(body, { newPassword: v.password, lastChangeTime: Date.now() })
    setSaving(true)
    try {
      await api.post('/api/admin/update', body)
      message.success(msg.success, TOAST_SUCCESS_S)
      // The top bar reads the stored user: refresh it so a new name shows at once.
      if (!loginMode)
        api
          .get<Omit<SignedIn, 'token'>>('/api/user/detail')
          .then(saveSession)
          .catch(() => {})
      onClose()
    } catch (err) {
      message.error(err instanceof Error ? err.message : '网络错误', DIALOG_TOAST_S)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      title="个人信息"
      width={700}
      open={open}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ htmlType: 'submit', disabled: !detail }}
      mask={{ closable: false }}
      destroyOnHidden
      // The form wraps the footer too, so 确定 is its submit button and Enter in any field submits.
      modalRender={(dom) => (
        <Form
          form={form}
          name="personal-info"
          layout="horizontal"
          labelCol={{ span: 4 }}
          wrapperCol={{ span: 18 }}
          clearOnDestroy
          onFinish={save}
        >
          {dom}
        </Form>
      )}
    >
      {loadError ? <Alert type="error" showIcon title={loadError} /> : null}
      {!detail && !loadError ? (
        <Spin>
          <div style={{ height: 120 }} />
        </Spin>
      ) : null}
      <div hidden={!detail}>
        <Form.Item label="账号" name="name">
          <Input readOnly variant="filled" />
        </Form.Item>
        <Form.Item
          label="姓名"
          name="realName"
          rules={loginMode ? [] : [{ required: true, whitespace: true, message: msg.realName }]}
        >
          <Input disabled={loginMode} maxLength={50} placeholder={msg.realName} />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={loginMode ? [] : emailRules}>
          <Input disabled={loginMode} maxLength={100} placeholder={msg.email} />
        </Form.Item>
        <NewPasswordFields
          name="password"
          label="密码"
          placeholder="不修改请留空"
          confirmPlaceholder="请再次输入密码"
        />
        <CodeButtonRow
          label="手机号"
          id="personal-info_phone"
          name="phone"
          rules={phoneRules}
          onSend={sendCode}
          disabled={!detail}
        >
          <Input disabled={loginMode} inputMode="numeric" maxLength={11} placeholder={msg.phone} />
        </CodeButtonRow>
        <Form.Item
          label="验证码"
          name="verifyCode"
          rules={[{ required: true, whitespace: true, message: msg.verifyCode }]}
        >
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={10}
            placeholder={msg.verifyCode}
          />
        </Form.Item>
      </div>
    </Modal>
  )
}
