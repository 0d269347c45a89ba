import type { PassThrough } from 'node:stream'
import {
  answerSheetDetailSchema,
  answerSheetExportSchema,
  answerSheetQuerySchema,
  answerSheetRowSchema,
  questionnaireMessages,
  scoreModifySchema,
} from '@moc/domain/api/questionnaires'
import { chinaTime } from '@moc/domain/rules/chinaTime'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { idQuerySchema } from '@moc/domain/transport/ids'
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { admin } from '../../db/schema.ts'
import { appUser } from '../../db/tables/community.ts'
import { answerSheet } from '../../db/tables/questionnaires.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { containsPattern } from '../../platform/paging.ts'
import { sendXlsx } from '../../platform/xlsxReply.ts'
import { answerText, rightText } from './answerText.ts'
import { questionsOf } from './questionLoad.ts'
import { scopedQuestionnaire } from './questionnaireScope.ts'

const sheetColumns = {
  id: answerSheet.id,
  questionnaireId: answerSheet.questionnaireId,
  userId: answerSheet.userId,
  nickname: appUser.nickname,
  phone: appUser.phone,
  score: answerSheet.score,
  durationSeconds: answerSheet.durationSeconds,
  submittedAt: answerSheet.submittedAt,
  scoreModifiedBy: admin.username,
  scoreModifiedAt: answerSheet.scoreModifiedAt,
  answers: answerSheet.answers,
  scores: answerSheet.scores,
}

type SheetRow = Awaited<ReturnType<ReturnType<typeof selectSheets>['execute']>>[number]

const selectSheets = (db: Db) =>
  db
    .select(sheetColumns)
    .from(answerSheet)
    .innerJoin(appUser, eq(appUser.id, answerSheet.userId))
    .leftJoin(admin, eq(admin.id, answerSheet.scoreModifiedBy))

const rowOut = (r: SheetRow) => ({
  id: r.id,
  questionnaireId: r.questionnaireId,
  userId: r.userId,
  nickname: r.nickname ?? '',
  phone: r.phone ?? '',
  score: r.score,
  durationSeconds: r.durationSeconds,
  submittedAt: r.submittedAt.toISOString(),
  scoreModifiedBy: r.scoreModifiedBy ?? null,
  scoreModifiedAt: r.scoreModifiedAt ? r.scoreModifiedAt.toISOString() : null,
})

/**
 * A questionnaire's answer sheets (spec §7 history list/export/detail) and their scores (score list/modify,
 * /questionScore): newest first, searchable by the answerer's nickname or phone. A score changed by hand names who and
 * when, and the operation log keeps the reason.
 */
