import { screenByPath, translateMenu } from '@moc/domain/catalogue'
import type { MenuItem } from '@moc/domain/catalogue/menu'
import { Card, Col, Empty, Row, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { Link } from 'react-router'
import { currentUser } from '../../api/session.ts'
import { usePreferences } from '../../app/preferences.tsx'
import { MenuIcon } from '../../shell/MenuIcon.tsx'
import { useMenu } from '../../shell/useMenu.ts'
import './dashboard.css'

function greeting(hour: number): string {
  if (hour < 6) return '凌晨好'
  if (hour < 12) return '上午好'
  if (hour < 14) return '中午好'
  if (hour < 18) return '下午好'
  return '晚上好'
}

/** Top-level entries (other than this page) become one card of their own; groups list their screens. */
function shortcutGroups(menus: MenuItem[]): MenuItem[] {
  return menus.filter((m) => (m.children ? m.children.length > 0 : m.link !== '/dashboard'))
}

/** 工作台: who is signed in, today's date, and shortcuts to every menu area the user can open. */
export default function DashboardPage() {
  const user = currentUser()
  const { menus } = useMenu()
  const { preferences } = usePreferences()
  const t = (label: string) => translateMenu(label, preferences.language)
  const now = dayjs()
  const groups = shortcutGroups(menus)

  return (
    <div className="moc-dashboard">
      <Card className="moc-dashboard__welcome">
        <Typography.Title level={3} className="moc-dashboard__greeting">
          {greeting(now.hour())}，{user?.realName || user?.username}
        </Typography.Title>
        <div className="moc-dashboard__meta">
          {user?.roleName ? <Tag color="blue">{user.roleName}</Tag> : null}
          <time dateTime={now.format('YYYY-MM-DD')}>{now.format('YYYY年M月D日 dddd')}</time>
        </div>
      </Card>

      <Typography.Title level={4} className="moc-dashboard__section">
        快捷入口
      </Typography.Title>
      {groups.length === 0 ? (
        <Empty description="暂无可访问的功能，请联系管理员分配权限" />
      ) : (
        <Row gutter={[16, 16]}>
          {groups.map((group) => (
            <Col key={group.id} xs={24} sm={12} xl={8} xxl={6}>
              <Card
                size="small"
                className="moc-dashboard__card"
                title={
                  <span className="moc-dashboard__card-title">
                    <MenuIcon name={group.icon ?? 'AppstoreOutlined'} />
                    {t(group.label)}
                  </span>
                }
              >
                <ul className="moc-dashboard__links">
                  {(group.children ?? [group]).map((item) =>
                    item.link ? (
                      <li key={item.id}>
                        {screenByPath(item.link)?.external ? (
                          <a href={item.link} target="_blank" rel="noopener noreferrer">
                            {t(item.label)}
                          </a>
                        ) : (
                          <Link to={item.link}>{t(item.label)}</Link>
                        )}
                      </li>
                    ) : null,
                  )}
                </ul>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  )
}
