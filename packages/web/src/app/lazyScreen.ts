import { CHUNK_RELOAD_GUARD_MS } from '@moc/domain/constants'
import { type ComponentType, lazy } from 'react'
import { onceLoader } from './onceLoader.ts'

const KEY = 'moc:chunk-reload-at'

type ScreenModule = { default: ComponentType }

/**
 * A code-split screen. When its chunk fails to load (a deploy replaced it), reload the page once;
 * reload again only if the last reload was over 60 s ago, else let the error boundary show it.
 * `preload` asks for the chunk ahead of the first render; once it is here, that render does not suspend (the chunk
 * is handed to React.lazy as a thenable that calls back at once), so a synchronous navigation draws the screen
 * without its fallback.
 */
export function lazyScreen(load: () => Promise<ScreenModule>) {
  const chunk = onceLoader(load)
  /** The loaded chunk as a thenable that calls back at once: React.lazy then resolves it without suspending. */
  const ready = (m: ScreenModule) =>
    // biome-ignore lint/suspicious/noThenProperty: React.lazy takes any thenable; this one is already resolved
    ({ then: (resolve: (value: ScreenModule) => void) => resolve(m) }) as unknown as Promise<ScreenModule>
  const screen = lazy(() =>
    chunk.loaded
      ? ready(chunk.loaded)
      : chunk.load().catch((err: unknown) => {
          const last = Number(sessionStorage.getItem(KEY) ?? 0)
          if (Date.now() - last > CHUNK_RELOAD_GUARD_MS) {
            sessionStorage.setItem(KEY, String(Date.now()))
            window.location.reload()
            return new Promise<never>(() => {})
          }
          throw err
        }),
  )
  return Object.assign(screen, { preload: chunk.load })
}
