import { recordPickSchema, recordPicksQuerySchema } from '@moc/domain/api/records'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, asc, count, desc, ilike, inArray, sql } from 'drizzle-orm'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { containsPattern } from '../../platform/paging.ts'
import type { RecordKit } from './recordKit.ts'
import { tabWhere } from './recordQueries.ts'
import { col, recordInScope, titleField } from './recordTable.ts'

/**
 * A ref picker's rows: id and name only, of the list's first tab and the caller's data scope, searched by name or
 * named by id. Open to whoever may write a field that refers to the definition (pickRights), not only to its readers:
 * a picker needs the names, not the rows.
 */
export function recordPicksRoute(k: RecordKit) {
  const { app, db, rt, def, label, tags, base, t, id, access } = k
  const tab = Object.values(def.list.types).find((x) => !x.recycle)
  if (!tab) return
  // The name as text (a number title, e.g. a record named by its id, is cast; a text one is left as it is).
  const named = col(rt, titleField(rt))
  const title = named.dataType === 'string' ? sql<string>`${named}` : sql<string>`${named}::text`
  const order = rt.traits.sortable ? [asc(col(rt, 'sort')), asc(id)] : [desc(id)]
  app.get(
    `${base}/picks`,
    {
      config: { access: { ...access('list'), picks: true } },
      schema: {
        tags,
        summary: `${label}选择项（编号与名称，供引用它的表单选择）`,
        querystring: recordPicksQuerySchema,
        response: { 200: envelopeSchema(pageSchema(recordPickSchema)) },
      },
    },
    async (req) => {
      const q = req.query
      const where = and(
        ...tabWhere(rt, tab.where),
        recordInScope(rt, await dataScopeOf(req, db)),
        q.ids ? inArray(id, q.ids) : undefined,
        q.keyword ? ilike(title, containsPattern(q.keyword)) : undefined,
      )
      const [items, [n]] = await Promise.all([
        db
          .select({ id: sql<number>`${id}`, title })
          .from(t)
          .where(where)
          .orderBy(...order)
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(t).where(where),
      ])
      return ok({ items: items.map((r) => ({ id: Number(r.id), title: r.title ?? '' })), total: n?.n ?? 0 })
    },
  )
}
