import { DESKTOP_MIN_WIDTH } from '@moc/domain/constants'
import { useSyncExternalStore } from 'react'

const query = `(min-width: ${DESKTOP_MIN_WIDTH}px)`

function subscribe(onChange: () => void) {
  const list = window.matchMedia(query)
  list.addEventListener('change', onChange)
  return () => list.removeEventListener('change', onChange)
}

/** Window at least 992 px wide (spec §9): below it the side menu moves into a drawer. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches)
}
