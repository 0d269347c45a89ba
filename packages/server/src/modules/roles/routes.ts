import {
  copyName,
  departmentIds,
  roleConfigSchema,
  roleDetailSchema,
  roleFieldsSchema,
  roleIdBodySchema,
  roleListItemSchema,
  roleMessages,
  roleModifyBodySchema,
  roleOptionSchema,
} from '@moc/domain/api/roles'
import { SUPER_ADMIN_ROLE_ID } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { fullRoleGrant, normaliseRoleGrant, roleConfigTree } from '@moc/domain/permissions/roleEditor'
import { envelopeSchema, ok, pageQuerySchema, pageSchema } from '@moc/domain/transport/envelope'
import { idQuerySchema } from '@moc/domain/transport/ids'
import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { admin, department, role } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { containsPattern, pageOf } from '../../platform/paging.ts'

const tags = ['系统-角色']
const ROLE_OPTIONS_PAGE_SIZE = 100

type RoleFields = z.output<typeof roleFieldsSchema>

/** Accounts holding a role, whatever their state: the foreign key keeps the role while any exists. */
const accountCount = sql<number>`(select count(*) from ${admin} where ${admin}.role_id = ${role}.id)::int`

/**
 * Validates a submitted role against the catalogue and the department table and returns the row to store:
 * unknown pages, actions, menu keys or departments are refused with 400 and a Chinese reason.
 */
async function storedRole(db: Db, body: RoleFields, selfId?: number) {
  const grant = normaliseRoleGrant(body.power, body.powerMenuAttrs)
  if (!grant.ok) throw new AppError('BAD_REQUEST', grant.msg)
  const ids = departmentIds(body.permissionDepartment)
  if (ids.length) {
    const found = await db.select({ id: department.id }).from(department).where(inArray(department.id, ids))
    const missing = ids.filter((id) => !found.some((d) => d.id === id))
    if (missing.length) throw new AppError('BAD_REQUEST', `部门 ${missing.join(',')} 不存在`)
  }
  const [same] = await db
    .select({ id: role.id })
    .from(role)
    .where(selfId ? and(eq(role.name, body.name), ne(role.id, selfId)) : eq(role.name, body.name))
    .limit(1)
  if (same) throw new AppError('CONFLICT', roleMessages.nameTaken)
  return {
    name: body.name,
    description: body.description,
    ...grant.grant,
    permissionDepartment: ids.join(','),
  }
}

/** Role 1's stored map is empty: it passes every check (spec §6), so show and copy it as the full catalogue. */
function effectiveGrant(row: typeof role.$inferSelect) {
  return row.id === SUPER_ADMIN_ROLE_ID
    ? fullRoleGrant()
    : { power: row.power, powerMenuAttrs: row.powerMenuAttrs }
}

async function findRole(db: Db, id: number) {
  const [row] = await db.select().from(role).where(eq(role.id, id)).limit(1)
  if (!row) throw new AppError('NOT_FOUND', roleMessages.notFound)
  return row
}

function refuseSuperAdmin(id: number) {
  if (id === SUPER_ADMIN_ROLE_ID) throw new AppError('FORBIDDEN', roleMessages.superAdminLocked)
}

