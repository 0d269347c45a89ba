import type { QuestionnaireQuestion } from '@moc/domain/api/questionnaires'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { question } from '@moc/domain/resources/question/question'
import { QUESTIONNAIRE_STATES, questionnaire } from '@moc/domain/resources/question/questionnaire'
import { QUESTION_TYPES } from '@moc/domain/resources/question/scoring'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Input,
  Modal,
  Popconfirm,
  Switch,
  Table,
  Tabs,
  Tag,
} from 'antd'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { formatTime } from '../../engine/displayValue.ts'
import { AnswerSheets } from './AnswerSheets.tsx'
import { QuestionnairePicker, useQuestionnaireId } from './QuestionnairePicker.tsx'

interface Detail {
  verifyState?: number
  fields?: Record<string, unknown>
}

const REVIEW_TAGS: Record<number, [string, string]> = {
  0: ['草稿', 'default'],
  1: ['审核通过', 'green'],
  2: ['已驳回', 'red'],
  3: ['待审核', 'orange'],
}

const FormDrawer = lazy(() => import('../../engine/FormDrawer.tsx'))

const detailKey = (id: number) => ['questionnaire-detail', id]
const questionsKey = (id: number) => ['questionnaire-questions', id]

/**
 * 问卷题目 (spec §2 /questionTopic?id=; decision 0046): the questionnaire at a glance with links to its statistics and
 * scores; its questions — added from the bank, reordered, required or not, removed — and its answer sheets.
 */
export default function QuestionTopicPage() {
  const [id, setId] = useQuestionnaireId()
  return (
    <Flex vertical gap={16}>
      {id === undefined ? (
        <Card>
          <Empty description="请选择一份问卷">
            <QuestionnairePicker onChange={setId} />
          </Empty>
        </Card>
      ) : (
        <>
          <Summary id={id} onPick={setId} />
          <Card>
            <Tabs
              items={[
                { key: 'questions', label: '问卷题目', children: <Questions id={id} /> },
                { key: 'sheets', label: '答卷记录', children: <AnswerSheets questionnaireId={id} /> },
              ]}
            />
          </Card>
        </>
      )}
    </Flex>
  )
}

function Summary({ id, onPick }: { id: number; onPick: (id: number) => void }) {
  const item = useQuery({
    queryKey: detailKey(id),
    queryFn: () => api.get<Detail>(`/api/${questionnaire.name}/detail`, { id }),
  })
  const f = item.data?.fields ?? {}
  const [reviewText, reviewColor] = REVIEW_TAGS[item.data?.verifyState ?? 0] ?? REVIEW_TAGS[0]!
  const grant = currentGrant()
  return (
    <Card
      title={`问卷：${String(f.title ?? '')}`}
      loading={item.isLoading}
      extra={
        <Flex gap={8} align="center" wrap>
          <QuestionnairePicker value={id} onChange={onPick} />
          {can(grant, questionnaire.permissionPage, '编辑') ? (
            <Link to={`/questionAdd?id=${id}`}>
              <Button>编辑问卷</Button>
            </Link>
          ) : null}
          {can(grant, '问卷-绩效', '查看') ? (
            <Link to={`/performance?id=${id}`}>
              <Button>答题统计</Button>
            </Link>
          ) : null}
          {can(grant, '问卷-评分', '查看') ? (
            <Link to={`/questionScore?id=${id}`}>
              <Button>评分管理</Button>
            </Link>
          ) : null}
        </Flex>
      }
    >
      {item.error ? <Alert type="error" showIcon title={item.error.message} /> : null}
      <Descriptions size="small" column={3}>
        <Descriptions.Item label="问卷状态">
          {QUESTIONNAIRE_STATES[f.state as keyof typeof QUESTIONNAIRE_STATES] ?? '草稿'}
        </Descriptions.Item>
        <Descriptions.Item label="审核状态">
          <Tag color={reviewColor}>{reviewText}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="答卷数">{String(f.sheetCount ?? 0)}</Descriptions.Item>
        <Descriptions.Item label="开始时间">{formatTime(f.startAt) || '不限'}</Descriptions.Item>
        <Descriptions.Item label="结束时间">{formatTime(f.endAt) || '不限'}</Descriptions.Item>
        <Descriptions.Item label="计分">{f.scored ? '是' : '否'}</Descriptions.Item>
      </Descriptions>
    </Card>
  )
}

