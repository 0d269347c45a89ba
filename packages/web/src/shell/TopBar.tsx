import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons'
import type { MenuItem } from '@moc/domain/catalogue/menu'
import { Button, Tag, theme } from 'antd'
import { Brand } from './Brand.tsx'
import { Breadcrumbs } from './Breadcrumbs.tsx'
import { LanguageSwitch } from './LanguageSwitch.tsx'
import { SideMenu } from './SideMenu.tsx'
import { shellPalette } from './shellPalette.ts'
import { UploadProgressSlot } from './UploadProgressSlot.tsx'
import { UserMenu } from './UserMenu.tsx'
import { useEnvironment } from './useEnvironment.ts'

export type TopBarTone = 'light' | 'dark' | 'colored'

export interface TopBarProps {
  /** What sits at the bar's start: the sidebar toggle, the drawer button, or the horizontal menu. */
  variant: 'vertical' | 'horizontal' | 'mobile'
  tone: TopBarTone
  menus: MenuItem[]
  /** Pending counts by badge key, for the horizontal menu. */
  counts?: Record<string, number>
  collapsed: boolean
  onToggleCollapsed: () => void
  onOpenMenu: () => void
  onOpenSettings: () => void
  boxed: boolean
}

/**
 * The console's top bar (spec §2): navigation control, breadcrumb, upload progress, language, user and
 * theme settings. DEVELOP builds get their own colour and a 测试环境 tag so nobody mistakes them for production.
 */
export function TopBar({
  variant,
  tone,
  menus,
  counts,
  collapsed,
  onToggleCollapsed,
  onOpenMenu,
  onOpenSettings,
  boxed,
}: TopBarProps) {
  const { token } = theme.useToken()
  const develop = useEnvironment() === 'DEVELOP'
  const shade = develop ? 'develop' : tone
  const inverse = shade !== 'light'
  const breadcrumbsInline = variant === 'vertical'

  return (
    <header
      className={`moc-topbar moc-topbar--${shade}${inverse ? ' moc-topbar--inverse' : ''}`}
      style={{
        background: {
          light: token.colorBgContainer,
          dark: shellPalette.dark,
          colored: token.colorPrimary,
          develop: shellPalette.develop,
        }[shade],
      }}
    >
      <div className={`moc-topbar__row${boxed ? ' moc-boxed' : ''}`}>
        {variant === 'mobile' ? (
          <>
            <Button
              type="text"
              className="moc-topbar__btn"
              icon={<MenuOutlined />}
              aria-label="打开菜单"
              onClick={onOpenMenu}
            />
            <Brand compact />
          </>
        ) : null}
        {variant === 'vertical' ? (
          <Button
            type="text"
            className="moc-topbar__btn"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? '展开菜单' : '收起菜单'}
            onClick={onToggleCollapsed}
          />
        ) : null}
        {variant === 'horizontal' ? (
          <>
            <Brand />
            <nav className="moc-topbar__menu" aria-label="主菜单">
              <SideMenu
                items={menus}
                counts={counts}
                mode="horizontal"
                tone={shade === 'develop' ? 'dark' : shade}
              />
            </nav>
          </>
        ) : null}
        {breadcrumbsInline ? (
          <nav className="moc-topbar__crumbs" aria-label="面包屑">
            <Breadcrumbs />
          </nav>
        ) : null}
        {variant === 'mobile' ? <span className="moc-topbar__spacer" /> : null}
        {develop ? (
          <Tag color="warning" className="moc-topbar__env">
            测试环境
          </Tag>
        ) : null}
        <div className="moc-topbar__actions">
          <UploadProgressSlot />
          <LanguageSwitch />
          <UserMenu />
          <Button
            type="text"
            className="moc-topbar__btn"
            icon={<SettingOutlined />}
            aria-label="主题设置"
            onClick={onOpenSettings}
          />
        </div>
      </div>
      {breadcrumbsInline ? null : (
        <nav className="moc-topbar__crumbs moc-topbar__crumbs--row" aria-label="面包屑">
          <div className={boxed ? 'moc-boxed' : undefined}>
            <Breadcrumbs />
          </div>
        </nav>
      )}
    </header>
  )
}
