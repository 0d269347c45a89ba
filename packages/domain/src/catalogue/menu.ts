import { canOpen, type Grant, isSuperAdmin, menuVisible } from '../permissions/can.ts'
import { menuGroups } from './menuGroups.ts'
import { screens } from './screens.ts'
import type { Screen } from './types.ts'

/** A side-menu entry (spec §3 "Menu item"). Groups have children; leaves have a link. */
export interface MenuItem {
  id: string
  label: string
  icon?: string
  link?: string
  parentId?: string
  /** Permission page names the entry requires; empty: always shown. */
  permissions: string[]
  children?: MenuItem[]
  exists: boolean
  /** Pending-count badge key (audit queues). */
  badge?: string
}

/**
 * The side menu for one grant: entries the user may open and see (spec §6: menu visibility needs the key
 * in powerMenuAttrs; entries without a permission always show; adminOnly entries only for `admin`).
 */
export function buildMenu(grant: Grant, username: string): MenuItem[] {
  const leaf = (s: Screen, parentId?: string): MenuItem => ({
    id: s.path,
    label: s.title,
    link: s.path,
    ...(parentId ? { parentId } : {}),
    permissions: s.permission ? [s.permission] : [],
    exists: true,
    ...(s.badge ? { badge: s.badge } : {}),
  })
  const visible = (s: Screen) =>
    s.menu &&
    !s.public &&
    (!s.adminOnly || username === 'admin') &&
    canOpen(grant, s.permission) &&
    (isSuperAdmin(grant) || menuVisible(grant, s.path, s.permission))

  const items: MenuItem[] = screens.filter((s) => s.group === null && visible(s)).map((s) => leaf(s))
  for (const g of menuGroups) {
    const children = screens.filter((s) => s.group === g.key && visible(s)).map((s) => leaf(s, g.key))
    if (children.length)
      items.push({ id: g.key, label: g.title, icon: g.icon, permissions: [], exists: true, children })
  }
  return items
}
