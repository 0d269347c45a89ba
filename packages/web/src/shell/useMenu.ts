import { buildMenu, type MenuItem } from '@moc/domain/catalogue/menu'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { api } from '../api/client.ts'
import { currentGrant, currentUser } from '../api/session.ts'

export interface UserMenu {
  menus: MenuItem[]
  powerMenuAttrs: string[]
}

/**
 * The signed-in user's side menu from the server; until it answers (or if it fails) the same menu is
 * built locally from the stored grant, so the shell never renders without navigation.
 */
export function useMenu(): UserMenu & { loading: boolean } {
  const user = currentUser()
  const query = useQuery({
    queryKey: ['user-menu', user?.id],
    queryFn: () => api.get<UserMenu>('/api/admin/user-menu'),
    staleTime: 5 * 60_000,
  })
  const username = user?.username ?? ''
  const local = useMemo<UserMenu>(() => {
    const grant = currentGrant()
    return { menus: buildMenu(grant, username), powerMenuAttrs: [...grant.powerMenuAttrs] }
  }, [username])
  return { ...(query.data ?? local), loading: query.isPending }
}
