import {
  type AnswerSheetDetail,
  type AnswerSheetRow,
  scoreModifySchema,
} from '@moc/domain/api/questionnaires'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { questionnaire } from '@moc/domain/resources/question/questionnaire'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  App,
  Button,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Table,
  Tag,
  Typography,
} from 'antd'
import { useState } from 'react'
import { api } from '../../api/client.ts'
import { downloadFile } from '../../api/download.ts'
import { currentGrant } from '../../api/session.ts'
import { formatTime } from '../../engine/displayValue.ts'

const PAGE_SIZE = 10

/**
 * A questionnaire's answer sheets (spec §7 history list/export/detail): newest first, searched by the answerer's
 * nickname or phone, each opened in a drawer with every answer, its score and the right answer; 导出 writes them all
 * to an .xlsx. With `scoring` (/questionScore) the list is the score list and 修改得分 changes one with a reason.
 */
export function AnswerSheets({
  questionnaireId,
  scoring = false,
}: {
  questionnaireId: number
  scoring?: boolean
}) {
  const { message } = App.useApp()
  const grant = currentGrant()
  const [page, setPage] = useState(1)
  const [keyword, setKeyword] = useState('')
  const [open, setOpen] = useState<number>()
  const [editing, setEditing] = useState<AnswerSheetRow>()
  const [exporting, setExporting] = useState(false)
  const listUrl = scoring ? '/api/questionnaire/score/list' : '/api/questionnaire/history/list'
  const queryKey = ['answer-sheets', questionnaireId, scoring, page, keyword]
  const list = useQuery({
    queryKey,
    queryFn: () =>
      api.get<{ items: AnswerSheetRow[]; total: number }>(listUrl, {
        questionnaireId,
        page,
        pageSize: PAGE_SIZE,
        ...(keyword ? { keyword } : {}),
      }),
    placeholderData: keepPreviousData,
  })
  const mayExport = !scoring && can(grant, questionnaire.permissionPage, '导出')
  const mayScore = scoring && can(grant, '问卷-评分', '编辑')
  const exportAll = async () => {
    setExporting(true)
    try {
      await downloadFile('/api/questionnaire/history/export', { questionnaireId }, '答卷.xlsx')
      message.success('导出成功', TOAST_SUCCESS_S)
    } catch (err) {
      message.error((err as Error).message, TOAST_ERROR_S)
    } finally {
      setExporting(false)
    }
  }
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Input.Search
          allowClear
          placeholder="用户昵称或手机号"
          style={{ width: 260 }}
          onSearch={(v) => {
            setKeyword(v.trim())
            setPage(1)
          }}
        />
        {mayExport ? (
          <Button loading={exporting} onClick={() => void exportAll()}>
            导出
          </Button>
        ) : null}
      </Flex>
      {list.error ? <Alert type="error" showIcon title={list.error.message} /> : null}
      <Table<AnswerSheetRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: '暂无数据' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showTotal: (n) => `共 ${n} 条`,
          onChange: setPage,
        }}
        columns={[
          { title: '答卷ID', dataIndex: 'id', width: 90 },
          { title: '用户', dataIndex: 'nickname' },
          { title: '手机号', dataIndex: 'phone' },
          {
            title: '得分',
            dataIndex: 'score',
            width: 120,
            render: (s: number, r) => (
              <span>
                {s}
                {r.scoreModifiedBy ? (
                  <Tag
                    color="orange"
                    style={{ marginLeft: 6 }}
                    title={`${r.scoreModifiedBy} ${formatTime(r.scoreModifiedAt)}`}
                  >
                    已修改
                  </Tag>
                ) : null}
              </span>
            ),
          },
          {
            title: '用时',
            dataIndex: 'durationSeconds',
            width: 100,
            render: (d: number | null) => (d === null ? '--' : `${d} 秒`),
          },
          { title: '提交时间', dataIndex: 'submittedAt', width: 180, render: (v: string) => formatTime(v) },
          {
            title: '操作',
            key: 'actions',
            width: 160,
            render: (_, r) => (
              <Flex gap={4}>
                {scoring ? null : (
                  <Button type="link" size="small" onClick={() => setOpen(r.id)}>
                    详情
                  </Button>
                )}
                {mayScore ? (
                  <Button type="link" size="small" onClick={() => setEditing(r)}>
                    修改得分
                  </Button>
                ) : null}
              </Flex>
            ),
          },
        ]}
      />
      {open === undefined ? null : <SheetDrawer id={open} onClose={() => setOpen(undefined)} />}
      {editing ? <ScoreDialog sheet={editing} onClose={() => setEditing(undefined)} /> : null}
    </Flex>
  )
}

/** 答卷详情: each question's answer, score and the right answer. */
function SheetDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const sheet = useQuery({
    queryKey: ['answer-sheet', id],
    queryFn: () => api.get<AnswerSheetDetail>('/api/questionnaire/history/detail', { id }),
  })
  const s = sheet.data
  return (
    <Drawer open width={720} title="答卷详情" onClose={onClose} loading={sheet.isLoading}>
      {sheet.error ? <Alert type="error" showIcon title={sheet.error.message} /> : null}
      {s ? (
        <Flex vertical gap={12}>
          <Typography.Text>
            {s.nickname}（{s.phone || '--'}）于 {formatTime(s.submittedAt)} 提交，得分 {s.score} /{' '}
            {s.maxScore}
          </Typography.Text>
          <Table
            rowKey="questionId"
            size="small"
            pagination={false}
            dataSource={s.answers}
            columns={[
              { title: '题目', dataIndex: 'title' },
              { title: '答案', dataIndex: 'text', render: (t: string) => t || '未作答' },
              { title: '正确答案', dataIndex: 'right', render: (t: string) => t || '--' },
              {
                title: '得分',
                key: 'score',
                width: 90,
                render: (_, a) => `${a.score} / ${a.maxScore}`,
              },
            ]}
          />
        </Flex>
      ) : null}
    </Drawer>
  )
}

/** 修改得分: a new score (0 to the total) and the reason, checked by the server's own schema first. */
function ScoreDialog({ sheet, onClose }: { sheet: AnswerSheetRow; onClose: () => void }) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<{ score: number; reason: string }>()
  const save = useMutation({
    mutationFn: (v: { score: number; reason: string }) =>
      api.post('/api/questionnaire/score/modify', { id: sheet.id, ...v }),
    onSuccess: async () => {
      message.success('得分已修改', TOAST_SUCCESS_S)
      await queryClient.invalidateQueries({ queryKey: ['answer-sheets'] })
      onClose()
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  const submit = async () => {
    const v = await form.validateFields()
    const checked = scoreModifySchema.safeParse({ id: sheet.id, ...v })
    if (!checked.success) return void message.error(checked.error.issues[0]!.message, TOAST_ERROR_S)
    save.mutate({ score: checked.data.score, reason: checked.data.reason })
  }
  return (
    <Modal
      open
      title={`修改得分：${sheet.nickname}`}
      okText="确定"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" initialValues={{ score: sheet.score, reason: '' }}>
        <Form.Item label="得分" name="score" rules={[{ required: true, message: '请输入得分' }]}>
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          label="修改原因"
          name="reason"
          rules={[{ required: true, whitespace: true, message: '请填写修改原因' }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  )
}
