import { menuGroups } from '../catalogue/menuGroups.ts'
import { screens } from '../catalogue/screens.ts'
import type { MenuGroupKey } from '../catalogue/types.ts'
import { type ActionName, actionKeys } from './actions.ts'
import { permissionPages } from './pages.ts'
import type { PowerMap } from './types.ts'

/**
 * The role permission editor (spec §3 permission map, role detail): the tree of menu groups → permission
 * pages → actions that GET /api/role/config serves, derived only from the catalogue, and the pure rules
 * for ticking it that the /rolesDetail screen applies. The server uses `normaliseRoleGrant` to validate.
 */

export interface RoleConfigAction {
  /** Chinese action name stored in the permission map, e.g. '查看'. */
  name: ActionName
  /** Stable key, e.g. 'content-article-view'. */
  key: string
}

/** A side-menu entry a permission page controls; its path is the key stored in powerMenuAttrs. */
export interface RoleConfigMenu {
  path: string
  title: string
}

export interface RoleConfigPage {
  /** Permission page name, e.g. '内容-文章'. */
  name: string
  key: string
  actions: RoleConfigAction[]
  menus: RoleConfigMenu[]
}

export interface RoleConfigGroup {
  key: MenuGroupKey
  title: string
  pages: RoleConfigPage[]
}

let tree: RoleConfigGroup[] | undefined

/** Menu groups in menu order, each with its permission pages in catalogue order (empty groups dropped). */
export function roleConfigTree(): RoleConfigGroup[] {
  tree ??= menuGroups
    .map((g) => ({
      key: g.key,
      title: g.title,
      pages: permissionPages
        .filter((p) => p.group === g.key)
        .map((p) => ({
          name: p.name,
          key: p.key,
          actions: p.actions.map((name) => ({ name, key: `${p.key}-${actionKeys[name]}` })),
          menus: screens
            .filter((s) => s.menu && s.permission === p.name)
            .map((s) => ({ path: s.path, title: s.title })),
        })),
    }))
    .filter((g) => g.pages.length > 0)
  return tree
}

const allPages = () => roleConfigTree().flatMap((g) => g.pages)

// ---------------------------------------------------------------------------------------------------------
// Validation and storage form

/** What a role stores (spec §3): page name → [{actionName, exists}], plus the visible menu keys. */
export interface RoleGrant {
  power: PowerMap
  powerMenuAttrs: string[]
}

/**
 * Checks a submitted grant against the catalogue and puts it in its stored form: pages and actions in
 * catalogue order, every action of a granted page listed (unticked ones with exists false), pages with
 * nothing granted left out, menu keys de-duplicated in catalogue order. Returns the Chinese reason when
 * a page, action or menu key is unknown or an action is listed twice.
 */
export function normaliseRoleGrant(
  power: PowerMap,
  powerMenuAttrs: readonly string[],
): { ok: true; grant: RoleGrant } | { ok: false; msg: string } {
  const pages = new Map(allPages().map((p) => [p.name, p]))
  for (const [name, entries] of Object.entries(power)) {
    const page = pages.get(name)
    if (!page) return { ok: false, msg: `权限页面「${name}」不存在` }
    const seen = new Set<string>()
    for (const e of entries) {
      if (!page.actions.some((a) => a.name === e.actionName))
        return { ok: false, msg: `权限页面「${name}」没有操作「${e.actionName}」` }
      if (seen.has(e.actionName))
        return { ok: false, msg: `权限页面「${name}」的操作「${e.actionName}」重复` }
      seen.add(e.actionName)
    }
  }
  const menuPaths = allPages().flatMap((p) => p.menus.map((m) => m.path))
  const unknownMenu = powerMenuAttrs.find((k) => !menuPaths.includes(k))
  if (unknownMenu !== undefined) return { ok: false, msg: `菜单「${unknownMenu}」不存在` }

  const stored: PowerMap = {}
  for (const page of allPages()) {
    const entries = power[page.name]
    if (!entries?.some((e) => e.exists)) continue
    stored[page.name] = page.actions.map((a) => ({
      actionName: a.name,
      exists: entries.some((e) => e.actionName === a.name && e.exists),
    }))
  }
  const wanted = new Set(powerMenuAttrs)
  return { ok: true, grant: { power: stored, powerMenuAttrs: menuPaths.filter((p) => wanted.has(p)) } }
}

// ---------------------------------------------------------------------------------------------------------
// Editor selection

/** What is ticked in the editor: action keys (content-article-view) and menu paths (/contentArticle). */
export interface RoleSelection {
  actions: ReadonlySet<string>
  menus: ReadonlySet<string>
}

export type CheckState = 'all' | 'some' | 'none'

export const emptySelection = (): RoleSelection => ({ actions: new Set(), menus: new Set() })

