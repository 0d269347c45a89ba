import type { UploadKind } from '@moc/domain/rules/upload'
import { useSyncExternalStore } from 'react'
import { itemTypeOf, type UploadItemType, type UploadStatus, usesTus } from './uploadLayout.ts'
import {
  sendSmall,
  sendTus,
  UploadCancelled,
  type UploadOptions,
  type UploadResult,
  type UploadTask,
} from './uploadTransport.ts'

/** Spec §3 upload list item, as the panel shows it. */
export interface UploadItem {
  id: string
  name: string
  type: UploadItemType
  size: number
  loaded: number
  /** Bytes per second over the last refresh. */
  rate: number
  status: UploadStatus
  error?: string
}

/** What the widget that started an upload hears about it (also after a retry from the panel). */
export interface UploadCallbacks {
  onSuccess(result: UploadResult): void
  onError(message: string): void
}

interface Entry {
  item: UploadItem
  file: File
  kind: UploadKind
  callbacks: UploadCallbacks
  opts: UploadOptions
  task?: UploadTask
  /** Bytes at the last refresh, for the rate. */
  lastLoaded: number
}

/** Spec §9: the panel's progress refreshes every 500 ms while something runs. */
export const PROGRESS_REFRESH_MS = 500

const entries = new Map<string, Entry>()
const listeners = new Set<() => void>()
let snapshot: UploadItem[] = []
let timer: ReturnType<typeof setInterval> | undefined
let nextId = 1

function publish() {
  snapshot = [...entries.values()].map((e) => ({ ...e.item }))
  for (const l of listeners) l()
}

function refresh() {
  for (const e of entries.values()) {
    if (e.item.status !== 'active') continue
    e.item.rate = Math.max(0, ((e.item.loaded - e.lastLoaded) * 1000) / PROGRESS_REFRESH_MS)
    e.lastLoaded = e.item.loaded
  }
  publish()
  if (![...entries.values()].some((e) => e.item.status === 'active')) {
    clearInterval(timer)
    timer = undefined
  }
}

function run(entry: Entry) {
  const { item, file, kind } = entry
  Object.assign(item, { status: 'active', rate: 0, error: undefined })
  const onProgress = (loaded: number) => {
    item.loaded = loaded
  }
  const task = usesTus(kind, file)
    ? sendTus(file, kind, onProgress)
    : sendSmall(file, kind, onProgress, entry.opts)
  entry.task = task
  timer ??= setInterval(refresh, PROGRESS_REFRESH_MS)
  publish()
  task.done.then(
    (result) => {
      if (entry.task !== task) return
      Object.assign(item, { status: 'success', loaded: item.size, rate: 0 })
      publish()
      entry.callbacks.onSuccess(result)
    },
    (e: Error) => {
      if (entry.task !== task || e instanceof UploadCancelled) return
      Object.assign(item, { status: 'error', rate: 0, error: e.message })
      publish()
      entry.callbacks.onError(e.message)
    },
  )
}

/** The browser's uploads, shared by every upload widget and the top bar's panel. */
export const uploadStore = {
  subscribe(l: () => void) {
    listeners.add(l)
    return () => listeners.delete(l)
  },
  snapshot: () => snapshot,
  /** Starts an upload; returns its item id. */
  start(file: File, kind: UploadKind, callbacks: UploadCallbacks, opts: UploadOptions = {}) {
    const id = `u${nextId++}`
    const item: UploadItem = {
      id,
      name: opts.name ?? file.name,
      type: itemTypeOf(file.name),
      size: file.size,
      loaded: 0,
      rate: 0,
      status: 'active',
    }
    const entry: Entry = { item, file, kind, callbacks, opts, lastLoaded: 0 }
    entries.set(id, entry)
    run(entry)
    return id
  },
  /** A failed item runs again (a tus upload continues where it stopped). */
  retry(id: string) {
    const entry = entries.get(id)
    if (entry?.item.status === 'error') run(entry)
  },
  /** Stops an item (if it runs) and drops it from the list. */
  remove(id: string) {
    const entry = entries.get(id)
    if (!entry) return
    entries.delete(id)
    if (entry.item.status === 'active') entry.task?.abort()
    publish()
  },
  /** Stops everything and empties the list (closing the panel). */
  clear() {
    for (const id of [...entries.keys()]) uploadStore.remove(id)
  },
}

export const useUploads = () => useSyncExternalStore(uploadStore.subscribe, uploadStore.snapshot)
