import type { MediaFileType } from '@moc/domain/api/mediaLibrary'
import { can } from '@moc/domain/permissions/can'
import { Button } from 'antd'
import { useState } from 'react'
import { currentGrant } from '../api/session.ts'
import { MediaPicker } from './MediaPicker.tsx'

interface Props {
  type: MediaFileType
  disabled?: boolean
  onPick: (url: string) => void
}

/**
 * 媒资库导入 beside a single-URL field: opens the picker for one file of one type and hands back its path. Spec §6:
 * without 媒体资源库管理 查看 library import is disabled, so the button is not shown.
 */
export function MediaPickButton({ type, disabled, onPick }: Props) {
  const [open, setOpen] = useState(false)
  if (!can(currentGrant(), '媒体资源库管理', '查看')) return null
  return (
    <>
      <Button disabled={disabled} onClick={() => setOpen(true)}>
        媒资库导入
      </Button>
      <MediaPicker
        open={open}
        types={[type]}
        onCancel={() => setOpen(false)}
        onConfirm={(value) => {
          setOpen(false)
          if (typeof value === 'string') onPick(value)
        }}
      />
    </>
  )
}
