import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { request } from '../../api/client.ts'
import { clearSession, getToken } from '../../api/session.ts'
import { Loading } from '../../widgets/Loading.tsx'

/** Ends the server session (best effort), drops the local one, then shows the login page. */
export default function LogoutPage() {
  const navigate = useNavigate()
  // StrictMode runs effects twice in development; one logout call is enough.
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    // keepSessionOnExpiry: an already-expired session must not bounce to /login?errorMsg=… on the way out.
    const call = getToken()
      ? request('POST', '/api/admin/logout', { body: {}, keepSessionOnExpiry: true }).catch(() => {})
      : Promise.resolve()
    void call.then(() => {
      clearSession()
      navigate('/login', { replace: true })
    })
  }, [navigate])

  return <Loading tip="正在退出登录..." />
}