/** The editor's ticks for a stored grant; entries the catalogue no longer has are dropped. */
export function selectionFromGrant(power: PowerMap, powerMenuAttrs: readonly string[]): RoleSelection {
  const actions = new Set<string>()
  const menus = new Set<string>()
  for (const page of allPages()) {
    for (const a of page.actions)
      if (power[page.name]?.some((e) => e.actionName === a.name && e.exists)) actions.add(a.key)
    for (const m of page.menus) if (powerMenuAttrs.includes(m.path)) menus.add(m.path)
  }
  return { actions, menus }
}

/** The grant to submit for the editor's ticks (already in stored form). */
export function grantFromSelection(sel: RoleSelection): RoleGrant {
  const power: PowerMap = {}
  const powerMenuAttrs: string[] = []
  for (const page of allPages()) {
    if (page.actions.some((a) => sel.actions.has(a.key)))
      power[page.name] = page.actions.map((a) => ({ actionName: a.name, exists: sel.actions.has(a.key) }))
    for (const m of page.menus) if (sel.menus.has(m.path)) powerMenuAttrs.push(m.path)
  }
  return { power, powerMenuAttrs }
}

/** Every page with every action and every menu entry: what role 1 effectively holds (spec §6). */
export const fullRoleGrant = (): RoleGrant =>
  grantFromSelection({
    actions: new Set(allPages().flatMap((p) => p.actions.map((a) => a.key))),
    menus: new Set(allPages().flatMap((p) => p.menus.map((m) => m.path))),
  })

const pageKeys = (page: RoleConfigPage) => [
  ...page.actions.map((a) => ['a', a.key] as const),
  ...page.menus.map((m) => ['m', m.path] as const),
]

function stateOf(sel: RoleSelection, keys: readonly (readonly ['a' | 'm', string])[]): CheckState {
  const on = keys.filter(([kind, k]) => (kind === 'a' ? sel.actions : sel.menus).has(k)).length
  if (on === 0) return 'none'
  return on === keys.length ? 'all' : 'some'
}

/** A page's select-all box: over its actions and its menu entries. */
export const pageState = (sel: RoleSelection, page: RoleConfigPage) => stateOf(sel, pageKeys(page))

/** A group's select-all box: over every action and menu entry of its pages. */
export const groupState = (sel: RoleSelection, group: RoleConfigGroup) =>
  stateOf(sel, group.pages.flatMap(pageKeys))

/** Does the page have any action ticked (its menu boxes are only meaningful then). */
export const pageGranted = (sel: RoleSelection, page: RoleConfigPage) =>
  page.actions.some((a) => sel.actions.has(a.key))

function setPages(sel: RoleSelection, pages: readonly RoleConfigPage[], on: boolean): RoleSelection {
  const actions = new Set(sel.actions)
  const menus = new Set(sel.menus)
  for (const page of pages) {
    for (const a of page.actions) on ? actions.add(a.key) : actions.delete(a.key)
    for (const m of page.menus) on ? menus.add(m.path) : menus.delete(m.path)
  }
  return { actions, menus }
}

/** Select-all on a page: every action and menu entry on, or all off. */
export const togglePage = (sel: RoleSelection, page: RoleConfigPage, on: boolean) => setPages(sel, [page], on)

/** Select-all on a group: every page of it. */
export const toggleGroup = (sel: RoleSelection, group: RoleConfigGroup, on: boolean) =>
  setPages(sel, group.pages, on)

/**
 * Ticks or unticks one action. The first action ticked on a page also ticks its menu entries (visible by
 * default; the user may untick them afterwards); unticking the last one clears them, as a menu entry of a
 * page the role cannot open is never shown.
 */
export function toggleAction(
  sel: RoleSelection,
  page: RoleConfigPage,
  actionKey: string,
  on: boolean,
): RoleSelection {
  const wasGranted = pageGranted(sel, page)
  const actions = new Set(sel.actions)
  on ? actions.add(actionKey) : actions.delete(actionKey)
  const next = { actions, menus: sel.menus }
  const isGranted = pageGranted(next, page)
  if (wasGranted === isGranted) return next
  const menus = new Set(sel.menus)
  for (const m of page.menus) isGranted ? menus.add(m.path) : menus.delete(m.path)
  return { actions, menus }
}

/** Ticks or unticks one menu entry's 菜单可见 box. */
export function toggleMenu(sel: RoleSelection, path: string, on: boolean): RoleSelection {
  const menus = new Set(sel.menus)
  on ? menus.add(path) : menus.delete(path)
  return { actions: sel.actions, menus }
}

/** How many actions are ticked, for the editor's summary line. */
export const selectedActionCount = (sel: RoleSelection) => sel.actions.size
