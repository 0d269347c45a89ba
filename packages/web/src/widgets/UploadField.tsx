import {
  CustomerServiceOutlined,
  DeleteOutlined,
  EyeOutlined,
  FileOutlined,
  LinkOutlined,
  PlusOutlined,
} from '@ant-design/icons'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { checkImageSize, checkUpload, extensionOf, familyOf, type UploadKind } from '@moc/domain/rules/upload'
import { App, Button, Flex, Input, Progress, Tooltip } from 'antd'
import { type ChangeEvent, useRef, useState } from 'react'
import { NOT_PREVIEWABLE, PreviewDialog } from './PreviewDialog.tsx'
import { readImageSize } from './readImageSize.ts'
import { ACCEPT, placeholderSize, previewKindOf, progressMarker } from './uploadLayout.ts'
import { uploadStore, useUploads } from './uploadStore.ts'
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
  /** The field's name, for labels and alt text. */
  label: string
  disabled?: boolean
}

/** The thumbnail of a stored file inside the widget's box. */
function Thumb({ url, label }: { url: string; label: string }) {
  const family = familyOf(url.split(/[?#]/)[0] ?? '')
  if (family === 'image' && extensionOf(url.split(/[?#]/)[0] ?? '') !== 'pag')
    return <img src={url} alt={label} className="moc-upload-field__media" />
  if (family === 'video')
    return <video src={url} preload="metadata" muted aria-label={label} className="moc-upload-field__media" />
  return family === 'audio' ? (
    <CustomerServiceOutlined style={{ fontSize: 40 }} aria-label={label} />
  ) : (
    <FileOutlined style={{ fontSize: 40 }} aria-label={label} />
  )
}

/**
 * The upload widget (spec §2/§4/§5) as a Form control whose value is the file's URL: click to choose, checked
 * in the browser with the shared rules (nothing is sent when a rule fails), small files in one request and
 * videos / large files through resumable tus, progress here and in the top bar's panel. A URL may also be
 * pasted (「输入链接」), so links from elsewhere stay possible.
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
}: UploadFieldProps) {
  const { message } = App.useApp()
  const input = useRef<HTMLInputElement>(null)
  const [itemId, setItemId] = useState<string>()
  const [previewing, setPreviewing] = useState<string>()
  const [linkMode, setLinkMode] = useState(false)
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
        hidden
        accept={accept?.map((a) => `.${a.replace(/^\./, '')}`).join(',') || ACCEPT[kind]}
        aria-label={`上传${label}`}
        disabled={disabled}
        onChange={(e) => void choose(e)}
      />
      {uploading ? (
        <div className="moc-upload-field__box" style={box}>
          <Progress
            type="circle"
            size={80}
            percent={Number(progressMarker(uploading.status, uploading.loaded, uploading.size))}
            aria-label={`${label}上传进度`}
          />
        </div>
      ) : value ? (
        <div className="moc-upload-field__box" style={box}>
          <Thumb url={value} label={label} />
          <div className="moc-upload-field__actions">
            <Tooltip title="查看">
              <Button
                id={id}
                size="small"
                type="text"
                icon={<EyeOutlined />}
                aria-label={`查看${label}`}
                onClick={view}
              />
            </Tooltip>
            {disabled ? null : (
              <Tooltip title="删除">
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`删除${label}`}
                  onClick={() => onChange?.('')}
                />
              </Tooltip>
            )}
          </div>
        </div>
      ) : (
        <button
          id={id}
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
      {disabled ? null : (
        <Button size="small" type="link" icon={<LinkOutlined />} onClick={() => setLinkMode(!linkMode)}>
          输入链接
        </Button>
      )}
      {linkMode && !disabled ? (
        <Input
          type="url"
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder="请输入链接 https://"
          aria-label={`${label}链接`}
          allowClear
        />
      ) : null}
      <PreviewDialog url={previewing} onClose={() => setPreviewing(undefined)} />
    </Flex>
  )
}
