import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { video } from '@moc/domain/resources/video'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Flex, Form, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { currentGrant } from '../../api/session.ts'
import { fieldRules } from '../../engine/derive.ts'
import { FieldInput } from '../../engine/FieldInput.tsx'
import { useTitleCheck } from '../../engine/useTitleCheck.tsx'
import { invalidateReview } from '../../engine/useWorkflow.tsx'
import {
  createVideo,
  maySubmitVideos,
  SOURCE_FIELDS,
  type SourceField,
  submitVideos,
  titleFromUrl,
  VIDEO_SAME_URL,
  videoField,
} from './videoCreate.ts'

/**
 * 收录生成视频 (/recrodCreateVideo, spec §2): a video item made from a recording. Until the recording issue lands
 * the recording is named by its address (录像地址) — prefilled from `?url=&title=` so a recording list can link
 * here — and the rest are the video definition's fields; saving is the normal create call. With the recording
 * module the address field becomes its recording picker (docs/decisions/0011).
 */
export default function RecordCreateVideoPage() {
  const { message } = App.useApp()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const [form] = Form.useForm<Record<SourceField, unknown>>()
  const [saving, setSaving] = useState<false | 'save' | 'submit'>(false)
  const [error, setError] = useState<string>()
  const checkTitle = useTitleCheck(VIDEO_SAME_URL, 'video')
  const mayAdd = can(currentGrant(), video.permissionPage, '添加')
  const url = params.get('url') ?? ''
  const initial = { videoUrl: url, title: params.get('title') ?? titleFromUrl(url) }

  const save = async (submit: boolean) => {
    let values: Record<SourceField, unknown>
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    setSaving(submit ? 'submit' : 'save')
    setError(undefined)
    try {
      if (!(await checkTitle(String(values.title ?? '').trim(), undefined, setError))) return
      const id = await createVideo(values)
      if (submit) {
        try {
          await submitVideos([id])
        } catch (err) {
          throw new Error(`已生成视频，提交审核失败：${err instanceof Error ? err.message : '网络错误'}`)
        }
      }
      message.success(submit ? '已生成视频并提交审核' : '已生成视频', TOAST_SUCCESS_S)
      await invalidateReview(queryClient, video)
      navigate(`${video.screens.list}?type=${submit ? 'video' : 'draft'}`)
    } catch (err) {
      const text = err instanceof Error ? err.message : '网络错误'
      setError(text)
      message.error(text, TOAST_ERROR_S)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card title="收录生成视频">
      <Typography.Paragraph type="secondary">
        填写收录视频的地址，生成一条视频内容（草稿），可直接提交审核。
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        name="record-video"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 16 }}
        initialValues={initial}
        disabled={!mayAdd}
      >
        {SOURCE_FIELDS.map((name, i) => {
          const f = videoField(name)
          const label = name === 'videoUrl' ? '录像地址' : f.label
          return (
            <Form.Item key={name} label={label} name={name} rules={fieldRules(name, f)} extra={f.help}>
              <FieldInput field={f} autoFocus={i === 0} />
            </Form.Item>
          )
        })}
        <Form.Item wrapperCol={{ offset: 4, span: 16 }}>
          <Flex gap={8}>
            {mayAdd ? (
              <Button
                type="primary"
                loading={saving === 'save'}
                disabled={saving !== false}
                onClick={() => save(false)}
              >
                生成视频
              </Button>
            ) : null}
            {mayAdd && maySubmitVideos() ? (
              <Button loading={saving === 'submit'} disabled={saving !== false} onClick={() => save(true)}>
                生成并提交审核
              </Button>
            ) : null}
            <Button disabled={false} onClick={() => navigate(video.screens.list)}>
              返回
            </Button>
          </Flex>
        </Form.Item>
      </Form>
    </Card>
  )
}
