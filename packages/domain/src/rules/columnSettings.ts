import {
  TABLE_SETTINGS_MAX_SCREENS,
  type TableSettings,
  type TableSettingsMap,
} from '../api/tableSettings.ts'

/**
 * The columns of a list in the user's order. Columns named in `order` take the places of the named columns in the
 * saved order; a column the saved order does not know (added later, or shown on another tab only) keeps its place.
 */
export function orderedKeys(keys: readonly string[], order: readonly string[] | undefined): string[] {
  if (!order?.length) return [...keys]
  const rank = new Map(order.map((k, i) => [k, i]))
  const known = keys.filter((k) => rank.has(k)).sort((a, b) => rank.get(a)! - rank.get(b)!)
  let next = 0
  return keys.map((k) => (rank.has(k) ? known[next++]! : k))
}

/** The columns shown: in the user's order, without the hidden ones. */
export function visibleKeys(keys: readonly string[], settings: TableSettings | undefined): string[] {
  const hidden = new Set(settings?.hidden ?? [])
  return orderedKeys(keys, settings?.order).filter((k) => !hidden.has(k))
}

/** The order after moving one column up (-1) or down (+1); unchanged at either end. */
export function moveKey(keys: readonly string[], key: string, delta: -1 | 1): string[] {
  const from = keys.indexOf(key)
  const to = from + delta
  if (from < 0 || to < 0 || to >= keys.length) return [...keys]
  const next = [...keys]
  next.splice(from, 1)
  next.splice(to, 0, key)
  return next
}

const isDefault = (s: TableSettings) => !s.order?.length && !s.hidden?.length && !s.density

/**
 * The settings of every list with one list's changed. A list back at its defaults is dropped; the newest change goes
 * last, and past the limit the list changed longest ago is forgotten, so the saved preferences stay bounded.
 */
export function withTableSettings(
  all: TableSettingsMap | undefined,
  key: string,
  settings: TableSettings,
): TableSettingsMap {
  const { [key]: _old, ...rest } = all ?? {}
  if (isDefault(settings)) return rest
  const next: TableSettingsMap = { ...rest, [key]: settings }
  const keys = Object.keys(next)
  for (const stale of keys.slice(0, Math.max(0, keys.length - TABLE_SETTINGS_MAX_SCREENS))) delete next[stale]
  return next
}
