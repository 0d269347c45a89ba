import {
  questionnaireMessages as msg,
  openAnswerBodySchema,
  openAnswerResultSchema,
  openQuestionnaireDetailSchema,
  openQuestionnaireIdQuerySchema,
  openQuestionnaireListQuerySchema,
  openQuestionnaireSchema,
} from '@moc/domain/api/questionnaires'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import { answerProblem, scoreAnswer } from '@moc/domain/resources/question/scoring'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import {
  answerSheet,
  questionnaire,
  questionnaireQuestion,
  sheetAnswer,
} from '../../db/tables/questionnaires.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { appUserOf, auditApp } from '../community/openCommon.ts'
import { questionsOf } from './questionLoad.ts'

const tags = ['App 开放接口-问卷']
const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** Questionnaires the app shows: approved (已发布), shown, not in the recycle bin, in their window. */
const openNow = (now: Date): SQL =>
  and(
    eq(questionnaire.verifyState, VERIFY_STATE.passed),
    eq(questionnaire.state, 'published'),
    eq(questionnaire.showState, true),
    isNull(questionnaire.recycledAt),
    or(isNull(questionnaire.startAt), lte(questionnaire.startAt, now)),
    or(isNull(questionnaire.endAt), gte(questionnaire.endAt, now)),
  )!

type Q = typeof questionnaire.$inferSelect

/**
 * The app-facing questionnaire calls (DESIGN §6a, decision 0046): the open questionnaires, one with its questions
 * (never their right answers or scores), and answering one — each answer checked against its question's type,
 * required questions answered, scored on the server; a questionnaire that is not repeatable takes one sheet per user,
 * held by a lock on (questionnaire, user) so two concurrent submissions cannot both land.
 */
