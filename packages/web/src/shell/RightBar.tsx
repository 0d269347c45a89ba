import { translateMenu } from '@moc/domain/catalogue'
import { Drawer } from 'antd'
import { usePreferences } from '../app/preferences.tsx'
import { ThemePanel } from './ThemePanel.tsx'

/** The right bar: a drawer holding the theme settings panel, at the inline end (left in RTL). */
export function RightBar({ open, onClose, rtl }: { open: boolean; onClose: () => void; rtl: boolean }) {
  const { preferences } = usePreferences()
  return (
    <Drawer
      title={translateMenu('主题设置', preferences.language)}
      placement={rtl ? 'left' : 'right'}
      size={320}
      open={open}
      onClose={onClose}
      rootClassName="moc-right-bar"
    >
      <ThemePanel />
    </Drawer>
  )
}
