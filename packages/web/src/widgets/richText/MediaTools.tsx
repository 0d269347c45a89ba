import { CameraOutlined, PictureOutlined, VideoCameraOutlined } from '@ant-design/icons'
import type { MediaPick } from '@moc/domain/api/mediaLibrary'
import {
  EDITOR_MEDIA_EXTENSIONS,
  EDITOR_SCREENSHOT_WIDTH,
  EDITOR_VIDEO_WIDTH,
  TOAST_ERROR_S,
  TOAST_SUCCESS_S,
} from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { checkImageSize, checkUpload, extensionOf, familyOf, UPLOAD_MESSAGES } from '@moc/domain/rules/upload'
import type { Editor } from '@tiptap/core'
import { NodeSelection } from '@tiptap/pm/state'
import { useEditorState } from '@tiptap/react'
import { App } from 'antd'
import { type ChangeEvent, useRef, useState } from 'react'
import { currentGrant } from '../../api/session.ts'
import { MediaPicker, type MediaPickerValue } from '../MediaPicker.tsx'
import { readImageSize } from '../readImageSize.ts'
import { ACCEPT } from '../uploadLayout.ts'
import { uploadStore } from '../uploadStore.ts'
import { useLibraryTransfer } from '../useLibraryTransfer.tsx'
import { type AddMethod, AddMethodDialog } from './AddMethodDialog.tsx'
import { CoverDialog } from './CoverDialog.tsx'
import { imageAttrs } from './mediaNodes.ts'
import { ToolbarButton } from './ToolbarButton.tsx'

type Target = 'image' | 'media'

const MEDIA_ACCEPT = EDITOR_MEDIA_EXTENSIONS.map((e) => `.${e}`).join(',')
const pathOf = (url: string) => url.split(/[?#]/)[0] ?? ''

/** The selected video (a node selection on one), and whether the document holds any video. */
function useVideoState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const { selection, doc } = e.state
      const selected =
        selection instanceof NodeSelection && selection.node.type.name === 'video'
          ? {
              pos: selection.from,
              src: String(selection.node.attrs.src ?? ''),
              poster: selection.node.attrs.poster,
            }
          : null
      let any = false
      doc.descendants((node) => {
        if (node.type.name === 'video') any = true
        return !any && !node.isTextblock
      })
      return { selected, any }
    },
  })
}

/**
 * The editor's media buttons (spec §2, §4, §5, §6): 图片 and 音视频 through 添加方式选择 (媒资库导入, 本地上传, and
 * 视频截图 when a video exists), pictures at 500 px, videos at 500 px, only mp3/mp4/ts/mov/mxf; 视频截图 on a
 * selected video; 转存媒资库 after a local audio/video upload for users who may add to the library.
 */
