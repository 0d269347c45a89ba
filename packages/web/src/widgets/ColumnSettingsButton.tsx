import { SettingOutlined } from '@ant-design/icons'
import { type TableDensity, tableDensities, tableDensityLabels } from '@moc/domain/api/tableSettings'
import { moveKey } from '@moc/domain/rules/columnSettings'
import { Button, Checkbox, Flex, Popover, Radio, Tooltip, Typography } from 'antd'
import { useId, useState } from 'react'
import { MoveButtons } from './MoveButtons.tsx'
import './tables.css'

export interface SettingsColumn {
  key: string
  title: string
}

interface Props {
  /** Every column the user may show or hide, in the current order (hidden ones included). */
  columns: SettingsColumn[]
  hidden: readonly string[]
  density: TableDensity
  onChange: (next: { order: string[]; hidden: string[]; density: TableDensity }) => void
  onReset: () => void
}

/**
 * 列设置 on a list's toolbar (ant-design-pro's column setting): show or hide columns, move them up or down (or drag
 * them), and pick the density 默认 / 中等 / 紧凑. Every change applies at once; 重置 goes back to the list's defaults.
 */
export function ColumnSettingsButton({ columns, hidden, density, onChange, onReset }: Props) {
  const id = useId()
  const [dragged, setDragged] = useState<string>()
  const order = columns.map((c) => c.key)
  const shown = order.filter((k) => !hidden.includes(k))
  const change = (next: Partial<{ order: string[]; hidden: string[]; density: TableDensity }>) =>
    onChange({ order, hidden: [...hidden], density, ...next })
  const toggle = (key: string, on: boolean) =>
    change({ hidden: on ? hidden.filter((k) => k !== key) : [...hidden, key] })

  const content = (
    <div className="moc-column-settings" role="dialog" aria-label="列设置">
      <Flex align="center" gap={8} className="moc-column-settings__density">
        <Typography.Text id={`${id}-density`}>密度</Typography.Text>
        <Radio.Group
          aria-labelledby={`${id}-density`}
          optionType="button"
          size="small"
          value={density}
          onChange={(e) => change({ density: e.target.value })}
          options={tableDensities.map((d) => ({ value: d, label: tableDensityLabels[d] }))}
        />
      </Flex>
      <Typography.Text type="secondary" id={`${id}-columns`}>
        列展示（勾选显示，拖动或用箭头调整顺序）
      </Typography.Text>
      <ol className="moc-column-settings__list" aria-labelledby={`${id}-columns`}>
        {columns.map((c, i) => (
          <li
            key={c.key}
            draggable
            className={dragged === c.key ? 'moc-column-settings__item--dragged' : undefined}
            onDragStart={() => setDragged(c.key)}
            onDragEnd={() => setDragged(undefined)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => {
              if (!dragged || dragged === c.key) return
              const rest = order.filter((k) => k !== dragged)
              rest.splice(i, 0, dragged)
              change({ order: rest })
            }}
          >
            <Checkbox
              checked={!hidden.includes(c.key)}
              // The last shown column stays: a table without columns says nothing.
              disabled={shown.length === 1 && !hidden.includes(c.key)}
              onChange={(e) => toggle(c.key, e.target.checked)}
            >
              {c.title}
            </Checkbox>
            <span className="moc-column-settings__moves">
              <MoveButtons
                name={` ${c.title}`}
                index={i}
                count={columns.length}
                onMove={(from, to) => change({ order: moveKey(order, c.key, to < from ? -1 : 1) })}
              />
            </span>
          </li>
        ))}
      </ol>
      <Flex justify="end">
        <Button size="small" onClick={onReset}>
          重置
        </Button>
      </Flex>
    </div>
  )

  return (
    <Popover trigger="click" placement="bottomRight" title="列设置" content={content}>
      <Tooltip title="列设置">
        <Button icon={<SettingOutlined />} aria-label="列设置" />
      </Tooltip>
    </Popover>
  )
}