export async function rolesRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  app.get(
    '/api/role',
    {
      config: { access: { page: '系统-角色', action: '查看' } },
      schema: {
        tags,
        summary: '角色列表（含各角色的账号数）',
        querystring: pageQuerySchema.extend({ keyword: z.string().trim().max(50).optional() }),
        response: { 200: envelopeSchema(pageSchema(roleListItemSchema)) },
      },
    },
    async (req) => {
      const { page, pageSize, keyword } = req.query
      const where = keyword ? ilike(role.name, containsPattern(keyword)) : undefined
      const result = await pageOf(
        page,
        pageSize,
        (limit, offset) =>
          db
            .select({
              id: role.id,
              name: role.name,
              description: role.description,
              accountCount,
              createdAt: role.createdAt,
              updatedAt: role.updatedAt,
            })
            .from(role)
            .where(where)
            .orderBy(desc(role.id))
            .limit(limit)
            .offset(offset),
        db.select({ n: count() }).from(role).where(where),
      )
      return ok({
        ...result,
        items: result.items.map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
        })),
      })
    },
  )

  // Open to every signed-in account: the account screens (系统-账号) fill their role dropdown from it, and
  // role names are no secret; the permission maps stay behind 系统-角色 查看.
  app.get(
    '/api/role/list',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '角色下拉列表（id、名称）',
        querystring: pageQuerySchema.extend({
          pageSize: z.coerce
            .number()
            .int()
            .min(1)
            .max(ROLE_OPTIONS_PAGE_SIZE)
            .default(ROLE_OPTIONS_PAGE_SIZE),
          keyword: z.string().trim().max(50).optional(),
        }),
        response: { 200: envelopeSchema(pageSchema(roleOptionSchema)) },
      },
    },
    async (req) => {
      const { page, pageSize, keyword } = req.query
      const where = keyword ? ilike(role.name, containsPattern(keyword)) : undefined
      return ok(
        await pageOf(
          page,
          pageSize,
          (limit, offset) =>
            db
              .select({ id: role.id, name: role.name })
              .from(role)
              .where(where)
              .orderBy(asc(role.id))
              .limit(limit)
              .offset(offset),
          db.select({ n: count() }).from(role).where(where),
        ),
      )
    },
  )

  // Signed-in, then checked here: 系统-角色 查看 reads any role; everyone else only their own (spec §6: the
  // creator filter of the content screens reads the current role's permissionDepartment).
  app.get(
    '/api/role/detail',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '角色详情（权限、可见菜单、数据范围）',
        querystring: z.object({ id: idQuerySchema }),
        response: { 200: envelopeSchema(roleDetailSchema) },
      },
    },
    async (req) => {
      const p = req.principal!
      if (p.roleId !== req.query.id && !can(p, '系统-角色', '查看')) throw new AppError('FORBIDDEN')
      const row = await findRole(db, req.query.id)
      return ok({
        id: row.id,
        name: row.name,
        description: row.description,
        ...effectiveGrant(row),
        permissionDepartment: row.permissionDepartment,
      })
    },
  )

  app.get(
    '/api/role/config',
    {
      config: { access: { page: '系统-角色', action: '查看' } },
      schema: {
        tags,
        summary: '权限配置树：菜单分组 → 权限页面 → 操作，及各页面控制的菜单',
        response: { 200: envelopeSchema(roleConfigSchema) },
      },
    },
    async () => ok(roleConfigTree()),
  )

  app.post(
    '/api/role',
    {
      config: { access: { page: '系统-角色', action: '添加' }, audit: '新增角色' },
      schema: {
        tags,
        summary: '新增角色',
        body: roleFieldsSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
    },
    async (req) => {
      const values = await storedRole(db, req.body)
      const [row] = await db.insert(role).values(values).returning({ id: role.id })
      req.auditInfo.target = `role:${row!.id}`
      req.auditInfo.targetName = values.name
      return ok({ id: row!.id }, roleMessages.created)
    },
  )

  app.post(
    '/api/role/modify',
    {
      config: { access: { page: '系统-角色', action: '编辑' }, audit: '修改角色' },
      schema: { tags, summary: '修改角色', body: roleModifyBodySchema },
    },
    async (req) => {
      const { id, ...fields } = req.body
      req.auditInfo.target = `role:${id}`
      refuseSuperAdmin(id)
      const found = await findRole(db, id)
      req.auditInfo.targetName = found.name
      const values = await storedRole(db, fields, id)
      // The name the role has from now on (a rename logs the new one; earlier rows keep the old).
      req.auditInfo.targetName = values.name ?? found.name
      // Takes effect on the next request of every account holding the role: sessions read it per request.
      await db
        .update(role)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(role.id, id))
      return ok(null, roleMessages.modified)
    },
  )

  app.post(
    '/api/role/delete',
    {
      config: { access: { page: '系统-角色', action: '删除' }, audit: '删除角色' },
      schema: { tags, summary: '删除角色（仍有账号使用时拒绝）', body: roleIdBodySchema },
    },
    async (req) => {
      const { id } = req.body
      req.auditInfo.target = `role:${id}`
      refuseSuperAdmin(id)
      req.auditInfo.targetName = (await findRole(db, id)).name
      await db.transaction(async (tx) => {
        // Lock the role row so an account cannot be given the role between the count and the delete.
        await tx.execute(sql`select id from ${role} where ${role.id} = ${id} for update`)
        const [used] = await tx.select({ n: count() }).from(admin).where(eq(admin.roleId, id))
        if (used && used.n > 0) throw new AppError('CONFLICT', roleMessages.inUse(used.n))
        await tx.delete(role).where(eq(role.id, id))
      })
      return ok(null, roleMessages.removed)
    },
  )

  app.post(
    '/api/role/copy',
    {
      config: { access: { page: '系统-角色', action: '添加' }, audit: '复制角色' },
      schema: {
        tags,
        summary: '复制角色：权限、可见菜单和数据范围相同，名称为「<原名称> 副本」',
        body: roleIdBodySchema,
        response: { 200: envelopeSchema(z.object({ id: z.number(), name: z.string() })) },
      },
    },
    async (req) => {
      const source = await findRole(db, req.body.id)
      const names = await db
        .select({ name: role.name })
        .from(role)
        .then((rows) => new Set(rows.map((r) => r.name)))
      const name = copyName(source.name, (n) => names.has(n))
      const [row] = await db
        .insert(role)
        .values({
          name,
          description: source.description,
          ...effectiveGrant(source),
          permissionDepartment: source.permissionDepartment,
        })
        .returning({ id: role.id })
      req.auditInfo.target = `role:${row!.id}`
      req.auditInfo.targetName = name
      return ok({ id: row!.id, name }, roleMessages.copied)
    },
  )
}
