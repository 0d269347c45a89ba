import type { LoginResult, SignedIn } from '@moc/domain/api/session'
import { VERIFY_CODE_TTL_S } from '@moc/domain/constants'
import { errorCodes } from '@moc/domain/transport/errorCodes'
import { Alert, Button, Form, Input } from 'antd'
import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { ApiError, api, request } from '../../api/client.ts'
import { clearSession, saveSession } from '../../api/session.ts'
import { VerifyCodeField } from '../../widgets/VerifyCodeField.tsx'
import { AuthCard } from './AuthCard.tsx'
import { AuthSubmit } from './AuthSubmit.tsx'
import { useAuthSubmit } from './useAuthSubmit.ts'

/** What other pages hand over when they send the user here. */
export interface LoginState {
  /** The page RequireSession turned away, to return to after signing in. */
  from?: string
  /** A success note from registration or password reset. */
  notice?: string
  username?: string
}

interface Credentials {
  username: string
  password: string
}

interface SecondStep {
  ticket: string
  phone: string
}

/**
 * Only same-app paths (an absolute URL only on this origin), never back to the auth pages themselves.
 * Used for the remembered page and for the `redirect` query parameter (e.g. /sso/authorize sends users here).
 */
function returnPath(from: unknown): string {
  if (typeof from !== 'string' || !from) return '/'
  let path = from
  if (!path.startsWith('/')) {
    try {
      const url = new URL(path)
      if (url.origin !== window.location.origin) return '/'
      path = url.pathname + url.search + url.hash
    } catch {
      return '/'
    }
  }
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return '/'
  return /^\/(login|logout)\b/.test(path) ? '/' : path
}

/** Password sign-in, then the SMS second step when the account requires it (spec §7 login, secondaryLogin). */
export default function LoginPage() {
  const navigate = useNavigate()
  const location = useLocation()
  const state = (location.state ?? {}) as LoginState
  const [params] = useSearchParams()
  const expiredMsg = params.get('errorMsg')
  const [showExpired, setShowExpired] = useState(true)
  const [form] = Form.useForm<Credentials>()
  const [codeForm] = Form.useForm<{ verifyCode: string }>()
  const { run, submitting, error, setError } = useAuthSubmit()
  const [second, setSecond] = useState<SecondStep>()
  const [codeSent, setCodeSent] = useState(false)

  // A session-expiry redirect lands here with stale cookies: drop them so nothing keeps using them.
  useEffect(() => {
    if (expiredMsg) clearSession()
  }, [expiredMsg])

  const finish = (data: Parameters<typeof saveSession>[0]) => {
    saveSession(data)
    navigate(returnPath(state.from ?? params.get('redirect')), { replace: true })
  }

  const signIn = async (values: Credentials) => {
    setShowExpired(false)
    await run(async () => {
      // keepSessionOnExpiry: a failure here must stay on this page with its message, not redirect.
      const result = await request<LoginResult>('POST', '/api/admin/login', {
        body: { username: values.username.trim(), password: values.password },
        keepSessionOnExpiry: true,
      })
      if ('needSecondary' in result) {
        setSecond({ ticket: result.ticket, phone: result.phone })
        setCodeSent(false)
        codeForm.resetFields()
      } else finish(result)
    })
  }

  const verify = async ({ verifyCode }: { verifyCode: string }) => {
    if (!second) return
    await run(async () => {
      try {
        finish(
          await request<SignedIn>('POST', '/api/admin/secondaryLogin', {
            body: { ticket: second.ticket, verifyCode: verifyCode.trim() },
            keepSessionOnExpiry: true,
          }),
        )
      } catch (err) {
        // An expired ticket cannot be retried: back to the password step, username kept.
        if (err instanceof ApiError && err.code === errorCodes.LOGIN_TICKET_INVALID.code) setSecond(undefined)
        throw err
      }
    })
  }

  const sendCode = async () => {
    if (!second) return
    await api.post('/api/admin/user-center/sendMsg', { purpose: 'login', ticket: second.ticket })
    setCodeSent(true)
  }

  return (
    <AuthCard title="账号登录" subtitle="欢迎回来，请使用后台账号登录">
      {expiredMsg && showExpired ? (
        <Alert
          className="auth-alert"
          type="error"
          showIcon
          title={expiredMsg}
          closable={{ onClose: () => setShowExpired(false) }}
        />
      ) : null}
      {state.notice && !second ? (
        <Alert className="auth-alert" type="success" showIcon title={state.notice} />
      ) : null}

      {/* Kept mounted (hidden) during the second step so the typed username survives going back. */}
      <Form
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: state.username ?? '' }}
        onFinish={signIn}
        hidden={!!second}
      >
        <Form.Item
          label="用户名"
          name="username"
          rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
        >
          <Input
            autoComplete="username"
            autoFocus={!state.username}
            placeholder="请输入用户名"
            size="large"
          />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password
            autoComplete="current-password"
            autoFocus={!!state.username}
            placeholder="请输入密码"
            size="large"
          />
        </Form.Item>
        {/* The code step's form shows the error while this one is hidden. */}
        <AuthSubmit error={second ? undefined : error} loading={submitting}>
          登录
        </AuthSubmit>
        <div className="auth-links">
          <Link to="/register">注册账号</Link>
          <Link to="/forgot-password">忘记密码</Link>
        </div>
      </Form>

      {second ? (
        <Form form={codeForm} name="login-sms" layout="vertical" requiredMark={false} onFinish={verify}>
          <Alert
            className="auth-alert"
            type="info"
            showIcon
            title={
              codeSent
                ? `已向手机 ${second.phone} 发送验证码，${VERIFY_CODE_TTL_S / 60}分钟内有效`
                : `该账号需要短信验证，验证码将发送至手机 ${second.phone}`
            }
          />
          <VerifyCodeField id="login-sms_verifyCode" size="large" onSend={sendCode} />
          <AuthSubmit error={error} loading={submitting}>
            验证并登录
          </AuthSubmit>
          <Button
            type="link"
            block
            onClick={() => {
              setSecond(undefined)
              setError(undefined)
            }}
          >
            返回账号密码登录
          </Button>
        </Form>
      ) : null}
    </AuthCard>
  )
}
