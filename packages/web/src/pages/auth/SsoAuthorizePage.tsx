import { type SsoInteraction, type SsoScope, ssoMessages, ssoScopeText } from '@moc/domain/api/sso'
import { sessionEndCodes } from '@moc/domain/transport/errorCodes'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Alert, Button, Flex, List, Spin, Typography } from 'antd'
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { ApiError, request } from '../../api/client.ts'
import { clearSession, currentUser, getToken } from '../../api/session.ts'
import { AuthCard } from './AuthCard.tsx'

type Decision = 'confirm' | 'abort'

/** Where the server sends the browser next: the provider's resume URL, always on this origin. */
function follow(redirectTo: string) {
  const url = new URL(redirectTo, window.location.origin)
  if (url.origin !== window.location.origin) throw new ApiError(-1, ssoMessages.interactionGone)
  window.location.assign(url.href)
}

/**
 * 单点登录授权 (spec §2 /sso/authorize): a client app of the platform asks to sign the user in. Signed-in
 * users see which app asks for what and decide; others sign in first and come back here.
 */
export default function SsoAuthorizePage() {
  const [params] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const uid = params.get('uid') ?? ''
  const here = location.pathname + location.search
  const toLogin = (errorMsg?: string) =>
    `/login?redirect=${encodeURIComponent(here)}${errorMsg ? `&errorMsg=${encodeURIComponent(errorMsg)}` : ''}`

  /** An ended session goes through sign-in and back here, instead of the client's default (the home page). */
  const call = async <T,>(method: string, url: string, body?: unknown): Promise<T> => {
    try {
      return await request<T>(method, url, { body, keepSessionOnExpiry: true })
    } catch (err) {
      if (err instanceof ApiError && sessionEndCodes.includes(err.code)) {
        clearSession()
        navigate(toLogin(err.message), { replace: true })
      }
      throw err
    }
  }

  const signedIn = !!getToken()
  const details = useQuery({
    queryKey: ['sso-interaction', uid],
    queryFn: () => call<SsoInteraction>('GET', `/api/sso/interaction/${encodeURIComponent(uid)}`),
    enabled: signedIn && !!uid,
    retry: false,
  })
  const decide = useMutation({
    mutationFn: (d: Decision) =>
      call<{ redirectTo: string }>('POST', `/api/sso/interaction/${encodeURIComponent(uid)}/${d}`, {}),
    onSuccess: ({ redirectTo }) => follow(redirectTo),
  })

  if (!signedIn) return <Navigate to={toLogin()} replace />

  const error = !uid ? ssoMessages.interactionGone : (details.error ?? decide.error)?.message
  const data = details.data
  const user = currentUser()

  return (
    <AuthCard
      title="单点登录授权"
      subtitle={data ? `「${data.clientName}」申请使用你的后台账号登录` : undefined}
    >
      {error ? <Alert className="auth-alert" type="error" showIcon title={error} /> : null}
      {details.isLoading ? (
        <Flex vertical align="center" gap={8} style={{ padding: 24 }}>
          <Spin />
          <Typography.Text type="secondary">加载中...</Typography.Text>
        </Flex>
      ) : null}
      {data ? (
        <>
          <Typography.Paragraph>
            当前账号：<Typography.Text strong>{user?.username ?? '--'}</Typography.Text>
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">同意后，该应用将可以：</Typography.Paragraph>
          <List
            size="small"
            bordered
            dataSource={data.scopes}
            renderItem={(scope) => <List.Item>{ssoScopeText[scope as SsoScope] ?? scope}</List.Item>}
            locale={{ emptyText: '暂无数据' }}
            style={{ marginBottom: 16 }}
          />
          <Typography.Paragraph type="secondary">
            授权完成后将返回：<Typography.Text code>{new URL(data.redirectUri).origin}</Typography.Text>
          </Typography.Paragraph>
          <Flex gap={12}>
            <Button
              type="primary"
              size="large"
              block
              loading={decide.isPending && decide.variables === 'confirm'}
              disabled={decide.isPending || decide.isSuccess}
              onClick={() => decide.mutate('confirm')}
            >
              同意授权
            </Button>
            <Button
              size="large"
              block
              loading={decide.isPending && decide.variables === 'abort'}
              disabled={decide.isPending || decide.isSuccess}
              onClick={() => decide.mutate('abort')}
            >
              拒绝
            </Button>
          </Flex>
        </>
      ) : null}
      {error ? (
        <div className="auth-links">
          <Link to="/dashboard">返回后台首页</Link>
        </div>
      ) : null}
    </AuthCard>
  )
}
