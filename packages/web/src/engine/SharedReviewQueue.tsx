import type { ResourceDef } from '@moc/domain/resources/types'
import { Segmented } from 'antd'
import { useSearchParams } from 'react-router'
import { contentKind } from './derive.ts'
import { ReviewDetail } from './ReviewDetail.tsx'
import { ReviewQueue } from './ReviewQueue.tsx'

/**
 * A review queue that several types share (爆料 and 节目爆料 on /auditDisclosure, spec §2 has one queue for both):
 * the query's `kind` chooses the type (default the first), a switch above the queue changes it, and each type's
 * own queue and detail screens do the rest.
 */
export function SharedReviewQueue({ defs, part }: { defs: ResourceDef[]; part: 'queue' | 'detail' }) {
  const [params, setParams] = useSearchParams()
  const def = defs.find((d) => contentKind(d) === params.get('kind')) ?? defs[0]!
  if (part === 'detail') return <ReviewDetail key={def.name} def={def} />
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={def.name}
        options={defs.map((d) => ({ value: d.name, label: d.label }))}
        onChange={(name) => {
          const chosen = defs.find((d) => d.name === name)!
          setParams(new URLSearchParams({ kind: contentKind(chosen) ?? chosen.name }))
        }}
      />
      <ReviewQueue key={def.name} def={def} />
    </>
  )
}
