import { Button, Tooltip } from 'antd'
import type { ReactNode } from 'react'

interface Props {
  label: string
  icon: ReactNode
  onClick: () => void
  active?: boolean
  disabled?: boolean
}

/** One toolbar button: an icon with its Chinese name as tooltip and accessible name; pressed while active. */
export function ToolbarButton({ label, icon, onClick, active, disabled }: Props) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        // Keep the editor's selection: a mouse-down on the toolbar would otherwise move focus away first.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  )
}
