import type { StateItem } from '@moc/domain/api/review'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../api/client.ts'
import type { Paged } from '../../../widgets/usePagedQuery.ts'

/** Query keys of the /auditProcess tabs, so a change on one refreshes the others. */
export const processKeys = {
  list: 'process-list',
  nodes: 'process-nodes',
  settings: 'process-settings',
  accounts: 'process-account-options',
} as const

export const PAGE = '系统-审核流程'

/** The nodes of a process in order (GET /api/process/state/list). */
export function useProcessNodes(processId: number | undefined) {
  return useQuery({
    queryKey: [processKeys.nodes, processId],
    queryFn: () => api.get<Paged<StateItem>>('/api/process/state/list', { processId }),
    enabled: processId !== undefined,
  })
}

/** Spec §9: admin look-ups take up to 5000 per call. */
const ACCOUNT_LOOKUP_SIZE = 5000

/** Accounts a node may name: the caller's data scope (GET /api/admin/listByStructureIds, page 1, 5000). */
export function useAccountOptions(enabled: boolean) {
  return useQuery({
    queryKey: [processKeys.accounts],
    queryFn: () =>
      api.get<Paged<{ id: number; name: string; realName: string }>>('/api/admin/listByStructureIds', {
        page: 1,
        pageSize: ACCOUNT_LOOKUP_SIZE,
      }),
    enabled,
    retry: 1,
  })
}
