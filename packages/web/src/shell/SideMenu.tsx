import { breadcrumbOf, type MenuLanguage, screenByPath, translateMenu } from '@moc/domain/catalogue'
import type { MenuItem } from '@moc/domain/catalogue/menu'
import { Badge, ConfigProvider, Menu, type MenuProps, theme } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { usePreferences } from '../app/preferences.tsx'
import { MenuIcon } from './MenuIcon.tsx'
import { shellPalette } from './shellPalette.ts'

export type MenuTone = 'dark' | 'light' | 'colored'

export interface SideMenuProps {
  items: MenuItem[]
  mode?: 'inline' | 'horizontal'
  tone?: MenuTone
  collapsed?: boolean
  /** Tighter rows for the compact sidebar. */
  dense?: boolean
  /** Pending counts by badge key (audit queues), from usePendingCounts; a group shows the sum of its entries. */
  counts?: Record<string, number>
  /** Called after an entry is chosen, e.g. to close the mobile drawer. */
  onNavigate?: () => void
}

type AntItem = NonNullable<MenuProps['items']>[number]

/** The menu entry a path belongs to: detail screens highlight the list screen they come from. */
function menuKeyOf(pathname: string): string {
  return breadcrumbOf(pathname)[0]?.path ?? pathname
}

function groupOf(items: MenuItem[], key: string): string | undefined {
  return items.find((g) => g.children?.some((c) => c.link === key))?.id
}

function ItemLabel({ item, text, count }: { item: MenuItem; text: string; count: number }) {
  const external = item.link ? screenByPath(item.link)?.external : undefined
  // Real links keep open-in-new-tab working; external tools always open in a new window. They are out of
  // the tab order because the menu itself takes focus and moves it with the arrow keys.
  const link = !item.link ? (
    text
  ) : external ? (
    <a href={item.link} target="_blank" rel="noopener noreferrer" tabIndex={-1}>
      {text}
    </a>
  ) : (
    <Link to={item.link} tabIndex={-1}>
      {text}
    </Link>
  )
  return (
    <span className="moc-menu-label">
      <span className="moc-menu-label__text">{link}</span>
      {count > 0 ? <Badge count={count} size="small" overflowCount={999} /> : null}
    </span>
  )
}

/** Menu component tokens per sidebar tone; the horizontal menu sits on the top bar's own background. */
function useMenuTheme(tone: MenuTone, mode: 'inline' | 'horizontal', dense: boolean) {
  const { token } = theme.useToken()
  return useMemo(() => {
    const flat = mode === 'horizontal' ? 'transparent' : undefined
    const darkBg = tone === 'colored' ? token.colorPrimary : shellPalette.dark
    const subBg = tone === 'colored' ? token.colorPrimaryActive : shellPalette.darkSub
    return {
      components: {
        Menu: {
          ...(dense ? { itemHeight: 34, itemMarginBlock: 2, fontSize: 13 } : {}),
          darkItemBg: flat ?? darkBg,
          darkSubMenuItemBg: flat ?? subBg,
          darkPopupBg: darkBg,
          itemBg: flat ?? token.colorBgContainer,
          ...(tone === 'colored'
            ? { darkItemSelectedBg: 'rgba(255, 255, 255, 0.22)', darkItemColor: 'rgba(255, 255, 255, 0.85)' }
            : {}),
        },
      },
    }
  }, [tone, mode, dense, token])
}

/**
 * The side menu (or, in the horizontal layout, the top bar's menu): groups with icons, labels in the
 * chosen menu language, the current screen highlighted and its group opened.
 */
export function SideMenu({
  items,
  mode = 'inline',
  tone = 'dark',
  collapsed = false,
  dense = false,
  counts = {},
  onNavigate,
}: SideMenuProps) {
  const { preferences } = usePreferences()
  const lang: MenuLanguage = preferences.language
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const selected = menuKeyOf(pathname)
  const activeGroup = groupOf(items, selected)
  const [openKeys, setOpenKeys] = useState<string[]>(activeGroup ? [activeGroup] : [])
  const menuTheme = useMenuTheme(tone, mode, dense)

  useEffect(() => {
    if (activeGroup) setOpenKeys((keys) => (keys.includes(activeGroup) ? keys : [...keys, activeGroup]))
  }, [activeGroup])

  const antItems = useMemo<AntItem[]>(() => {
    const countOf = (item: MenuItem) => (item.badge ? (counts[item.badge] ?? 0) : 0)
    const leaf = (item: MenuItem, icon?: boolean): AntItem => ({
      key: item.link ?? item.id,
      ...(icon ? { icon: <MenuIcon name={item.icon ?? 'DashboardOutlined'} /> } : {}),
      label: <ItemLabel item={item} text={translateMenu(item.label, lang)} count={countOf(item)} />,
    })
    return items.map((item) =>
      item.children
        ? {
            key: item.id,
            icon: <MenuIcon name={item.icon} />,
            // A group's badge is the sum of its queues (spec §6: the audit centre badge).
            label: (
              <ItemLabel
                item={item}
                text={translateMenu(item.label, lang)}
                count={item.children.reduce((sum, c) => sum + countOf(c), 0)}
              />
            ),
            children: item.children.map((c) => leaf(c)),
          }
        : leaf(item, true),
    )
  }, [items, lang, counts])

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    // A click on the label's own link has already navigated; keyboard activation lands on the item.
    if (!(domEvent.target as HTMLElement).closest('a')) {
      if (screenByPath(key)?.external) window.open(key, '_blank', 'noopener,noreferrer')
      else navigate(key)
    }
    onNavigate?.()
  }

  // Collapsed and horizontal menus manage their own popups; only the open inline menu is controlled.
  const inlineProps =
    mode === 'inline'
      ? { inlineCollapsed: collapsed, ...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys }) }
      : {}

  return (
    <ConfigProvider theme={menuTheme}>
      <Menu
        className={`moc-menu moc-menu--${mode}`}
        mode={mode}
        theme={tone === 'light' ? 'light' : 'dark'}
        selectedKeys={[selected]}
        items={antItems}
        onClick={onClick}
        {...inlineProps}
      />
    </ConfigProvider>
  )
}
