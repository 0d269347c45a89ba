import type { ResourceDef } from '../types.ts'
import { question } from './question.ts'
import { questionnaire } from './questionnaire.ts'

/** The Questionnaires area's definitions (spec §2 Questionnaires), each over a table of server db/tables/questionnaires.ts. */
export const questionResources = { question, questionnaire } as const satisfies Record<string, ResourceDef>
