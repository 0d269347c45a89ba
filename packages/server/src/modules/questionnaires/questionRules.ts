import { questionProblems } from '@moc/domain/resources/question/scoring'
import { registerAfterWrite } from '../../engine/records/recordDerived.ts'
import { AppError } from '../../platform/errors.ts'
import { loadQuestions } from './questionLoad.ts'

// Every save of a bank question (its options written before this hook) keeps its type's rules (scoring.ts).
registerAfterWrite('question', async (tx, ids) => {
  const rows = await loadQuestions(tx, ids)
  for (const q of rows.values()) {
    const problems = questionProblems(q)
    if (problems.length) throw new AppError('BAD_REQUEST', problems.join('；'))
  }
})