export function MediaTools({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const { message } = App.useApp()
  const videos = useVideoState(editor)
  const [asking, setAsking] = useState<Target>()
  const [picking, setPicking] = useState<Target>()
  const [shooting, setShooting] = useState<{ pos: number; src: string; poster: string | null }>()
  const fileInput = useRef<HTMLInputElement>(null)
  const uploadTarget = useRef<Target>('image')
  const transfer = useLibraryTransfer()
  const mayBrowse = can(currentGrant(), '媒体资源库管理', '查看')

  const insertImage = (src: string, width?: number) =>
    editor
      .chain()
      .focus()
      .setImage({ ...imageAttrs(src), ...(width ? { width } : {}) })
      .run()
  const insertMedia = (url: string, cover?: string | null) => {
    const ext = extensionOf(pathOf(url))
    if (!(EDITOR_MEDIA_EXTENSIONS as readonly string[]).includes(ext))
      return void message.error(UPLOAD_MESSAGES.otherType, TOAST_ERROR_S)
    if (familyOf(pathOf(url)) === 'audio') editor.chain().focus().insertAudio({ src: url }).run()
    else
      editor
        .chain()
        .focus()
        .insertVideo({ src: url, poster: cover ?? undefined, width: EDITOR_VIDEO_WIDTH })
        .run()
  }

  const open = (target: Target) => {
    // Spec §6: without 查看 the editor goes straight to local upload.
    if (!mayBrowse && !videos.any) return upload(target)
    setAsking(target)
  }
  function upload(target: Target) {
    uploadTarget.current = target
    if (fileInput.current) {
      fileInput.current.accept = target === 'image' ? ACCEPT.image : MEDIA_ACCEPT
      fileInput.current.click()
    }
  }
  function choose(method: AddMethod) {
    const target = asking ?? 'image'
    setAsking(undefined)
    if (method === 'library') setPicking(target)
    else if (method === 'local') upload(target)
    else {
      let first: { pos: number; src: string; poster: string | null } | undefined
      editor.state.doc.descendants((node, pos) => {
        if (!first && node.type.name === 'video')
          first = { pos, src: node.attrs.src, poster: node.attrs.poster }
        return !first
      })
      setShooting(videos.selected ?? first)
    }
  }

  async function uploaded(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    const target = uploadTarget.current
    const kind = target === 'image' ? 'image' : familyOf(file.name) === 'audio' ? 'audio' : 'video'
    const refused = checkUpload(file, kind, target === 'media' ? EDITOR_MEDIA_EXTENSIONS : undefined)
    if (refused) return void message.error(refused, TOAST_ERROR_S)
    if (target === 'image') {
      const size = await readImageSize(file)
      const tooWide = size && checkImageSize(size.width, size.height)
      if (tooWide) return void message.error(tooWide, TOAST_ERROR_S)
    }
    uploadStore.start(file, kind, {
      onSuccess: (result) => {
        message.success('上传成功', TOAST_SUCCESS_S)
        if (target === 'image') insertImage(result.url)
        else {
          insertMedia(result.url)
          transfer.offer(file, result.key)
        }
      },
      onError: (msg) => void message.error(msg, TOAST_ERROR_S),
    })
  }

  function picked(value: MediaPickerValue) {
    const target = picking
    setPicking(undefined)
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') insertImage(item)
      else if (target === 'image') insertImage(item.url)
      else insertMedia(item.url, (item as MediaPick).cover)
    }
  }

  return (
    <>
      <ToolbarButton
        label="图片"
        icon={<PictureOutlined />}
        disabled={disabled}
        onClick={() => open('image')}
      />
      <ToolbarButton
        label="音视频"
        icon={<VideoCameraOutlined />}
        disabled={disabled}
        onClick={() => open('media')}
      />
      <ToolbarButton
        label="视频截图"
        icon={<CameraOutlined />}
        disabled={disabled || !videos.selected}
        onClick={() => setShooting(videos.selected ?? undefined)}
      />
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-label="选择要插入的文件"
        onChange={(e) => void uploaded(e)}
      />
      <AddMethodDialog
        open={!!asking}
        library={mayBrowse}
        screenshot={videos.any}
        onChoose={choose}
        onCancel={() => setAsking(undefined)}
      />
      <MediaPicker
        open={!!picking}
        types={picking === 'media' ? ['video', 'audio'] : ['image']}
        multiple
        originals
        onCancel={() => setPicking(undefined)}
        onConfirm={picked}
      />
      <CoverDialog
        video={shooting ? { src: shooting.src, poster: shooting.poster } : undefined}
        onClose={() => setShooting(undefined)}
        onCover={(url) => {
          if (!shooting) return
          editor.chain().setNodeSelection(shooting.pos).updateAttributes('video', { poster: url }).run()
          setShooting({ ...shooting, poster: url })
        }}
        onInsert={(url) => {
          if (!shooting) return
          const node = editor.state.doc.nodeAt(shooting.pos)
          const after = shooting.pos + (node?.nodeSize ?? 1)
          editor
            .chain()
            .insertContentAt(after, {
              type: 'paragraph',
              content: [{ type: 'image', attrs: { ...imageAttrs(url), width: EDITOR_SCREENSHOT_WIDTH } }],
            })
            .run()
          message.success('截图已插入文章', TOAST_SUCCESS_S)
        }}
      />
      {transfer.dialog}
    </>
  )
}
