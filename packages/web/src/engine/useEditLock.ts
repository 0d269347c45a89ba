import { CONTENT_LOCK_MS } from '@moc/domain/api/content'
import type { ResourceDef } from '@moc/domain/resources/types'
import { useCallback, useEffect, useRef, useState } from 'react'
import { api } from '../api/client.ts'
import { resourceApi } from './derive.ts'

export type EditLock =
  | { status: 'off' } // not editing an existing lockable item (new item, no 编辑, type without a lock)
  | { status: 'pending' }
  | { status: 'mine' }
  | { status: 'other'; holderName: string }
  | { status: 'error'; message: string }

/** Refresh well inside the server's expiry, so an open form never loses its lock to the clock. */
export const LOCK_HEARTBEAT_MS = CONTENT_LOCK_MS / 5

interface LockAnswer {
  locked: boolean
  holderName: string
}

/**
 * The edit lock of an item being edited (decision 0006/0009): taken when the form opens, refreshed every
 * LOCK_HEARTBEAT_MS while it stays open (the same call takes it over once the other holder leaves or lapses),
 * released when the form closes. A tab closed without unmounting leaves the lock to expire on the server.
 */
export function useEditLock(def: ResourceDef, id: number | undefined, wanted: boolean) {
  const paths = resourceApi(def)
  const active = wanted && id !== undefined && paths.lock !== undefined
  const [lock, setLock] = useState<EditLock>(active ? { status: 'pending' } : { status: 'off' })
  const held = useRef(false)

  const take = useCallback(async () => {
    if (!paths.lock) return
    try {
      const r = await api.get<LockAnswer>(paths.lock, { id })
      held.current = r.locked
      setLock(r.locked ? { status: 'mine' } : { status: 'other', holderName: r.holderName || '其他用户' })
    } catch (err) {
      held.current = false
      setLock({ status: 'error', message: err instanceof Error ? err.message : '网络错误' })
    }
  }, [paths.lock, id])

  useEffect(() => {
    if (!active) return
    void take()
    const timer = setInterval(() => void take(), LOCK_HEARTBEAT_MS)
    return () => {
      clearInterval(timer)
      if (held.current && paths.unlock) void api.post(paths.unlock, { id }).catch(() => undefined)
      held.current = false
    }
  }, [active, take, paths.unlock, id])

  /** Breaks another editor's lock (the server allows the super administrator only), then takes it. */
  const forceUnlock = useCallback(async () => {
    if (!paths.unlock) return
    await api.post(paths.unlock, { id, force: true })
    await take()
  }, [paths.unlock, id, take])

  return { lock, forceUnlock }
}
