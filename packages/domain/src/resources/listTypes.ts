import type { ListFilter, ResourceDef } from './types.ts'

/** An item's state in the dimensions list tabs filter on (ListFilter): what decides which tabs list it. */
export interface ListedState {
  recycled: boolean
  verifyState: number
  isFirst: boolean
}

/** Whether a tab's filter lists an item: the server's bucket conditions (contentCounters), on one item. */
export function inListType(where: ListFilter, item: ListedState): boolean {
  if (item.recycled !== !!where.recycled) return false
  const vs = where.verifyState
  if (typeof vs === 'number' ? item.verifyState !== vs : vs && item.verifyState === vs.not) return false
  return where.isFirst === undefined || item.isFirst === where.isFirst
}

/**
 * The `type` tab to show an item in (after saving it, decision 0035): `prefer` (the tab the user came from) when it
 * lists the item, else the first tab in the definition's (spec) order that does, among `open` (the tabs the user
 * may open; all by default). Undefined when no tab lists it.
 */
export function listTypeOf(
  def: Pick<ResourceDef, 'list'>,
  item: ListedState,
  { prefer, open }: { prefer?: string; open?: readonly string[] } = {},
): string | undefined {
  const types = Object.entries(def.list.types).filter(
    ([key, t]) => (!open || open.includes(key)) && inListType(t.where, item),
  )
  return types.find(([key]) => key === prefer)?.[0] ?? types[0]?.[0]
}
