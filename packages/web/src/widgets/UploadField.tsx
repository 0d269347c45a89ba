import {
  CustomerServiceOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FileOutlined,
  PlusOutlined,
} from '@ant-design/icons'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { isLink } from '@moc/domain/resources/fieldSchema'
import { checkImageSize, checkUpload, extensionOf, familyOf, type UploadKind } from '@moc/domain/rules/upload'
import { App, Button, Flex, Input, Progress, Tooltip } from 'antd'
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react'
import { ImageEditDialog } from './ImageEditDialog.tsx'
import { NOT_PREVIEWABLE, PreviewDialog } from './PreviewDialog.tsx'
import { PagPlayer } from './pag/PagPlayer.tsx'
import { readImageSize } from './readImageSize.ts'
import { ACCEPT, placeholderSize, previewKindOf, progressMarker } from './uploadLayout.ts'
import { uploadStore, useUploads } from './uploadStore.ts'
import { useLibraryTransfer } from './useLibraryTransfer.tsx'
import './upload.css'

export interface UploadFieldProps {
  id?: string
  /** The stored file's URL (the form value). */
  value?: string
  onChange?: (url: string) => void
  /** What the widget accepts (spec §2 types, §5 combined types). */
  kind?: UploadKind
  /** A custom accepted list of extensions, on top of the kind's rules. */
  accept?: readonly string[]
  /** Placeholder aspect ratio `w:h` (spec §9; 1:1 by default). */
  ratio?: string
  /** The field's name, for alt text. */
  label: string
  disabled?: boolean
  /** More ways to fill the field, beside the link input (e.g. 媒资库导入). */
  extra?: ReactNode
  /**
   * Image editing (spec §2/§4 "image type with edit on"): an 编辑 icon on image values, and the 编辑图片 dialog
   * right after an image upload.
   */
  edit?: boolean
}

/** What the editor can open: the formats a browser draws (.pag is an animation, not a picture). */
const editable = (url: string) => previewKindOf(url) === 'image'

const PLACEHOLDER_NOUN: Partial<Record<UploadKind, string>> = { image: '图片', video: '视频', audio: '音频' }

/** The thumbnail of a stored file inside the widget's box. */
function Thumb({ url, label }: { url: string; label: string }) {
  const path = url.split(/[?#]/)[0] ?? ''
  // Spec §4: a .pag renders in an animated player.
  if (extensionOf(path) === 'pag')
    return <PagPlayer url={url} label={label} className="moc-upload-field__media" />
  const family = familyOf(path)
  if (family === 'image') return <img src={url} alt={label} className="moc-upload-field__media" />
  if (family === 'video')
    return <video src={url} preload="metadata" muted className="moc-upload-field__media" />
  return family === 'audio' ? (
    <CustomerServiceOutlined style={{ fontSize: 40 }} aria-hidden />
  ) : (
    <FileOutlined style={{ fontSize: 40 }} aria-hidden />
  )
}

/**
 * The upload widget (spec §2/§4/§5) as a Form control whose value is the file's URL: click to choose, checked
 * in the browser with the shared rules (nothing is sent when a rule fails), small files in one request and
 * videos / large files through resumable tus, progress here and in the top bar's panel. The URL stays an
 * input of its own (the one the field's label names), so links from elsewhere can still be pasted.
 */
export function UploadField({
  id,
  value,
  onChange,
  kind = 'image',
  accept,
  ratio,
  label,
  disabled = false,
  extra,
  edit = false,
}: UploadFieldProps) {
  const { message } = App.useApp()
  const input = useRef<HTMLInputElement>(null)
  const [itemId, setItemId] = useState<string>()
  const [previewing, setPreviewing] = useState<string>()
  const transfer = useLibraryTransfer()
  const [editing, setEditing] = useState<string>()
  // The latest onChange: an upload may finish (or be retried from the panel) after re-renders.
  const changeRef = useRef(onChange)
  changeRef.current = onChange
  const uploading = useUploads().find((i) => i.id === itemId && i.status === 'active')
  const box = placeholderSize(ratio)

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    const refused = checkUpload(file, kind, accept)
    if (refused) return void message.error(refused, TOAST_ERROR_S)
    if (familyOf(file.name) === 'image' && extensionOf(file.name) !== 'pag') {
      const size = await readImageSize(file)
      const tooWide = size && checkImageSize(size.width, size.height)
      if (tooWide) return void message.error(tooWide, TOAST_ERROR_S)
    }
    const started = uploadStore.start(file, kind, {
      onSuccess: (result) => {
        message.success('上传成功', TOAST_SUCCESS_S)
        changeRef.current?.(result.url)
        // Spec §4: after an audio/video upload, whoever may add to the media library is offered the transfer.
        transfer.offer(file, result.key)
        // Spec §4: after an image upload with editing on, the editor opens (closing it keeps this URL).
        if (edit && editable(result.url)) setEditing(result.url)
      },
      onError: (msg) => void message.error(msg, TOAST_ERROR_S),
    })
    setItemId(started)
  }

  function view() {
    if (!value) return
    if (previewKindOf(value)) setPreviewing(value)
    else message.warning(NOT_PREVIEWABLE, TOAST_ERROR_S)
  }

  return (
    <Flex vertical gap={8} align="flex-start" className="moc-upload-field">
      <input
        ref={input}
        type="file"
        className="moc-upload-field__input"
        accept={accept?.map((a) => `.${a.replace(/^\./, '')}`).join(',') || ACCEPT[kind]}
        aria-label="选择文件"
        disabled={disabled}
        onChange={(e) => void choose(e)}
      />
      {uploading ? (
        <div className="moc-upload-field__box" style={box}>
          <Progress
            type="circle"
            size={80}
            percent={Number(progressMarker(uploading.status, uploading.loaded, uploading.size))}
            aria-label="上传进度"
          />
        </div>
      ) : value && isLink(value) ? (
        // Only a link gets a thumbnail; anything else typed in waits for the form's validation.
        <div className="moc-upload-field__box" style={box}>
          <Thumb url={value} label={label} />
          <div className="moc-upload-field__actions">
            <Tooltip title="查看">
              <Button size="small" type="text" icon={<EyeOutlined />} aria-label="查看" onClick={view} />
            </Tooltip>
            {edit && !disabled && editable(value) ? (
              <Tooltip title="编辑">
                <Button
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  aria-label="编辑图片"
                  onClick={() => setEditing(value)}
                />
              </Tooltip>
            ) : null}
            {disabled ? null : (
              // 移除, not 删除: the stored file stays (content may share it); and a row's own 删除 stays unique.
              <Tooltip title="移除">
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label="移除"
                  onClick={() => onChange?.('')}
                />
              </Tooltip>
            )}
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="moc-upload-field__box"
          style={box}
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          <Flex vertical align="center" gap={4}>
            <PlusOutlined />
            <span>点击上传</span>
          </Flex>
        </button>
      )}
      <Flex gap={8} style={{ width: '100%' }}>
        <Input
          id={id}
          // Not type="url": uploads are kept by path (/files/…, decision 0033), which the browser's own check
          // refuses, silently blocking the form's submit; the field's rules (isLink) judge the address instead.
          inputMode="url"
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={`请输入${PLACEHOLDER_NOUN[kind] ?? ''}地址 https://`}
          disabled={disabled}
          allowClear
        />
        {extra}
      </Flex>
      <PreviewDialog url={previewing} onClose={() => setPreviewing(undefined)} />
      {transfer.dialog}
      <ImageEditDialog
        url={editing}
        onDone={(url) => {
          setEditing(undefined)
          changeRef.current?.(url)
        }}
      />
    </Flex>
  )
}
