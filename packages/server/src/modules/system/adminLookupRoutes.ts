import { creatorOptionSchema } from '@moc/domain/api/accounts'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { pageNumberSchema } from '@moc/domain/transport/ids'
import { and, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ADMIN_STATE, admin } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import {
  ADMIN_LOOKUP_MAX,
  adminsInScope,
  creatorOptions,
  dataScopeOf,
  parseDepartmentIds,
  subDepartmentIds,
} from '../../platform/dataScope.ts'
import { containsPattern, pageOf } from '../../platform/paging.ts'

const tags = ['系统-账号']

const adminOption = z.object({
  id: z.number(),
  name: z.string(),
  realName: z.string(),
  departmentId: z.number().nullable(),
})

/**
 * Look-ups of admins for other screens' filters (spec §6 creator filter, §7 "admins by departments").
 * Open to any signed-in account, because content screens need them, and so limited to the caller's data
 * scope and to names: no phone or email leaves here.
 */
export async function adminLookupRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const usable = inArray(admin.state, [ADMIN_STATE.enabled, ADMIN_STATE.disabled])

  app.get(
    '/api/admin/listByStructureIds',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '按部门（含下级部门）查询账号，限于本人的数据权限',
        querystring: z.object({
          structureIds: z.string().trim().max(2000).default(''),
          keyword: z.string().trim().max(50).optional(),
          page: pageNumberSchema,
          pageSize: z.coerce.number().int().min(1).max(ADMIN_LOOKUP_MAX).default(ADMIN_LOOKUP_MAX),
        }),
        response: { 200: envelopeSchema(pageSchema(adminOption)) },
      },
    },
    async (req) => {
      const { structureIds, keyword, page, pageSize } = req.query
      const where: (SQL | undefined)[] = [usable, adminsInScope(await dataScopeOf(req, db))]
      const roots = parseDepartmentIds(structureIds)
      if (roots.length) {
        const ids = await subDepartmentIds(db, roots)
        where.push(ids.length ? inArray(admin.departmentId, ids) : eq(admin.id, -1))
      }
      if (keyword)
        where.push(
          or(
            ilike(admin.username, containsPattern(keyword)),
            ilike(admin.realName, containsPattern(keyword)),
          ),
        )
      const condition = and(...where)
      return ok(
        await pageOf(
          page,
          pageSize,
          (limit, offset) =>
            db
              .select({
                id: admin.id,
                name: admin.username,
                realName: admin.realName,
                departmentId: admin.departmentId,
              })
              .from(admin)
              .where(condition)
              .orderBy(admin.username)
              .limit(limit)
              .offset(offset),
          db.select({ n: count() }).from(admin).where(condition),
        ),
      )
    },
  )

  app.get(
    '/api/admin/creators',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '创建人筛选项：默认本人，列出数据权限内部门（含下级）的账号',
        response: {
          200: envelopeSchema(z.object({ default: z.string(), items: z.array(creatorOptionSchema) })),
        },
      },
    },
    async (req) => ok(await creatorOptions(db, await dataScopeOf(req, db))),
  )
}
