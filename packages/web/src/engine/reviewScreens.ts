import type { ResourceDef } from '@moc/domain/resources/types'
import { type ComponentType, createElement } from 'react'
import { lazyScreen } from '../app/lazyScreen.ts'
import { reviewQueues } from './review.ts'

type DefScreen = ComponentType<{ def: ResourceDef }>
type QueueProps = { def: ResourceDef; recordsOnly?: boolean }

// lazyScreen types screens without props; these take the definition, passed below.
const QueueScreen = lazyScreen(() =>
  import('./ReviewQueue.tsx').then((m) => ({ default: m.ReviewQueue as ComponentType })),
) as unknown as ComponentType<QueueProps>
const DetailScreen = lazyScreen(() =>
  import('./ReviewDetail.tsx').then((m) => ({ default: m.ReviewDetail as ComponentType })),
) as unknown as DefScreen

const SharedQueueScreen = lazyScreen(() =>
  import('./SharedReviewQueue.tsx').then((m) => ({ default: m.SharedReviewQueue as ComponentType })),
) as unknown as ComponentType<{ defs: ResourceDef[]; part: 'queue' | 'detail' }>

/**
 * The review queue and its detail screen of every definition with `review` (DESIGN.md §5): the queue at
 * `review.queue` (e.g. /articleAudit), the detail at the catalogue screen whose parent is that queue
 * (e.g. /articleAuditDetail; a queue without one decides on its rows, e.g. /auditSearchKeyword), and the queue's
 * 审核记录 on a screen of its own when the definition names one (`review.records`: /versionAudited). A new
 * reviewed type gets them here, with no page file of its own.
 */
export function reviewScreens(defs: Record<string, ResourceDef>): Record<string, ComponentType> {
  const screens: Record<string, ComponentType> = {}
  const byQueue = new Map<string, { defs: ResourceDef[]; detail: string | undefined }>()
  for (const { def, queue, detail, records } of reviewQueues(defs)) {
    const entry = byQueue.get(queue) ?? { defs: [], detail }
    entry.defs.push(def)
    byQueue.set(queue, entry)
    if (records) screens[records] = () => createElement(QueueScreen, { def, recordsOnly: true })
  }
  for (const [queue, { defs: shared, detail }] of byQueue) {
    // Types sharing one queue (爆料 and 节目爆料 on /auditDisclosure): a type switch, the `kind` query choosing.
    if (shared.length > 1) {
      screens[queue] = () => createElement(SharedQueueScreen, { defs: shared, part: 'queue' })
      if (detail) screens[detail] = () => createElement(SharedQueueScreen, { defs: shared, part: 'detail' })
      continue
    }
    const def = shared[0]!
    screens[queue] = () => createElement(QueueScreen, { def })
    if (detail) screens[detail] = () => createElement(DetailScreen, { def })
  }
  return screens
}
