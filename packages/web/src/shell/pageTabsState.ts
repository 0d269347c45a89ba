import { breadcrumbOf } from '@moc/domain/catalogue'

/**
 * The open-page tabs (多页签, decision 0036) as pure state: which screens are open, which is shown, what closing does.
 * PageTabs.tsx keeps this state and renders it; no React here, so it is unit-tested directly.
 */

/** The home tab: always first, never closed. */
export const HOME_PATH = '/dashboard'
/** Kept pages at most (the home tab included); past it the tab used longest ago is closed. */
export const MAX_PAGE_TABS = 15

/** The part of a router location a tab keeps. */
export interface TabLocation {
  pathname: string
  search: string
  hash: string
  key: string
}

export type NavigationKind = 'POP' | 'PUSH' | 'REPLACE'

export interface PageTab<E> {
  /** The tab's list screen (tabKeyOf). */
  key: string
  /** The screen the tab shows now: the list, or one of its detail screens. */
  path: string
  /** Where the tab was last; undefined for the home tab until it is first opened. */
  location?: TabLocation
  /** Where the tab's list was when one of its detail screens was opened (返回 goes back there). */
  list?: TabLocation
  /** The screen's element while it is kept (undefined: not drawn yet). */
  element?: E
  /** Bumped by 刷新页面: the screen is drawn afresh. */
  generation: number
  usedAt: number
}

export interface PageTabsState<E> {
  tabs: PageTab<E>[]
  activeKey: string
  /** The location key last applied. */
  seen: string
  clock: number
  /** Tabs to close once the navigation away from them lands on `target`. */
  pending?: { target: string; remove: string[] }
  /**
   * A plain link to a kept tab's list goes where the tab was left (the list's filters and page, or its form); from a
   * detail screen in the tab, back to where its list was.
   */
  redirect?: string
}

/**
 * A tab per list screen of the menu; its detail screens (the catalogue's breadcrumb children: 文章详情 under 文章管理)
 * open inside the list's tab, as a drill-down that 返回 leaves, one item at a time. Filters, page and `type` of a
 * list are its state, not another tab.
 */
export function tabKeyOf(location: Pick<TabLocation, 'pathname'>): string {
  return breadcrumbOf(location.pathname)[0]?.path ?? location.pathname
}

export const urlOf = (tab: PageTab<unknown>) =>
  tab.location ? `${tab.location.pathname}${tab.location.search}${tab.location.hash}` : tab.key

const homeTab = <E>(): PageTab<E> => ({ key: HOME_PATH, path: HOME_PATH, generation: 0, usedAt: 0 })

export function initialPageTabs<E>(location: TabLocation, element: E): PageTabsState<E> {
  const key = tabKeyOf(location)
  const opened: PageTab<E> = { key, path: location.pathname, location, element, generation: 0, usedAt: 1 }
  return {
    tabs: key === HOME_PATH ? [opened] : [homeTab(), opened],
    activeKey: key,
    seen: location.key,
    clock: 1,
  }
}

/** The state after the router moved to `location`. */
export function visitPageTab<E>(
  state: PageTabsState<E>,
  location: TabLocation,
  kind: NavigationKind,
  element: E,
): PageTabsState<E> {
  const key = tabKeyOf(location)
  const clock = state.clock + 1
  let tabs = state.tabs
  const pending = state.pending
  if (pending && key === pending.target) tabs = tabs.filter((t) => !pending.remove.includes(t.key))

  let redirect: string | undefined
  const kept = tabs.find((t) => t.key === key)
  if (kept) {
    const plainList = kind !== 'POP' && location.pathname === key && location.search === ''
    // A plain link to the list (its menu entry) from another tab shows the tab as it was left; from a detail screen
    // in the tab (its 返回, the breadcrumb), the list as it was when the detail was opened.
    if (plainList && key !== state.activeKey && kept.location && urlOf(kept) !== key) redirect = urlOf(kept)
    else if (plainList && kept.path !== key && kept.list?.search)
      redirect = `${kept.list.pathname}${kept.list.search}${kept.list.hash}`
    const leavesList = kept.path === key && location.pathname !== key
    tabs = tabs.map((t) =>
      t.key !== key
        ? t
        : redirect
          ? { ...t, usedAt: clock }
          : {
              ...t,
              path: location.pathname,
              location,
              element,
              usedAt: clock,
              list: leavesList ? t.location : location.pathname === key ? undefined : t.list,
            },
    )
  } else {
    tabs = [...tabs, { key, path: location.pathname, location, element, generation: 0, usedAt: clock }]
  }
  while (tabs.length > MAX_PAGE_TABS) {
    const oldest = tabs
      .filter((t) => t.key !== HOME_PATH && t.key !== key)
      .reduce((a, b) => (b.usedAt < a.usedAt ? b : a))
    tabs = tabs.filter((t) => t !== oldest)
  }
  return { tabs, activeKey: key, seen: location.key, clock, redirect }
}

