import { clipProblem, MEDIA_TITLE_MAX, type MediaItem, mediaMessages } from '@moc/domain/api/mediaLibrary'
import { Button, Form, Input, InputNumber, Modal, Space } from 'antd'
import { useEffect, useRef } from 'react'
import { attachHls } from '../../../widgets/attachHls.ts'
import { isHls } from '../../../widgets/mediaPreview.ts'

interface Values {
  title: string
  start: number
  end: number
}

interface Props {
  item: MediaItem | null
  onCancel: () => void
  onSubmit: (values: Values) => Promise<unknown>
}

/**
 * 视频剪辑: plays the video's transcode and takes the span from the playhead (设为起点 / 设为终点) or typed
 * seconds; the same rule as the server (clipProblem) refuses a span before anything is sent.
 */
export function MediaClipDialog({ item, onCancel, onSubmit }: Props) {
  const [form] = Form.useForm<Values>()
  const video = useRef<HTMLVideoElement>(null)
  const url = item?.transcodeUrl || item?.path || ''
  useEffect(() => {
    if (!item) return
    form.setFieldsValue({
      title: `${item.title}_剪辑`.slice(0, MEDIA_TITLE_MAX),
      start: 0,
      end: item.duration ?? 0,
    })
  }, [item, form])
  useEffect(() => {
    const el = video.current
    if (el && isHls(url)) return attachHls(el, url, () => undefined)
  }, [url])
  const mark = (field: 'start' | 'end') => {
    const at = video.current?.currentTime ?? 0
    form.setFieldValue(field, Math.round(at * 10) / 10)
    void form.validateFields(['end']).catch(() => undefined)
  }
  const spanRule = {
    validator: () => {
      const { start, end } = form.getFieldsValue()
      const problem = clipProblem(start ?? 0, end ?? 0, item?.duration ?? null)
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve()
    },
  }
  return (
    <Modal
      open={!!item}
      title="视频剪辑"
      width={800}
      okText="确定"
      cancelText="取消"
      onCancel={onCancel}
      onOk={() => form.validateFields().then((v) => onSubmit({ ...v, title: v.title.trim() }))}
      destroyOnHidden
    >
      {/* biome-ignore lint/a11y/useMediaCaption: library footage has no caption track */}
      <video
        ref={video}
        src={isHls(url) ? undefined : url}
        controls
        className="moc-preview-dialog__media"
        aria-label="剪辑预览"
      />
      <Form form={form} layout="vertical" name="media-clip">
        <Form.Item
          label="标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: mediaMessages.titleRequired },
            { max: MEDIA_TITLE_MAX, message: mediaMessages.titleTooLong },
          ]}
        >
          <Input maxLength={MEDIA_TITLE_MAX} />
        </Form.Item>
        <Space align="start" wrap>
          <Form.Item label="起点（秒）" name="start" rules={[{ required: true, message: '请填写起点' }]}>
            <InputNumber min={0} step={0.1} precision={1} />
          </Form.Item>
          <Button style={{ marginTop: 30 }} onClick={() => mark('start')}>
            设为起点
          </Button>
          <Form.Item
            label="终点（秒）"
            name="end"
            dependencies={['start']}
            rules={[{ required: true, message: '请填写终点' }, spanRule]}
          >
            <InputNumber min={0} step={0.1} precision={1} />
          </Form.Item>
          <Button style={{ marginTop: 30 }} onClick={() => mark('end')}>
            设为终点
          </Button>
        </Space>
      </Form>
    </Modal>
  )
}
