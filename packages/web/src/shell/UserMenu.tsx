import { DownOutlined, UserOutlined } from '@ant-design/icons'
import { translateMenu } from '@moc/domain/catalogue'
import { Button, Dropdown } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { currentUser } from '../api/session.ts'
import { usePreferences } from '../app/preferences.tsx'
import { PersonalInfoDialog } from '../widgets/PersonalInfoDialog.tsx'

/** The signed-in user's name with 个人信息 (dialog) and 退出登录 (spec §2 top bar). */
export function UserMenu() {
  const navigate = useNavigate()
  const { preferences } = usePreferences()
  const [infoOpen, setInfoOpen] = useState(false)
  const user = currentUser()
  const name = user?.realName || user?.username || ''
  const t = (label: string) => translateMenu(label, preferences.language)
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'info', icon: <UserOutlined />, label: t('个人信息') },
            { type: 'divider' },
            { key: 'logout', label: t('退出登录') },
          ],
          onClick: ({ key }) => (key === 'info' ? setInfoOpen(true) : navigate('/logout')),
        }}
      >
        <Button type="text" className="moc-topbar__btn moc-topbar__user" aria-label={`当前用户：${name}`}>
          <UserOutlined />
          <span className="moc-topbar__user-name">{name}</span>
          <DownOutlined className="moc-hide-narrow" />
        </Button>
      </Dropdown>
      {/* Mounted only while open so each opening loads fresh account details. */}
      {infoOpen ? <PersonalInfoDialog open onClose={() => setInfoOpen(false)} /> : null}
    </>
  )
}