export async function answerSheetRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const tags = ['问卷答卷']

  async function page(req: FastifyRequest, q: z.infer<typeof answerSheetQuerySchema>) {
    const row = await scopedQuestionnaire(db, req, q.questionnaireId)
    const kw = q.keyword ? containsPattern(q.keyword) : undefined
    const where: SQL | undefined = and(
      eq(answerSheet.questionnaireId, row.id),
      kw ? or(ilike(appUser.nickname, kw), ilike(appUser.phone, kw)) : undefined,
    )
    const [rows, [n]] = await Promise.all([
      selectSheets(db)
        .where(where)
        .orderBy(desc(answerSheet.submittedAt), desc(answerSheet.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      db
        .select({ n: count() })
        .from(answerSheet)
        .innerJoin(appUser, eq(appUser.id, answerSheet.userId))
        .where(where),
    ])
    return ok({ items: rows.map(rowOut), total: n?.n ?? 0 })
  }

  const listSchema = (summary: string) => ({
    tags,
    summary,
    querystring: answerSheetQuerySchema,
    response: { 200: envelopeSchema(pageSchema(answerSheetRowSchema)) },
  })

  app.get(
    '/api/questionnaire/history/list',
    {
      config: { access: { resource: 'detail', record: 'questionnaire' } },
      schema: listSchema('问卷的答卷记录（最新的在前；keyword 按答题用户昵称或手机号筛选）'),
    },
    (req) => page(req, req.query),
  )

  app.get(
    '/api/questionnaire/score/list',
    {
      config: { access: { page: '问卷-评分', action: '查看' } },
      schema: listSchema('评分管理：问卷各答卷的得分（最新的在前；含人工修改人与时间）'),
    },
    (req) => page(req, req.query),
  )

  /** One sheet in the caller's scope, with its questionnaire. */
  async function sheetOf(tx: Db, req: FastifyRequest, id: number, lock = false) {
    const [sheet] = await tx.select().from(answerSheet).where(eq(answerSheet.id, id))
    if (!sheet) throw new AppError('NOT_FOUND', questionnaireMessages.sheetNotFound)
    const q = await scopedQuestionnaire(tx, req, sheet.questionnaireId, lock)
    return { sheet, q }
  }

  app.get(
    '/api/questionnaire/history/detail',
    {
      config: { access: { resource: 'detail', record: 'questionnaire' } },
      schema: {
        tags,
        summary: '答卷详情：每题的答案、得分、满分与正确答案',
        querystring: z.object({ id: idQuerySchema }),
        response: { 200: envelopeSchema(answerSheetDetailSchema) },
      },
    },
    async (req) => {
      const { sheet, q } = await sheetOf(db, req, req.query.id)
      const [row] = await selectSheets(db).where(eq(answerSheet.id, sheet.id))
      const questions = await questionsOf(db, q.id)
      return ok({
        ...rowOut(row!),
        title: q.title,
        maxScore: questions.reduce((s, x) => s + x.maxScore, 0),
        answers: questions.map((x) => ({
          questionId: x.id,
          type: x.type,
          title: x.title,
          value: sheet.answers[String(x.id)] ?? null,
          text: answerText(x, sheet.answers[String(x.id)]),
          score: sheet.scores[String(x.id)] ?? 0,
          maxScore: x.maxScore,
          right: rightText(x),
        })),
      })
    },
  )

  app.post(
    '/api/questionnaire/history/export',
    {
      config: { access: { resource: 'export', record: 'questionnaire' }, audit: '导出答卷' },
      schema: {
        tags,
        summary: '导出问卷的全部答卷为 Excel（.xlsx：每份答卷一行，每题一列）',
        body: answerSheetExportSchema,
      },
    },
    async (req, reply) => {
      const q = await scopedQuestionnaire(db, req, req.body.questionnaireId)
      const questions = await questionsOf(db, q.id)
      req.auditInfo.target = `questionnaire:${q.id}`
      req.auditInfo.targetName = q.title
      return sendXlsx(req, reply, { name: 'answer-sheets', label: `${q.title}-答卷` }, async (out) => {
        const rows = await selectSheets(db)
          .where(eq(answerSheet.questionnaireId, q.id))
          .orderBy(asc(answerSheet.submittedAt), asc(answerSheet.id))
        await writeSheetsXlsx(out, questions, rows)
      })
    },
  )

  app.post(
    '/api/questionnaire/score/modify',
    {
      config: { access: { page: '问卷-评分', action: '编辑' }, audit: '修改答卷得分' },
      schema: {
        tags,
        summary: '修改一份答卷的得分（0 到问卷总分；须填写原因，记入操作日志）',
        body: scoreModifySchema,
        response: { 200: envelopeSchema(answerSheetRowSchema) },
      },
    },
    async (req) => {
      const b = req.body
      const out = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const { sheet, q } = await sheetOf(tx, req, b.id, true)
        const total = (await questionsOf(tx, q.id)).reduce((s, x) => s + x.maxScore, 0)
        if (b.score > total) throw new AppError('BAD_REQUEST', questionnaireMessages.scoreTooHigh(total))
        await tx
          .update(answerSheet)
          .set({ score: b.score, scoreModifiedBy: req.principal!.adminId, scoreModifiedAt: new Date() })
          .where(eq(answerSheet.id, sheet.id))
        req.auditInfo.target = `answerSheet:${sheet.id}`
        req.auditInfo.targetName = `${q.title}：${sheet.score} → ${b.score}，原因：${b.reason}`
        const [row] = await selectSheets(tx).where(eq(answerSheet.id, sheet.id))
        return rowOut(row!)
      })
      return ok(out, questionnaireMessages.scoreModified)
    },
  )
}

async function writeSheetsXlsx(
  out: PassThrough,
  questions: Awaited<ReturnType<typeof questionsOf>>,
  rows: SheetRow[],
) {
  const { default: ExcelJS } = await import('exceljs')
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  wb.creator = '融媒体运营后台'
  const ws = wb.addWorksheet('答卷', { views: [{ state: 'frozen', ySplit: 1 }] })
  ws.columns = [
    { header: '答卷ID', key: 'id', width: 10 },
    { header: '用户', key: 'nickname', width: 16 },
    { header: '手机号', key: 'phone', width: 14 },
    { header: '提交时间', key: 'submittedAt', width: 20 },
    { header: '用时(秒)', key: 'duration', width: 10 },
    { header: '得分', key: 'score', width: 8 },
    ...questions.map((q, i) => ({ header: `${i + 1}. ${q.title}`, key: `q${q.id}`, width: 24 })),
  ]
  ws.getRow(1).font = { bold: true }
  ws.getRow(1).commit()
  for (const r of rows)
    ws.addRow({
      id: r.id,
      nickname: r.nickname ?? '',
      phone: r.phone ?? '',
      submittedAt: chinaTime(r.submittedAt),
      duration: r.durationSeconds ?? '',
      score: r.score,
      ...Object.fromEntries(questions.map((q) => [`q${q.id}`, answerText(q, r.answers[String(q.id)])])),
    }).commit()
  ws.commit()
  await wb.commit()
}