/** The questions in order: 从题库添加, 上移 / 下移, 必答, 移除 — each saved at once. */
function Questions({ id }: { id: number }) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [picking, setPicking] = useState(false)
  // 新建题目: a question of its own, written here and kept in the bank too (decision 0046), joins at the end.
  const [writing, setWriting] = useState(false)
  const may = can(currentGrant(), questionnaire.permissionPage, '编辑')
  const list = useQuery({
    queryKey: questionsKey(id),
    queryFn: () =>
      api.get<QuestionnaireQuestion[]>('/api/questionnaire/question/list', { questionnaireId: id }),
  })
  const detail = useQuery({
    queryKey: detailKey(id),
    queryFn: () => api.get<Detail>(`/api/${questionnaire.name}/detail`, { id }),
  })
  const locked = Number(detail.data?.fields?.sheetCount ?? 0) > 0
  const editable = may && !locked
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: questionsKey(id) }),
      queryClient.invalidateQueries({ queryKey: detailKey(id) }),
    ])
  const change = useMutation({
    mutationFn: ({ url, body }: { url: string; body: unknown }) => api.post(url, body),
    onSuccess: async (_d, v) => {
      await refresh()
      if (v.url.endsWith('/delete')) message.success('已移除', TOAST_SUCCESS_S)
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  const rows = list.data ?? []
  const saveOrder = (next: QuestionnaireQuestion[]) =>
    change.mutate({
      url: '/api/questionnaire/question/modify',
      body: {
        questionnaireId: id,
        items: next.map((q) => ({ questionId: q.questionId, required: q.required })),
      },
    })
  const move = (i: number, by: -1 | 1) => {
    const next = [...rows]
    const [q] = next.splice(i, 1)
    next.splice(i + by, 0, q!)
    saveOrder(next)
  }
  const total = rows.reduce((s, q) => s + q.maxScore, 0)
  return (
    <Flex vertical gap={12}>
      {locked ? <Alert type="info" showIcon title="问卷已有答卷，题目不能再修改" /> : null}
      <Flex gap={8} align="center">
        {editable ? (
          <Button type="primary" onClick={() => setPicking(true)}>
            从题库添加
          </Button>
        ) : null}
        {editable && can(currentGrant(), question.permissionPage, '添加') ? (
          <Button onClick={() => setWriting(true)}>新建题目</Button>
        ) : null}
        <span>
          共 {rows.length} 题，总分 {total}
        </span>
      </Flex>
      {list.error ? <Alert type="error" showIcon title={list.error.message} /> : null}
      <Table<QuestionnaireQuestion>
        rowKey="questionId"
        size="middle"
        loading={list.isLoading || change.isPending}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          { title: '序号', key: 'n', width: 70, render: (_, _r, i) => i + 1 },
          { title: '题目', dataIndex: 'title' },
          {
            title: '题型',
            dataIndex: 'type',
            width: 100,
            render: (t: string) => <Tag>{QUESTION_TYPES[t as keyof typeof QUESTION_TYPES] ?? t}</Tag>,
          },
          { title: '满分', dataIndex: 'maxScore', width: 80 },
          {
            title: '必答',
            dataIndex: 'required',
            width: 80,
            render: (req: boolean, r) => (
              <Switch
                size="small"
                checked={req}
                disabled={!editable}
                aria-label={`必答：${r.title}`}
                onChange={(v) =>
                  saveOrder(rows.map((q) => (q.questionId === r.questionId ? { ...q, required: v } : q)))
                }
              />
            ),
          },
          ...(editable
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 200,
                  render: (_: unknown, r: QuestionnaireQuestion, i: number) => (
                    <Flex gap={4}>
                      <Button type="link" size="small" disabled={i === 0} onClick={() => move(i, -1)}>
                        上移
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        disabled={i === rows.length - 1}
                        onClick={() => move(i, 1)}
                      >
                        下移
                      </Button>
                      <Popconfirm
                        title="确定从问卷移除该题目吗？"
                        description="题库中的题目保留"
                        okText="确定"
                        cancelText="取消"
                        onConfirm={() =>
                          change.mutate({
                            url: '/api/questionnaire/question/delete',
                            body: { questionnaireId: id, questionIds: [r.questionId] },
                          })
                        }
                      >
                        <Button type="link" size="small" danger>
                          移除
                        </Button>
                      </Popconfirm>
                    </Flex>
                  ),
                },
              ]
            : []),
        ]}
      />
      {writing ? (
        <Suspense fallback={null}>
          <FormDrawer
            def={question}
            target={{}}
            inPlace
            onClose={() => setWriting(false)}
            onSaved={async (questionId) => {
              await api.post('/api/questionnaire/question/add', {
                questionnaireId: id,
                questionIds: [questionId],
              })
              await refresh()
            }}
          />
        </Suspense>
      ) : null}
      {picking ? (
        <BankPicker
          taken={new Set(rows.map((r) => r.questionId))}
          onClose={() => setPicking(false)}
          onPick={async (ids) => {
            await api.post('/api/questionnaire/question/add', { questionnaireId: id, questionIds: ids })
            await refresh()
            message.success(`已添加 ${ids.length} 道题目`, TOAST_SUCCESS_S)
            setPicking(false)
          }}
        />
      ) : null}
    </Flex>
  )
}

