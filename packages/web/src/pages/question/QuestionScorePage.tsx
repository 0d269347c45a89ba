import { Card, Empty } from 'antd'
import { AnswerSheets } from './AnswerSheets.tsx'
import { QuestionnairePicker, useQuestionnaireId } from './QuestionnairePicker.tsx'

/**
 * 评分管理 (spec §2 /questionScore?id=; decision 0046): a questionnaire's answer sheets with their scores; 修改得分
 * changes one with a reason (the operation log keeps it), never above the questionnaire's total.
 */
export default function QuestionScorePage() {
  const [id, setId] = useQuestionnaireId()
  return (
    <Card title="评分管理" extra={<QuestionnairePicker value={id} onChange={setId} />}>
      {id === undefined ? (
        <Empty description="请选择一份问卷" />
      ) : (
        <AnswerSheets questionnaireId={id} scoring />
      )}
    </Card>
  )
}
