import { ACCOUNT_STATE } from '@moc/domain/api/accounts'
import {
  idBodySchema,
  organisationMessages as msg,
  positionCreateSchema,
  positionRenameSchema,
  positionSchema,
} from '@moc/domain/api/organisation'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { pageNumberSchema } from '@moc/domain/transport/ids'
import { and, asc, count, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { admin, position } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { pageOf } from '../../platform/paging.ts'
import { organisationWrite } from './organisationAccess.ts'

const tags = ['组织架构']
/** Spec §9: role/department/position dropdowns fetch 100 at a time. */
const DROPDOWN_SIZE = 100

const holders = (db: Db) =>
  db
    .select({ positionId: admin.positionId, n: count().as('n') })
    .from(admin)
    .where(ne(admin.state, ACCOUNT_STATE.deleted))
    .groupBy(admin.positionId)
    .as('holders')

async function refuseTakenName(db: Db, name: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: position.id })
    .from(position)
    .where(
      exceptId === undefined
        ? eq(position.name, name)
        : and(eq(position.name, name), ne(position.id, exceptId)),
    )
    .limit(1)
  if (dup) throw new AppError('CONFLICT', msg.positionNameTaken)
}

/** Positions (职位): the list for dropdowns and the organisation screen, create / rename / delete. */
export async function positionRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  app.get(
    '/api/position/list',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '职位列表（size 或 pageSize，默认 100），含担任该职位的账号数',
        querystring: z.object({
          page: pageNumberSchema,
          size: z.coerce.number().int().min(1).max(1000).optional(),
          pageSize: z.coerce.number().int().min(1).max(1000).optional(),
        }),
        response: { 200: envelopeSchema(pageSchema(positionSchema)) },
      },
    },
    async (req) => {
      const { page, size, pageSize } = req.query
      const h = holders(db)
      return ok(
        await pageOf(
          page,
          size ?? pageSize ?? DROPDOWN_SIZE,
          async (limit, offset) =>
            (
              await db
                .select({ id: position.id, name: position.name, sort: position.sort, n: h.n })
                .from(position)
                .leftJoin(h, eq(h.positionId, position.id))
                .orderBy(asc(position.sort), asc(position.id))
                .limit(limit)
                .offset(offset)
            ).map(({ n, ...r }) => ({ ...r, accountCount: Number(n ?? 0) })),
          db.select({ n: count() }).from(position),
        ),
      )
    },
  )

  app.post(
    '/api/position/create',
    {
      config: organisationWrite('新增职位'),
      schema: {
        tags,
        summary: '新增职位',
        body: positionCreateSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
    },
    async (req) => {
      const { name, sort } = req.body
      await refuseTakenName(db, name)
      const [created] = await db
        .insert(position)
        .values({ name, sort: sort ?? 0 })
        .onConflictDoNothing()
        .returning({ id: position.id })
      if (!created) throw new AppError('CONFLICT', msg.positionNameTaken)
      req.auditInfo.target = `position:${created.id}`
      req.auditInfo.targetName = name
      return ok({ id: created.id }, msg.created)
    },
  )

  app.post(
    '/api/position/rename',
    {
      config: organisationWrite('修改职位'),
      schema: { tags, summary: '修改职位名称或排序', body: positionRenameSchema },
    },
    async (req) => {
      const { id, name, sort } = req.body
      req.auditInfo.target = `position:${id}`
      req.auditInfo.targetName = name
      await refuseTakenName(db, name, id)
      const [done] = await db
        .update(position)
        .set(sort === undefined ? { name } : { name, sort })
        .where(eq(position.id, id))
        .returning({ id: position.id })
      if (!done) throw new AppError('NOT_FOUND', '职位不存在')
      return ok(null, msg.renamed)
    },
  )

  app.post(
    '/api/position/delete',
    {
      config: organisationWrite('删除职位'),
      schema: { tags, summary: '删除职位（仍有账号担任时不能删除）', body: idBodySchema },
    },
    async (req) => {
      const { id } = req.body
      req.auditInfo.target = `position:${id}`
      const [holder] = await db
        .select({ id: admin.id })
        .from(admin)
        .where(and(eq(admin.positionId, id), ne(admin.state, ACCOUNT_STATE.deleted)))
        .limit(1)
      if (holder) throw new AppError('CONFLICT', msg.positionInUse)
      const removed = await db.transaction(async (tx) => {
        await tx.update(admin).set({ positionId: null }).where(eq(admin.positionId, id))
        return tx.delete(position).where(eq(position.id, id)).returning({ name: position.name })
      })
      if (!removed.length) throw new AppError('NOT_FOUND', '职位不存在')
      req.auditInfo.targetName = removed[0]!.name
      return ok(null, msg.removed)
    },
  )
}
