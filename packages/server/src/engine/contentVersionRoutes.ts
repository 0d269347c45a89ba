import {
  contentIdQuerySchema,
  contentMessages,
  contentVersionDiffQuerySchema,
  contentVersionDiffSchema,
  contentVersionSchema,
} from '@moc/domain/api/content'
import { contentResources } from '@moc/domain/resources/index'
import type { ResourceDef } from '@moc/domain/resources/types'
import { fieldChanges } from '@moc/domain/rules/versionDiff'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../db/client.ts'
import { admin, content, resourceVersion } from '../db/schema.ts'
import type { Ctx } from '../platform/context.ts'
import { dataScopeOf } from '../platform/dataScope.ts'
import { AppError } from '../platform/errors.ts'
import { contentFieldValues } from './contentFields.ts'
import { contentInScope } from './contentInScope.ts'
import { mayReadItem } from './reviewFlow.ts'

const tags = ['内容']
const versionColumns = {
  versionNo: resourceVersion.versionNo,
  createdBy: resourceVersion.createdBy,
  creatorName: admin.username,
  createdAt: resourceVersion.createdAt,
  decision: resourceVersion.decision,
  fields: resourceVersion.fields,
}
type VersionRow = { createdAt: Date; creatorName: string | null; decision: string | null }
const versionOf = ({
  fields: _f,
  ...v
}: VersionRow & { fields?: unknown; versionNo: number; createdBy: number }) => ({
  ...v,
  creatorName: v.creatorName ?? '',
  createdAt: v.createdAt.toISOString(),
  decision: v.decision as 'pass' | 'reject' | null,
})

/** Versions of a content item and the reviewer's diff (decision 0009). */
export async function contentVersionRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  if (!contentResources.size) return

  /**
   * The item of `kind` and `id` in the caller's data scope, read by 查看 on its page or 审核 on its queue — the
   * guard can state one action only, so the route is signed-in and the check is here (as for the review log).
   */
  async function readable(req: FastifyRequest, kind: string, id: number) {
    const def: ResourceDef | undefined = contentResources.get(kind)
    if (!def) throw new AppError('BAD_REQUEST', contentMessages.unknownType)
    if (!mayReadItem(req.principal!, def)) throw new AppError('FORBIDDEN')
    const scope = await dataScopeOf(req, db)
    const [row] = await db
      .select()
      .from(content)
      .where(and(eq(content.id, id), eq(content.kind, kind), contentInScope(scope)))
    if (!row) throw new AppError('NOT_FOUND', contentMessages.notFound)
    return { def, row }
  }

  const versions = (on: Db, kind: string, id: number, where?: SQL) =>
    on
      .select(versionColumns)
      .from(resourceVersion)
      .leftJoin(admin, eq(admin.id, resourceVersion.createdBy))
      .where(and(eq(resourceVersion.resType, kind), eq(resourceVersion.resId, id), where))
      .orderBy(desc(resourceVersion.versionNo))

  app.get(
    '/api/content/versions',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '内容的历史版本（新到旧）：提交或发布后的每次保存及每次审核决定，需内容查看或队列审核权限',
        querystring: contentIdQuerySchema,
        response: { 200: envelopeSchema(pageSchema(contentVersionSchema)) },
      },
    },
    async (req) => {
      await readable(req, req.query.kind, req.query.id)
      const items = (await versions(db, req.query.kind, req.query.id)).map(versionOf)
      return ok({ items, total: items.length })
    },
  )

  app.get(
    '/api/content/versionDiff',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          '修改对比：当前内容与指定版本（默认最近一次审核通过的版本，没有则最近一次被驳回的版本）逐字段对比',
        querystring: contentVersionDiffQuerySchema,
        response: { 200: envelopeSchema(contentVersionDiffSchema) },
      },
    },
    async (req) => {
      const { kind, id, versionNo } = req.query
      const { def, row } = await readable(req, kind, id)
      const pick = async (where: SQL) => (await versions(db, kind, id, where).limit(1))[0]
      const baseline = versionNo
        ? await pick(eq(resourceVersion.versionNo, versionNo))
        : ((await pick(eq(resourceVersion.decision, 'pass'))) ??
          (await pick(eq(resourceVersion.decision, 'reject'))))
      if (versionNo && !baseline) throw new AppError('NOT_FOUND', contentMessages.versionNotFound)
      if (!baseline) return ok({ baseline: null, changes: [] })
      const changes = fieldChanges(def.fields, baseline.fields, contentFieldValues(def, row))
      return ok({ baseline: versionOf(baseline), changes })
    },
  )
}
