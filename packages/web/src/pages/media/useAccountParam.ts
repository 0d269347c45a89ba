import { useState } from 'react'
import { useSearchParams } from 'react-router'

const idOf = (raw: string | null) => (raw && /^\d+$/.test(raw) ? Number(raw) : undefined)

/**
 * The media account a screen is about: `mediaAccountId` in the URL (the filter of the lists on it), else the spec's
 * `id` when `orId`, else the one it named last — an engine list rewrites the URL with its own state only (a tab, a
 * page, 重置, the list after a save) and would otherwise drop it. `forget` lets go of it (全部运营者).
 */
export function useAccountParam(orId = false): { id: number | undefined; forget: () => void } {
  const [params] = useSearchParams()
  const named = idOf(params.get('mediaAccountId')) ?? (orId ? idOf(params.get('id')) : undefined)
  const [last, setLast] = useState<{ id: number | undefined }>({ id: named })
  if (named !== undefined && named !== last.id) setLast({ id: named })
  return { id: named ?? last.id, forget: () => setLast({ id: undefined }) }
}
