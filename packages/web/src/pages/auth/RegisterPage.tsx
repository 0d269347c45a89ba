import { demoBackendMessages, USERNAME_PATTERN, USERNAME_RULE_MSG } from '@moc/domain/api/session'
import { TOAST_SUCCESS_S } from '@moc/domain/constants'
import { App, Form, Input } from 'antd'
import { Link, useNavigate } from 'react-router'
import { api } from '../../api/client.ts'
import { emailRules, phoneRules } from '../../widgets/contactRules.ts'
import { NewPasswordFields } from '../../widgets/NewPasswordFields.tsx'
import { AuthCard } from './AuthCard.tsx'
import { AuthSubmit } from './AuthSubmit.tsx'
import type { LoginState } from './LoginPage.tsx'
import { useAuthSubmit } from './useAuthSubmit.ts'

interface RegisterForm {
  username: string
  realName: string
  email: string
  phone: string
  password: string
  confirm: string
}

/** Self-registration (spec §7 demo backend): the account waits for an administrator's approval. */
export default function RegisterPage() {
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [form] = Form.useForm<RegisterForm>()
  const { run, submitting, error } = useAuthSubmit()

  const register = (v: RegisterForm) =>
    run(async () => {
      const username = v.username.trim()
      await api.post('/api/users/register', {
        username,
        realName: v.realName.trim(),
        email: v.email.trim(),
        phone: v.phone.trim(),
        password: v.password,
      })
      message.success(demoBackendMessages.registered, TOAST_SUCCESS_S)
      const state: LoginState = { notice: '注册成功，请等待管理员审批后登录', username }
      navigate('/login', { state })
    })

  return (
    <AuthCard title="注册账号" subtitle="注册后需管理员审批通过才能登录" wide>
      <Form form={form} name="register" layout="vertical" onFinish={register}>
        <Form.Item
          label="用户名"
          name="username"
          rules={[
            { required: true, whitespace: true, message: '请输入用户名' },
            { pattern: USERNAME_PATTERN, message: USERNAME_RULE_MSG, transform: (v: string) => v?.trim() },
          ]}
        >
          <Input autoComplete="username" autoFocus placeholder="3-32位字母、数字、下划线、点或短横线" />
        </Form.Item>
        <Form.Item
          label="姓名"
          name="realName"
          rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}
        >
          <Input autoComplete="name" maxLength={50} placeholder="请输入姓名" />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={emailRules}>
          <Input autoComplete="email" placeholder="请输入邮箱号" />
        </Form.Item>
        <Form.Item label="手机号" name="phone" rules={phoneRules}>
          <Input autoComplete="tel" inputMode="numeric" maxLength={11} placeholder="请输入手机号" />
        </Form.Item>
        <NewPasswordFields
          name="password"
          label="密码"
          placeholder="请输入密码"
          confirmPlaceholder="请再次输入密码"
          required
        />
        <AuthSubmit error={error} loading={submitting}>
          注册
        </AuthSubmit>
        <div className="auth-links">
          <span>
            已有账号？<Link to="/login">返回登录</Link>
          </span>
        </div>
      </Form>
    </AuthCard>
  )
}
