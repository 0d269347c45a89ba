import { RECENT_KEEP } from '@moc/domain/constants'

/** One option of a paged select: the bound id and the displayed name. */
export interface PickOption {
  id: number
  name: string
}

const storageKey = (key: string) => `moc:recent:${key}`

/** The options last picked under `key` (spec §9: recent tags and media accounts keep 5), newest first. */
export function readRecent(key: string): PickOption[] {
  try {
    const v = JSON.parse(localStorage.getItem(storageKey(key)) ?? '[]') as unknown
    return Array.isArray(v)
      ? v
          .filter((o): o is PickOption => typeof o?.id === 'number' && typeof o?.name === 'string')
          .slice(0, RECENT_KEEP)
      : []
  } catch {
    return []
  }
}

/** Puts `picked` first in the recent list of `key`, keeping RECENT_KEEP. */
export function rememberRecent(key: string, picked: PickOption[]): PickOption[] {
  const ids = new Set(picked.map((o) => o.id))
  const next = [...picked, ...readRecent(key).filter((o) => !ids.has(o.id))].slice(0, RECENT_KEEP)
  try {
    localStorage.setItem(storageKey(key), JSON.stringify(next))
  } catch {
    // Storage full or off: the recent list is a convenience only.
  }
  return next
}
