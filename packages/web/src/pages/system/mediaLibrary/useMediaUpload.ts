import { type MediaFileType, mediaMessages } from '@moc/domain/api/mediaLibrary'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { checkUpload, UPLOAD_MESSAGES, type UploadKind } from '@moc/domain/rules/upload'
import { App, Upload, type UploadProps } from 'antd'
import { API_BASE, api } from '../../../api/client.ts'
import { getToken } from '../../../api/session.ts'

const kindOf: Record<MediaFileType, UploadKind> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  other: 'attachment',
}

interface Stored {
  key: string
  name: string
  size: number
}

/**
 * Props for a plain antd Upload that adds files to the library: each file goes to `POST /api/upload/file`
 * (images under saas/image/media, spec §9) and is then registered with `/api/resource/add/file` in the open
 * folder, titled by its name. The shared UploadField (progress panel, tus for video) replaces this after merge.
 */
export function useMediaUpload(type: MediaFileType, parentId: number, onAdded: () => void): UploadProps {
  const { message } = App.useApp()
  const kind = kindOf[type]
  return {
    name: 'file',
    multiple: true,
    showUploadList: false,
    action: `${API_BASE}/api/upload/file`,
    headers: { 'x-auth-token': getToken() ?? '' },
    data: { kind, target: 'mediaLibrary' },
    beforeUpload: (file) => {
      const problem = checkUpload({ name: file.name, size: file.size, type: file.type }, kind)
      if (!problem) return true
      message.error(problem, TOAST_ERROR_S)
      return Upload.LIST_IGNORE
    },
    onChange: async ({ file }) => {
      if (file.status === 'error')
        return void message.error(file.response?.msg ?? UPLOAD_MESSAGES.failed, TOAST_ERROR_S)
      if (file.status !== 'done') return
      const res = file.response as { code: number; msg: string; data: Stored }
      if (res.code !== 0) return void message.error(res.msg || UPLOAD_MESSAGES.failed, TOAST_ERROR_S)
      const dot = file.name.lastIndexOf('.')
      try {
        await api.post('/api/resource/add/file', {
          path: res.data.key,
          fileName: file.name,
          size: res.data.size,
          title: (dot > 0 ? file.name.slice(0, dot) : file.name).slice(0, 100),
          type,
          parentId,
        })
        message.success(mediaMessages.added, TOAST_SUCCESS_S)
        onAdded()
      } catch (err) {
        message.error((err as Error).message, TOAST_ERROR_S)
      }
    },
  }
}
