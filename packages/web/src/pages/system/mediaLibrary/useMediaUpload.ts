import { fileTitleOf, type MediaFileType, mediaMessages } from '@moc/domain/api/mediaLibrary'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { checkImageSize, checkUpload, type UploadKind } from '@moc/domain/rules/upload'
import { App, type UploadProps } from 'antd'
import { api } from '../../../api/client.ts'
import { readImageSize } from '../../../widgets/readImageSize.ts'
import { uploadStore } from '../../../widgets/uploadStore.ts'

const kindOf: Record<MediaFileType, UploadKind> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  other: 'attachment',
}

/**
 * Props for the library's antd Upload (the file chooser only): each chosen file is checked with the shared
 * rules, sent through the shared upload store (progress panel, tus for video and large files, retry) and,
 * once stored, registered with `/api/resource/add/file` in the open folder (and selected category), titled by
 * its name.
 */
export function useMediaUpload(
  type: MediaFileType,
  parentId: number,
  categoryId: number,
  onAdded: () => void,
): UploadProps {
  const { message } = App.useApp()
  const kind = kindOf[type]

  async function register(file: File, key: string) {
    try {
      await api.post('/api/resource/add/file', {
        path: key,
        fileName: file.name,
        size: file.size,
        title: fileTitleOf(file.name),
        type,
        parentId,
        categoryId,
      })
      message.success(mediaMessages.added, TOAST_SUCCESS_S)
      onAdded()
    } catch (err) {
      message.error((err as Error).message, TOAST_ERROR_S)
    }
  }

  async function send(file: File) {
    const refused = checkUpload(file, kind)
    if (refused) return void message.error(refused, TOAST_ERROR_S)
    if (type === 'image') {
      const size = await readImageSize(file)
      const tooWide = size && checkImageSize(size.width, size.height)
      if (tooWide) return void message.error(tooWide, TOAST_ERROR_S)
    }
    uploadStore.start(
      file,
      kind,
      {
        onSuccess: (result) => void register(file, result.key),
        onError: (msg) => void message.error(msg, TOAST_ERROR_S),
      },
      { mediaLibrary: true },
    )
  }

  return {
    multiple: true,
    showUploadList: false,
    // antd only chooses the files; the upload store sends them.
    beforeUpload: (file) => {
      void send(file)
      return false
    },
  }
}
