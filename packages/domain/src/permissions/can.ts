import { SUPER_ADMIN_ROLE_ID } from '../constants.ts'
import { type ActionName, reviewGrantingActions } from './actions.ts'
import type { PowerMap } from './types.ts'

/** Who is asking: enough to evaluate the spec §6 rules. */
export interface Grant {
  roleId: number | null
  power: PowerMap
  powerMenuAttrs: readonly string[]
}

export const isSuperAdmin = (g: Pick<Grant, 'roleId'>) => g.roleId === SUPER_ADMIN_ROLE_ID

const SHOW_HIDE = ['显示/隐藏', '显示', '隐藏']

function holds(g: Grant, page: string, actionName: string): boolean {
  return g.power[page]?.some((e) => e.actionName === actionName && e.exists) ?? false
}

/** May open the page: it is in the permission map with an entry whose exists flag is true. */
export function canOpen(g: Grant, page: string | undefined): boolean {
  if (page === undefined || isSuperAdmin(g)) return true
  return g.power[page]?.some((e) => e.exists) ?? false
}

/**
 * May perform `action` on `page` (spec §6): roleId 1 passes everything; 提交审核/撤销审核/驳回原因 also
 * grant 审核; 显示 and 隐藏 both map to 显示/隐藏.
 */
export function can(g: Grant, page: string, action: ActionName | '显示' | '隐藏'): boolean {
  if (isSuperAdmin(g)) return true
  if (SHOW_HIDE.includes(action)) return SHOW_HIDE.some((a) => holds(g, page, a))
  if (action === '审核') return holds(g, page, '审核') || reviewGrantingActions.some((a) => holds(g, page, a))
  return holds(g, page, action)
}

/** Batch actions whose name has no flag at all on the page stay allowed (spec §6). */
export function canBatch(g: Grant, page: string, actionName: string): boolean {
  if (isSuperAdmin(g)) return true
  const entries = g.power[page] ?? []
  const names = SHOW_HIDE.includes(actionName) ? SHOW_HIDE : [actionName]
  const flagged = entries.filter((e) => names.includes(e.actionName))
  return flagged.length === 0 || flagged.some((e) => e.exists)
}

/** Menu visibility needs the key in powerMenuAttrs; entries without a permission always show. */
export function menuVisible(g: Grant, key: string, permission: string | undefined): boolean {
  if (permission === undefined || isSuperAdmin(g)) return true
  return g.powerMenuAttrs.includes(key)
}
