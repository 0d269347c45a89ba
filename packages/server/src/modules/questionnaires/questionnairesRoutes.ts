import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'
import { answerSheetRoutes } from './answerSheets.ts'
import { openQuestionnaireRoutes } from './openQuestionnaireRoutes.ts'
import { questionImportRoutes } from './questionImport.ts'
import './questionnaireState.ts'
import { questionRelationRoutes } from './questionRelations.ts'
import './questionRules.ts'
import { questionStatsRoutes } from './questionStats.ts'

/**
 * The Questionnaires area's routes beyond the record engine's (spec §2 Questionnaires, §7 Questionnaires; decision
 * 0046): the bank's import, a questionnaire's questions, its answer sheets, scores and statistics, and the app-facing
 * calls. The write hooks, derived values and the 清空回收站 command register when their files are imported here.
 */
export async function questionnairesRoutes(app: FastifyInstance, ctx: Ctx) {
  await questionImportRoutes(app, ctx)
  await questionRelationRoutes(app, ctx)
  await answerSheetRoutes(app, ctx)
  await questionStatsRoutes(app, ctx)
  await openQuestionnaireRoutes(app, ctx)
}
