import { fileTitleOf, type MediaFileType, mediaMessages } from '@moc/domain/api/mediaLibrary'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { checkImageSize, checkUpload, extensionOf, familyOf, type UploadKind } from '@moc/domain/rules/upload'
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

/** A folder upload lists at most this many refused files by name. */
const REFUSED_NAMED = 5

/** The library type a file is filed under, by what it is. */
const typeOf = (name: string): MediaFileType => {
  const family = familyOf(name)
  return family === 'attachment' || family === 'package' ? 'other' : family
}

/** A file's path inside the chosen folder (`webkitRelativePath`), or its name. */
const pathOf = (file: File) => file.webkitRelativePath || file.name

/**
 * Props for the library's two antd Uploads (file choosers only): `files` for the tab's own files, `folder`
 * for a whole folder (spec §2 directory type: every file under the mixed rules, the panel naming each by its
 * path in the folder). Each file is checked with the shared rules, sent through the shared upload store
 * (progress panel, tus for video and large files, retry) and, once stored, registered with
 * `/api/resource/add/file` in the open folder (and selected category), titled by its name — a folder's
 * files by their path, each in the tab of its own type (the open folder only when it is that tab's).
 */
export function useMediaUpload(
  type: MediaFileType,
  parentId: number,
  categoryId: number,
  onAdded: () => void,
): { files: UploadProps; folder: UploadProps } {
  const { message } = App.useApp()

  async function register(file: File, key: string, fromFolder: boolean) {
    const fileType = fromFolder ? typeOf(file.name) : type
    try {
      await api.post('/api/resource/add/file', {
        path: key,
        fileName: file.name,
        size: file.size,
        title: fileTitleOf(pathOf(file)),
        type: fileType,
        parentId: fileType === type ? parentId : 0,
        categoryId,
      })
      // A folder's files report in the panel; one toast each would bury the screen.
      if (!fromFolder) message.success(mediaMessages.added, TOAST_SUCCESS_S)
      onAdded()
    } catch (err) {
      message.error((err as Error).message, TOAST_ERROR_S)
    }
  }

  async function send(file: File, kind: UploadKind) {
    const fromFolder = kind === 'directory'
    if (familyOf(file.name) === 'image' && extensionOf(file.name) !== 'pag') {
      const size = await readImageSize(file)
      const tooWide = size && checkImageSize(size.width, size.height)
      if (tooWide) return void message.error(`${pathOf(file)}：${tooWide}`, TOAST_ERROR_S)
    }
    uploadStore.start(
      file,
      kind,
      {
        onSuccess: (result) => void register(file, result.key, fromFolder),
        onError: (msg) => void message.error(msg, TOAST_ERROR_S),
      },
      { mediaLibrary: true, name: pathOf(file) },
    )
  }

  const files: UploadProps = {
    multiple: true,
    showUploadList: false,
    // antd only chooses the files; the upload store sends them.
    beforeUpload: (file) => {
      const refused = checkUpload(file, kindOf[type])
      if (refused) message.error(refused, TOAST_ERROR_S)
      else void send(file, kindOf[type])
      return false
    },
  }

  const folder: UploadProps = {
    directory: true,
    showUploadList: false,
    beforeUpload: (file, batch) => {
      // The whole folder arrives as one batch: its refusals are told once, when its first file comes.
      if (file === batch[0]) {
        const refused = batch.flatMap((f) => {
          const why = checkUpload(f, 'directory')
          return why ? [`${pathOf(f)}（${why}）`] : []
        })
        if (refused.length)
          message.warning(
            `${refused.length}个文件未上传：${refused.slice(0, REFUSED_NAMED).join('、')}${refused.length > REFUSED_NAMED ? '等' : ''}`,
            TOAST_ERROR_S,
          )
      }
      if (!checkUpload(file, 'directory')) void send(file, 'directory')
      return false
    },
  }

  return { files, folder }
}
