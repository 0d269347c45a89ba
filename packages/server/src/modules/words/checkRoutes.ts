import { kindIdsSchema } from '@moc/domain/api/review'
import {
  contentCheckResultSchema,
  sensitiveCheckBodySchema,
  sensitiveCheckResultSchema,
} from '@moc/domain/api/sensitiveWords'
import { contentScanInput } from '@moc/domain/rules/sensitiveScan'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { content } from '../../db/schema.ts'
import { contentFieldValues } from '../../engine/contentFields.ts'
import { contentInScope } from '../../engine/contentInScope.ts'
import { auditTitles } from '../../engine/contentRoutes.ts'
import { kindOf } from '../../engine/reviewFlow.ts'
import { FROM_SCREEN } from '../../platform/auditLog.ts'
import type { Ctx } from '../../platform/context.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { resourceOf } from '../../platform/guard.ts'

const tags = ['敏感词管理']
const CHECK_BODY_LIMIT = 4 * 1024 * 1024

/**
 * The sensitive review (spec §2): scans text before submission and at review. Any signed-in account may scan
 * what it sends (editors and reviewers need it, and it reveals only words inside the text given); stored items
 * are scanned for whoever may submit them.
 */
export async function checkRoutes(app: FastifyInstance, ctx: Ctx) {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  typed.post(
    '/api/sensitive-word/check',
    {
      // An article body may hold 500 000 characters (3 bytes each in UTF-8, more once sealed).
      bodyLimit: CHECK_BODY_LIMIT,
      config: { access: 'signedIn', audit: '敏感词检测', auditPage: FROM_SCREEN },
      schema: {
        tags,
        summary:
          '敏感词检测：扫描文本、富文本（按可见文字）和图片，返回命中的词（级别、位置）、禁用词与图片审核结果',
        body: sensitiveCheckBodySchema,
        response: { 200: envelopeSchema(sensitiveCheckResultSchema) },
      },
    },
    async (req) => ok(await ctx.sensitive.check(req.body)),
  )

  typed.post(
    '/api/sensitive-word/check/content',
    {
      config: { access: { resource: 'submit' }, audit: '敏感词检测' },
      schema: {
        tags,
        summary: '提交审核前检测已保存的内容（批量提交审核时用）：每条内容的命中词与图片审核结果',
        body: kindIdsSchema,
        response: { 200: envelopeSchema(contentCheckResultSchema) },
      },
    },
    async (req) => {
      const def = resourceOf(req)
      const scope = await dataScopeOf(req, db)
      const rows = await db
        .select()
        .from(content)
        .where(and(inArray(content.id, req.body.ids), eq(content.kind, kindOf(def)), contentInScope(scope)))
        .orderBy(content.id)
      req.auditInfo.target = rows.map((r) => `content:${r.id}`).join(',')
      auditTitles(req, rows)
      const results = await ctx.sensitive.checkAll(
        rows.map((r) => contentScanInput(def, contentFieldValues(def, r))),
      )
      const items = rows.map((r, i) => ({ id: r.id, title: r.title, ...results[i]! }))
      return ok({ items })
    },
  )
}
