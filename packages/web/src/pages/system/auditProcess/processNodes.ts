/** Pure helpers of the process editor (审核节点 list). */

/** The node ids after moving the one at `index` by `delta` places (up -1, down +1); unchanged at the ends. */
export function movedOrder(ids: readonly number[], index: number, delta: -1 | 1): number[] {
  const to = index + delta
  const out = [...ids]
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return out
  ;[out[index], out[to]] = [out[to]!, out[index]!]
  return out
}

/** The label of an account in the node dialog's picker: real name with the account name, else the account. */
export const accountLabel = (a: { name: string; realName?: string }) =>
  a.realName ? `${a.realName}（${a.name}）` : a.name
