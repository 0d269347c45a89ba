import {
  recordDetailSchema,
  recordIdQuerySchema,
  recordItemSchema,
  recordListQuerySchema,
  recordMessages,
  recordNumsQuerySchema,
} from '@moc/domain/api/records'
import { can } from '@moc/domain/permissions/can'
import { type ListTypeDef, tabPermission } from '@moc/domain/resources/types'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { descIndexed } from '../../db/order.ts'
import { admin } from '../../db/schema.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { plainJsonSerializer } from '../../platform/plainJson.ts'
import { freshFileUrls } from '../../platform/storage/freshFileUrls.ts'
import { sendXlsx } from '../../platform/xlsxReply.ts'
import { creatorIdByName } from '../creatorByName.ts'
import { writeResourceSheet } from '../resourceSheet.ts'
import { readChildren } from './recordChildren.ts'
import { rowExtras } from './recordDerived.ts'
import type { RecordKit } from './recordKit.ts'
import { rejectReasonOf, searchShapeOf, searchWhere, tabWhere } from './recordQueries.ts'
import { col, recordInScope, rowColumns } from './recordTable.ts'
import { recordFieldValues } from './recordValues.ts'

type Row = Record<string, unknown> & { id: number }
const EXPORT_BATCH = 500

/** A record type's reads: its list (GET and POST), the tabs' counts, the detail, and the Excel export of the list. */
export function recordReadRoutes(k: RecordKit) {
  const { app, db, rt, def, name, label, tags, base, t, id, access, may, itemOf } = k
  // The recycle bin needs its own permission; the other tabs the list's, which the guard has checked.
  const refuseTab = (req: FastifyRequest, tab: ListTypeDef) => {
    if (tab.recycle && !can(req.principal!, def.permissionPage, tabPermission(def, tab)))
      throw new AppError('FORBIDDEN', recordMessages.noRecycleView)
  }

  /** The list's condition: the tab, the creator, the created-at range, the ids, the search fields, the scope. */
  async function listWhere(
    req: FastifyRequest,
    q: z.output<typeof recordListQuerySchema> & Record<string, unknown>,
  ) {
    const tab = def.list.types[q.type ?? Object.keys(def.list.types)[0]!]
    if (!tab) throw new AppError('BAD_REQUEST', recordMessages.unknownType)
    refuseTab(req, tab)
    const scope = await dataScopeOf(req, db)
    const creator = q.createdBy && rt.traits.scoped ? await creatorIdByName(db, q.createdBy) : undefined
    return and(
      ...tabWhere(rt, tab.where, q.verifyState),
      recordInScope(rt, scope),
      creator === undefined ? undefined : eq(col(rt, 'createdBy'), creator ?? -1),
      q.startTime ? gte(col(rt, 'createdAt'), new Date(q.startTime)) : undefined,
      q.endTime ? lte(col(rt, 'createdAt'), new Date(q.endTime)) : undefined,
      q.ids ? inArray(id, q.ids.length ? q.ids : [0]) : undefined,
      ...searchWhere(rt, q),
    )
  }

  // A manual order (排序) first; else the definition's (levels by level), else newest first.
  const by = def.list.sort
  const order = rt.traits.sortable
    ? [asc(col(rt, 'sort')), asc(id)]
    : by && by.field !== 'createdAt'
      ? by.order === 'asc'
        ? [asc(col(rt, by.field)), asc(id)]
        : [desc(col(rt, by.field)), desc(id)]
      : [descIndexed(col(rt, 'createdAt')), descIndexed(id)]

  async function list(
    req: FastifyRequest,
    q: z.output<typeof recordListQuerySchema> & Record<string, unknown>,
  ) {
    const where = await listWhere(req, q)
    const creator = rt.traits.scoped ? sql<string | null>`${admin.username}` : sql<null>`null`
    const page = db
      .select({
        row: rowColumns(rt, { richText: false }),
        creatorName: creator,
        rejectReason: rt.traits.reviewed ? rejectReasonOf(rt) : sql<null>`null`,
      })
      .from(t)
      .$dynamic()
    const [rows, [n]] = await Promise.all([
      (rt.traits.scoped ? page.leftJoin(admin, eq(admin.id, col(rt, 'createdBy'))) : page)
        .where(where)
        .orderBy(...order)
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      db.select({ n: count() }).from(t).where(where),
    ])
    const extras = await rowExtras(
      db,
      rt,
      rows.map((r) => r.row as Row),
    )
    const items = rows.map((r) => {
      const extra = extras.get(r.row.id as number)!
      return {
        ...itemOf(r.row as Row),
        ...extra.values,
        refs: extra.refs,
        refTo: extra.refTo,
        createdBy: (r.row.createdBy as number | undefined) ?? null,
        creatorName: r.creatorName ?? '',
        rejectReason: r.rejectReason,
      }
    })
    return ok({ items, total: n?.n ?? 0 })
  }
  const searchShape = searchShapeOf(def)
  const listQuery = recordListQuerySchema.extend(searchShape) as unknown as typeof recordListQuerySchema
  const listResponse = { 200: envelopeSchema(pageSchema(recordItemSchema)) }
  // A definition may list elsewhere when the spec gives its /list to a picker (媒体号: pageList).
  const listPath = def.api?.list?.replace(/^[A-Z]+\s+/, '') ?? `${base}/list`
  app.get(
    listPath,
    {
      config: { access: access('list') },
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags,
        summary: `${label}列表（type 为列表页签；可搜索字段按同名参数筛选）`,
        querystring: listQuery,
        response: listResponse,
      },
    },
    (req) => list(req, req.query),
  )
  app.post(
    listPath,
    {
      config: { access: access('list') },
      // Rows carry the engine's columns and the fields only (rowColumns): nothing to strip, no zod pass per row.
      serializerCompiler: plainJsonSerializer,
      schema: { tags, summary: `${label}列表（POST 形式）`, body: listQuery, response: listResponse },
    },
    (req) => list(req, req.body),
  )

  app.get(
    `${base}/nums`,
    {
      config: { access: access('list') },
      schema: {
        tags,
        summary: `${label}各列表页签的数量`,
        querystring: recordNumsQuerySchema,
        response: { 200: envelopeSchema(z.record(z.string(), z.number().int())) },
      },
    },
    async (req) => {
      const scope = await dataScopeOf(req, db)
      const creator =
        req.query.createdBy && rt.traits.scoped ? await creatorIdByName(db, req.query.createdBy) : undefined
      const entries = await Promise.all(
        Object.entries(def.list.types)
          .filter(([, tab]) => can(req.principal!, def.permissionPage, tabPermission(def, tab)))
          .map(async ([key, tab]) => {
            const [r] = await db
              .select({ n: count() })
              .from(t)
              .where(
                and(
                  ...tabWhere(rt, tab.where),
                  recordInScope(rt, scope),
                  creator === undefined ? undefined : eq(col(rt, 'createdBy'), creator ?? -1),
                ),
              )
            return [key, r?.n ?? 0] as const
          }),
      )
      return ok(Object.fromEntries(entries))
    },
  )

  /** One row with every field (children too), in the caller's scope (404 outside it). */
  async function detail(req: FastifyRequest, rowId: number) {
    const scope = await dataScopeOf(req, db)
    const q = db
      .select({
        row: rowColumns(rt, { richText: true }),
        creatorName: rt.traits.scoped ? sql<string | null>`${admin.username}` : sql<null>`null`,
      })
      .from(t)
      .$dynamic()
    const [found] = await (rt.traits.scoped
      ? q.leftJoin(admin, eq(admin.id, col(rt, 'createdBy')))
      : q
    ).where(and(eq(id, rowId), recordInScope(rt, scope)))
    if (!found) throw new AppError('NOT_FOUND', recordMessages.notFound(label))
    const row = found.row as Row
    const [children, extras] = await Promise.all([readChildren(db, def, [rowId]), rowExtras(db, rt, [row])])
    const extra = extras.get(rowId)!
    return {
      ...itemOf(row),
      refs: extra.refs,
      refTo: extra.refTo,
      createdBy: (row.createdBy as number | undefined) ?? null,
      creatorName: found.creatorName ?? '',
      fields: await freshFileUrls(k.ctx, def, {
        ...recordFieldValues(def, row),
        ...extra.values,
        ...(children.get(rowId) ?? {}),
      }),
      relations: {},
      lockedBy: (row.lockedBy as number | undefined) ?? null,
      lockedAt: row.lockedAt instanceof Date ? row.lockedAt.toISOString() : null,
    }
  }
  app.get(
    `${base}/detail`,
    {
      config: { access: access('detail') },
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags,
        summary: `${label}详情（含定义中的全部字段）`,
        querystring: recordIdQuerySchema,
        response: { 200: envelopeSchema(recordDetailSchema) },
      },
    },
    (req) => detail(req, req.query.id).then(ok),
  )

  if (may('export'))
    app.post(
      `${base}/export`,
      {
        config: { access: access('export'), audit: `导出${label}` },
        schema: {
          tags,
          summary: `导出${label}为 Excel（.xlsx；筛选条件同列表）`,
          // The list's filters by name (its search fields), so an unknown field is refused as on every write.
          body: recordListQuerySchema.omit({ page: true, pageSize: true }).extend(searchShape),
        },
      },
      async (req, reply) => {
        const where = await listWhere(req, { ...req.body, page: 1, pageSize: 1 })
        req.auditInfo.target = `导出${label}`
        const rows = async (lastId: number) => {
          const q = db
            .select({
              row: t,
              creator: rt.traits.scoped ? sql<string | null>`${admin.username}` : sql<null>`null`,
            })
            .from(t)
            .$dynamic()
          const found = await (rt.traits.scoped ? q.leftJoin(admin, eq(admin.id, col(rt, 'createdBy'))) : q)
            .where(and(where, gt(id, lastId)))
            .orderBy(asc(id))
            .limit(EXPORT_BATCH)
          const extras = await rowExtras(
            db,
            rt,
            found.map((f) => f.row as Row),
          )
          return found.map(({ row, creator }) => {
            const r = row as Row
            return {
              id: r.id,
              values: { ...recordFieldValues(def, r), ...extras.get(r.id)!.values },
              verifyState: (r.verifyState as number | undefined) ?? null,
              creator,
              createdAt: r.createdAt as Date,
            }
          })
        }
        return sendXlsx(req, reply, { name, label }, (out) => writeResourceSheet(def, out, rows))
      },
    )
}
