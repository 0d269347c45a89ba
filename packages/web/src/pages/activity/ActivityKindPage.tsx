import { activity } from '@moc/domain/resources/activity/activity'
import type { ActivityKind } from '@moc/domain/resources/activity/activityRules'
import { lazy, Suspense, useEffect } from 'react'
import { useSearchParams } from 'react-router'

const ResourceList = lazy(() =>
  import('../../engine/ResourceList.tsx').then((m) => ({ default: m.ResourceList })),
)

/**
 * /essayActivity, /normalActivity, /payActivity (decision 0045): the activity list (one definition over every kind)
 * filtered by its 活动类型 through the URL, as its own search would; the kind stays when the search is reset.
 */
function ActivityKindList({ kind }: { kind: ActivityKind }) {
  const [params, setParams] = useSearchParams()
  const missing = params.get('kind') !== kind
  useEffect(() => {
    if (!missing) return
    const next = new URLSearchParams(params)
    next.set('kind', kind)
    setParams(next, { replace: true })
  }, [missing, params, setParams, kind])
  if (missing) return null
  return (
    <Suspense fallback={null}>
      <ResourceList def={activity} />
    </Suspense>
  )
}

export default function EssayActivityPage() {
  return <ActivityKindList kind="essay" />
}
export function NormalActivityPage() {
  return <ActivityKindList kind="normal" />
}
export function PayActivityPage() {
  return <ActivityKindList kind="pay" />
}
