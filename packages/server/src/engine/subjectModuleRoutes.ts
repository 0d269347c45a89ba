import {
  subjectModuleMessages as messages,
  moduleContentBodySchema,
  moduleContentQuerySchema,
  moduleContentSchema,
  repeatContentQuerySchema,
  repeatContentSchema,
  subjectModuleSortSchema,
} from '@moc/domain/api/subjectModules'
import { fieldsSchema } from '@moc/domain/resources/fieldSchema'
import { resources } from '@moc/domain/resources/index'
import type { ContentModule } from '@moc/domain/resources/relation'
import type { ResourceDef } from '@moc/domain/resources/types'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Ctx } from '../platform/context.ts'
import { dataScopeOf } from '../platform/dataScope.ts'
import { AppError } from '../platform/errors.ts'
import { contentFieldValues } from './contentFields.ts'
import { modifyContent } from './contentModify.ts'
import { auditTarget, auditTitles, contentDetail } from './contentRoutes.ts'

const def: ResourceDef = resources.subject
const kind = 'subject'
/** The subject's `modules` field (decision 0022). */
const field = Object.keys(def.fields).find((n) => def.fields[n]!.kind === 'modules')!
const tags = ['内容']

const modulesOf = (fields: Record<string, unknown>) => (fields[field] as ContentModule[] | undefined) ?? []
function moduleAt(modules: ContentModule[], index: number) {
  const m = modules[index]
  if (!m) throw new AppError('BAD_REQUEST', messages.moduleNotFound)
  return m
}
/** Whether `order` holds exactly the values of `of`, each once. */
const isPermutation = <T>(order: readonly T[], of: readonly T[]) =>
  order.length === of.length && new Set(order).size === order.length && order.every((v) => of.includes(v))

/**
 * Spec §7 subject module-content calls (decision 0023 §4). Each change edits the stored `modules` value and saves
 * the whole form through `modifyContent`, the save of POST /api/content/modify: same page permission and data
 * scope, edit lock, form validation, relation checks (repeats refused 专题模块中有重复的内容), version and log.
 */
export async function subjectModuleRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const read = { access: { resource: 'detail' as const, kind } }
  const write = { access: { resource: 'update' as const, kind }, audit: '编辑专题模块' }
  const idResponse = { 200: envelopeSchema(z.object({ id: z.number().int() })) }

  async function change(
    req: FastifyRequest,
    id: number,
    edit: (modules: ContentModule[]) => ContentModule[],
  ) {
    auditTarget(req, [id])
    const scope = await dataScopeOf(req, db)
    const saved = await modifyContent(ctx, {
      def,
      id,
      scope,
      me: req.principal!.adminId,
      // The stored form with the new modules, validated as the form's save is (a module's 100 items, names).
      values: (before) => {
        const current = contentFieldValues(def, before)
        const parsed = fieldsSchema(def).safeParse({
          ...current,
          [field]: edit(structuredClone(modulesOf(current))),
        })
        if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message)
        return parsed.data as Record<string, unknown>
      },
    })
    auditTitles(req, [saved])
    return ok({ id })
  }

  app.get(
    '/api/subject/moduleContent/list',
    {
      config: read,
      schema: {
        tags,
        summary: '专题模块的内容（按模块序号，0 为第一个；含标题与类型）',
        querystring: moduleContentQuerySchema,
        response: { 200: envelopeSchema(moduleContentSchema) },
      },
    },
    async (req) => {
      const { subjectId, moduleIndex } = req.query
      const detail = await contentDetail(db, def, subjectId, await dataScopeOf(req, db))
      const m = moduleAt(modulesOf(detail.fields), moduleIndex)
      const byId = new Map((detail.relations[field] ?? []).map((r) => [r.id, r]))
      return ok({ moduleIndex, name: m.name, items: m.items.flatMap((i) => byId.get(i) ?? []) })
    },
  )

  app.post(
    '/api/subject/moduleContent/add',
    {
      config: write,
      schema: {
        tags,
        summary: '专题模块添加内容（追加到模块末尾）',
        body: moduleContentBodySchema,
        response: idResponse,
      },
    },
    (req) =>
      change(req, req.body.subjectId, (modules) => {
        const m = moduleAt(modules, req.body.moduleIndex)
        m.items.push(...req.body.ids)
        return modules
      }),
  )

  app.post(
    '/api/subject/moduleContent/delete',
    {
      config: write,
      schema: { tags, summary: '专题模块移除内容', body: moduleContentBodySchema, response: idResponse },
    },
    (req) =>
      change(req, req.body.subjectId, (modules) => {
        const m = moduleAt(modules, req.body.moduleIndex)
        if (!req.body.ids.every((id) => m.items.includes(id)))
          throw new AppError('BAD_REQUEST', messages.notInModule)
        m.items = m.items.filter((id) => !req.body.ids.includes(id))
        return modules
      }),
  )

  app.post(
    '/api/subject/moduleContent/sortOrder',
    {
      config: write,
      schema: {
        tags,
        summary: '专题模块内容排序（ids 为该模块全部内容的新顺序）',
        body: moduleContentBodySchema,
        response: idResponse,
      },
    },
    (req) =>
      change(req, req.body.subjectId, (modules) => {
        const m = moduleAt(modules, req.body.moduleIndex)
        if (!isPermutation(req.body.ids, m.items)) throw new AppError('BAD_REQUEST', messages.itemsOrder)
        m.items = [...req.body.ids]
        return modules
      }),
  )

  app.post(
    '/api/subject/subjectModuleSort',
    {
      config: write,
      schema: {
        tags,
        summary: '专题模块排序（order 为全部模块序号的新顺序）',
        body: subjectModuleSortSchema,
        response: idResponse,
      },
    },
    (req) =>
      change(req, req.body.subjectId, (modules) => {
        const indexes = modules.map((_, i) => i)
        if (!isPermutation(req.body.order, indexes)) throw new AppError('BAD_REQUEST', messages.modulesOrder)
        return req.body.order.map((i) => modules[i]!)
      }),
  )

  app.get(
    '/api/subject/repeatContent',
    {
      config: read,
      schema: {
        tags,
        summary: '专题中已有的内容：ids（逗号分隔）中已在某模块的，及其模块',
        querystring: repeatContentQuerySchema,
        response: { 200: envelopeSchema(repeatContentSchema) },
      },
    },
    async (req) => {
      const { subjectId, ids } = req.query
      const detail = await contentDetail(db, def, subjectId, await dataScopeOf(req, db))
      const asked = new Set(ids)
      const items = modulesOf(detail.fields).flatMap((m, moduleIndex) =>
        m.items.filter((id) => asked.has(id)).map((id) => ({ id, moduleIndex, moduleName: m.name })),
      )
      return ok({ items })
    },
  )
}
