import { MEDIA_TITLE_MAX, type MediaItem, mediaMessages } from '@moc/domain/api/mediaLibrary'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { checkUpload } from '@moc/domain/rules/upload'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Checkbox, Flex, Form, Input, Modal, Radio } from 'antd'
import { useState } from 'react'
import { api } from '../api/client.ts'
import { currentGrant } from '../api/session.ts'
import { EDITOR_PAGE } from '../imageEditor/editorProtocol.ts'
import { sendSmall } from './uploadTransport.ts'
import { useEditorFrame } from './useEditorFrame.ts'
import './upload.css'

const LIBRARY = '媒体资源库管理'
type Mode = 'copy' | 'original'

interface Props {
  /** The image to edit; the dialog is open while set. */
  url: string | undefined
  /** The new URL after a save, the original one when closed without saving (spec §4). */
  onDone: (url: string) => void
}

/**
 * 编辑图片 (spec §2/§4/§5, decision 0016), 1000 px: the editor page in an iframe. 确定 posts finishClip, takes
 * the edited image, uploads it and — when it goes to the media library — registers it: 转存媒资库 for a picture
 * that is not in the library (with 添加), 新建副本 (添加) / 修改原图 (编辑) for one that is. A title is required
 * for what becomes a new library file (文件标题不能为空).
 */
export function ImageEditDialog({ url, onDone }: Props) {
  return (
    <Modal
      open={Boolean(url)}
      title="编辑图片"
      width={1000}
      footer={null}
      onCancel={() => url && onDone(url)}
      destroyOnHidden
      maskClosable={false}
    >
      {url ? <ImageEditBody key={url} url={url} onDone={onDone} /> : null}
    </Modal>
  )
}

function ImageEditBody({ url, onDone }: { url: string; onDone: (url: string) => void }) {
  const { message } = App.useApp()
  const grant = currentGrant()
  const canView = can(grant, LIBRARY, '查看')
  const canAdd = can(grant, LIBRARY, '添加')
  const canEdit = can(grant, LIBRARY, '编辑')
  const { frame, loadError, finishClip } = useEditorFrame(url)
  const [form] = Form.useForm<{ title: string }>()
  const [transfer, setTransfer] = useState(false)
  const [mode, setMode] = useState<Mode>(canAdd ? 'copy' : 'original')
  const [saving, setSaving] = useState(false)
  const found = useQuery({
    queryKey: ['media-find', url],
    queryFn: () => api.get<MediaItem | null>('/api/resource/find', { path: url }),
    enabled: canView,
  })
  const item = found.data ?? undefined
  // What the footer offers: radios for a library image, the checkbox otherwise, nothing without the rights.
  const offerModes = Boolean(item) && (canAdd || canEdit)
  const offerTransfer = !item && canAdd && !found.isLoading
  const newLibraryFile = item ? offerModes && mode === 'copy' : transfer
  const toLibrary = item ? offerModes : transfer

  async function save() {
    const values = newLibraryFile ? await form.validateFields().catch(() => undefined) : { title: '' }
    if (!values) return
    setSaving(true)
    try {
      const file = await finishClip()
      const refused = checkUpload(file, 'image')
      if (refused) throw new Error(refused)
      const stored = await sendSmall(file, 'image', () => undefined, { mediaLibrary: toLibrary }).done
      if (item && offerModes && mode === 'original')
        await api.post('/api/resource/modify', { id: item.id, path: stored.key })
      else if (newLibraryFile)
        await api.post('/api/resource/add/file', {
          path: stored.key,
          fileName: file.name,
          size: file.size,
          title: values.title.trim(),
          type: 'image',
          parentId: item?.parentId ?? 0,
        })
      // Spec §4: from the library the copy/original is processed in the background; a transfer is done.
      if (toLibrary)
        message.success(item ? mediaMessages.transferring : mediaMessages.transferred, TOAST_SUCCESS_S)
      onDone(stored.url)
    } catch (err) {
      message.error((err as Error).message, TOAST_ERROR_S)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Flex vertical gap={12}>
      {loadError ? <Alert type="error" showIcon title={loadError} /> : null}
      <iframe ref={frame} src={EDITOR_PAGE} title="图片编辑器" className="moc-image-edit__frame" />
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Form
          form={form}
          layout="inline"
          name="image-edit"
          initialValues={{ title: item ? `${item.title}副本`.slice(0, MEDIA_TITLE_MAX) : '' }}
          key={item?.id ?? 0}
        >
          {offerModes ? (
            <Form.Item>
              <Radio.Group
                value={mode}
                onChange={(e) => setMode(e.target.value as Mode)}
                options={[
                  { value: 'copy', label: '新建副本', disabled: !canAdd },
                  { value: 'original', label: '修改原图', disabled: !canEdit },
                ]}
              />
            </Form.Item>
          ) : null}
          {offerTransfer ? (
            <Form.Item>
              <Checkbox checked={transfer} onChange={(e) => setTransfer(e.target.checked)}>
                转存媒资库
              </Checkbox>
            </Form.Item>
          ) : null}
          {newLibraryFile ? (
            <Form.Item
              label="文件标题"
              name="title"
              rules={[
                { required: true, whitespace: true, message: mediaMessages.titleRequired },
                { max: MEDIA_TITLE_MAX, message: mediaMessages.titleTooLong },
              ]}
            >
              <Input maxLength={MEDIA_TITLE_MAX} style={{ width: 240 }} />
            </Form.Item>
          ) : null}
        </Form>
        <Flex gap={8}>
          <Button onClick={() => onDone(url)}>取消</Button>
          <Button type="primary" loading={saving} disabled={Boolean(loadError)} onClick={() => void save()}>
            确定
          </Button>
        </Flex>
      </Flex>
    </Flex>
  )
}