export async function openQuestionnaireRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  async function answeredBy(userId: number, ids: number[]) {
    if (!ids.length) return new Set<number>()
    const rows = await db
      .selectDistinct({ id: answerSheet.questionnaireId })
      .from(answerSheet)
      .where(and(eq(answerSheet.userId, userId), inArray(answerSheet.questionnaireId, ids)))
    return new Set(rows.map((r) => r.id))
  }

  async function counts(ids: number[]) {
    if (!ids.length) return new Map<number, number>()
    const rows = await db
      .select({ id: questionnaireQuestion.questionnaireId, n: count() })
      .from(questionnaireQuestion)
      .where(inArray(questionnaireQuestion.questionnaireId, ids))
      .groupBy(questionnaireQuestion.questionnaireId)
    return new Map(rows.map((r) => [r.id, r.n]))
  }

  const itemOf = (q: Q, n: number, answered: boolean) => ({
    id: q.id,
    title: q.title,
    intro: q.intro,
    cover: q.cover,
    startAt: iso(q.startAt),
    endAt: iso(q.endAt),
    scored: q.scored,
    repeatable: q.repeatable,
    questionCount: n,
    answered,
  })

  app.get(
    '/api/open/questionnaire/list',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: '进行中的问卷（已发布、显示、在答题时间内），最新的在前；answered 为当前用户是否已答',
        querystring: openQuestionnaireListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(openQuestionnaireSchema)) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const where = openNow(new Date())
      const [rows, [n]] = await Promise.all([
        db
          .select()
          .from(questionnaire)
          .where(where)
          .orderBy(desc(questionnaire.publishedAt), desc(questionnaire.id))
          .limit(req.query.pageSize)
          .offset((req.query.page - 1) * req.query.pageSize),
        db.select({ n: count() }).from(questionnaire).where(where),
      ])
      const ids = rows.map((r) => r.id)
      const [done, qs] = await Promise.all([answeredBy(me.userId, ids), counts(ids)])
      return ok({ items: rows.map((r) => itemOf(r, qs.get(r.id) ?? 0, done.has(r.id))), total: n?.n ?? 0 })
    },
  )

  async function openOne(tx: Db, id: number) {
    const now = new Date()
    const q = tx
      .select()
      .from(questionnaire)
      .where(and(eq(questionnaire.id, id), eq(questionnaire.verifyState, VERIFY_STATE.passed)))
    const [row] = await q
    if (!row || row.state !== 'published' || !row.showState || row.recycledAt)
      throw new AppError('NOT_FOUND', msg.notOpen)
    if (row.startAt && row.startAt > now) throw new AppError('CONFLICT', msg.notStarted)
    if (row.endAt && row.endAt < now) throw new AppError('CONFLICT', msg.ended)
    return row
  }

  app.get(
    '/api/open/questionnaire/detail',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: '问卷详情与题目（按顺序；选项不含正确答案与分值）',
        querystring: openQuestionnaireIdQuerySchema,
        response: { 200: envelopeSchema(openQuestionnaireDetailSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const row = await openOne(db, req.query.id)
      const questions = await questionsOf(db, row.id)
      const done = await answeredBy(me.userId, [row.id])
      return ok({
        ...itemOf(row, questions.length, done.has(row.id)),
        questions: questions.map((q) => ({
          id: q.id,
          type: q.type,
          title: q.title,
          required: q.required,
          scale: q.type === 'rating' ? q.scale : null,
          options: q.options.map((o) => ({ id: o.id, label: o.label })),
        })),
      })
    },
  )

  app.post(
    '/api/open/questionnaire/answer',
    {
      config: { access: 'appUser', audit: 'App用户提交问卷' },
      schema: {
        tags,
        summary:
          '提交答卷：answers 为 题目id → 答案（单选 选项id；多选 选项id数组；填空 文字；评分 1..等级；排序 全部选项id按顺序）；必答题须答；不可重复作答的问卷每人一份；计分问卷返回得分',
        body: openAnswerBodySchema,
        response: { 200: envelopeSchema(openAnswerResultSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const b = req.body
      const result = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        // One sheet per user unless repeatable: the lock serialises this user's submissions to this questionnaire
        // (taken first: the questionnaire row is only updated, by its count, at the end).
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`answer_sheet:${b.questionnaireId}:${me.userId}`}))`,
        )
        const row = await openOne(tx, b.questionnaireId)
        const questions = await questionsOf(tx, row.id)
        if (!questions.length) throw new AppError('CONFLICT', msg.noQuestions)
        const known = new Set(questions.map((q) => String(q.id)))
        if (Object.keys(b.answers).some((k) => !known.has(k)))
          throw new AppError('BAD_REQUEST', msg.unknownQuestion)
        const answers: Record<string, unknown> = {}
        const scores: Record<string, number> = {}
        for (const q of questions) {
          const value = b.answers[String(q.id)]
          const blank =
            value === undefined ||
            (typeof value === 'string' && value.trim() === '') ||
            (Array.isArray(value) && !value.length)
          if (blank) {
            if (q.required) throw new AppError('BAD_REQUEST', msg.required(q.title))
            continue
          }
          const why = answerProblem(q, value)
          if (why) throw new AppError('BAD_REQUEST', msg.badAnswer(q.title, why))
          answers[String(q.id)] = typeof value === 'string' ? value.trim() : value
          scores[String(q.id)] = row.scored ? scoreAnswer(q, value) : 0
        }
        if (!row.repeatable) {
          const [already] = await tx
            .select({ id: answerSheet.id })
            .from(answerSheet)
            .where(and(eq(answerSheet.questionnaireId, row.id), eq(answerSheet.userId, me.userId)))
            .limit(1)
          if (already) throw new AppError('CONFLICT', msg.answered)
        }
        const total = Object.values(scores).reduce((s, n) => s + n, 0)
        const [sheet] = await tx
          .insert(answerSheet)
          .values({
            questionnaireId: row.id,
            userId: me.userId,
            answers,
            scores,
            score: total,
            durationSeconds: b.durationSeconds ?? null,
          })
          .returning({ id: answerSheet.id })
        const entries = Object.entries(answers)
        if (entries.length)
          await tx.insert(sheetAnswer).values(
            entries.map(([qid, value]) => ({
              sheetId: sheet!.id,
              questionnaireId: row.id,
              questionId: Number(qid),
              value,
              score: scores[qid] ?? 0,
            })),
          )
        await tx
          .update(questionnaire)
          .set({ sheetCount: sql`${questionnaire.sheetCount} + 1` })
          .where(eq(questionnaire.id, row.id))
        return {
          sheetId: sheet!.id,
          score: row.scored ? total : null,
          maxScore: row.scored ? questions.reduce((s, q) => s + q.maxScore, 0) : null,
          title: row.title,
        }
      })
      auditApp(req, `answerSheet:${result.sheetId}`, result.title)
      const { title: _t, ...out } = result
      return ok(out, msg.submitted)
    },
  )
}
