import { describe, expect, it } from 'vitest'
import {
  closePageTabs,
  HOME_PATH,
  initialPageTabs,
  leavesScreen,
  MAX_PAGE_TABS,
  type NavigationKind,
  type PageTabsState,
  refreshPageTab,
  tabKeyOf,
  visitPageTab,
} from '../src/shell/pageTabsState.ts'

let n = 0
const at = (url: string) => {
  const u = new URL(url, 'http://x')
  return { pathname: u.pathname, search: u.search, hash: '', key: `k${++n}` }
}
const go = (s: PageTabsState<string>, url: string, kind: NavigationKind = 'PUSH') =>
  visitPageTab(s, at(url), kind, `element of ${url}`)
const keys = (s: PageTabsState<string>) => s.tabs.map((t) => t.key)

describe('open-page tabs (多页签)', () => {
  it('a tab per list; its detail screens open inside it', () => {
    expect(tabKeyOf({ pathname: '/contentArticleDetail' })).toBe('/contentArticle')
    expect(tabKeyOf({ pathname: '/articleAuditDetail' })).toBe('/articleAudit')
    expect(tabKeyOf({ pathname: '/account' })).toBe('/account')
    let s = initialPageTabs(at('/contentArticle?type=draft'), 'list')
    expect(keys(s)).toEqual([HOME_PATH, '/contentArticle'])
    s = go(s, '/contentArticleDetail?id=3')
    expect(keys(s)).toEqual([HOME_PATH, '/contentArticle'])
    expect(s.tabs[1]).toMatchObject({
      path: '/contentArticleDetail',
      element: 'element of /contentArticleDetail?id=3',
    })
    s = go(s, '/account')
    expect(keys(s)).toEqual([HOME_PATH, '/contentArticle', '/account'])
    expect(s.activeKey).toBe('/account')
  })

  it('a plain menu link back to a kept tab goes where the tab was left; explicit links are followed', () => {
    let s = initialPageTabs(at('/contentArticle?type=draft&page=2'), 'list')
    s = go(s, '/account')
    s = go(s, '/contentArticle')
    expect(s.redirect).toBe('/contentArticle?type=draft&page=2')
    expect(s.tabs[1]?.location?.search).toBe('?type=draft&page=2')
    s = go(s, '/contentArticle?type=draft&page=2', 'REPLACE')
    expect(s.redirect).toBeUndefined()
    // Within the tab (重置 to the plain list) the link is followed.
    s = go(s, '/contentArticle')
    expect(s.redirect).toBeUndefined()
    expect(s.tabs[1]?.location?.search).toBe('')
    // A half-filled form left in the tab comes back too.
    s = go(s, '/contentArticleDetail')
    s = go(s, '/account')
    expect(go(s, '/contentArticle').redirect).toBe('/contentArticleDetail')
    expect(go(s, '/contentArticle?type=first').redirect).toBeUndefined()
  })

  it('返回 from a detail screen to its plain list finds the list as it was when the detail opened', () => {
    let s = initialPageTabs(at('/contentArticle?type=draft&title=x'), 'list')
    s = go(s, '/contentArticleDetail?id=3')
    expect(s.tabs[1]?.list?.search).toBe('?type=draft&title=x')
    s = go(s, '/contentArticle')
    expect(s.redirect).toBe('/contentArticle?type=draft&title=x')
    s = go(s, '/contentArticle?type=draft&title=x', 'REPLACE')
    expect(s.tabs[1]).toMatchObject({ path: '/contentArticle', list: undefined })
    // 保存 lands on a list URL of its own (with the saved row): followed.
    s = go(s, '/contentArticleDetail?id=3')
    expect(go(s, '/contentArticle?type=draft&highlight=3', 'REPLACE').redirect).toBeUndefined()
  })

  it('keeps at most MAX_PAGE_TABS, closing the one used longest ago, never home', () => {
    let s = initialPageTabs(at('/dashboard'), 'home')
    const lists = ['/account', '/roles', '/systemlog', '/jobs', '/contentArticle', '/contentVideo', '/words']
    const more = ['/contentSubject', '/contentHotDiscuss', '/articleAudit', '/videoAudit', '/commentAudit']
    const yetMore = ['/splashAudit', '/popupAudit', '/liveAudit', '/configure']
    for (const p of [...lists, ...more, ...yetMore]) s = go(s, p)
    expect(s.tabs).toHaveLength(MAX_PAGE_TABS)
    expect(keys(s)[0]).toBe(HOME_PATH)
    expect(keys(s)).not.toContain('/account')
    expect(keys(s)).toContain('/configure')
  })

  it('closes this, others, left, right or all; the shown tab once the router has moved on', () => {
    let s = initialPageTabs(at('/dashboard'), 'home')
    for (const p of ['/account', '/roles', '/jobs']) s = go(s, p)
    // Hidden tabs close at once.
    let r = closePageTabs(s, '/roles', 'this')
    expect(keys(r.state)).toEqual([HOME_PATH, '/account', '/jobs'])
    expect(r.go).toBeUndefined()
    // The shown tab (/jobs) waits for the move to its neighbour.
    r = closePageTabs(s, '/jobs', 'this')
    expect(r.go).toBe('/roles')
    expect(keys(r.state)).toContain('/jobs')
    expect(keys(go(r.state, '/roles'))).toEqual([HOME_PATH, '/account', '/roles'])
    // A move elsewhere (the screen kept itself, asked 留在此页, then the user went on) closes nothing.
    expect(keys(go(r.state, '/account'))).toContain('/jobs')

    r = closePageTabs(s, '/roles', 'others')
    expect(r.go).toBe('/roles')
    expect(keys(go(r.state, '/roles'))).toEqual([HOME_PATH, '/roles'])
    r = closePageTabs(s, '/account', 'right')
    expect(keys(go(r.state, '/account'))).toEqual([HOME_PATH, '/account'])
    r = closePageTabs(s, '/jobs', 'left')
    expect(r.go).toBeUndefined()
    expect(keys(r.state)).toEqual([HOME_PATH, '/jobs'])
    r = closePageTabs(s, '/roles', 'all')
    expect(r.go).toBe(HOME_PATH)
    expect(keys(go(r.state, HOME_PATH))).toEqual([HOME_PATH])
    expect(closePageTabs(s, HOME_PATH, 'this').state).toBe(s)
  })

  it('刷新页面 draws a tab afresh', () => {
    const s = initialPageTabs(at('/account'), 'accounts')
    expect(refreshPageTab(s, '/account').tabs[1]?.generation).toBe(1)
  })

  it('says when a navigation leaves a screen with unsaved edits', () => {
    const form = { pathname: '/contentArticleDetail' }
    // Another tab keeps it; 返回 to its list or closing its tab leaves it.
    expect(leavesScreen(form, { pathname: '/account' }, true)).toBe(false)
    expect(leavesScreen(form, { pathname: '/contentArticle' }, true)).toBe(true)
    expect(leavesScreen(form, { pathname: '/account', state: { closesPageTab: true } }, true)).toBe(true)
    expect(leavesScreen(form, { pathname: '/contentArticleDetail' }, true)).toBe(false)
    // Without 多页签 every other screen leaves it.
    expect(leavesScreen(form, { pathname: '/account' }, false)).toBe(true)
  })
})
