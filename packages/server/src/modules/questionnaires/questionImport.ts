import {
  OPTION_LINE,
  QUESTION_IMPORT_COLUMNS,
  QUESTION_TYPE_BY_LABEL,
  questionnaireMessages,
} from '@moc/domain/api/questionnaires'
import {
  RECORD_IMPORT_MAX,
  type RecordImportRowError,
  recordImportResultSchema,
  recordMessages,
} from '@moc/domain/api/records'
import { fieldsSchema } from '@moc/domain/resources/fieldSchema'
import { question as questionDef } from '@moc/domain/resources/question/question'
import { type OptionLike, questionProblems } from '@moc/domain/resources/question/scoring'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { question, questionOption } from '../../db/tables/questionnaires.ts'
import { afterWrite } from '../../engine/records/recordDerived.ts'
import { newRowValues, recordTableOf } from '../../engine/records/recordTable.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { xlsxRows } from '../../platform/xlsxRows.ts'

const IMPORT_MAX_BYTES = 10 * 1024 * 1024

/** The columns a row's values come from (the question's own fields; 选项 is read apart). */
const columnFields = ['title', 'category', 'answer', 'score', 'scale', 'analysis'] as const
const rowSchema = fieldsSchema({
  fields: Object.fromEntries(columnFields.map((n) => [n, questionDef.fields[n]])),
})

type Parsed = { values: Record<string, unknown>; options: OptionLike[] }

/**
 * 选项 cell → options: one per line, `*` marks a correct one, `|n` its score. A correct choice without its own score
 * gets the row's 分值 (a multiple choice: 分值 shared among its correct options, the remainder to the first), so
 * a question written with one 分值 scores that much when answered right.
 */
export function parseOptions(cell: string, type: string, score: number): OptionLike[] {
  const lines = cell
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
  const parsed = lines.map((l) => {
    const m = OPTION_LINE.exec(l)!
    return { label: m[2] ?? '', correct: m[1] === '*', given: m[3] === undefined ? null : Number(m[3]) }
  })
  const unscoredRight = parsed.filter((o) => o.correct && o.given === null)
  const share = type === 'multiple' && unscoredRight.length ? Math.floor(score / unscoredRight.length) : score
  let remainder = type === 'multiple' && unscoredRight.length ? score - share * unscoredRight.length : 0
  return parsed.map((o) => {
    let s = o.given ?? 0
    if (o.given === null && o.correct && (type === 'single' || type === 'multiple')) {
      s = share + remainder
      remainder = 0
    }
    return { label: o.label, correct: o.correct, score: s }
  })
}

/** One sheet row → the question's values and options, or why not. */
function parseRow(cells: Record<string, string>): Parsed | string[] {
  const type = QUESTION_TYPE_BY_LABEL[cells['题型']?.trim() ?? '']
  if (!type) return ['题型填写有误（单选题、多选题、填空题、评分题、排序题）']
  const number = (t: string | undefined) =>
    t?.trim() ? (/^\d+$/.test(t.trim()) ? Number(t.trim()) : t) : undefined
  const raw = {
    title: cells['题目'] ?? '',
    category: cells['分类'] ?? '',
    answer: cells['参考答案'] ?? '',
    score: number(cells['分值']),
    scale: number(cells['评分等级']),
    analysis: cells['答案解析'] ?? '',
  }
  const checked = rowSchema.safeParse(raw)
  if (!checked.success) return [...new Set(checked.error.issues.map((i) => i.message))]
  const values: Record<string, unknown> = { ...(checked.data as Record<string, unknown>), type }
  const options = ['single', 'multiple', 'ordering'].includes(type)
    ? parseOptions(cells['选项'] ?? '', type, Number(values.score ?? 0))
    : []
  const problems = questionProblems({ ...values, type, options } as never)
  return problems.length ? problems : { values, options }
}

/**
 * POST /api/questionnaire/import (spec §7 Questionnaires import): questions into the bank from an .xlsx whose first
 * row names the columns (QUESTION_IMPORT_COLUMNS). The good rows go in, each bad one is named with its reasons
 * (the engine's importMode 'rows', with the options the engine's import cannot read).
 */
export async function questionImportRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const rt = recordTableOf(questionDef)
  app.post(
    '/api/questionnaire/import',
    {
      bodyLimit: Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 64 * 1024,
      config: { access: { resource: 'import', record: 'question' }, audit: '导入题目' },
      schema: {
        tags: ['题目'],
        summary: `题库导入（.xlsx，首行为列名：${QUESTION_IMPORT_COLUMNS.join('、')}；选项每行一个，*开头为正确答案，|分值结尾为该项分值；正确的行导入，有误的行返回行号与原因）`,
        body: z.strictObject({
          fileName: z
            .string()
            .trim()
            .max(200)
            .regex(/\.xlsx$/i, '只支持上传excel文件'),
          file: z.string().max(Math.ceil(IMPORT_MAX_BYTES / 3) * 4, '文件过大'),
        }),
        response: { 200: envelopeSchema(recordImportResultSchema) },
      },
    },
    async (req) => {
      const rows = xlsxRows(Buffer.from(req.body.file, 'base64'), {
        maxRows: RECORD_IMPORT_MAX,
        messages: {
          notExcel: '只支持上传excel文件',
          tooManyRows: recordMessages.importTooMany(RECORD_IMPORT_MAX),
        },
      })
      let header: string[] | undefined
      const good: (Parsed & { row: number })[] = []
      const failed: RecordImportRowError[] = []
      for await (const r of rows) {
        if (!header) {
          header = r.cells.map((c) => c.trim())
          const missing = ['题型', '题目'].filter((c) => !header!.includes(c))
          if (missing.length)
            throw new AppError('BAD_REQUEST', questionnaireMessages.importHeader(missing.join('、')))
          continue
        }
        if (r.cells.every((c) => c.trim() === '')) continue
        const cells = Object.fromEntries(header.map((h, i) => [h, r.cells[i] ?? '']))
        const parsed = parseRow(cells)
        if (Array.isArray(parsed)) failed.push({ row: r.row, messages: parsed })
        else good.push({ ...parsed, row: r.row })
      }
      if (!good.length && !failed.length) throw new AppError('BAD_REQUEST', questionnaireMessages.importEmpty)
      const me = req.principal!.adminId
      if (good.length)
        await db.transaction(async (t) => {
          const tx = t as unknown as Db
          const fresh = await newRowValues(tx, rt, me)
          const made = await tx
            .insert(question)
            .values(good.map((g) => ({ ...g.values, ...fresh }) as typeof question.$inferInsert))
            .returning({ id: question.id })
          const options = good.flatMap((g, i) =>
            g.options.map((o, sort) => ({
              parentId: made[i]!.id,
              sort,
              label: o.label,
              score: Number(o.score ?? 0),
              correct: !!o.correct,
            })),
          )
          if (options.length) await tx.insert(questionOption).values(options)
          await afterWrite(
            tx,
            'question',
            made.map((m) => m.id),
            { kind: 'import' },
          )
        })
      req.auditInfo.target = `${req.body.fileName}：导入 ${good.length} 行，${failed.length} 行有误`
      return ok({ added: good.length, failed }, recordMessages.importedRows(good.length, failed.length))
    },
  )
}
