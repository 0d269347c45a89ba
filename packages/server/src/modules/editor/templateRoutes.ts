import {
  editorMessages,
  editorTemplateAddSchema,
  editorTemplateDeleteSchema,
  editorTemplateModifySchema,
  editorTemplateSchema,
  TEMPLATES_PER_ACCOUNT,
} from '@moc/domain/api/editor'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { and, count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { editorTemplate } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { fail } from '../../platform/errors.ts'
import { sanitizeRichText } from '../../platform/richText.ts'

const tags = ['富文本编辑器']
const PAGE = '富文本编辑器-模板'

type Row = typeof editorTemplate.$inferSelect
const toTemplate = (r: Row) => ({
  id: r.id,
  name: r.name,
  html: r.html,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
})

/**
 * 模板 of the rich-text editor (issue 6): snippets saved per account. Every call is scoped to the caller's own
 * templates; another account's id answers 模板不存在 (no hint that it exists). HTML is sanitized before storing.
 */
export async function editorTemplateRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const clean = async (html: string) => {
    const out = sanitizeRichText(html, (await ctx.settings.get('editor')).embedOrigins)
    if (out.trim() === '') fail('VALIDATION', editorMessages.templateEmpty)
    return out
  }
  const mine = (req: FastifyRequest, id: number) =>
    and(eq(editorTemplate.id, id), eq(editorTemplate.adminId, req.principal!.adminId))

  app.get(
    '/api/editor/template/list',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '我的模板（最近修改的在前）',
        response: { 200: envelopeSchema(z.array(editorTemplateSchema)) },
      },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(editorTemplate)
        .where(eq(editorTemplate.adminId, req.principal!.adminId))
        .orderBy(desc(editorTemplate.updatedAt), desc(editorTemplate.id))
      return ok(rows.map(toTemplate))
    },
  )

  app.post(
    '/api/editor/template/add',
    {
      config: { access: 'signedIn', audit: '新增编辑器模板' },
      schema: {
        tags,
        summary: '把内容存为我的模板',
        body: editorTemplateAddSchema,
        response: { 200: envelopeSchema(editorTemplateSchema) },
      },
    },
    async (req) => {
      const adminId = req.principal!.adminId
      req.auditInfo.page = PAGE
      req.auditInfo.target = req.body.name
      const html = await clean(req.body.html)
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(editorTemplate)
        .where(eq(editorTemplate.adminId, adminId))
      if (n >= TEMPLATES_PER_ACCOUNT) fail('VALIDATION', editorMessages.templateLimit)
      const [row] = await db.insert(editorTemplate).values({ adminId, name: req.body.name, html }).returning()
      req.auditInfo.target = `${row!.name}（${row!.id}）`
      return ok(toTemplate(row!), '保存成功')
    },
  )

  app.post(
    '/api/editor/template/modify',
    {
      config: { access: 'signedIn', audit: '修改编辑器模板' },
      schema: {
        tags,
        summary: '重命名我的模板或替换其内容',
        body: editorTemplateModifySchema,
        response: { 200: envelopeSchema(editorTemplateSchema) },
      },
    },
    async (req) => {
      const { id, name, html } = req.body
      req.auditInfo.page = PAGE
      req.auditInfo.target = String(id)
      const set: Partial<Row> = { updatedAt: new Date() }
      if (name !== undefined) set.name = name
      if (html !== undefined) set.html = await clean(html)
      const [row] = await db.update(editorTemplate).set(set).where(mine(req, id)).returning()
      if (!row) fail('NOT_FOUND', editorMessages.templateMissing)
      req.auditInfo.target = `${row!.name}（${id}）`
      return ok(toTemplate(row!), '保存成功')
    },
  )

  app.post(
    '/api/editor/template/delete',
    {
      config: { access: 'signedIn', audit: '删除编辑器模板' },
      schema: { tags, summary: '删除我的模板', body: editorTemplateDeleteSchema },
    },
    async (req) => {
      req.auditInfo.page = PAGE
      req.auditInfo.target = String(req.body.id)
      const [row] = await db
        .delete(editorTemplate)
        .where(mine(req, req.body.id))
        .returning({ name: editorTemplate.name })
      if (!row) fail('NOT_FOUND', editorMessages.templateMissing)
      req.auditInfo.target = `${row!.name}（${req.body.id}）`
      return ok(null, '删除成功')
    },
  )
}
