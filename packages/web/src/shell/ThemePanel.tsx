import { Switch, Typography } from 'antd'
import { usePreferences } from '../app/preferences.tsx'
import { LayoutChoices } from './LayoutChoices.tsx'

/** Theme settings (spec §2) in the right bar, saved per user; plus 多页签 (decision 0036), on unless switched off. */
export function ThemePanel() {
  const { preferences, setLayout, setPageTabs } = usePreferences()
  return (
    <>
      <LayoutChoices layout={preferences.layout} onChange={setLayout} idPrefix="moc-theme" />
      <section
        className="moc-theme-panel moc-theme-panel__section"
        style={{ marginBlockStart: 20 }}
        aria-labelledby="moc-theme-page-tabs"
      >
        <Typography.Title level={5} id="moc-theme-page-tabs" className="moc-theme-panel__title">
          页签
        </Typography.Title>
        <div className="moc-theme-panel__switch">
          <Switch
            id="moc-theme-page-tabs-switch"
            checked={preferences.pageTabs !== false}
            onChange={setPageTabs}
          />
          <label htmlFor="moc-theme-page-tabs-switch">多页签</label>
        </div>
      </section>
    </>
  )
}
