import { userTagsBodySchema } from '@moc/domain/api/communityUsers'
import { TAG_TYPE } from '@moc/domain/resources/content/tags'
import { recordResources } from '@moc/domain/resources/index'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { tag } from '../../db/tables/content.ts'
import { col, ownRows, recordTableOf, titleField } from '../../engine/records/recordTable.ts'
import { auditNameList } from '../../platform/auditNames.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'

/**
 * POST /api/appUser/tags and /api/portrait/tags: set the user tags of users (用户管理 编辑) or of a portrait's rule
 * (用户画像 编辑), checked to be user tags. The record engine's form draws a `tags` field as content tags; until it
 * draws one over user tags these two calls carry them (decision 0040).
 */
export async function userTagRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  for (const name of ['appUser', 'portrait'] as const) {
    const def = recordResources.get(name)!
    const rt = recordTableOf(def)
    const id = col(rt, 'id')
    app.post(
      `/api/${name}/tags`,
      {
        config: { access: { page: def.permissionPage, action: '编辑' }, audit: `设置${def.label}标签` },
        schema: {
          tags: [def.label],
          summary: `设置${def.label}的用户标签（整组替换）`,
          body: userTagsBodySchema,
          response: { 200: envelopeSchema(z.object({ updated: z.number().int() })) },
        },
      },
      async (req) => {
        const ids = [...new Set(req.body.ids)]
        const tags = [...new Set(req.body.tags)]
        const updated = await db.transaction(async (tx) => {
          const known = tags.length
            ? await tx
                .select({ id: tag.id })
                .from(tag)
                .where(and(inArray(tag.id, tags), eq(tag.type, TAG_TYPE.user)))
            : []
          if (known.length !== tags.length) throw new AppError('BAD_REQUEST', '用户标签不存在或已删除')
          const rows = (await tx
            .update(rt.table)
            .set({ tags, updatedAt: new Date() } as never)
            .where(and(inArray(id, ids), ownRows(rt)))
            .returning({ id, name: sql<string>`${col(rt, titleField(rt))}` })) as {
            id: number
            name: string
          }[]
          if (rows.length !== ids.length) throw new AppError('NOT_FOUND', `${def.label}不存在`)
          req.auditInfo.target = rows.map((r) => `${name}:${r.id}`).join(',')
          req.auditInfo.targetName = auditNameList(rows.map((r) => r.name))
          return rows.length
        })
        return ok({ updated })
      },
    )
  }
}
