import { STATE_LIST_SIZE, type StatusItem } from '@moc/domain/api/reviewStatus'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { api } from '../api/client.ts'
import type { Paged } from '../widgets/usePagedQuery.ts'
import { type StatusNames, statusNames } from './statusNames.ts'

/** The query key of the content state list; renaming a state invalidates it. */
export const STATUS_NAMES_KEY = ['review-status-names'] as const

/** GET /api/content/state/list (spec §7: page 1, size 1000), fetched once per session. */
export function useStatusList() {
  return useQuery({
    queryKey: STATUS_NAMES_KEY,
    queryFn: () => api.get<Paged<StatusItem>>('/api/content/state/list', { page: 1, size: STATE_LIST_SIZE }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  })
}

/** The configured state names; the defaults while loading or when the call fails. */
export function useStatusNames(): StatusNames {
  const { data } = useStatusList()
  return useMemo(() => statusNames(data?.items), [data])
}
