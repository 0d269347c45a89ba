import {
  contentMessages,
  type RelatedItem,
  relatedItemSchema,
  relationQuerySchema,
} from '@moc/domain/api/content'
import { resources } from '@moc/domain/resources/index'
import { relatedResourceName, relationIds, relationResources } from '@moc/domain/resources/relation'
import type { FieldDef, ResourceDef } from '@moc/domain/resources/types'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, ilike, inArray, isNull, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../db/client.ts'
import { descIndexed } from '../db/order.ts'
import { content } from '../db/schema.ts'
import type { Ctx } from '../platform/context.ts'
import { type DataScope, dataScopeOf } from '../platform/dataScope.ts'
import { AppError } from '../platform/errors.ts'
import { resourceOf } from '../platform/guard.ts'
import { containsPattern } from '../platform/paging.ts'
import { countedTotal } from './contentCounters.ts'
import { contentInScope } from './contentInScope.ts'

/**
 * Relation fields (FieldDef kind 'relation', e.g. a collection's ordered members): the members a save may
 * name, the members a detail shows, and the paged picker of candidates. Members are content items of the
 * related resource's kind; the order is the stored id array's.
 */

const relatedColumns = {
  id: content.id,
  kind: content.kind,
  title: content.title,
  cover: content.cover,
  verifyState: content.verifyState,
  createdAt: content.createdAt,
}
type RelatedRow = { [K in keyof typeof relatedColumns]: (typeof content.$inferSelect)[K] }
const relatedOf = (r: RelatedRow): RelatedItem => ({ ...r, createdAt: r.createdAt.toISOString() })

/** The content kind of a resource named by a relation, undefined when none is served. */
function kindOfResource(name: string | undefined): string | undefined {
  const def = name ? (resources as Record<string, ResourceDef>)[name] : undefined
  return def && 'kind' in def.storage ? def.storage.kind : undefined
}

/** Fields naming other items: relations, and modules (whose items may be of any of `relation.anyOf`). */
const relationFields = (def: ResourceDef) =>
  Object.entries(def.fields).filter(([, f]) => f.kind === 'relation' || f.kind === 'modules') as [
    string,
    FieldDef,
  ][]

/** The content kinds a relation or modules field may name, given the item's values; empty when none yet. */
function kindsOf(f: FieldDef, values: Record<string, unknown>): string[] {
  const names = f.relation?.anyOf ?? [relatedResourceName(f, values)]
  return names.map(kindOfResource).filter((k): k is string => k !== undefined)
}

/**
 * Refuses a save whose relation values name an item twice, name items of a type that takes none yet, or
 * name items that do not exist, are of another kind, are in the recycle bin or outside the saver's scope (400).
 */
export async function checkRelations(
  db: Db,
  def: ResourceDef,
  values: Record<string, unknown>,
  scope: DataScope,
) {
  for (const [name, f] of relationFields(def)) {
    // A module's items count across the whole item: the same content twice in one subject is refused.
    const ids = relationIds(f, values[name])
    if (!ids.length) continue
    if (new Set(ids).size !== ids.length)
      throw new AppError('BAD_REQUEST', contentMessages.relationDuplicate(f.label))
    const kinds = kindsOf(f, values)
    if (!kinds.length) throw new AppError('BAD_REQUEST', contentMessages.relationUnavailable(f.label))
    const [row] = await db
      .select({ n: count() })
      .from(content)
      .where(
        and(
          inArray(content.id, ids),
          inArray(content.kind, kinds),
          isNull(content.recycledAt),
          contentInScope(scope),
        ),
      )
    if ((row?.n ?? 0) !== ids.length)
      throw new AppError('BAD_REQUEST', contentMessages.relationInvalid(f.label))
  }
}

/** The items each relation field of a stored item names, in the field's order (items since deleted are left out). */
export async function relatedItemsOf(
  db: Db,
  def: ResourceDef,
  fields: Record<string, unknown>,
): Promise<Record<string, RelatedItem[]>> {
  const out: Record<string, RelatedItem[]> = {}
  for (const [name, f] of relationFields(def)) {
    const ids = relationIds(f, fields[name])
    if (!ids.length) {
      out[name] = []
      continue
    }
    const rows = await db.select(relatedColumns).from(content).where(inArray(content.id, ids))
    const byId = new Map(rows.map((r) => [r.id, r]))
    out[name] = ids.flatMap((id) => (byId.has(id) ? [relatedOf(byId.get(id)!)] : []))
  }
  return out
}

/** GET /api/content/relation: the picker of a relation field, guarded by 查看 on the field's own type. */
export async function relationRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  app.get(
    '/api/content/relation',
    {
      config: { access: { resource: 'list' } },
      schema: {
        tags: ['内容'],
        summary: '关联字段的可选内容（如合集内容）：分页、按标题搜索；ids 取指定内容',
        querystring: relationQuerySchema,
        response: { 200: envelopeSchema(pageSchema(relatedItemSchema)) },
      },
    },
    async (req) => {
      const q = req.query
      const f = resourceOf(req).fields[q.field]
      if (!f?.relation || (f.kind !== 'relation' && f.kind !== 'modules'))
        throw new AppError('BAD_REQUEST', contentMessages.relationUnavailable(f?.label ?? '关联内容'))
      // The picker names the related resource when the field offers several; titles by ids may span them all.
      const offered = relationResources(f)
      const chosen = f.relation.by || f.relation.anyOf ? offered.filter((r) => r === q.related) : offered
      const names = !chosen.length && q.ids && f.relation.anyOf ? offered : chosen
      const kinds = names.map(kindOfResource).filter((k): k is string => k !== undefined)
      if (!kinds.length) throw new AppError('BAD_REQUEST', contentMessages.relationUnavailable(f.label))
      const kind = kinds.length === 1 ? kinds[0]! : undefined
      const scope = await dataScopeOf(req, db)
      const free: SQL[] = []
      if (q.title) free.push(ilike(content.title, containsPattern(q.title)))
      if (q.ids) free.push(inArray(content.id, q.ids))
      const where = and(
        inArray(content.kind, kinds),
        isNull(content.recycledAt),
        contentInScope(scope),
        ...free,
      )
      const [rows, total] = await Promise.all([
        db
          .select(relatedColumns)
          .from(content)
          .where(where)
          .orderBy(descIndexed(content.createdAt), descIndexed(content.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        free.length || !kind
          ? db
              .select({ n: count() })
              .from(content)
              .where(where)
              .then((r) => r[0]?.n ?? 0)
          : countedTotal(db, kind, { recycled: false }, scope),
      ])
      return ok({ items: rows.map(relatedOf), total })
    },
  )
}
