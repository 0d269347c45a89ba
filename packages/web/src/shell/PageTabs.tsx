import { CloseOutlined } from '@ant-design/icons'
import { screenByPath, translateMenu } from '@moc/domain/catalogue'
import { Dropdown, type MenuProps } from 'antd'
import { Activity, memo, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import {
  Link,
  type Location,
  UNSAFE_LocationContext as LocationContext,
  NavigationType,
  useLocation,
  useNavigate,
  useNavigationType,
  useOutlet,
} from 'react-router'
import { usePreferences } from '../app/preferences.tsx'
import {
  CLOSES_PAGE_TAB,
  type CloseKind,
  closePageTabs,
  HOME_PATH,
  initialPageTabs,
  type PageTab,
  type PageTabsState,
  refreshPageTab,
  tabsToClose,
  urlOf,
  visitPageTab,
} from './pageTabsState.ts'
import './pageTabs.css'

/**
 * One kept screen. Hidden, it is an `<Activity>` in hidden mode: still mounted with all its state (a list's rows and
 * search form, a half-filled form), its DOM out of the page (display: none, so out of the accessibility tree), and its
 * effects stopped (no polling, no edit-lock heartbeat, no navigation blocker). It reads its own location, not the
 * router's, so a hidden list keeps its URL's filters while another screen is shown.
 */
const KeptPage = memo(function KeptPage({
  location,
  element,
  active,
}: {
  location: Location
  element: ReactNode
  active: boolean
}) {
  const value = useMemo(() => ({ location, navigationType: NavigationType.Pop }), [location])
  return (
    <Activity mode={active ? 'visible' : 'hidden'}>
      <LocationContext.Provider value={value}>{element}</LocationContext.Provider>
    </Activity>
  )
})

const closeItems: { key: CloseKind; label: string }[] = [
  { key: 'this', label: '关闭当前' },
  { key: 'others', label: '关闭其他' },
  { key: 'left', label: '关闭左侧' },
  { key: 'right', label: '关闭右侧' },
  { key: 'all', label: '全部关闭' },
]

/**
 * 多页签 (decision 0036): every screen opened stays as a tab above the content area and keeps its state; a tab closes
 * with its × or its right-click menu (刷新页面, 关闭当前, 关闭其他, 关闭左侧, 关闭右侧, 全部关闭). The home tab stays.
 * Rendered by the shell in place of the routed screen while the theme panel's 多页签 is on.
 */
export function PageTabs() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const outlet = useOutlet()
  const navigate = useNavigate()
  const { preferences } = usePreferences()
  const [state, setState] = useState<PageTabsState<ReactNode>>(() => initialPageTabs(location, outlet))

  // The router moved: open or show the tab (during render, so the new screen draws in this same pass).
  if (state.seen !== location.key) setState(visitPageTab(state, location, navigationType, outlet))

  useEffect(() => {
    if (state.redirect) void navigate(state.redirect, { replace: true })
  }, [state.redirect, navigate])

  // Each tab comes back at its own scroll position; a new one at the top.
  const scrollOf = useRef(new Map<string, number>())
  const activeKey = state.activeKey
  useEffect(() => {
    const remember = () => scrollOf.current.set(activeKey, window.scrollY)
    window.addEventListener('scroll', remember, { passive: true })
    return () => window.removeEventListener('scroll', remember)
  }, [activeKey])
  const strip = useRef<HTMLUListElement>(null)
  useLayoutEffect(() => {
    window.scrollTo(0, scrollOf.current.get(activeKey) ?? 0)
    // The shown tab is in view in the strip (sideways only: the window does not move).
    const list = strip.current
    const tab = list?.querySelector<HTMLElement>('.moc-page-tabs__tab--active')
    if (!list || !tab) return
    if (tab.offsetLeft < list.scrollLeft) list.scrollLeft = tab.offsetLeft
    else if (tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = tab.offsetLeft + tab.offsetWidth - list.clientWidth
  }, [activeKey])

  // The screen the tab shows, with the item's id on a detail screen.
  const title = (tab: PageTab<ReactNode>) => {
    const screen = screenByPath(tab.path)
    const name = screen ? translateMenu(screen.title, preferences.language) : tab.path
    const id = new URLSearchParams(tab.location?.search).get('id')
    return id && tab.path !== tab.key ? `${name} #${id}` : name
  }

  const close = (key: string, kind: CloseKind) => {
    const { state: next, go } = closePageTabs(state, key, kind)
    setState(next)
    if (go) void navigate(go, { state: CLOSES_PAGE_TAB })
  }
  const menuOf = (tab: PageTab<ReactNode>): MenuProps => ({
    items: [
      { key: 'refresh', label: '刷新页面' },
      { type: 'divider' },
      ...closeItems.map((c) => ({
        key: c.key,
        label: c.label,
        disabled: tabsToClose(state.tabs, tab.key, c.key).length === 0,
      })),
    ],
    onClick: ({ key }) =>
      key === 'refresh' ? setState(refreshPageTab(state, tab.key)) : close(tab.key, key as CloseKind),
  })

  return (
    <>
      <nav className="moc-page-tabs" aria-label="已打开的页面">
        <ul ref={strip} className="moc-page-tabs__list">
          {state.tabs.map((tab) => {
            const active = tab.key === activeKey
            const name = title(tab)
            return (
              <Dropdown key={tab.key} trigger={['contextMenu']} menu={menuOf(tab)}>
                <li className={`moc-page-tabs__tab${active ? ' moc-page-tabs__tab--active' : ''}`}>
                  <Link
                    className="moc-page-tabs__link"
                    to={urlOf(tab)}
                    aria-current={active ? 'page' : undefined}
                  >
                    {name}
                  </Link>
                  {tab.key === HOME_PATH ? null : (
                    <button
                      type="button"
                      className="moc-page-tabs__close"
                      aria-label={`关闭 ${name}`}
                      onClick={() => close(tab.key, 'this')}
                    >
                      <CloseOutlined />
                    </button>
                  )}
                </li>
              </Dropdown>
            )
          })}
        </ul>
      </nav>
      {state.tabs.map((tab) =>
        tab.location && tab.element !== undefined ? (
          <KeptPage
            // Another screen in the tab (the list's form) is drawn afresh; so is 刷新页面.
            key={`${tab.key}#${tab.path}#${tab.generation}`}
            location={tab.location as Location}
            // While a menu link is sent on to where its tab was left, the tab shows what it kept.
            element={tab.key === activeKey && !state.redirect ? outlet : tab.element}
            active={tab.key === activeKey}
          />
        ) : null,
      )}
    </>
  )
}
