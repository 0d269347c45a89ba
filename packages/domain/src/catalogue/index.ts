import { screens } from './screens.ts'
import type { MenuGroupKey, Screen } from './types.ts'

export type { MenuLanguage } from '../i18n/menu.ts'
export { menuLanguages, menuTranslations, translateMenu } from '../i18n/menu.ts'
export { permissionPages } from '../permissions/pages.ts'
export { menuGroups } from './menuGroups.ts'
export { screens } from './screens.ts'
export type { MenuGroup, MenuGroupKey, Screen } from './types.ts'

const byPath = new Map(screens.map((screen) => [screen.path, screen]))

export function screenByPath(path: string): Screen | undefined {
  return byPath.get(path)
}

/** Side-menu entries of a group in catalogue order; null gives the top-level entries (工作台). */
export function menuScreens(group: MenuGroupKey | null): Screen[] {
  return screens.filter((screen) => screen.menu && screen.group === group)
}

/** The screen and its `parent` chain, root first; the leading 首页 crumb is the shell's, not included. */
export function breadcrumbOf(path: string): Screen[] {
  const trail: Screen[] = []
  let screen = byPath.get(path)
  while (screen && !trail.includes(screen)) {
    trail.unshift(screen)
    screen = screen.parent ? byPath.get(screen.parent) : undefined
  }
  return trail
}

export const publicPaths: readonly string[] = screens.filter((screen) => screen.public).map((s) => s.path)
