import { questionnaireMessages } from '@moc/domain/api/questionnaires'
import { can } from '@moc/domain/permissions/can'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import { and, count, inArray, isNotNull, sql } from 'drizzle-orm'
import { questionnaire, questionnaireQuestion } from '../../db/tables/questionnaires.ts'
import { registerCommand } from '../../engine/records/recordCommands.ts'
import { registerAfterWrite, registerDerived } from '../../engine/records/recordDerived.ts'
import { recordInScope } from '../../engine/records/recordTable.ts'
import { forgetReviewHistory } from '../../engine/reviewHistory.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'

const WINDOW_MESSAGE = '结束时间须晚于开始时间'

/**
 * A questionnaire's `state` follows its review (decision 0046): approved → 已发布; taken back by 撤回 (the engine's
 * revoke/batch, process type WITHDRAW) → 已撤回 until it is submitted again; else 草稿. A questionnaire goes to
 * review only with questions; its window runs the right way round.
 */
registerAfterWrite('questionnaire', async (tx, ids) => {
  if (!ids.length) return
  const rows = await tx
    .update(questionnaire)
    .set({
      state: sql`case when ${questionnaire.verifyState} = ${VERIFY_STATE.passed} then 'published'
        when ${questionnaire.processType} = 'WITHDRAW' then 'withdrawn' else 'draft' end`,
    })
    .where(inArray(questionnaire.id, [...ids]))
    .returning({
      id: questionnaire.id,
      verifyState: questionnaire.verifyState,
      startAt: questionnaire.startAt,
      endAt: questionnaire.endAt,
    })
  if (rows.some((r) => r.startAt && r.endAt && r.endAt <= r.startAt))
    throw new AppError('BAD_REQUEST', WINDOW_MESSAGE)
  const submitted = rows.filter((r) => r.verifyState === VERIFY_STATE.pending).map((r) => r.id)
  if (submitted.length) {
    const counts = await questionCounts(tx, submitted)
    if (submitted.some((id) => !counts.get(id)))
      throw new AppError('BAD_REQUEST', questionnaireMessages.noQuestions)
  }
})

async function questionCounts(db: Parameters<Parameters<typeof registerAfterWrite>[1]>[0], ids: number[]) {
  const rows = await db
    .select({ id: questionnaireQuestion.questionnaireId, n: count() })
    .from(questionnaireQuestion)
    .where(inArray(questionnaireQuestion.questionnaireId, ids))
    .groupBy(questionnaireQuestion.questionnaireId)
  return new Map(rows.map((r) => [r.id, r.n]))
}

registerDerived('questionnaire', async (db, rows) => {
  const counts = await questionCounts(
    db,
    rows.map((r) => r.id),
  )
  return new Map(rows.map((r) => [r.id, { questionCount: counts.get(r.id) ?? 0 }]))
})

/**
 * 清空回收站: every questionnaire in the recycle bin that the caller may see goes for ever, with its questions' links
 * and answer sheets (cascade) and its review history. Needs 删除 and 回收站, as deleting from the bin does.
 */
registerCommand('questionnaire', 'clean', async ({ tx, req, rt }) => {
  if (!can(req.principal!, '问卷-问卷', '回收站')) throw new AppError('FORBIDDEN', '没有回收站权限')
  const scope = await dataScopeOf(req, tx)
  const gone = await tx
    .delete(questionnaire)
    .where(and(isNotNull(questionnaire.recycledAt), recordInScope(rt, scope)))
    .returning({ id: questionnaire.id, title: questionnaire.title })
  await forgetReviewHistory(
    tx,
    rt.resType,
    gone.map((r) => r.id),
  )
  req.auditInfo.target = gone.map((r) => `questionnaire:${r.id}`).join(',') || 'questionnaire:recycle'
  req.auditInfo.targetName = `清空回收站：${gone.length} 份问卷`
  return { deleted: gone.length }
})
