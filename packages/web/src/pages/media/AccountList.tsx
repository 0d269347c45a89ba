import type { ResourceDef } from '@moc/domain/resources/types'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'

const ResourceList = lazy(() =>
  import('../../engine/ResourceList.tsx').then((m) => ({ default: m.ResourceList })),
)

/**
 * The engine's list of a definition with a `mediaAccountId` search field (子账号, 运营者), filtered to one account
 * through the URL as its own search would; the account stays the filter when the list rewrites the URL (重置, a
 * save), as PostsOfList keeps its circle. 新增 starts on the account (the engine's refPrefill).
 */
export function AccountList({ def, accountId }: { def: ResourceDef; accountId: number }) {
  const [params, setParams] = useSearchParams()
  const owner = useRef(accountId)
  owner.current = accountId
  const missing = params.get('mediaAccountId') !== String(accountId)
  useEffect(() => {
    if (!missing) return
    const next = new URLSearchParams(params)
    next.delete('id')
    next.set('mediaAccountId', String(owner.current))
    setParams(next, { replace: true })
  }, [missing, params, setParams])
  if (missing) return null
  return (
    <Suspense fallback={null}>
      <ResourceList def={def} />
    </Suspense>
  )
}
