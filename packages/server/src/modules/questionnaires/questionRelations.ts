import {
  questionnaireIdQuerySchema,
  questionnaireMessages,
  questionnaireQuestionSchema,
  questionRelationAddSchema,
  questionRelationDeleteSchema,
  questionRelationModifySchema,
} from '@moc/domain/api/questionnaires'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { and, eq, inArray, isNull, max } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { question, questionnaire, questionnaireQuestion } from '../../db/tables/questionnaires.ts'
import { afterWrite } from '../../engine/records/recordDerived.ts'
import { recordInScope } from '../../engine/records/recordTable.ts'
import type { Ctx } from '../../platform/context.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { questionsOf } from './questionLoad.ts'
import { questionRt, scopedQuestionnaire } from './questionnaireScope.ts'

const tags = ['问卷']
const changed = z.object({ updated: z.number().int() })

/**
 * The question relation calls (spec §7 Questionnaires; /questionTopic): a questionnaire's questions in order — list,
 * add from the bank, remove, reorder and mark required. Its questions stay as they are once it has answer sheets
 * (their scores and statistics read them) and while it is in the recycle bin.
 */
export async function questionRelationRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  /** The questionnaire locked for a change of its questions, or why not. */
  async function editable(tx: Db, req: FastifyRequest, id: number) {
    const row = await scopedQuestionnaire(tx, req, id, true)
    if (row.recycledAt) throw new AppError('NOT_FOUND', questionnaireMessages.notFound)
    if (row.sheetCount > 0) throw new AppError('CONFLICT', questionnaireMessages.hasSheets)
    req.auditInfo.target = `questionnaire:${row.id}`
    req.auditInfo.targetName = row.title
    return row
  }

  app.get(
    '/api/questionnaire/question/list',
    {
      config: { access: { resource: 'detail', record: 'questionnaire' } },
      schema: {
        tags,
        summary: '问卷的题目（按顺序，含选项与正确答案、是否必答、满分）',
        querystring: questionnaireIdQuerySchema,
        response: { 200: envelopeSchema(z.array(questionnaireQuestionSchema)) },
      },
    },
    async (req) => {
      const row = await scopedQuestionnaire(db, req, req.query.questionnaireId)
      const items = await questionsOf(db, row.id)
      return ok(
        items.map((q) => ({
          questionId: q.id,
          sort: q.sort,
          required: q.required,
          type: q.type,
          title: q.title,
          category: q.category,
          answer: q.answer,
          score: q.score,
          scale: q.scale,
          maxScore: q.maxScore,
          own: (q.questionnaireId ?? 0) !== 0,
          options: q.options,
        })),
      )
    },
  )

  app.post(
    '/api/questionnaire/question/add',
    {
      config: { access: { resource: 'update', record: 'questionnaire' }, audit: '问卷添加题目' },
      schema: {
        tags,
        summary: '从题库给问卷添加题目（排在最后；已有的题目不重复添加）',
        body: questionRelationAddSchema,
        response: { 200: envelopeSchema(changed) },
      },
    },
    async (req) => {
      const b = req.body
      const scope = await dataScopeOf(req, db)
      const added = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        await editable(tx, req, b.questionnaireId)
        const ids = [...new Set(b.questionIds)]
        const found = await tx
          .select({ id: question.id })
          .from(question)
          .where(
            and(inArray(question.id, ids), isNull(question.recycledAt), recordInScope(questionRt(), scope)),
          )
        if (found.length !== ids.length)
          throw new AppError('NOT_FOUND', questionnaireMessages.questionNotFound)
        const [top] = await tx
          .select({ n: max(questionnaireQuestion.sort) })
          .from(questionnaireQuestion)
          .where(eq(questionnaireQuestion.questionnaireId, b.questionnaireId))
        const start = (top?.n ?? 0) + 1
        const rows = await tx
          .insert(questionnaireQuestion)
          .values(
            ids.map((questionId, i) => ({
              questionnaireId: b.questionnaireId,
              questionId,
              sort: start + i,
              required: b.required,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: questionnaireQuestion.questionId })
        await touch(tx, b.questionnaireId)
        return rows.length
      })
      return ok({ updated: added })
    },
  )

  app.post(
    '/api/questionnaire/question/delete',
    {
      config: { access: { resource: 'update', record: 'questionnaire' }, audit: '问卷移除题目' },
      schema: {
        tags,
        summary: '从问卷移除题目（题库中的题目保留）',
        body: questionRelationDeleteSchema,
        response: { 200: envelopeSchema(changed) },
      },
    },
    async (req) => {
      const b = req.body
      const removed = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        await editable(tx, req, b.questionnaireId)
        const rows = await tx
          .delete(questionnaireQuestion)
          .where(
            and(
              eq(questionnaireQuestion.questionnaireId, b.questionnaireId),
              inArray(questionnaireQuestion.questionId, b.questionIds),
            ),
          )
          .returning({ id: questionnaireQuestion.questionId })
        await touch(tx, b.questionnaireId)
        return rows.length
      })
      return ok({ updated: removed })
    },
  )

  app.post(
    '/api/questionnaire/question/modify',
    {
      config: { access: { resource: 'update', record: 'questionnaire' }, audit: '问卷题目排序' },
      schema: {
        tags,
        summary: '问卷题目的顺序与是否必答（items 须是问卷的全部题目，按新顺序）',
        body: questionRelationModifySchema,
        response: { 200: envelopeSchema(changed) },
      },
    },
    async (req) => {
      const b = req.body
      const n = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        await editable(tx, req, b.questionnaireId)
        const current = await tx
          .select({ id: questionnaireQuestion.questionId })
          .from(questionnaireQuestion)
          .where(eq(questionnaireQuestion.questionnaireId, b.questionnaireId))
        const given = new Set(b.items.map((i) => i.questionId))
        if (
          given.size !== b.items.length ||
          current.length !== given.size ||
          current.some((c) => !given.has(c.id))
        )
          throw new AppError('BAD_REQUEST', questionnaireMessages.orderMismatch)
        for (const [i, item] of b.items.entries())
          await tx
            .update(questionnaireQuestion)
            .set({ sort: i + 1, required: item.required })
            .where(
              and(
                eq(questionnaireQuestion.questionnaireId, b.questionnaireId),
                eq(questionnaireQuestion.questionId, item.questionId),
              ),
            )
        await touch(tx, b.questionnaireId)
        return b.items.length
      })
      return ok({ updated: n })
    },
  )
}

/** A change of a questionnaire's questions is a change of the questionnaire (its time; its hooks). */
async function touch(tx: Db, id: number) {
  await tx.update(questionnaire).set({ updatedAt: new Date() }).where(eq(questionnaire.id, id))
  await afterWrite(tx, 'questionnaire', [id], { kind: 'modify' })
}
