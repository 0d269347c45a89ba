import { copyName, processCopiedSchema } from '@moc/domain/api/processLibrary'
import {
  idBodySchema,
  processBodySchema,
  processListQuerySchema,
  processSchema,
  processUpdateSchema,
  reviewMessages,
  settingBodySchema,
  settingSchema,
} from '@moc/domain/api/review'
import { reviewResources } from '@moc/domain/resources/index'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { asc, count, desc, eq, ilike, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { content, process, processSetting, processState } from '../db/schema.ts'
import type { Ctx } from '../platform/context.ts'
import { AppError } from '../platform/errors.ts'
import { containsPattern } from '../platform/paging.ts'
import {
  idResponse,
  lockProcess,
  PROCESS_PAGE as PAGE,
  processTags as tags,
  auditTarget as target,
} from './processLibrary.ts'

/**
 * The process library (系统-审核流程, /auditProcess): processes and which resType uses which (审核设置);
 * their nodes are processStateRoutes'.
 */
export async function processRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  app.get(
    '/api/process/list',
    {
      config: { access: { page: PAGE, action: '查看' } },
      schema: {
        tags,
        summary: '审核流程列表（含使用它的审核类型与节点数）',
        querystring: processListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(processSchema)) },
      },
    },
    async (req) => {
      const { page, pageSize, name } = req.query
      const where = name ? ilike(process.name, containsPattern(name)) : undefined
      const [rows, [n]] = await Promise.all([
        db
          .select()
          .from(process)
          .where(where)
          .orderBy(desc(process.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(process).where(where),
      ])
      const ids = rows.map((r) => r.id)
      const [settings, states] = ids.length
        ? await Promise.all([
            db.select().from(processSetting).where(inArray(processSetting.processId, ids)),
            db
              .select({ processId: processState.processId, n: count() })
              .from(processState)
              .where(inArray(processState.processId, ids))
              .groupBy(processState.processId),
          ])
        : [[], []]
      const items = rows.map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        resTypes: settings.filter((s) => s.processId === r.id).map((s) => s.resType),
        stateCount: states.find((s) => s.processId === r.id)?.n ?? 0,
        createdAt: r.createdAt.toISOString(),
      }))
      return ok({ items, total: n?.n ?? 0 })
    },
  )

  app.post(
    '/api/process/create',
    {
      config: { access: { page: PAGE, action: '添加' }, audit: '新增审核流程' },
      schema: { tags, summary: '新增审核流程', body: processBodySchema, response: idResponse },
    },
    async (req) => {
      const [row] = await db.insert(process).values(req.body).returning({ id: process.id })
      target(req, 'process', row!.id, req.body.name)
      return ok({ id: row!.id })
    },
  )

  app.post(
    '/api/process/update',
    {
      config: { access: { page: PAGE, action: '编辑' }, audit: '编辑审核流程' },
      schema: { tags, summary: '编辑审核流程名称与说明', body: processUpdateSchema, response: idResponse },
    },
    async (req) => {
      const { id, ...values } = req.body
      target(req, 'process', id, values.name)
      const [row] = await db
        .update(process)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(process.id, id))
        .returning({ id: process.id })
      if (!row) throw new AppError('NOT_FOUND', reviewMessages.unknownProcess)
      return ok({ id })
    },
  )

  app.post(
    '/api/process/copy',
    {
      config: { access: { page: PAGE, action: '添加' }, audit: '复制审核流程' },
      schema: {
        tags,
        summary: '复制审核流程：新流程名为「原名-副本」，节点（顺序、名称、角色与账号）相同，不绑定审核类型',
        body: idBodySchema,
        response: { 200: envelopeSchema(processCopiedSchema) },
      },
    },
    async (req) => {
      const copied = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const from = await lockProcess(tx, req.body.id)
        const name = copyName(from.name)
        const [row] = await tx
          .insert(process)
          .values({ name, description: from.description })
          .returning({ id: process.id })
        const nodes = await tx
          .select()
          .from(processState)
          .where(eq(processState.processId, from.id))
          .orderBy(asc(processState.sort), asc(processState.id))
        if (nodes.length)
          await tx.insert(processState).values(
            nodes.map((n) => ({
              processId: row!.id,
              sort: n.sort,
              name: n.name,
              roleIds: n.roleIds,
              adminIds: n.adminIds,
            })),
          )
        return { id: row!.id, name }
      })
      target(req, 'process', copied.id, copied.name)
      return ok(copied)
    },
  )

  app.post(
    '/api/process/delete',
    {
      config: { access: { page: PAGE, action: '删除' }, audit: '删除审核流程' },
      schema: {
        tags,
        summary: '删除审核流程（被审核类型使用或有内容停在其节点上时拒绝）',
        body: idBodySchema,
        response: idResponse,
      },
    },
    async (req) => {
      const { id } = req.body
      target(req, 'process', id)
      await db.transaction(async (t) => {
        const tx = t as unknown as Db
        target(req, 'process', id, (await lockProcess(tx, id)).name)
        const [used] = await tx
          .select({ resType: processSetting.resType })
          .from(processSetting)
          .where(eq(processSetting.processId, id))
          .limit(1)
        const [waiting] = await tx
          .select({ id: content.id })
          .from(content)
          .innerJoin(processState, eq(processState.id, content.processStateId))
          .where(eq(processState.processId, id))
          .limit(1)
        if (used || waiting) throw new AppError('CONFLICT', reviewMessages.processInUse)
        await tx.delete(process).where(eq(process.id, id))
      })
      return ok({ id })
    },
  )

  app.get(
    '/api/process/setting/list',
    {
      config: { access: { page: PAGE, action: '查看' } },
      schema: {
        tags,
        summary: '审核设置：每个审核类型使用的流程（null：单节点，任何有该队列审核权限者可审）与禁止本人审核',
        response: { 200: envelopeSchema(pageSchema(settingSchema)) },
      },
    },
    async () => {
      const rows = await db
        .select({
          resType: processSetting.resType,
          processId: processSetting.processId,
          fourEyes: processSetting.fourEyes,
          name: process.name,
        })
        .from(processSetting)
        .leftJoin(process, eq(process.id, processSetting.processId))
      const items = [...reviewResources.values()].map((d) => {
        const s = rows.find((r) => r.resType === d.review.resType)
        return {
          resType: d.review.resType,
          label: d.label,
          queue: d.review.queue,
          processId: s?.processId ?? null,
          processName: s?.name ?? '',
          fourEyes: s?.fourEyes ?? false,
        }
      })
      return ok({ items, total: items.length })
    },
  )

  app.post(
    '/api/process/setting',
    {
      config: { access: { page: PAGE, action: '编辑' }, audit: '设置审核流程' },
      schema: {
        tags,
        summary:
          '设置审核类型使用的流程（processId null：单节点）与禁止本人审核（fourEyes，省略则不变）；已在审的内容按原节点继续',
        body: settingBodySchema,
        response: { 200: envelopeSchema(z.object({ resType: z.string() })) },
      },
    },
    async (req) => {
      const { resType, processId, fourEyes } = req.body
      if (!reviewResources.has(resType)) throw new AppError('BAD_REQUEST', reviewMessages.unknownResType)
      req.auditInfo.target = `resType:${resType}`
      req.auditInfo.targetName = reviewResources.get(resType)!.label
      await db.transaction(async (t) => {
        const tx = t as unknown as Db
        if (processId !== null) await lockProcess(tx, processId)
        const keep = fourEyes === undefined ? {} : { fourEyes }
        await tx
          .insert(processSetting)
          .values({ resType, processId, ...keep })
          .onConflictDoUpdate({
            target: processSetting.resType,
            set: { processId, ...keep, updatedAt: new Date() },
          })
      })
      return ok({ resType })
    },
  )
}
