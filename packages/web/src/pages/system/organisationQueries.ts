import type { DepartmentNode, Position } from '@moc/domain/api/organisation'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import type { Paged } from '../../widgets/usePagedQuery.ts'

/** Query keys shared by the account and organisation screens, so a change on one refreshes the other. */
export const queryKeys = {
  tree: 'structure-tree',
  positions: 'position-list',
  roles: 'role-options',
  accounts: 'admin-list',
} as const

/** Spec §9: role, department and position dropdowns fetch 100 at a time. */
const DROPDOWN_SIZE = 100

/** The department tree (GET /api/structure/list). */
export function useDepartmentTree() {
  return useQuery({
    queryKey: [queryKeys.tree],
    queryFn: () => api.get<DepartmentNode[]>('/api/structure/list'),
  })
}

/** Positions for dropdowns and the positions tab (GET /api/position/list, size 100). */
export function usePositions() {
  return useQuery({
    queryKey: [queryKeys.positions],
    queryFn: () => api.get<Paged<Position>>('/api/position/list', { page: 1, size: DROPDOWN_SIZE }),
  })
}

/** Roles for dropdowns (GET /api/role/list); a failure leaves the role filter and field unusable, not the page. */
export function useRoleOptions() {
  return useQuery({
    queryKey: [queryKeys.roles],
    queryFn: () =>
      api.get<Paged<{ id: number; name: string }>>('/api/role/list', { page: 1, pageSize: DROPDOWN_SIZE }),
    retry: 1,
  })
}

/** antd TreeSelect / Tree data from the department tree. */
export interface DepartmentOption {
  value: number
  key: number
  title: string
  disabled?: boolean
  children: DepartmentOption[]
}
export function departmentOptions(
  nodes: readonly DepartmentNode[],
  disabled: ReadonlySet<number> = new Set(),
): DepartmentOption[] {
  return nodes.map((n) => ({
    value: n.id,
    key: n.id,
    title: n.name,
    disabled: disabled.has(n.id),
    children: departmentOptions(n.children, disabled),
  }))
}
