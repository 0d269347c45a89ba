import { post } from '@moc/domain/resources/community/post'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'

const ResourceList = lazy(() =>
  import('../../engine/ResourceList.tsx').then((m) => ({ default: m.ResourceList })),
)

/**
 * The id a circle's or topic's screen names: its own `field` in the URL (the list's filter), else the spec's `id`,
 * else the one it named last (the list's 重置 clears its filters).
 */
export function useOwnerId(field: 'circleId' | 'topicId'): number | undefined {
  const [params] = useSearchParams()
  const raw = params.get(field) ?? params.get('id')
  const named = raw && /^\d+$/.test(raw) ? Number(raw) : undefined
  const [last, setLast] = useState(named)
  if (named !== undefined && named !== last) setLast(named)
  return named ?? last
}

/**
 * The posts of one circle or topic (/groupContent?id=, /topicContent?id=): the engine's post list, filtered by the
 * post's `field` through the URL as its own search would (tabs, 置顶, 显示/隐藏, 回收站 all the post list's). The
 * spec's `id` becomes that filter, and 重置 keeps it: the screen is this owner's.
 */
export function PostsOfList({ field, id }: { field: 'circleId' | 'topicId'; id: number }) {
  const [params, setParams] = useSearchParams()
  const owner = useRef(id)
  owner.current = id
  const missing = params.get(field) !== String(id)
  useEffect(() => {
    if (!missing) return
    const next = new URLSearchParams(params)
    next.delete('id')
    next.set(field, String(owner.current))
    setParams(next, { replace: true })
  }, [missing, params, setParams, field])
  if (missing) return null
  return (
    <Suspense fallback={null}>
      <ResourceList def={post} />
    </Suspense>
  )
}
