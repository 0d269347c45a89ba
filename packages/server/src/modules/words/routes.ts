import {
  type SensitiveLevel,
  WORD_IMPORT_MAX_BYTES,
  wordExportBodySchema,
  wordFieldsSchema,
  type wordFilterShape,
  wordIdsBodySchema,
  wordImportBodySchema,
  wordImportResultSchema,
  wordItemSchema,
  wordListQuerySchema,
  wordMessages,
  wordModifyBodySchema,
} from '@moc/domain/api/sensitiveWords'
import { foldText } from '@moc/domain/rules/wordMatcher'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { idQuerySchema } from '@moc/domain/transport/ids'
import { and, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { sensitiveWord } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { containsPattern, pageOf } from '../../platform/paging.ts'
import { sendXlsx } from '../../platform/xlsxReply.ts'
import { checkRoutes } from './checkRoutes.ts'
import { parseSheetRow, readWordsXlsx, writeWordsXlsx } from './wordSheet.ts'

const tags = ['敏感词管理']
const page = '敏感词管理'
type Filters = { [K in keyof typeof wordFilterShape]?: z.output<(typeof wordFilterShape)[K]> }

function wordWhere({ keyword, category, level }: Filters): SQL | undefined {
  return and(
    keyword ? ilike(sensitiveWord.word, containsPattern(keyword)) : undefined,
    category ? eq(sensitiveWord.category, category) : undefined,
    level ? eq(sensitiveWord.level, level) : undefined,
  )
}

const itemOf = (r: typeof sensitiveWord.$inferSelect) => ({
  id: r.id,
  word: r.word,
  category: r.category,
  level: r.level as SensitiveLevel,
  createdByName: r.createdByName,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
})

/** 409 when another row holds the word, whatever its case (the unique index on lower(word) agrees). */
async function refuseTaken(db: Db, word: string, selfId?: number) {
  const same = sql`lower(${sensitiveWord.word}) = lower(${word})`
  const [row] = await db
    .select({ id: sensitiveWord.id })
    .from(sensitiveWord)
    .where(selfId ? and(same, ne(sensitiveWord.id, selfId)) : same)
    .limit(1)
  if (row) throw new AppError('CONFLICT', wordMessages.wordTaken)
}

/**
 * 敏感词管理 (spec §2 /words, /wordsDetail; paths chosen in docs/decisions/0010): list, detail, add, modify,
 * batch delete, Excel import and export. Every change drops the scanner's automaton (ctx.sensitive).
 */
export async function wordsRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const changed = () => ctx.sensitive.invalidate()

  app.get(
    '/api/sensitive-word/list',
    {
      config: { access: { page, action: '查看' } },
      schema: {
        tags,
        summary: '敏感词列表（新的在前；按词、分类、级别筛选）',
        querystring: wordListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(wordItemSchema)) },
      },
    },
    async (req) => {
      const { page: p, pageSize, ...filters } = req.query
      const where = wordWhere(filters)
      const result = await pageOf(
        p,
        pageSize,
        (limit, offset) =>
          db
            .select()
            .from(sensitiveWord)
            .where(where)
            .orderBy(desc(sensitiveWord.id))
            .limit(limit)
            .offset(offset),
        db.select({ n: count() }).from(sensitiveWord).where(where),
      )
      return ok({ ...result, items: result.items.map(itemOf) })
    },
  )

  app.get(
    '/api/sensitive-word/categories',
    {
      config: { access: { page, action: '查看' } },
      schema: {
        tags,
        summary: '已使用的敏感词分类（筛选与录入时的选项）',
        response: { 200: envelopeSchema(z.array(z.string())) },
      },
    },
    async () => {
      const rows = await db
        .selectDistinct({ category: sensitiveWord.category })
        .from(sensitiveWord)
        .where(ne(sensitiveWord.category, ''))
        .orderBy(sensitiveWord.category)
      return ok(rows.map((r) => r.category))
    },
  )

  app.get(
    '/api/sensitive-word/detail',
    {
      config: { access: { page, action: '查看' } },
      schema: {
        tags,
        summary: '敏感词详情',
        querystring: z.object({ id: idQuerySchema }),
        response: { 200: envelopeSchema(wordItemSchema) },
      },
    },
    async (req) => {
      const [row] = await db.select().from(sensitiveWord).where(eq(sensitiveWord.id, req.query.id)).limit(1)
      if (!row) throw new AppError('NOT_FOUND', wordMessages.notFound)
      return ok(itemOf(row))
    },
  )

  app.post(
    '/api/sensitive-word/add',
    {
      config: { access: { page, action: '添加' }, audit: '添加敏感词' },
      schema: {
        tags,
        summary: '添加敏感词',
        body: wordFieldsSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
    },
    async (req) => {
      const p = req.principal!
      await refuseTaken(db, req.body.word)
      const [row] = await db
        .insert(sensitiveWord)
        .values({ ...req.body, createdBy: p.adminId, createdByName: p.username })
        .onConflictDoNothing()
        .returning({ id: sensitiveWord.id })
      if (!row) throw new AppError('CONFLICT', wordMessages.wordTaken)
      req.auditInfo.target = `sensitive_word:${row.id} ${req.body.word}`
      changed()
      return ok({ id: row.id }, wordMessages.created)
    },
  )

  app.post(
    '/api/sensitive-word/modify',
    {
      config: { access: { page, action: '编辑' }, audit: '修改敏感词' },
      schema: { tags, summary: '修改敏感词', body: wordModifyBodySchema },
    },
    async (req) => {
      const { id, ...fields } = req.body
      req.auditInfo.target = `sensitive_word:${id} ${fields.word}`
      await refuseTaken(db, fields.word, id)
      const rows = await db
        .update(sensitiveWord)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(sensitiveWord.id, id))
        .returning({ id: sensitiveWord.id })
      if (!rows.length) throw new AppError('NOT_FOUND', wordMessages.notFound)
      changed()
      return ok(null, wordMessages.modified)
    },
  )

  app.post(
    '/api/sensitive-word/delete',
    {
      config: { access: { page, action: '删除' }, audit: '删除敏感词' },
      schema: {
        tags,
        summary: '删除敏感词（可批量）',
        body: wordIdsBodySchema,
        response: { 200: envelopeSchema(z.object({ removed: z.number().int() })) },
      },
    },
    async (req) => {
      const rows = await db
        .delete(sensitiveWord)
        .where(inArray(sensitiveWord.id, req.body.ids))
        .returning({ id: sensitiveWord.id, word: sensitiveWord.word })
      req.auditInfo.target = rows.map((r) => r.word).join('、')
      if (!rows.length) throw new AppError('NOT_FOUND', wordMessages.notFound)
      changed()
      return ok({ removed: rows.length }, wordMessages.removed)
    },
  )

  app.post(
    '/api/sensitive-word/import',
    {
      // The file travels base64 in the (sealed) JSON body: allow it past the default body limit.
      bodyLimit: Math.ceil(WORD_IMPORT_MAX_BYTES / 3) * 4 * 2 + 64 * 1024,
      config: { access: { page, action: '导入' }, audit: '导入敏感词' },
      schema: {
        tags,
        summary:
          '从 Excel 导入敏感词（.xlsx，列：敏感词、分类、级别[禁用/替换/审核，空为审核]）；已存在的词跳过，不合规的行列出原因',
        body: wordImportBodySchema,
        response: { 200: envelopeSchema(wordImportResultSchema) },
      },
    },
    async (req) => {
      const p = req.principal!
      const file = Buffer.from(req.body.file, 'base64')
      if (file.length > WORD_IMPORT_MAX_BYTES)
        throw new AppError('PAYLOAD_TOO_LARGE', wordMessages.fileTooLarge)
      const parsed = (await readWordsXlsx(file)).map(parseSheetRow)
      const failed = parsed.filter((r) => !r.ok).map(({ row, word, reason }) => ({ row, word, reason }))
      const seen = new Set<string>()
      const fresh = parsed
        .filter((r) => r.ok)
        .filter((r) => {
          const key = foldText(r.word)
          if (seen.has(key)) return false
          seen.add(key)
          return true
        })
      let added = 0
      for (let i = 0; i < fresh.length; i += 1000) {
        const rows = await db
          .insert(sensitiveWord)
          .values(
            fresh.slice(i, i + 1000).map(({ word, category, level }) => ({
              word,
              category,
              level,
              createdBy: p.adminId,
              createdByName: p.username,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: sensitiveWord.id })
        added += rows.length
      }
      const skipped = parsed.length - failed.length - added
      req.auditInfo.target = `${req.body.fileName}：新增 ${added}，跳过 ${skipped}，失败 ${failed.length}`
      if (added) changed()
      return ok({ added, skipped, failed }, wordMessages.imported)
    },
  )

  app.post(
    '/api/sensitive-word/export',
    {
      config: { access: { page, action: '导出' }, audit: '导出敏感词' },
      schema: {
        tags,
        summary: '导出敏感词为 Excel（.xlsx，列同导入，筛选条件同列表）',
        body: wordExportBodySchema,
      },
    },
    async (req, reply) => {
      const where = wordWhere(req.body)
      const [total] = await db.select({ n: count() }).from(sensitiveWord).where(where)
      req.auditInfo.target = `导出 ${total?.n ?? 0} 条`
      return sendXlsx(
        req,
        reply,
        { name: 'sensitive-words', label: '敏感词' },
        (out) => writeWordsXlsx(db, where, out),
        { 'x-export-total': String(total?.n ?? 0) },
      )
    },
  )

  await checkRoutes(app, ctx)
}
