import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { mediaAccountsByIds } from './MediaAccountSelect.tsx'
import type { PickOption } from './recentPicks.ts'
import { contentTagsByIds } from './TagSelect.tsx'

const idList = (v: unknown): number[] =>
  (Array.isArray(v) ? v : [v]).filter((x): x is number => typeof x === 'number' && x > 0)

/** The names of `ids` (read-only views): 加载中... while loading, `#id` for an id that no longer resolves. */
function Names({
  what,
  ids,
  load,
}: {
  what: string
  ids: number[]
  load: (ids: number[]) => Promise<PickOption[]>
}) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b)
  const names = useQuery({
    queryKey: ['resolved-names', what, sorted],
    queryFn: () => load(sorted),
    staleTime: 60_000,
  })
  if (names.isLoading) return '加载中...'
  const byId = new Map((names.data ?? []).map((o) => [o.id, o.name]))
  return ids.map((id) => byId.get(id) ?? `#${id}`).join('、')
}

/**
 * A field value that holds ids of named things (tags, a 媒体号) drawn as their names, or undefined for other
 * kinds (the caller shows those itself).
 */
export function resolvedNames(kind: string, v: unknown): ReactNode | undefined {
  if (kind !== 'tags' && kind !== 'mediaAccount') return undefined
  const ids = idList(v)
  if (!ids.length) return '--'
  return kind === 'tags' ? (
    <Names what="tags" ids={ids} load={contentTagsByIds} />
  ) : (
    <Names what="mediaAccounts" ids={ids} load={mediaAccountsByIds} />
  )
}
