import { CHUNK_RELOAD_GUARD_MS } from '@moc/domain/constants'
import { type ComponentType, lazy } from 'react'

const KEY = 'moc:chunk-reload-at'

/**
 * A code-split screen. When its chunk fails to load (a deploy replaced it), reload the page once;
 * reload again only if the last reload was over 60 s ago, else let the error boundary show it.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() =>
    load().catch((err: unknown) => {
      const last = Number(sessionStorage.getItem(KEY) ?? 0)
      if (Date.now() - last > CHUNK_RELOAD_GUARD_MS) {
        sessionStorage.setItem(KEY, String(Date.now()))
        window.location.reload()
        return new Promise<never>(() => {})
      }
      throw err
    }),
  )
}
