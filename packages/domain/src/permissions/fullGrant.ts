import { screens } from '../catalogue/screens.ts'
import { permissionPages } from './pages.ts'
import type { PowerMap } from './types.ts'

let cached: { power: PowerMap; powerMenuAttrs: string[] } | undefined

/** The super administrator's permission map: every page with every action, every menu key visible. */
export function fullGrant(): { power: PowerMap; powerMenuAttrs: string[] } {
  cached ??= {
    power: Object.fromEntries(
      permissionPages.map((p) => [p.name, p.actions.map((actionName) => ({ actionName, exists: true }))]),
    ),
    powerMenuAttrs: screens.filter((s) => s.menu).map((s) => s.path),
  }
  return cached
}
