import type { MediaItem } from '@moc/domain/api/mediaLibrary'
import { TOAST_ERROR_S } from '@moc/domain/constants'
import { App } from 'antd'
import { useState } from 'react'
import { mediaPreviewOf, type PreviewSource } from '../mediaPreview.ts'
import { NOT_PREVIEWABLE, PreviewDialog } from '../PreviewDialog.tsx'

/**
 * Previewing library files (the library's grid and the picker, spec §4): `open` shows the file's preview
 * (transcode URL first, else the original with its note) or warns 此文件不支持预览，请下载后查看; render `dialog`.
 */
export function useMediaPreview() {
  const { message } = App.useApp()
  const [source, setSource] = useState<PreviewSource>()
  const open = (item: MediaItem) => {
    const found = mediaPreviewOf(item)
    if (found) setSource(found)
    else message.warning(NOT_PREVIEWABLE, TOAST_ERROR_S)
  }
  const dialog = <PreviewDialog {...source} url={source?.url} onClose={() => setSource(undefined)} />
  return { open, dialog }
}
