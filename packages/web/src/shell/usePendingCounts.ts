import type { MenuItem } from '@moc/domain/catalogue/menu'
import { PENDING_COUNT_REFRESH_MS } from '@moc/domain/constants'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { api } from '../api/client.ts'
import { badgeEntries, countsByBadge } from '../engine/review.ts'
import { PENDING_COUNTS_KEY } from '../engine/useWorkflow.tsx'

/** GET /api/verify-center/pendingCounts: each queue's pending total by queue path, and their sum. */
interface PendingCounts {
  counts: Record<string, number>
  total: number
}

/**
 * The menu's pending-count badges (spec §6, §9): one batched call, refreshed every 60 000 ms, made only
 * when the menu shows at least one review queue. Review actions invalidate it (PENDING_COUNTS_KEY).
 */
export function usePendingCounts(menus: MenuItem[]): Record<string, number> {
  const entries = useMemo(() => badgeEntries(menus), [menus])
  const query = useQuery({
    queryKey: PENDING_COUNTS_KEY,
    queryFn: () => api.get<PendingCounts>('/api/verify-center/pendingCounts'),
    enabled: entries.length > 0,
    refetchInterval: PENDING_COUNT_REFRESH_MS,
    // A failed refresh keeps the last numbers; the next interval tries again.
    retry: false,
  })
  return useMemo(() => countsByBadge(entries, query.data?.counts), [entries, query.data])
}
