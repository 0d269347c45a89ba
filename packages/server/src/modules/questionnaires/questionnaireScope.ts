import { questionnaireMessages } from '@moc/domain/api/questionnaires'
import { question as questionDef } from '@moc/domain/resources/question/question'
import { questionnaire as questionnaireDef } from '@moc/domain/resources/question/questionnaire'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { questionnaire } from '../../db/tables/questionnaires.ts'
import { recordInScope, recordTableOf } from '../../engine/records/recordTable.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'

export const questionnaireRt = () => recordTableOf(questionnaireDef)
export const questionRt = () => recordTableOf(questionDef)

/**
 * A questionnaire the caller may see (its data scope), or 404; with `lock`, held for update in the transaction (the
 * writes to its questions and sheets' scores serialise on it).
 */
export async function scopedQuestionnaire(db: Db, req: FastifyRequest, id: number, lock = false) {
  const scope = await dataScopeOf(req, db)
  const q = db
    .select()
    .from(questionnaire)
    .where(and(eq(questionnaire.id, id), recordInScope(questionnaireRt(), scope)))
  const [row] = lock ? await q.for('update') : await q
  if (!row) throw new AppError('NOT_FOUND', questionnaireMessages.notFound)
  return row
}
