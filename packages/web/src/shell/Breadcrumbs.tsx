import { breadcrumbOf, translateMenu } from '@moc/domain/catalogue'
import { Breadcrumb } from 'antd'
import { Link, useLocation } from 'react-router'
import { usePreferences } from '../app/preferences.tsx'

/** 首页 › list screen › detail screen: every entry but the current one is a link (spec §2). */
export function Breadcrumbs() {
  const { pathname } = useLocation()
  const { preferences } = usePreferences()
  const t = (label: string) => translateMenu(label, preferences.language)
  const trail = breadcrumbOf(pathname)
  const items = [
    { key: '/', title: <Link to="/dashboard">{t('首页')}</Link> },
    ...trail.map((screen, i) => ({
      key: screen.path,
      title:
        i === trail.length - 1 ? (
          <span aria-current="page">{t(screen.title)}</span>
        ) : (
          <Link to={screen.path}>{t(screen.title)}</Link>
        ),
    })),
  ]
  return <Breadcrumb className="moc-breadcrumbs" items={items} />
}
