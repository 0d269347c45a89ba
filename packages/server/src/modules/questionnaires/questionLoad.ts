import { maxScore, type QuestionLike } from '@moc/domain/resources/question/scoring'
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { question, questionnaireQuestion, questionOption } from '../../db/tables/questionnaires.ts'

/** A question with its options (in their order), as the rules, the scoring and the statistics read it. */
export interface LoadedQuestion extends QuestionLike {
  id: number
  title: string
  category: string
  answer: string
  score: number
  scale: number
  analysis: string
  questionnaireId: number | null
  options: { id: number; label: string; score: number; correct: boolean }[]
}

/** These questions with their options, by id. */
export async function loadQuestions(db: Db, ids: readonly number[]): Promise<Map<number, LoadedQuestion>> {
  const out = new Map<number, LoadedQuestion>()
  if (!ids.length) return out
  const [rows, options] = await Promise.all([
    db
      .select()
      .from(question)
      .where(inArray(question.id, [...ids])),
    db
      .select()
      .from(questionOption)
      .where(inArray(questionOption.parentId, [...ids]))
      .orderBy(asc(questionOption.parentId), asc(questionOption.sort), asc(questionOption.id)),
  ])
  for (const r of rows)
    out.set(r.id, {
      id: r.id,
      type: r.type ?? 'single',
      title: r.title,
      category: r.category,
      answer: r.answer,
      score: r.score,
      scale: r.scale,
      analysis: r.analysis,
      questionnaireId: r.questionnaireId,
      options: [],
    })
  for (const o of options)
    out.get(o.parentId)?.options.push({ id: o.id, label: o.label, score: o.score ?? 0, correct: o.correct })
  return out
}

/** A questionnaire's questions in order, each with its place, whether it is required and its most score. */
export async function questionsOf(db: Db, questionnaireId: number) {
  const links = await db
    .select()
    .from(questionnaireQuestion)
    .where(eq(questionnaireQuestion.questionnaireId, questionnaireId))
    .orderBy(asc(questionnaireQuestion.sort), asc(questionnaireQuestion.questionId))
  const byId = await loadQuestions(
    db,
    links.map((l) => l.questionId),
  )
  return links.flatMap((l) => {
    const q = byId.get(l.questionId)
    return q ? [{ ...q, sort: l.sort, required: l.required, maxScore: maxScore(q) }] : []
  })
}

export type QuestionnaireItem = Awaited<ReturnType<typeof questionsOf>>[number]
