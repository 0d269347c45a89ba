import type { ResourceDef } from '@moc/domain/resources/types'
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'

const ResourceList = lazy(() =>
  import('../../engine/ResourceList.tsx').then((m) => ({ default: m.ResourceList })),
)

/**
 * The definition with its `mediaAccountId` defaulting to the account: the engine's 新增 (its form drawer) starts on
 * that account. The engine's form takes no initial values (nor a fixed field), so the field stays editable.
 */
export function withAccount(def: ResourceDef, accountId: number): ResourceDef {
  const field = def.fields.mediaAccountId
  if (!field) return def
  return {
    ...def,
    fields: { ...def.fields, mediaAccountId: { ...field, default: accountId, help: '默认为当前媒体号' } },
  }
}

/**
 * The engine's list of a definition with a `mediaAccountId` search field (子账号, 运营者), filtered to one account
 * through the URL as its own search would; the account stays the filter when the list rewrites the URL (重置, a
 * save), as PostsOfList keeps its circle.
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
  const scoped = useMemo(() => withAccount(def, accountId), [def, accountId])
  if (missing) return null
  return (
    <Suspense fallback={null}>
      <ResourceList def={scoped} />
    </Suspense>
  )
}
