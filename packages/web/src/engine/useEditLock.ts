import { CONTENT_LOCK_MS } from '@moc/domain/api/content'
import { can } from '@moc/domain/permissions/can'
import { permissionFor, type ResourceDef } from '@moc/domain/resources/types'
import { useCallback, useEffect, useRef, useState } from 'react'
import { api } from '../api/client.ts'
import { currentGrant } from '../api/session.ts'
import { resourceApi } from './derive.ts'

export type EditLock =
  | { status: 'off' } // not editing an existing lockable item (new item, no 编辑, type without a lock)
  | { status: 'pending' }
  | { status: 'mine' }
  | { status: 'other'; holderName: string }
  | { status: 'error'; message: string }

/** Refresh well inside the server's expiry, so an open form never loses its lock to the clock. */
export const LOCK_HEARTBEAT_MS = CONTENT_LOCK_MS / 5

/** A lock taken ahead of its form (prefetchLock) that no form adopted within this time is given back. */
const ADOPT_WITHIN_MS = 30_000

interface LockAnswer {
  locked: boolean
  holderName: string
}

/** Whether a form takes the item's lock: not on a read-only detail screen, and only with 编辑. */
export const takesLock = (def: ResourceDef, view: boolean) =>
  !view && can(currentGrant(), def.permissionPage, permissionFor(def, 'update'))

const statusOf = (r: LockAnswer): EditLock =>
  r.locked ? { status: 'mine' } : { status: 'other', holderName: r.holderName || '其他用户' }

interface EarlyLock {
  promise: Promise<LockAnswer>
  answer?: LockAnswer
}

/** Locks asked for by the click that opens a form, by lock path and id, until that form's useEditLock adopts them. */
const early = new Map<string, EarlyLock>()

/**
 * Takes the lock of an item whose form is about to open, beside the form's other requests (prefetchForm); the
 * form's useEditLock adopts the answer instead of asking again. Not adopted in time (the form never opened), the
 * lock is released.
 */
export function prefetchLock(def: ResourceDef, id: number) {
  const { lock, unlock } = resourceApi(def)
  if (!lock || !unlock) return
  const key = `${lock}?${id}`
  if (early.has(key)) return
  const entry: EarlyLock = { promise: api.get<LockAnswer>(lock, { id }) }
  entry.promise.then(
    (answer) => {
      entry.answer = answer
    },
    () => early.delete(key),
  )
  early.set(key, entry)
  setTimeout(() => {
    if (early.get(key) !== entry) return
    early.delete(key)
    void entry.promise.then((a) => (a.locked ? api.post(unlock, { id }) : undefined)).catch(() => undefined)
  }, ADOPT_WITHIN_MS)
}

/**
 * The edit lock of an item being edited (decision 0006/0009): taken when the form opens (or by the click that
 * opened it), refreshed every LOCK_HEARTBEAT_MS while it stays open (the same call takes it over once the other
 * holder leaves or lapses), released when the form closes. A tab closed without unmounting leaves the lock to
 * expire on the server.
 */
export function useEditLock(def: ResourceDef, id: number | undefined, wanted: boolean) {
  const paths = resourceApi(def)
  const active = wanted && id !== undefined && paths.lock !== undefined
  const key = `${paths.lock}?${id}`
  // An answer that came before the form drew is used at once: the form opens without a loading state.
  const [lock, setLock] = useState<EditLock>(() => {
    if (!active) return { status: 'off' }
    const answer = early.get(key)?.answer
    return answer ? statusOf(answer) : { status: 'pending' }
  })
  const held = useRef(false)

  const settle = useCallback(
    (answer: Promise<LockAnswer>) =>
      answer.then(
        (r) => {
          held.current = r.locked
          const next = statusOf(r)
          // The same answer again (a heartbeat, an adopted early answer) leaves the form as it is.
          setLock((now) => (JSON.stringify(now) === JSON.stringify(next) ? now : next))
        },
        (err: unknown) => {
          held.current = false
          setLock({ status: 'error', message: err instanceof Error ? err.message : '网络错误' })
        },
      ),
    [],
  )
  const take = useCallback(
    async () => (paths.lock ? settle(api.get<LockAnswer>(paths.lock, { id })) : undefined),
    [paths.lock, id, settle],
  )

  useEffect(() => {
    if (!active) return
    const adopted = early.get(key)
    early.delete(key)
    void (adopted ? settle(adopted.promise) : take())
    const timer = setInterval(() => void take(), LOCK_HEARTBEAT_MS)
    return () => {
      clearInterval(timer)
      if (held.current && paths.unlock) void api.post(paths.unlock, { id }).catch(() => undefined)
      held.current = false
    }
  }, [active, key, take, settle, paths.unlock, id])

  /** Breaks another editor's lock (the server allows the super administrator only), then takes it. */
  const forceUnlock = useCallback(async () => {
    if (!paths.unlock) return
    await api.post(paths.unlock, { id, force: true })
    await take()
  }, [paths.unlock, id, take])

  return { lock, forceUnlock }
}
