import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { video } from '@moc/domain/resources/video'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Checkbox, Flex, Form, Popconfirm, Table, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { currentGrant } from '../../api/session.ts'
import { fieldRules } from '../../engine/derive.ts'
import { FieldInput } from '../../engine/FieldInput.tsx'
import { useTitleCheck } from '../../engine/useTitleCheck.tsx'
import { invalidateReview } from '../../engine/useWorkflow.tsx'
import {
  createVideo,
  maySubmitVideos,
  type SourceField,
  submitVideos,
  VIDEO_SAME_URL,
  videoField,
} from './videoCreate.ts'

/** How many videos one batch makes: a page of the media picker is 28 items (spec §3). */
export const MEDIA_BATCH_MAX = 28
const ROW_FIELDS = ['videoUrl', 'title', 'cover'] as const satisfies readonly SourceField[]

type Row = Partial<Record<SourceField, unknown>>
const emptyRow = (): Row => ({ videoUrl: '', title: '', cover: '' })

/**
 * 媒资库视频 (/mediaLibraryVideo, spec §2): several video items at once from media-library files, one row per file
 * (address, title, cover). Until the media-library issue lands a row names its file by address; the 媒资库 picker
 * then fills the rows (docs/decisions/0011). Each row is created by the normal create call; rows that fail stay
 * with the server's reason, the others are done. Optionally the new videos are submitted for review together.
 */
export default function MediaLibraryVideoPage() {
  const { message, modal } = App.useApp()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<{ rows: Row[]; submit: boolean }>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  /** The server's reason per row of the last batch (rows still shown are the ones that failed). */
  const [rowErrors, setRowErrors] = useState<string[]>([])
  const mayAdd = can(currentGrant(), video.permissionPage, '添加')
  const maySubmit = maySubmitVideos()
  const checkTitle = useTitleCheck(VIDEO_SAME_URL, 'video')

  const run = async () => {
    let values: { rows: Row[]; submit: boolean }
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    setBusy(true)
    setError(undefined)
    const created: number[] = []
    const failed: Row[] = []
    const reasons: string[] = []
    // One after another: each row's outcome is its own, and the server is not flooded by one click.
    for (const row of values.rows) {
      // Spec §5 per row: a duplicate title asks; 取消 (or a failed lookup) keeps the row unsaved.
      let lookupError = ''
      const go = await checkTitle(String(row.title ?? '').trim(), undefined, (text) => {
        lookupError = text
      })
      if (!go) {
        failed.push(row)
        reasons.push(lookupError || '标题重复，已取消')
        continue
      }
      try {
        created.push(await createVideo(row))
      } catch (err) {
        failed.push(row)
        reasons.push(err instanceof Error ? err.message : '网络错误')
      }
    }
    let submitError: string | undefined
    if (values.submit && created.length)
      await submitVideos(created).catch((err: unknown) => {
        submitError = `提交审核失败：${err instanceof Error ? err.message : '网络错误'}`
      })
    await invalidateReview(queryClient, video)
    setBusy(false)
    if (!failed.length && !submitError) {
      message.success(`已生成${created.length}条视频${values.submit ? '并提交审核' : ''}`, TOAST_SUCCESS_S)
      navigate(`${video.screens.list}?type=${values.submit ? 'video' : 'draft'}`)
      return
    }
    form.setFieldValue('rows', failed.length ? failed : [emptyRow()])
    setRowErrors(reasons)
    const text = [
      created.length ? `已生成${created.length}条视频` : '',
      failed.length ? `${failed.length}条未生成，请按提示修改后重试` : '',
      submitError ?? '',
    ]
      .filter(Boolean)
      .join('；')
    setError(text)
    message.error(text, TOAST_ERROR_S)
  }

  return (
    <Card title="媒资库视频">
      <Typography.Paragraph type="secondary">
        每行一个媒资库视频文件：填写视频地址与标题，批量生成视频内容（草稿），可一并提交审核。
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        name="media-videos"
        initialValues={{ rows: [emptyRow()], submit: false }}
        disabled={!mayAdd || busy}
        onValuesChange={() => setRowErrors([])}
      >
        <Form.List name="rows">
          {(rows, { add, remove }) => (
            <>
              <Table
                size="small"
                rowKey="key"
                dataSource={rows}
                pagination={false}
                locale={{ emptyText: '暂无数据' }}
                columns={[
                  { title: '序号', key: 'n', width: 60, render: (_, __, i) => i + 1 },
                  ...ROW_FIELDS.map((name) => ({
                    title: videoField(name).label + (videoField(name).required ? ' *' : ''),
                    key: name,
                    render: (_: unknown, row: { name: number }) => (
                      <Form.Item
                        name={[row.name, name]}
                        rules={fieldRules(name, videoField(name))}
                        style={{ margin: 0 }}
                      >
                        <FieldInput field={videoField(name)} />
                      </Form.Item>
                    ),
                  })),
                  {
                    title: '结果',
                    key: 'result',
                    render: (_: unknown, __: unknown, i: number) =>
                      rowErrors[i] ? <Typography.Text type="danger">{rowErrors[i]}</Typography.Text> : '--',
                  },
                  {
                    title: '操作',
                    key: 'actions',
                    width: 80,
                    render: (_: unknown, row: { name: number }) => (
                      <Popconfirm
                        title="确定删除这一行？"
                        okText="确定"
                        cancelText="取消"
                        onConfirm={() => remove(row.name)}
                        disabled={rows.length === 1}
                      >
                        <Button type="link" danger size="small" disabled={rows.length === 1}>
                          删除
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]}
              />
              <Button
                style={{ marginTop: 8 }}
                disabled={rows.length >= MEDIA_BATCH_MAX}
                onClick={() => add(emptyRow())}
              >
                添加一行
              </Button>
            </>
          )}
        </Form.List>
        {maySubmit ? (
          <Form.Item name="submit" valuePropName="checked" style={{ marginTop: 16 }}>
            <Checkbox>生成后提交审核</Checkbox>
          </Form.Item>
        ) : null}
        <Flex gap={8} style={{ marginTop: 16 }}>
          {mayAdd ? (
            <Button
              type="primary"
              loading={busy}
              onClick={() =>
                modal.confirm({
                  title: '提示',
                  content: `确定生成${(form.getFieldValue('rows') as Row[]).length}条视频？`,
                  okText: '确定',
                  cancelText: '取消',
                  onOk: () => {
                    void run()
                  },
                })
              }
            >
              批量生成视频
            </Button>
          ) : null}
          <Button disabled={false} onClick={() => navigate(video.screens.list)}>
            返回
          </Button>
        </Flex>
      </Form>
    </Card>
  )
}
