import { contentMessages } from '@moc/domain/api/content'
import { contentResources } from '@moc/domain/resources/index'
import { type ResourceDef, supportsAction } from '@moc/domain/resources/types'
import { and, asc, eq, gt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { admin, content } from '../db/schema.ts'
import type { Ctx } from '../platform/context.ts'
import { dataScopeOf } from '../platform/dataScope.ts'
import { AppError } from '../platform/errors.ts'
import { sendXlsx } from '../platform/xlsxReply.ts'
import { bucketConditions } from './contentCounters.ts'
import { contentFieldValues } from './contentFields.ts'
import { contentInScope } from './contentInScope.ts'
import { contentBuckets, fieldFilters, freeFilters } from './contentPage.ts'
import { refuseTab } from './contentRoutes.ts'
import { creatorIdByName } from './creatorByName.ts'
import { writeResourceSheet } from './resourceSheet.ts'

const BATCH = 500

/** The export's filters: the list's (tab, title, creator, dates) and the definition's searchable fields by name. */
const exportBodySchema = z.object({
  type: z.string().max(40).optional(),
  title: z.string().trim().max(100).optional(),
  createdBy: z.string().trim().max(50).optional(),
  startTime: z.iso.datetime({ offset: true }).optional(),
  endTime: z.iso.datetime({ offset: true }).optional(),
  fields: z.record(z.string().max(40), z.string().trim().max(100)).optional(),
})

/** The sheet's rows of `where`, a batch at a time in id order. */
const contentRows = (db: Db, def: ResourceDef, where: ReturnType<typeof and>) => async (lastId: number) =>
  (
    await db
      .select({ row: content, creator: admin.username })
      .from(content)
      .leftJoin(admin, eq(admin.id, content.createdBy))
      .where(and(where, gt(content.id, lastId)))
      .orderBy(asc(content.id))
      .limit(BATCH)
  ).map(({ row, creator }) => ({
    id: row.id,
    values: contentFieldValues(def, row),
    verifyState: row.verifyState,
    creator,
    createdAt: row.createdAt,
  }))

/**
 * 导出 (spec §6 export action) of the content types whose page has it, e.g. disclosures (spec §7
 * /content/disclosure/export): the list's rows under its filters as an .xlsx, one column per plain field.
 */
export async function contentExportRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  for (const def of contentResources.values()) {
    if (!supportsAction(def, 'export')) continue
    const kind = def.storage.kind
    app.post(
      `/api/content/${kind}/export`,
      {
        config: { access: { resource: 'export', kind }, audit: `导出${def.label}` },
        schema: {
          tags: ['内容'],
          summary: `导出${def.label}为 Excel（.xlsx；筛选条件同列表，fields 为可搜索字段如 region）`,
          body: exportBodySchema,
        },
      },
      async (req, reply) => {
        const q = req.body
        const tab = def.list.types[q.type ?? Object.keys(def.list.types)[0]!]
        if (!tab) throw new AppError('BAD_REQUEST', contentMessages.unknownType)
        refuseTab(req, def, tab)
        const creator = q.createdBy ? await creatorIdByName(db, q.createdBy) : undefined
        const scope = await dataScopeOf(req, db)
        const where = and(
          eq(content.kind, kind),
          ...bucketConditions(tab.where, contentBuckets),
          contentInScope(scope),
          creator === undefined ? undefined : eq(content.createdBy, creator ?? -1),
          ...freeFilters(q),
          ...fieldFilters(def, q.fields ?? {}),
        )
        req.auditInfo.target = `导出${def.label}`
        return sendXlsx(req, reply, { name: kind, label: def.label }, (out) =>
          writeResourceSheet(def, out, contentRows(db, def, where)),
        )
      },
    )
  }
}
