import { menuLanguages } from '@moc/domain/catalogue'
import { Drawer, Layout, theme } from 'antd'
import { useEffect, useState } from 'react'
import { Outlet } from 'react-router'
import { usePreferences } from '../app/preferences.tsx'
import { Brand } from './Brand.tsx'
import { Footer } from './Footer.tsx'
import { PageTabs } from './PageTabs.tsx'
import { Preloader } from './Preloader.tsx'
import { RightBar } from './RightBar.tsx'
import { type MenuTone, SideMenu } from './SideMenu.tsx'
import { shellPalette } from './shellPalette.ts'
import { TopBar } from './TopBar.tsx'
import { useIsDesktop } from './useIsDesktop.ts'
import { useMenu } from './useMenu.ts'
import { usePendingCounts } from './usePendingCounts.ts'
import './shell.css'

const SIDER_WIDTH = { full: 240, compact: 180, icon: 64 } as const

/**
 * The console shell (spec §2): preloader, side menu (or top-bar menu in the horizontal layout, or a
 * drawer below 992 px), top bar, the routed screen, footer and the theme settings right bar, all
 * following the user's saved layout state.
 */
export function ConsoleLayout() {
  const { preferences } = usePreferences()
  const layout = preferences.layout
  const rtl = menuLanguages.find((l) => l.code === preferences.language)?.dir === 'rtl'
  const isDesktop = useIsDesktop()
  const { menus } = useMenu()
  const counts = usePendingCounts(menus)
  const { token } = theme.useToken()

  const sidebar = layout.leftSidebarType
  const [collapsed, setCollapsed] = useState(sidebar === 'icon')
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [settingsOpen, setSettingsOpen] = useState(false)

  // A newly chosen sidebar type decides the condensed state again; the toggle only overrides it until then.
  useEffect(() => setCollapsed(sidebar === 'icon'), [sidebar])

  const vertical = layout.layoutType === 'vertical'
  const showSider = isDesktop && vertical
  const menuTone: MenuTone = sidebar === 'light' ? 'light' : sidebar === 'colored' ? 'colored' : 'dark'
  const siderWidth = sidebar === 'compact' ? SIDER_WIDTH.compact : SIDER_WIDTH.full
  const siderBg = { dark: shellPalette.dark, colored: token.colorPrimary, light: token.colorBgContainer }[
    menuTone
  ]
  const boxed = layout.layoutWidth === 'boxed'

  const shellClass = `moc-shell moc-shell--${layout.layoutWidth}`

  return (
    <Layout className={shellClass} hasSider={showSider}>
      <Preloader enabled={layout.loader} />
      <a className="moc-skip-link" href="#moc-main">
        跳到主要内容
      </a>
      {showSider ? (
        <Layout.Sider
          className={`moc-sider moc-sider--${menuTone}`}
          theme={menuTone === 'light' ? 'light' : 'dark'}
          width={siderWidth}
          collapsedWidth={SIDER_WIDTH.icon}
          collapsed={collapsed}
          trigger={null}
          style={{ background: siderBg }}
        >
          <nav className="moc-sider__nav" aria-label="侧边菜单">
            <Brand compact={collapsed} />
            <SideMenu
              items={menus}
              tone={menuTone}
              collapsed={collapsed}
              dense={sidebar === 'compact'}
              counts={counts}
            />
          </nav>
        </Layout.Sider>
      ) : null}
      <Layout className="moc-main-column">
        <TopBar
          variant={!isDesktop ? 'mobile' : vertical ? 'vertical' : 'horizontal'}
          tone={vertical ? 'light' : layout.topbar}
          menus={menus}
          counts={counts}
          collapsed={collapsed}
          onToggleCollapsed={() => setCollapsed((c) => !c)}
          onOpenMenu={() => setDrawerOpen(true)}
          onOpenSettings={() => setSettingsOpen(true)}
          boxed={boxed && !vertical}
        />
        <main id="moc-main" className="moc-content" tabIndex={-1}>
          <div className={boxed ? 'moc-boxed' : undefined}>
            {/* 多页签 (on unless switched off in the theme panel) keeps every opened screen as a tab. */}
            {preferences.pageTabs === false ? <Outlet /> : <PageTabs />}
          </div>
        </main>
        <div className={boxed ? 'moc-boxed' : undefined}>
          <Footer />
        </div>
      </Layout>
      {isDesktop ? null : (
        <Drawer
          className="moc-menu-drawer"
          placement={rtl ? 'right' : 'left'}
          size={260}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={<Brand />}
          styles={{ body: { padding: 0 } }}
        >
          <nav aria-label="侧边菜单">
            {/* The drawer is a light panel whatever the sidebar theme, so its menu is light too. */}
            <SideMenu items={menus} tone="light" counts={counts} onNavigate={() => setDrawerOpen(false)} />
          </nav>
        </Drawer>
      )}
      <RightBar open={settingsOpen} onClose={() => setSettingsOpen(false)} rtl={rtl} />
    </Layout>
  )
}
