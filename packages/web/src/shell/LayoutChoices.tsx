import type { LayoutState } from '@moc/domain/api/session'
import { applyLayoutChange } from '@moc/domain/rules/layout'
import { Radio, Switch, Typography } from 'antd'
import type { ReactNode } from 'react'

const layoutOptions = [
  { value: 'vertical', label: '垂直' },
  { value: 'horizontal', label: '水平' },
]
const widthOptions = [
  { value: 'fluid', label: '流式' },
  { value: 'boxed', label: '盒式' },
  { value: 'scrollable', label: '可滚动' },
]
const sidebarOptions = [
  { value: 'dark', label: '深色' },
  { value: 'light', label: '浅色' },
  { value: 'compact', label: '紧凑' },
  { value: 'icon', label: '图标' },
  { value: 'colored', label: '彩色' },
]
const topbarOptions = [
  { value: 'dark', label: '深色' },
  { value: 'light', label: '浅色' },
  { value: 'colored', label: '彩色' },
]

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="moc-theme-panel__section" aria-labelledby={id}>
      <Typography.Title level={5} id={id} className="moc-theme-panel__title">
        {title}
      </Typography.Title>
      {children}
    </section>
  )
}

/**
 * The theme choices of spec §2, used by the per-user theme panel and by the platform defaults on
 * 样式设置: every change passes the coupling rules; sidebar options show only in the vertical layout
 * and topbar options only in the horizontal one.
 */
export function LayoutChoices({
  layout,
  onChange,
  idPrefix,
  disabled = false,
}: {
  layout: LayoutState
  onChange: (next: LayoutState) => void
  /** Keeps element ids unique when two sets are on one page. */
  idPrefix: string
  disabled?: boolean
}) {
  const change = (patch: Partial<LayoutState>) => onChange(applyLayoutChange(layout, patch))
  const radios = (
    key: 'layoutType' | 'layoutWidth' | 'leftSidebarType' | 'topbar',
    title: string,
    options: { value: string; label: string }[],
  ) => (
    <Section id={`${idPrefix}-${key}`} title={title}>
      <Radio.Group
        aria-labelledby={`${idPrefix}-${key}`}
        options={options}
        value={layout[key]}
        disabled={disabled}
        onChange={(e) => change({ [key]: e.target.value })}
      />
    </Section>
  )
  return (
    <div className="moc-theme-panel">
      {radios('layoutType', '布局', layoutOptions)}
      {radios('layoutWidth', '宽度', widthOptions)}
      {layout.layoutType === 'vertical'
        ? radios('leftSidebarType', '侧边栏', sidebarOptions)
        : radios('topbar', '顶栏', topbarOptions)}
      <Section id={`${idPrefix}-loader`} title="预加载">
        <div className="moc-theme-panel__switch">
          <Switch
            id={`${idPrefix}-loader-switch`}
            checked={layout.loader}
            disabled={disabled}
            onChange={(loader) => change({ loader })}
          />
          <label htmlFor={`${idPrefix}-loader-switch`}>预加载动画</label>
        </div>
      </Section>
    </div>
  )
}
