import { fileTitleOf, type MediaItem, mediaMessages } from '@moc/domain/api/mediaLibrary'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { familyOf } from '@moc/domain/rules/upload'
import { App } from 'antd'
import { useState } from 'react'
import { api } from '../api/client.ts'
import { currentGrant } from '../api/session.ts'
import { MediaNameDialog } from './media/MediaNameDialog.tsx'

/** An uploaded audio/video file offered to the media library (转存媒资库). */
interface Transfer {
  key: string
  name: string
  size: number
  type: 'video' | 'audio'
}

/**
 * 转存媒资库 after a local audio/video upload (spec §4, §6): offered to whoever may add to the media library; it
 * registers the stored upload in the library's root (no copy), where it is transcoded in the background. Used by
 * the upload widget and the rich-text editor; render `dialog` once.
 */
export function useLibraryTransfer() {
  const { message } = App.useApp()
  const [transfer, setTransfer] = useState<Transfer>()

  /** Offers the transfer of an uploaded file, when it is audio or video and the user may add to the library. */
  const offer = (file: File, key: string) => {
    const type = familyOf(file.name)
    if ((type === 'video' || type === 'audio') && can(currentGrant(), '媒体资源库管理', '添加'))
      setTransfer({ key, name: file.name, size: file.size, type })
  }

  async function save(title: string) {
    if (!transfer) return
    try {
      const item = await api.post<MediaItem>('/api/resource/add/file', {
        path: transfer.key,
        fileName: transfer.name,
        size: transfer.size,
        title,
        type: transfer.type,
      })
      setTransfer(undefined)
      if (item.state === 'processing') message.success(mediaMessages.transferring, TOAST_SUCCESS_S)
      else message.success(mediaMessages.transferred, TOAST_SUCCESS_S)
    } catch (err) {
      message.error((err as Error).message, TOAST_ERROR_S)
    }
  }

  const dialog = (
    <MediaNameDialog
      open={!!transfer}
      title="转存媒资库"
      label="标题"
      initial={transfer ? fileTitleOf(transfer.name) : ''}
      required={mediaMessages.transferTitleRequired}
      // 取消 keeps the upload where it was put only.
      onCancel={() => setTransfer(undefined)}
      onSubmit={save}
    />
  )
  return { offer, dialog }
}
