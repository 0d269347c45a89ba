import { stateSortSchema } from '@moc/domain/api/processLibrary'
import {
  idBodySchema,
  reviewMessages,
  stateBodySchema,
  stateListQuerySchema,
  stateSchema,
  stateUpdateSchema,
} from '@moc/domain/api/review'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../db/client.ts'
import { content, processState } from '../db/schema.ts'
import type { Ctx } from '../platform/context.ts'
import { AppError } from '../platform/errors.ts'
import {
  auditTarget,
  checkedMembers,
  idResponse,
  lockProcess,
  memberNames,
  PROCESS_PAGE as PAGE,
  processTags as tags,
} from './processLibrary.ts'

/** 审核节点: the ordered nodes of a process and who may act at each (系统-审核流程). */
export async function processStateRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  const nodesOf = (on: Db, processId: number) =>
    on
      .select()
      .from(processState)
      .where(eq(processState.processId, processId))
      .orderBy(asc(processState.sort), asc(processState.id))

  app.get(
    '/api/process/state/list',
    {
      config: { access: { page: PAGE, action: '查看' } },
      schema: {
        tags,
        summary: '审核流程的节点（按顺序），含可审核角色与账号的名称',
        querystring: stateListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(stateSchema)) },
      },
    },
    async (req) => {
      const rows = await nodesOf(db, req.query.processId)
      const names = await memberNames(db, rows)
      const items = rows.map(({ createdAt: _c, updatedAt: _u, ...r }) => ({ ...r, ...names(r) }))
      return ok({ items, total: items.length })
    },
  )

  app.post(
    '/api/process/state/create',
    {
      config: { access: { page: PAGE, action: '添加' }, audit: '新增审核节点' },
      schema: {
        tags,
        summary: '新增审核节点（sort 省略时排在最后；角色与账号须存在）',
        body: stateBodySchema,
        response: idResponse,
      },
    },
    async (req) => {
      const { sort, roleIds, adminIds, ...values } = req.body
      const members = await checkedMembers(db, roleIds, adminIds)
      const id = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        await lockProcess(tx, values.processId)
        const [last] = await tx
          .select({ sort: sql<number>`coalesce(max(${processState.sort}), -1)::int` })
          .from(processState)
          .where(eq(processState.processId, values.processId))
        const [row] = await tx
          .insert(processState)
          .values({ ...values, ...members, sort: sort ?? (last?.sort ?? -1) + 1 })
          .returning({ id: processState.id })
        return row!.id
      })
      auditTarget(req, 'process_state', id, values.name)
      return ok({ id })
    },
  )

  app.post(
    '/api/process/state/update',
    {
      config: { access: { page: PAGE, action: '编辑' }, audit: '编辑审核节点' },
      schema: {
        tags,
        summary: '编辑审核节点（名称、顺序、可审核的角色与账号；角色与账号须存在）',
        body: stateUpdateSchema,
        response: idResponse,
      },
    },
    async (req) => {
      const { id, roleIds, adminIds, ...values } = req.body
      auditTarget(req, 'process_state', id, values.name)
      const members = await checkedMembers(db, roleIds, adminIds)
      const [row] = await db
        .update(processState)
        .set({ ...values, ...members, updatedAt: new Date() })
        .where(eq(processState.id, id))
        .returning({ id: processState.id })
      if (!row) throw new AppError('NOT_FOUND')
      return ok({ id })
    },
  )

  app.post(
    '/api/process/state/sort',
    {
      config: { access: { page: PAGE, action: '编辑' }, audit: '调整审核节点顺序' },
      schema: {
        tags,
        summary: '调整审核节点顺序：ids 为该流程的全部节点（新顺序），一次事务内重排',
        body: stateSortSchema,
        response: idResponse,
      },
    },
    async (req) => {
      const { processId, ids } = req.body
      auditTarget(req, 'process', processId)
      await db.transaction(async (t) => {
        const tx = t as unknown as Db
        auditTarget(req, 'process', processId, (await lockProcess(tx, processId)).name)
        const current = (await nodesOf(tx, processId)).map((n) => n.id)
        const same = ids.length === current.length && new Set(ids).size === ids.length
        if (!same || !current.every((id) => ids.includes(id)))
          throw new AppError('BAD_REQUEST', reviewMessages.nodeOrder)
        for (const [sort, id] of ids.entries())
          await tx.update(processState).set({ sort, updatedAt: new Date() }).where(eq(processState.id, id))
      })
      return ok({ id: processId })
    },
  )

  app.post(
    '/api/process/state/delete',
    {
      config: { access: { page: PAGE, action: '删除' }, audit: '删除审核节点' },
      schema: {
        tags,
        summary: '删除审核节点（有待审核内容停在该节点时拒绝）',
        body: idBodySchema,
        response: idResponse,
      },
    },
    async (req) => {
      const { id } = req.body
      auditTarget(req, 'process_state', id)
      await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const [node] = await tx.select().from(processState).where(eq(processState.id, id)).for('update')
        if (!node) throw new AppError('NOT_FOUND')
        auditTarget(req, 'process_state', id, node.name)
        const [waiting] = await tx
          .select({ id: content.id })
          .from(content)
          .where(eq(content.processStateId, id))
          .limit(1)
        if (waiting) throw new AppError('CONFLICT', reviewMessages.stateInUse)
        await tx.delete(processState).where(eq(processState.id, id))
      })
      return ok({ id })
    },
  )
}
