import { invitationCode } from '@moc/domain/resources/community/invitationCode'
import { lazy, Suspense } from 'react'
import { InvitationsUses } from './InvitationsUses.tsx'

const ResourceList = lazy(() =>
  import('../../engine/ResourceList.tsx').then((m) => ({ default: m.ResourceList })),
)

/**
 * /invitationCode: the engine's list of codes (批量生成, 启用/禁用, 导出 from the definition), and below it the 使用记录 —
 * who signed up with which code (GET /api/invitationCode/uses).
 */
export default function InvitationsPage() {
  return (
    <>
      <Suspense fallback={null}>
        <ResourceList def={invitationCode} />
      </Suspense>
      <InvitationsUses />
    </>
  )
}
