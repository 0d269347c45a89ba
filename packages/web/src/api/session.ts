import type { SessionUser, SignedIn } from '@moc/domain/api/session'
import type { Grant } from '@moc/domain/permissions/can'
import type { PowerMap } from '@moc/domain/permissions/types'
import { deleteCookie, getCookie, setCookie } from './cookies.ts'

/** The session cookies' lifetime; the server's absolute session expiry ends it sooner if shorter. */
const COOKIE_MAX_AGE_S = 12 * 3600

export const getToken = () => getCookie('token')

export function currentUser(): SessionUser | undefined {
  const raw = getCookie('user') ?? localStorage.getItem('user') ?? undefined
  if (!raw) return undefined
  try {
    return JSON.parse(raw) as SessionUser
  } catch {
    return undefined
  }
}

export function currentGrant(): Grant {
  const user = currentUser()
  const read = <T>(key: string, fallback: T): T => {
    try {
      return (JSON.parse(localStorage.getItem(key) ?? 'null') as T) ?? fallback
    } catch {
      return fallback
    }
  }
  return {
    roleId: user?.roleId ?? null,
    power: read<PowerMap>('power', {}),
    powerMenuAttrs: read<string[]>('powerMenuAttrs', []),
  }
}

/** Stores a sign-in: token and user cookies (spec §3), user, power map and menu keys in local storage. */
export function saveSession(data: SignedIn | Omit<SignedIn, 'token'>) {
  if ('token' in data) setCookie('token', data.token, COOKIE_MAX_AGE_S)
  const user = JSON.stringify(data.user)
  setCookie('user', user, COOKIE_MAX_AGE_S)
  localStorage.setItem('user', user)
  localStorage.setItem('power', JSON.stringify(data.power))
  localStorage.setItem('powerMenuAttrs', JSON.stringify(data.powerMenuAttrs))
  window.dispatchEvent(new Event('moc:session'))
}

/** Forgets the session; `announce` false when the page is about to be replaced anyway (nothing redraws). */
export function clearSession(announce = true) {
  deleteCookie('token')
  deleteCookie('user')
  for (const k of ['user', 'power', 'powerMenuAttrs']) localStorage.removeItem(k)
  if (announce) window.dispatchEvent(new Event('moc:session'))
}