interface BankRow {
  id: number
  title: string
  type: string
  category: string
}

const BANK_PAGE = 10

/** 从题库添加: the bank's questions, searched by title, several picked at once (those already in are greyed). */
function BankPicker({
  taken,
  onClose,
  onPick,
}: {
  taken: Set<number>
  onClose: () => void
  onPick: (ids: number[]) => Promise<void>
}) {
  const { message } = App.useApp()
  const [page, setPage] = useState(1)
  const [title, setTitle] = useState('')
  const [chosen, setChosen] = useState<number[]>([])
  const [busy, setBusy] = useState(false)
  const bank = useQuery({
    queryKey: ['question-bank-picker', page, title],
    queryFn: () =>
      api.get<{ items: BankRow[]; total: number }>(`/api/${question.name}/list`, {
        type: 'list',
        page,
        pageSize: BANK_PAGE,
        ...(title ? { title } : {}),
      }),
    placeholderData: keepPreviousData,
  })
  const ok = async () => {
    if (!chosen.length) return void message.error('请选择题目', TOAST_ERROR_S)
    setBusy(true)
    try {
      await onPick(chosen)
    } catch (err) {
      message.error((err as Error).message, TOAST_ERROR_S)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open
      width={820}
      title="从题库添加题目"
      okText={`添加（${chosen.length}）`}
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void ok()}
      onCancel={onClose}
    >
      <Flex vertical gap={12}>
        <Input.Search
          allowClear
          placeholder="题目"
          style={{ width: 280 }}
          onSearch={(v) => {
            setTitle(v.trim())
            setPage(1)
          }}
        />
        <Table<BankRow>
          rowKey="id"
          size="small"
          loading={bank.isFetching}
          dataSource={bank.data?.items ?? []}
          locale={{ emptyText: '暂无数据' }}
          rowSelection={{
            selectedRowKeys: chosen,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setChosen(keys as number[]),
            getCheckboxProps: (r) => ({ disabled: taken.has(r.id), 'aria-label': r.title }),
          }}
          pagination={{
            current: page,
            pageSize: BANK_PAGE,
            total: bank.data?.total ?? 0,
            showTotal: (n) => `共 ${n} 条`,
            onChange: setPage,
          }}
          columns={[
            { title: '题目', dataIndex: 'title' },
            {
              title: '题型',
              dataIndex: 'type',
              width: 100,
              render: (t: string) => QUESTION_TYPES[t as keyof typeof QUESTION_TYPES] ?? t,
            },
            { title: '分类', dataIndex: 'category', width: 120 },
          ]}
        />
      </Flex>
    </Modal>
  )
}
