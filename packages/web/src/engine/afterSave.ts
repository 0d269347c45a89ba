import type { Grant } from '@moc/domain/permissions/can'
import { type ListedState, listTypeOf } from '@moc/domain/resources/listTypes'
import type { ResourceDef } from '@moc/domain/resources/types'
import {
  CREATOR_PARAM,
  HIGHLIGHT_PARAM,
  type ListState,
  listTabs,
  readListState,
  withScreenParams,
  writeListState,
} from './derive.ts'

/** Router state a list hands to the form it opens: the list's own query, so a save can return to it. */
export interface OpenedFromList {
  listSearch: string
  /** A new item's values taken from the list's filters (refPrefill). */
  prefill?: Record<string, number>
}

/** The list query a form was opened from (its router state), if a list opened it. */
export const listSearchOf = (state: unknown): string | undefined => {
  const search = (state as Partial<OpenedFromList> | null | undefined)?.listSearch
  return typeof search === 'string' ? search : undefined
}

/** The values a new item's form starts from, handed by the list that opened it (its router state). */
export const prefillOf = (state: unknown): Record<string, number> | undefined =>
  (state as Partial<OpenedFromList> | null | undefined)?.prefill

/** Router state a read-only detail hands to the editor its 编辑 opens: the detail's own address (path and query). */
export interface OpenedFromDetail {
  detail: string
}

/**
 * The read-only detail a form was opened from (its router state), if one opened it: saving and 返回 go back there,
 * the screen the user left, rather than to the list. Only the type's own detail screen is taken.
 */
export const detailUrlOf = (def: ResourceDef, state: unknown): string | undefined => {
  const detail = (state as Partial<OpenedFromDetail> | null | undefined)?.detail
  if (typeof detail !== 'string' || !def.screens.edit) return undefined
  const path = detail.split('?')[0]
  return path === def.screens.detail ? detail : undefined
}

/** A saved item as the detail call returns it: the state that decides its list tab. */
export interface SavedItem {
  verifyState?: unknown
  isFirst?: unknown
  recycledAt?: unknown
  fields?: Record<string, unknown>
}

/** The item's state in the dimensions list tabs filter on; undefined for a type without a verify state. */
export function listedState(item: SavedItem): ListedState | undefined {
  if (typeof item.verifyState !== 'number') return undefined
  return {
    verifyState: item.verifyState,
    recycled: item.recycledAt !== null && item.recycledAt !== undefined,
    isFirst: Boolean(item.isFirst ?? item.fields?.isFirst),
  }
}

/**
 * Where the form goes after a save (issue 20 point 5, decision 0035): the list on the tab that holds the item
 * (`listTypeOf`: the tab it was opened from when that one still lists it), the item highlighted. Coming from that
 * same tab, its filters and page stay; another tab opens on its first page with the same filters. A new item is
 * the user's own and the newest: the list opens with the default filters. Opened without a list (a link), an edited
 * item is looked for among everyone's.
 */
export function listUrlAfterSave(
  def: ResourceDef,
  saved: { id: number; item: SavedItem | undefined; created: boolean },
  from: { listSearch: string | undefined; formParams: URLSearchParams },
  user: { username: string | undefined; grant: Grant },
): string {
  const opened = from.listSearch !== undefined
  const before = readListState(
    def,
    opened ? new URLSearchParams(from.listSearch) : from.formParams,
    user.username,
    user.grant,
  )
  const state = saved.item && listedState(saved.item)
  const type =
    (state &&
      listTypeOf(def, state, {
        prefer: opened ? before.type : undefined,
        open: listTabs(def, user.grant).map((t) => t.key),
      })) ??
    before.type
  let next: ListState = type === before.type ? before : { ...before, type, page: 1 }
  if (saved.created)
    next = { ...next, page: 1, filters: user.username ? { [CREATOR_PARAM]: user.username } : {} }
  else if (!opened) next = { ...next, filters: { [CREATOR_PARAM]: '' } }
  // The screen's own keys (a panel, a parent id) come back with the list's.
  const query = withScreenParams(
    def,
    new URLSearchParams(opened ? from.listSearch : ''),
    writeListState(def, next, user.username),
  )
  query.set(HIGHLIGHT_PARAM, String(saved.id))
  return `${def.screens.list}?${query}`
}
