import { Button, Flex, Popover, Tooltip } from 'antd'
import { type ReactNode, useState } from 'react'

/** The palette of 文字颜色 / 背景色 (a newsroom's usual reds, blues and greys). */
export const PALETTE = [
  '#000000',
  '#595959',
  '#8c8c8c',
  '#ffffff',
  '#c00000',
  '#ff0000',
  '#ffc000',
  '#ffff00',
  '#92d050',
  '#00b050',
  '#00b0f0',
  '#0070c0',
  '#002060',
  '#7030a0',
  '#e6b8af',
  '#fce5cd',
] as const

interface Props {
  label: string
  icon: ReactNode
  onPick: (color: string) => void
  onClear: () => void
}

/** A toolbar button opening a colour palette; 清除 removes the colour again. */
export function ColorButton({ label, icon, onPick, onClear }: Props) {
  const [open, setOpen] = useState(false)
  const pick = (fn: () => void) => () => {
    fn()
    setOpen(false)
  }
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      content={
        <Flex vertical gap={8} role="group" aria-label={label}>
          <Flex wrap gap={4} className="moc-rte-palette">
            {PALETTE.map((c) => (
              <button
                key={c}
                type="button"
                className="moc-rte-swatch"
                style={{ background: c }}
                aria-label={c}
                onMouseDown={(e) => e.preventDefault()}
                onClick={pick(() => onPick(c))}
              />
            ))}
          </Flex>
          <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={pick(onClear)}>
            清除{label}
          </Button>
        </Flex>
      }
    >
      <Tooltip title={label} mouseEnterDelay={0.4}>
        <Button
          type="text"
          size="small"
          icon={icon}
          aria-label={label}
          onMouseDown={(e) => e.preventDefault()}
        />
      </Tooltip>
    </Popover>
  )
}
