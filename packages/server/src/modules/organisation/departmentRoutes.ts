import { ACCOUNT_STATE } from '@moc/domain/api/accounts'
import {
  departmentCreateSchema,
  departmentListByParamSchema,
  departmentMoveSchema,
  departmentNodeSchema,
  departmentRenameSchema,
  departmentSchema,
  idBodySchema,
  organisationMessages as msg,
} from '@moc/domain/api/organisation'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { idOrZeroQuerySchema } from '@moc/domain/transport/ids'
import { and, asc, count, eq, ilike, inArray, isNull, ne, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { admin, department, role } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { parseDepartmentIds, subDepartmentIds } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { containsPattern } from '../../platform/paging.ts'
import { allDepartments, buildTree, departmentColumns } from './departmentTree.ts'
import { organisationWrite } from './organisationAccess.ts'

const tags = ['组织架构']

async function findDepartment(db: Db, id: number) {
  const [row] = await db.select(departmentColumns).from(department).where(eq(department.id, id)).limit(1)
  if (!row) throw new AppError('NOT_FOUND', '部门不存在')
  return row
}

async function requireParent(db: Db, id: number) {
  const [row] = await db.select({ id: department.id }).from(department).where(eq(department.id, id)).limit(1)
  if (!row) throw new AppError('VALIDATION', msg.parentMissing)
}

/** Names are unique among siblings, so a tree path always reads unambiguously. */
async function refuseSiblingName(db: Db, parentId: number | null, name: string, exceptId?: number) {
  const where = [
    parentId === null ? isNull(department.parentId) : eq(department.parentId, parentId),
    eq(department.name, name),
  ]
  if (exceptId !== undefined) where.push(ne(department.id, exceptId))
  const [dup] = await db
    .select({ id: department.id })
    .from(department)
    .where(and(...where))
    .limit(1)
  if (dup) throw new AppError('CONFLICT', msg.siblingNameTaken)
}

async function nextSort(db: Db, parentId: number | null) {
  const [row] = await db
    .select({ n: count() })
    .from(department)
    .where(parentId === null ? isNull(department.parentId) : eq(department.parentId, parentId))
  return row?.n ?? 0
}

/** Departments (部门): the tree, look-ups by parent, and create / rename / move / delete. */
export async function departmentRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  app.get(
    '/api/structure/list',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '部门树（全部部门，含 children）',
        response: { 200: envelopeSchema(z.array(departmentNodeSchema)) },
      },
    },
    async () => ok(buildTree(await allDepartments(db))),
  )

  app.post(
    '/api/structure/listByParam',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '部门平铺列表：按上级部门（null 或 0 为顶级）和/或名称筛选',
        body: departmentListByParamSchema,
        response: { 200: envelopeSchema(pageSchema(departmentSchema)) },
      },
    },
    async (req) => {
      const { parentId, name } = req.body
      const where: SQL[] = []
      if (parentId !== undefined)
        where.push(parentId === null ? isNull(department.parentId) : eq(department.parentId, parentId))
      if (name) where.push(ilike(department.name, containsPattern(name)))
      const items = await db
        .select(departmentColumns)
        .from(department)
        .where(and(...where))
        .orderBy(asc(department.sort), asc(department.id))
      return ok({ items, total: items.length })
    },
  )

  app.get(
    '/api/structure/children',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '按上级部门查询下级部门（parentId 省略或为 0 时为顶级部门）',
        querystring: z.object({ parentId: idOrZeroQuerySchema.optional() }),
        response: {
          200: envelopeSchema(z.array(departmentSchema.extend({ hasChildren: z.boolean() }))),
        },
      },
    },
    async (req) => {
      const parentId = req.query.parentId || null
      const rows = await db
        .select(departmentColumns)
        .from(department)
        .where(parentId === null ? isNull(department.parentId) : eq(department.parentId, parentId))
        .orderBy(asc(department.sort), asc(department.id))
      const withChildren = rows.length
        ? await db
            .selectDistinct({ id: department.parentId })
            .from(department)
            .where(
              inArray(
                department.parentId,
                rows.map((r) => r.id),
              ),
            )
        : []
      const parents = new Set(withChildren.map((r) => r.id))
      return ok(rows.map((r) => ({ ...r, hasChildren: parents.has(r.id) })))
    },
  )

  app.post(
    '/api/structure/create',
    {
      config: organisationWrite('新增部门'),
      schema: {
        tags,
        summary: '新增部门（parentId 为空即顶级部门）',
        body: departmentCreateSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
    },
    async (req) => {
      const { name, parentId, sort } = req.body
      if (parentId !== null) await requireParent(db, parentId)
      await refuseSiblingName(db, parentId, name)
      const [created] = await db
        .insert(department)
        .values({ name, parentId, sort: sort ?? (await nextSort(db, parentId)) })
        .returning({ id: department.id })
      req.auditInfo.target = `department:${created!.id}`
      req.auditInfo.targetName = name
      return ok({ id: created!.id }, msg.created)
    },
  )

  app.post(
    '/api/structure/rename',
    {
      config: organisationWrite('重命名部门'),
      schema: { tags, summary: '重命名部门', body: departmentRenameSchema },
    },
    async (req) => {
      const { id, name } = req.body
      req.auditInfo.target = `department:${id}`
      const row = await findDepartment(db, id)
      req.auditInfo.targetName = `${row.name} → ${name}`
      await refuseSiblingName(db, row.parentId, name, id)
      await db.update(department).set({ name, updatedAt: new Date() }).where(eq(department.id, id))
      return ok(null, msg.renamed)
    },
  )

  app.post(
    '/api/structure/move',
    {
      config: organisationWrite('移动部门'),
      schema: {
        tags,
        summary: '移动部门到另一上级部门下（不能移到自身或其下级部门下）',
        body: departmentMoveSchema,
      },
    },
    async (req) => {
      const { id, parentId, sort } = req.body
      req.auditInfo.target = `department:${id}`
      const row = await findDepartment(db, id)
      req.auditInfo.targetName = row.name
      if (parentId !== null) {
        await requireParent(db, parentId)
        if ((await subDepartmentIds(db, [id])).includes(parentId))
          throw new AppError('VALIDATION', msg.moveIntoOwnSubtree)
      }
      await refuseSiblingName(db, parentId, row.name, id)
      const changes: Partial<typeof department.$inferInsert> = { parentId, updatedAt: new Date() }
      if (sort !== undefined) changes.sort = sort
      else if (parentId !== row.parentId) changes.sort = await nextSort(db, parentId)
      await db.update(department).set(changes).where(eq(department.id, id))
      return ok(null, msg.moved)
    },
  )

  app.post(
    '/api/structure/delete',
    {
      config: organisationWrite('删除部门'),
      schema: { tags, summary: '删除部门（无下级部门、无账号、未被角色数据权限使用时）', body: idBodySchema },
    },
    async (req) => {
      const { id } = req.body
      req.auditInfo.target = `department:${id}`
      req.auditInfo.targetName = (await findDepartment(db, id)).name
      const [child] = await db
        .select({ id: department.id })
        .from(department)
        .where(eq(department.parentId, id))
        .limit(1)
      if (child) throw new AppError('CONFLICT', msg.hasChildren)
      const [member] = await db
        .select({ id: admin.id })
        .from(admin)
        .where(and(eq(admin.departmentId, id), ne(admin.state, ACCOUNT_STATE.deleted)))
        .limit(1)
      if (member) throw new AppError('CONFLICT', msg.hasAccounts)
      const roles = await db
        .select({ name: role.name, permissionDepartment: role.permissionDepartment })
        .from(role)
        .where(ne(role.permissionDepartment, ''))
      const user = roles.find((r) => parseDepartmentIds(r.permissionDepartment).includes(id))
      if (user) throw new AppError('CONFLICT', msg.usedByRole(user.name))
      await db.transaction(async (tx) => {
        // Deleted accounts keep their department for data scope until the department itself goes.
        await tx.update(admin).set({ departmentId: null }).where(eq(admin.departmentId, id))
        await tx.delete(department).where(eq(department.id, id))
      })
      return ok(null, msg.removed)
    },
  )
}
