import { usePreferences } from '../app/preferences.tsx'
import { LayoutChoices } from './LayoutChoices.tsx'

/** Theme settings (spec §2) in the right bar, saved per user. */
export function ThemePanel() {
  const { preferences, setLayout } = usePreferences()
  return <LayoutChoices layout={preferences.layout} onChange={setLayout} idPrefix="moc-theme" />
}
