import { accountMessages } from '@moc/domain/api/session'
import { TOAST_SUCCESS_S } from '@moc/domain/constants'
import { App, Form, Input } from 'antd'
import { Link, useNavigate } from 'react-router'
import { api } from '../../api/client.ts'
import { phoneRules } from '../../widgets/contactRules.ts'
import { NewPasswordFields } from '../../widgets/NewPasswordFields.tsx'
import { VerifyCodeField } from '../../widgets/VerifyCodeField.tsx'
import { AuthCard } from './AuthCard.tsx'
import { AuthSubmit } from './AuthSubmit.tsx'
import type { LoginState } from './LoginPage.tsx'
import { useAuthSubmit } from './useAuthSubmit.ts'

interface ForgotForm {
  username: string
  phone: string
  verifyCode: string
  newPassword: string
  confirm: string
}

/** The server's success message for /admin/forgot-password (the client returns data, not msg). */
const RESET_DONE = accountMessages.passwordReset

/** Password reset by SMS code to the phone on the account. */
export default function ForgotPasswordPage() {
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [form] = Form.useForm<ForgotForm>()
  const { run, submitting, error } = useAuthSubmit()

  // The code goes only to the phone registered on the account, so both are checked before sending.
  const sendCode = async () => {
    const { username, phone } = await form.validateFields(['username', 'phone'])
    await api.post('/api/admin/user-center/sendMsg', {
      purpose: 'reset',
      username: username.trim(),
      phone: phone.trim(),
    })
  }

  const reset = (v: ForgotForm) =>
    run(async () => {
      const username = v.username.trim()
      await api.post('/api/admin/forgot-password', {
        username,
        phone: v.phone.trim(),
        verifyCode: v.verifyCode.trim(),
        newPassword: v.newPassword,
      })
      message.success(RESET_DONE, TOAST_SUCCESS_S)
      const state: LoginState = { notice: RESET_DONE, username }
      navigate('/login', { state })
    })

  return (
    <AuthCard title="找回密码" subtitle="验证码将发送至账号绑定的手机号">
      <Form form={form} name="forgot" layout="vertical" onFinish={reset}>
        <Form.Item
          label="用户名"
          name="username"
          rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
        >
          <Input autoComplete="username" autoFocus placeholder="请输入用户名" />
        </Form.Item>
        <Form.Item label="手机号" name="phone" rules={phoneRules}>
          <Input autoComplete="tel" inputMode="numeric" maxLength={11} placeholder="请输入账号绑定的手机号" />
        </Form.Item>
        <VerifyCodeField id="forgot_verifyCode" onSend={sendCode} />
        <NewPasswordFields
          name="newPassword"
          label="新密码"
          placeholder="请输入新密码"
          confirmPlaceholder="请再次输入新密码"
          required
        />
        <AuthSubmit error={error} loading={submitting}>
          重置密码
        </AuthSubmit>
        <div className="auth-links">
          <Link to="/login">返回登录</Link>
        </div>
      </Form>
    </AuthCard>
  )
}
