import type { Screen } from '@moc/domain/catalogue/types'
import { SUPER_ADMIN_USERNAME } from '@moc/domain/constants'
import { canOpen } from '@moc/domain/permissions/can'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { currentGrant, currentUser, getToken } from '../api/session.ts'

/** No token cookie: to /login, remembering nothing else (spec §2 route behaviour). */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation()
  if (!getToken())
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />
  return children
}

/** roleId 1 passes; others need the screen's permission page in their map; /hidden only for `admin`. */
export function ScreenGuard({ screen, children }: { screen: Screen; children: ReactNode }) {
  if (screen.adminOnly && currentUser()?.username !== SUPER_ADMIN_USERNAME)
    return <Navigate to="/404" replace />
  if (!canOpen(currentGrant(), screen.permission)) return <Navigate to="/404" replace />
  return children
}

/** register and forgot-password send a signed-in user to the default page. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  if (getToken()) return <Navigate to="/dashboard" replace />
  return children
}
