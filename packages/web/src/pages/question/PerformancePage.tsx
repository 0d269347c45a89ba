import type { QuestionnaireStats } from '@moc/domain/api/questionnaires'
import { QUESTION_TYPES } from '@moc/domain/resources/question/scoring'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Empty, Flex, Progress, Statistic, Table, Tag, Typography } from 'antd'
import { api } from '../../api/client.ts'
import { QuestionnairePicker, useQuestionnaireId } from './QuestionnairePicker.tsx'
import './questions.css'

/**
 * 绩效统计 (spec §2 /performance?id=; decision 0046): a questionnaire's per-question statistics drawn as bars (antd
 * Progress, as the vote results are): each option's count of a choice (an ordering: how often it was put first), a
 * rating's average and the count of each value, a fill-in's answers by frequency, and the share of answers that
 * scored.
 */
export default function PerformancePage() {
  const [id, setId] = useQuestionnaireId()
  const stats = useQuery({
    queryKey: ['questionnaire-stats', id],
    queryFn: () => api.get<QuestionnaireStats>('/api/questionnaire/statistics', { questionnaireId: id }),
    enabled: id !== undefined,
  })
  const s = stats.data
  return (
    <Flex vertical gap={16}>
      <Card
        title="答题统计"
        extra={<QuestionnairePicker value={id} onChange={setId} />}
        loading={stats.isLoading}
      >
        {id === undefined ? <Empty description="请选择一份问卷" /> : null}
        {stats.error ? <Alert type="error" showIcon title={stats.error.message} /> : null}
        {s ? (
          <Flex gap={48}>
            <Statistic title="答卷数" value={s.sheetCount} />
            <Statistic title="平均分" value={s.averageScore ?? '--'} />
            <Statistic title="总分" value={s.maxScore} />
          </Flex>
        ) : null}
      </Card>
      {s && !s.questions.length ? <Empty description="暂无数据" /> : null}
      {s?.questions.map((q, i) => (
        <Card
          key={q.questionId}
          size="small"
          title={
            <span>
              {i + 1}. {q.title} <Tag>{QUESTION_TYPES[q.type as keyof typeof QUESTION_TYPES] ?? q.type}</Tag>
            </span>
          }
          extra={
            <Typography.Text type="secondary">
              作答 {q.answered} 人
              {q.correctRate === null ? '' : `，得分率 ${(q.correctRate * 100).toFixed(1)}%`}
            </Typography.Text>
          }
        >
          <QuestionChart q={q} />
        </Card>
      ))}
    </Flex>
  )
}

type Q = QuestionnaireStats['questions'][number]

function Bars({
  rows,
  unit,
}: {
  rows: { key: string | number; label: string; count: number }[]
  unit: string
}) {
  const most = Math.max(1, ...rows.map((r) => r.count))
  return (
    <Flex vertical gap={6} role="figure">
      {rows.map((r) => (
        <div key={r.key} className="moc-question-bar" data-label={r.label}>
          <span className="moc-question-bar-label" title={r.label}>
            {r.label}
          </span>
          <Progress percent={(r.count / most) * 100} showInfo={false} />
          <span className="moc-question-bar-count">
            {r.count} {unit}
          </span>
        </div>
      ))}
    </Flex>
  )
}

function QuestionChart({ q }: { q: Q }) {
  if (q.type === 'rating')
    return (
      <Flex vertical gap={8}>
        <Typography.Text>平均分：{q.average ?? '--'}</Typography.Text>
        <Bars
          rows={q.ratings.map((r) => ({ key: r.value, label: `${r.value} 分`, count: r.count }))}
          unit="人"
        />
      </Flex>
    )
  if (q.type === 'fill')
    return (
      <Table
        rowKey="text"
        size="small"
        pagination={false}
        dataSource={q.texts}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          { title: '答案', dataIndex: 'text' },
          { title: '人数', dataIndex: 'count', width: 100 },
        ]}
      />
    )
  return (
    <Flex vertical gap={8}>
      {q.type === 'ordering' ? (
        <Typography.Text type="secondary">各选项排在第一位的人数</Typography.Text>
      ) : null}
      <Bars rows={q.options.map((o) => ({ key: o.id, label: o.label, count: o.count }))} unit="人" />
    </Flex>
  )
}