export type CloseKind = 'this' | 'others' | 'left' | 'right' | 'all'

/** The tabs a close command on the tab `key` closes (never the home tab). */
export function tabsToClose(tabs: PageTab<unknown>[], key: string, kind: CloseKind): string[] {
  const i = tabs.findIndex((t) => t.key === key)
  const closes = (t: PageTab<unknown>, j: number) =>
    t.key !== HOME_PATH &&
    (kind === 'all' ||
      (kind === 'this' && t.key === key) ||
      (kind === 'others' && t.key !== key) ||
      (kind === 'left' && j < i) ||
      (kind === 'right' && j > i))
  return tabs.filter(closes).map((t) => t.key)
}

/**
 * Closes tabs. Hidden ones close at once; the shown one closes once the router has moved to the tab that takes its
 * place (`go`): the tab on its right (else its left) for 关闭当前, the tab acted on for 关闭其他/左侧/右侧, home for
 * 全部关闭. Until then it stays, so a screen that asks before being left (unsaved text) can keep it.
 */
export function closePageTabs<E>(
  state: PageTabsState<E>,
  key: string,
  kind: CloseKind,
): { state: PageTabsState<E>; go?: string } {
  const remove = tabsToClose(state.tabs, key, kind)
  if (!remove.length) return { state }
  const active = state.activeKey
  if (!remove.includes(active))
    return { state: { ...state, tabs: state.tabs.filter((t) => !remove.includes(t.key)) } }
  const stays = (t: PageTab<E>) => !remove.includes(t.key)
  let target: PageTab<E> | undefined
  if (kind === 'this') {
    const i = state.tabs.findIndex((t) => t.key === key)
    target = state.tabs.slice(i + 1).find(stays) ?? state.tabs.slice(0, i).reverse().find(stays)
  } else target = state.tabs.find((t) => stays(t) && t.key === (kind === 'all' ? HOME_PATH : key))
  target ??= state.tabs.find(stays)
  if (!target) return { state }
  return {
    state: {
      ...state,
      tabs: state.tabs.filter((t) => t.key === active || stays(t)),
      pending: { target: target.key, remove: [active] },
    },
    go: urlOf(target),
  }
}

/** 刷新页面: the tab's screen is drawn afresh (its kept state dropped). */
export function refreshPageTab<E>(state: PageTabsState<E>, key: string): PageTabsState<E> {
  return {
    ...state,
    tabs: state.tabs.map((t) => (t.key === key ? { ...t, generation: t.generation + 1 } : t)),
  }
}

/** The navigation state PageTabs gives the navigation that closes the shown tab. */
export const CLOSES_PAGE_TAB = { closesPageTab: true } as const

/**
 * Whether a navigation takes the current screen away (for a screen that asks before unsaved edits are left): another
 * screen in the same tab does (a form's 返回 to its list), and so does closing the tab. With 多页签 on, another tab
 * does not: the screen stays as it is, hidden.
 */
export function leavesScreen(
  current: Pick<TabLocation, 'pathname'>,
  next: Pick<TabLocation, 'pathname'> & { state?: unknown },
  pageTabs: boolean,
): boolean {
  const otherScreen = current.pathname !== next.pathname
  if (!pageTabs) return otherScreen
  if ((next.state as { closesPageTab?: boolean } | null)?.closesPageTab) return true
  return otherScreen && tabKeyOf(current) === tabKeyOf(next)
}
