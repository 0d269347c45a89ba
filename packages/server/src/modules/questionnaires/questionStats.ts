import { questionnaireIdQuerySchema, questionnaireStatsSchema } from '@moc/domain/api/questionnaires'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { and, avg, count, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { answerSheet, sheetAnswer } from '../../db/tables/questionnaires.ts'
import type { Ctx } from '../../platform/context.ts'
import { questionsOf } from './questionLoad.ts'
import { scopedQuestionnaire } from './questionnaireScope.ts'

/** Fill-in answers listed per question: the most frequent this many. */
const TEXTS_MAX = 50

/**
 * Per-question statistics of one questionnaire (/performance), from sheet_answer (one row per sheet and question):
 * a choice's count per option (a multiple choice counts each option chosen), an ordering's count of each option put
 * first, a rating's average and count per value, a fill-in's answers by frequency; for scored types the share of
 * answers with the full score.
 */
export async function questionnaireStats(db: Db, id: number, title: string) {
  const questions = await questionsOf(db, id)
  const mine = eq(sheetAnswer.questionnaireId, id)
  const [choices, firsts, ratings, texts, totals, [sheets]] = await Promise.all([
    db
      .select({ questionId: sheetAnswer.questionId, option: sql<number>`o.v::int`, n: count() })
      .from(sheetAnswer)
      .innerJoin(
        sql`lateral jsonb_array_elements(case when jsonb_typeof(${sheetAnswer.value}) = 'array' then ${sheetAnswer.value} else jsonb_build_array(${sheetAnswer.value}) end) as o(v)`,
        sql`true`,
      )
      .where(and(mine, sql`jsonb_typeof(${sheetAnswer.value}) in ('array', 'number')`))
      .groupBy(sheetAnswer.questionId, sql`o.v`),
    db
      .select({
        questionId: sheetAnswer.questionId,
        option: sql<number>`(${sheetAnswer.value}->>0)::int`,
        n: count(),
      })
      .from(sheetAnswer)
      .where(and(mine, sql`jsonb_typeof(${sheetAnswer.value}) = 'array'`))
      .groupBy(sheetAnswer.questionId, sql`(${sheetAnswer.value}->>0)::int`),
    db
      .select({
        questionId: sheetAnswer.questionId,
        value: sql<number>`(${sheetAnswer.value})::text::int`,
        n: count(),
      })
      .from(sheetAnswer)
      .where(and(mine, sql`jsonb_typeof(${sheetAnswer.value}) = 'number'`))
      .groupBy(sheetAnswer.questionId, sql`(${sheetAnswer.value})::text::int`),
    db
      .select({
        questionId: sheetAnswer.questionId,
        text: sql<string>`trim(${sheetAnswer.value}#>>'{}')`,
        n: count(),
      })
      .from(sheetAnswer)
      .where(and(mine, sql`jsonb_typeof(${sheetAnswer.value}) = 'string'`))
      .groupBy(sheetAnswer.questionId, sql`trim(${sheetAnswer.value}#>>'{}')`)
      .orderBy(desc(count())),
    db
      .select({
        questionId: sheetAnswer.questionId,
        n: count(),
        full: sql<number>`count(*) filter (where ${sheetAnswer.score} > 0)`,
      })
      .from(sheetAnswer)
      .where(mine)
      .groupBy(sheetAnswer.questionId),
    db
      .select({ n: count(), avg: avg(answerSheet.score) })
      .from(answerSheet)
      .where(eq(answerSheet.questionnaireId, id)),
  ])
  const of = <T extends { questionId: number }>(rows: T[], qid: number) =>
    rows.filter((r) => r.questionId === qid)
  return {
    id,
    title,
    sheetCount: sheets?.n ?? 0,
    averageScore:
      sheets?.avg === null || sheets?.avg === undefined ? null : Math.round(Number(sheets.avg) * 100) / 100,
    maxScore: questions.reduce((s, q) => s + q.maxScore, 0),
    questions: questions.map((q) => {
      const total = of(totals, q.id)[0]
      const counted = q.type === 'ordering' ? of(firsts, q.id) : of(choices, q.id)
      const rated = of(ratings, q.id).sort((a, b) => a.value - b.value)
      const ratedN = rated.reduce((s, r) => s + r.n, 0)
      return {
        questionId: q.id,
        type: q.type,
        title: q.title,
        answered: total?.n ?? 0,
        options: ['single', 'multiple', 'ordering'].includes(q.type)
          ? q.options.map((o) => ({
              id: o.id,
              label: o.label,
              count: counted.find((c) => Number(c.option) === o.id)?.n ?? 0,
            }))
          : [],
        average:
          q.type === 'rating' && ratedN
            ? Math.round((rated.reduce((s, r) => s + r.value * r.n, 0) / ratedN) * 100) / 100
            : null,
        ratings:
          q.type === 'rating'
            ? Array.from({ length: q.scale }, (_, i) => ({
                value: i + 1,
                count: rated.find((r) => r.value === i + 1)?.n ?? 0,
              }))
            : [],
        texts:
          q.type === 'fill'
            ? of(texts, q.id)
                .slice(0, TEXTS_MAX)
                .map((t) => ({ text: t.text, count: t.n }))
            : [],
        correctRate:
          q.type === 'rating' || !total?.n ? null : Math.round((Number(total.full) / total.n) * 1000) / 1000,
      }
    }),
  }
}

/** GET /api/questionnaire/statistics (绩效统计): the page 问卷-绩效 查看, within the questionnaires the caller sees. */
export async function questionStatsRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  app.get(
    '/api/questionnaire/statistics',
    {
      config: { access: { page: '问卷-绩效', action: '查看' } },
      schema: {
        tags: ['问卷答卷'],
        summary:
          '问卷逐题统计：选择题各选项人数、排序题各项排第一的人数、评分题平均分与分布、填空题答案（按出现次数）、答对率',
        querystring: questionnaireIdQuerySchema,
        response: { 200: envelopeSchema(questionnaireStatsSchema) },
      },
    },
    async (req) => {
      const q = await scopedQuestionnaire(db, req, req.query.questionnaireId)
      return ok(await questionnaireStats(db, q.id, q.title))
    },
  )
}
