import { GlobalOutlined } from '@ant-design/icons'
import { type MenuLanguage, menuLanguages } from '@moc/domain/catalogue'
import { Button, Dropdown } from 'antd'
import { usePreferences } from '../app/preferences.tsx'

/** Menu language (spec §9): saved per user; Arabic also turns the console right-to-left. */
export function LanguageSwitch() {
  const { preferences, setLanguage } = usePreferences()
  const current = menuLanguages.find((l) => l.code === preferences.language) ?? menuLanguages[0]!
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current.code],
        items: menuLanguages.map((l) => ({ key: l.code, label: <span lang={l.code}>{l.label}</span> })),
        onClick: ({ key }) => setLanguage(key as MenuLanguage),
      }}
    >
      <Button type="text" className="moc-topbar__btn" icon={<GlobalOutlined />} aria-label="语言">
        <span className="moc-hide-narrow" lang={current.code}>
          {current.label}
        </span>
      </Button>
    </Dropdown>
  )
}
