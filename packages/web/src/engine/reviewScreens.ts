import type { ResourceDef } from '@moc/domain/resources/types'
import { type ComponentType, createElement } from 'react'
import { lazyScreen } from '../app/lazyScreen.ts'
import { reviewQueues } from './review.ts'

type DefScreen = ComponentType<{ def: ResourceDef }>

// lazyScreen types screens without props; these take the definition, passed below.
const QueueScreen = lazyScreen(() =>
  import('./ReviewQueue.tsx').then((m) => ({ default: m.ReviewQueue as ComponentType })),
) as unknown as DefScreen
const DetailScreen = lazyScreen(() =>
  import('./ReviewDetail.tsx').then((m) => ({ default: m.ReviewDetail as ComponentType })),
) as unknown as DefScreen

/**
 * The review queue and its detail screen of every definition with `review` (DESIGN.md §5): the queue at
 * `review.queue` (e.g. /articleAudit), the detail at the catalogue screen whose parent is that queue
 * (e.g. /articleAuditDetail). A new reviewed type gets both here, with no page file of its own.
 */
export function reviewScreens(defs: Record<string, ResourceDef>): Record<string, ComponentType> {
  const screens: Record<string, ComponentType> = {}
  for (const { def, queue, detail } of reviewQueues(defs)) {
    screens[queue] = () => createElement(QueueScreen, { def })
    if (detail) screens[detail] = () => createElement(DetailScreen, { def })
  }
  return screens
}
