import { contentLockSchema, contentMessages, contentUnlockSchema } from '@moc/domain/api/content'
import {
  RECORD_IMPORT_MAX,
  recordDetailSchema,
  recordIdQuerySchema,
  recordIdsBodySchema,
  recordImportRowErrorSchema,
  recordItemSchema,
  recordListQuerySchema,
  recordMessages,
  recordNumsQuerySchema,
  recordSearchValueSchema,
  recordShowBodySchema,
  recordSortBodySchema,
} from '@moc/domain/api/records'
import { can, isSuperAdmin } from '@moc/domain/permissions/can'
import { fieldsSchema } from '@moc/domain/resources/fieldSchema'
import { recordResources } from '@moc/domain/resources/index'
import {
  type ListFilter,
  type ListTypeDef,
  permissionFor,
  supportsAction,
  tabPermission,
} from '@moc/domain/resources/types'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, asc, count, eq, gt, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { descIndexed } from '../../db/order.ts'
import { admin } from '../../db/schema.ts'
import { auditNameList } from '../../platform/auditNames.ts'
import type { Ctx } from '../../platform/context.ts'
import { type DataScope, dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { containsPattern } from '../../platform/paging.ts'
import { sendXlsx } from '../../platform/xlsxReply.ts'
import { xlsxRows } from '../../platform/xlsxRows.ts'
import { creatorIdByName } from '../creatorByName.ts'
import { holderName, lockHeldByOther, releaseEditLock, takeEditLock } from '../editLock.ts'
import { writeResourceSheet } from '../resourceSheet.ts'
import { forgetReviewHistory } from '../reviewHistory.ts'
import { keepVersion } from '../versions.ts'
import { childFields, readChildren, writeChildren } from './recordChildren.ts'
import { recordCommandRoutes } from './recordCommands.ts'
import { recordReviewRoutes } from './recordReview.ts'
import { checkFieldRules } from './recordRules.ts'
import { importCells } from './recordSheet.ts'
import {
  col,
  newRowValues,
  type RecordTable,
  recordInScope,
  recordTableOf,
  rowColumns,
  titleField,
} from './recordTable.ts'
import { isoRow, recordFieldValues, recordWrite } from './recordValues.ts'

type Row = Record<string, unknown> & { id: number }

/** Most bytes of an imported .xlsx (travelling base64 in the sealed JSON body, as the sensitive words' import). */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024
const EXPORT_BATCH = 500

/** The reason of a rejected row's latest rejection (驳回原因 on list rows), null in any other state. */
const rejectReasonOf = (rt: RecordTable) =>
  sql<string | null>`case when ${rt.cols.verifyState} = 2 then (select l.comment from process_resource_log l
    where l.res_type = ${rt.resType} and l.res_id = ${rt.cols.id} and l.action = 'reject' order by l.id desc limit 1)
    end`

/** A tab's condition over the table (ListFilter): recycle bin, review state, and field values (`is`). */
function tabWhere(rt: RecordTable, where: ListFilter, verifyState?: number): SQL[] {
  const out: SQL[] = []
  if (rt.traits.recyclable)
    out.push(where.recycled ? sql`${rt.cols.recycledAt} is not null` : sql`${rt.cols.recycledAt} is null`)
  const vs = where.verifyState
  if (rt.traits.reviewed) {
    if (typeof vs === 'number') out.push(eq(col(rt, 'verifyState'), vs))
    else if (vs) out.push(sql`${col(rt, 'verifyState')} <> ${vs.not}`)
    if (verifyState !== undefined) out.push(eq(col(rt, 'verifyState'), verifyState))
  }
  for (const [name, v] of Object.entries(where.is ?? {})) out.push(eq(col(rt, name), v))
  return out
}

/** The definition's search fields from a list query: select fields by equality, a platform list by containment, text by contains. */
function searchWhere(rt: RecordTable, q: Record<string, unknown>): SQL[] {
  const out: SQL[] = []
  for (const [name, f] of Object.entries(rt.def.fields)) {
    const v = q[name]
    if (!f.search || typeof v !== 'string' || !v.trim()) continue
    const c = col(rt, name)
    if (f.kind === 'select') out.push(eq(c, v.trim()))
    else if (f.kind === 'multiSelect') out.push(sql`${c} @> ${JSON.stringify([v.trim()])}::jsonb`)
    else if (f.kind === 'number' && /^\d+$/.test(v.trim())) out.push(eq(c, Number(v.trim())))
    else out.push(ilike(c, containsPattern(v.trim())))
  }
  return out
}

/** Mounts the record store's routes for every definition with a table of its own (DESIGN §4, decision 0037). */
export async function recordRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const embedOrigins = async () => (await ctx.settings.get('editor')).embedOrigins

  for (const def of recordResources.values()) {
    const rt = recordTableOf(def)
    const { name, label } = def
    const tags = [label]
    const base = `/api/${name}`
    const t = rt.table
    const id = col(rt, 'id')
    const titleOf = (r: Record<string, unknown>) => String(r[titleField(rt)] ?? r.id ?? '')
    const access = (resource: Parameters<typeof supportsAction>[1]) => ({ resource, record: name })
    const may = (resource: Parameters<typeof supportsAction>[1]) => supportsAction(def, resource)

    const audit = (req: FastifyRequest, rows: readonly Record<string, unknown>[]) => {
      req.auditInfo.target = rows.map((r) => `${name}:${r.id}`).join(',')
      req.auditInfo.targetName = auditNameList(rows.map(titleOf))
    }

    /** Rows of `ids` in the caller's scope, locked in the transaction; 404 unless every one is. */
    async function locked(tx: Db, scope: DataScope, ids: readonly number[]): Promise<Row[]> {
      const unique = [...new Set(ids)]
      const rows = (await tx
        .select()
        .from(t)
        .where(and(inArray(id, unique), recordInScope(rt, scope)))
        .orderBy(asc(id))
        .for('update')) as Row[]
      if (rows.length !== unique.length) throw new AppError('NOT_FOUND', recordMessages.notFound(label))
      return rows
    }

    /** A row as lists and details answer it: times as ISO text, its name as `title`. */
    const itemOf = (row: Row) => ({
      ...isoRow(row),
      id: row.id,
      title: titleOf(row),
      createdAt: (row.createdAt as Date).toISOString(),
      updatedAt: (row.updatedAt as Date).toISOString(),
    })

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

    const order = rt.traits.sortable
      ? [asc(col(rt, 'sort')), asc(id)]
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
      const items = rows.map((r) => ({
        ...itemOf(r.row as Row),
        createdBy: (r.row.createdBy as number | undefined) ?? null,
        creatorName: r.creatorName ?? '',
        rejectReason: r.rejectReason,
      }))
      return ok({ items, total: n?.n ?? 0 })
    }
    // The definition's search fields, each by its name (a platform, a title keyword).
    const searchShape = Object.fromEntries(
      Object.entries(def.fields)
        .filter(([, f]) => f.search)
        .map(([n]) => [n, recordSearchValueSchema.optional()]),
    )
    const listQuery = recordListQuerySchema.extend(searchShape) as unknown as typeof recordListQuerySchema
    const listResponse = { 200: envelopeSchema(pageSchema(recordItemSchema)) }
    app.get(
      `${base}/list`,
      {
        config: { access: access('list') },
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
      `${base}/list`,
      {
        config: { access: access('list') },
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
      const children = (await readChildren(db, def, [rowId])).get(rowId) ?? {}
      return {
        ...itemOf(row),
        createdBy: (row.createdBy as number | undefined) ?? null,
        creatorName: found.creatorName ?? '',
        fields: { ...recordFieldValues(def, row), ...children },
        relations: {},
        lockedBy: (row.lockedBy as number | undefined) ?? null,
        lockedAt: row.lockedAt instanceof Date ? row.lockedAt.toISOString() : null,
      }
    }
    app.get(
      `${base}/detail`,
      {
        config: { access: access('detail') },
        schema: {
          tags,
          summary: `${label}详情（含定义中的全部字段）`,
          querystring: recordIdQuerySchema,
          response: { 200: envelopeSchema(recordDetailSchema) },
        },
      },
      (req) => detail(req, req.query.id).then(ok),
    )

    const fields = fieldsSchema(def)
    const idResponse = { 200: envelopeSchema(z.object({ id: z.number().int() })) }
    // Adding answers the new row as the list shows it.
    if (may('create'))
      app.post(
        `${base}/add`,
        {
          config: { access: access('create'), audit: `新增${label}` },
          schema: {
            tags,
            summary: `新增${label}（答复新记录，同列表行）`,
            body: fields,
            response: { 200: envelopeSchema(recordItemSchema) },
          },
        },
        async (req) => {
          const values = req.body as Record<string, unknown>
          const origins = await embedOrigins()
          const write = recordWrite(def, values, origins)
          const me = req.principal!.adminId
          const created = await db.transaction(async (tx) => {
            const t2 = tx as unknown as Db
            await checkFieldRules(t2, rt, values, undefined)
            const [row] = (await tx
              .insert(t)
              .values({ ...write, ...(await newRowValues(t2, rt, me)) } as never)
              .returning()) as Row[]
            await writeChildren(t2, def, row!.id, values, origins)
            return row!
          })
          audit(req, [created])
          const creatorName = rt.traits.scoped ? req.principal!.username : ''
          return ok({ ...itemOf(created), createdBy: (created.createdBy as number) ?? null, creatorName })
        },
      )

    if (may('update'))
      app.post(
        `${base}/modify`,
        {
          config: { access: access('update'), audit: `编辑${label}` },
          schema: {
            tags,
            summary: `编辑${label}（保存表单全部字段）`,
            body: fields.extend({ id: recordIdQuerySchema.shape.id }),
            response: idResponse,
          },
        },
        async (req) => {
          const { id: rowId, ...values } = req.body as Record<string, unknown> & { id: number }
          const origins = await embedOrigins()
          const write = recordWrite(def, values, origins)
          const scope = await dataScopeOf(req, db)
          const me = req.principal!.adminId
          const saved = await db.transaction(async (tx) => {
            const t2 = tx as unknown as Db
            const [before] = await locked(t2, scope, [rowId])
            if (before!.recycledAt) throw new AppError('CONFLICT', recordMessages.recycled)
            if (rt.traits.lockable && lockHeldByOther(before as never, me))
              throw new AppError(
                'CONFLICT',
                contentMessages.lockedBy(await holderName(t2, before!.lockedBy as number)),
              )
            await checkFieldRules(t2, rt, values, rowId)
            const [after] = (await tx
              .update(t)
              .set({ ...write, updatedAt: new Date() } as never)
              .where(eq(id, rowId))
              .returning()) as Row[]
            await writeChildren(t2, def, rowId, values, origins)
            // Every save of a submitted or published item keeps a version (decision 0009); drafts keep none.
            if (rt.traits.reviewed && after!.verifyState !== 0) {
              const children = (await readChildren(t2, def, [rowId])).get(rowId) ?? {}
              await keepVersion(
                t2,
                def,
                { resType: rt.resType, resId: rowId },
                { ...recordFieldValues(def, after!), ...children },
                me,
              )
            }
            return after!
          })
          audit(req, [saved])
          return ok({ id: rowId })
        },
      )

    // Deleting: with a recycle bin, live rows move into it and rows already there go for ever (回收站 permission).
    const bin = rt.traits.recyclable && may('recycle')
    if (may('remove'))
      app.post(
        `${base}/delete`,
        {
          config: { access: access('remove'), audit: `删除${label}` },
          schema: {
            tags,
            summary: bin
              ? `删除${label}：不在回收站的移入回收站，回收站中的彻底删除（需回收站权限）`
              : `删除${label}：彻底删除`,
            body: recordIdsBodySchema,
            response: {
              200: envelopeSchema(z.object({ recycled: z.number().int(), deleted: z.number().int() })),
            },
          },
        },
        async (req) => {
          const scope = await dataScopeOf(req, db)
          const result = await db.transaction(async (tx) => {
            const rows = await locked(tx as unknown as Db, scope, req.body.ids)
            audit(req, rows)
            const live = bin ? rows.filter((r) => !r.recycledAt) : []
            const binned = bin ? rows.filter((r) => r.recycledAt) : rows
            if (
              bin &&
              binned.length &&
              !can(req.principal!, def.permissionPage, permissionFor(def, 'recycle'))
            )
              throw new AppError('FORBIDDEN', recordMessages.noRecycleRight)
            const now = new Date()
            if (live.length)
              await tx
                .update(t)
                .set({
                  recycledAt: now,
                  updatedAt: now,
                  ...(rt.traits.lockable ? { lockedBy: null, lockedAt: null } : {}),
                } as never)
                .where(
                  inArray(
                    id,
                    live.map((r) => r.id),
                  ),
                )
            if (binned.length) {
              const gone = binned.map((r) => r.id)
              await tx.delete(t).where(inArray(id, gone))
              if (rt.traits.reviewed) await forgetReviewHistory(tx as unknown as Db, rt.resType, gone)
            }
            return { recycled: live.length, deleted: binned.length }
          })
          return ok(result)
        },
      )

    if (bin)
      app.post(
        `${base}/restore`,
        {
          config: { access: access('restore'), audit: `恢复${label}` },
          schema: {
            tags,
            summary: `从回收站恢复${label}`,
            body: recordIdsBodySchema,
            response: { 200: envelopeSchema(z.object({ restored: z.number().int() })) },
          },
        },
        async (req) => {
          const scope = await dataScopeOf(req, db)
          const restored = await db.transaction(async (tx) => {
            const rows = await locked(tx as unknown as Db, scope, req.body.ids)
            audit(req, rows)
            if (rows.some((r) => !r.recycledAt)) throw new AppError('BAD_REQUEST', recordMessages.notRecycled)
            await tx
              .update(t)
              .set({ recycledAt: null, updatedAt: new Date() } as never)
              .where(
                inArray(
                  id,
                  rows.map((r) => r.id),
                ),
              )
            return rows.length
          })
          return ok({ restored })
        },
      )

    if (rt.traits.showable && may('show')) {
      const words = def.showWords ?? { show: '显示', hide: '隐藏' }
      app.post(
        `${base}/showState`,
        {
          config: { access: access('show'), audit: `${words.show}/${words.hide}${label}` },
          schema: {
            tags,
            summary: `批量${words.show}/${words.hide}${label}`,
            body: recordShowBodySchema,
            response: { 200: envelopeSchema(z.object({ updated: z.number().int() })) },
          },
        },
        async (req) => {
          const scope = await dataScopeOf(req, db)
          const updated = await db.transaction(async (tx) => {
            const rows = await locked(tx as unknown as Db, scope, req.body.ids)
            audit(req, rows)
            if (rows.some((r) => r.recycledAt)) throw new AppError('CONFLICT', recordMessages.recycled)
            await tx
              .update(t)
              .set({ showState: req.body.showState, updatedAt: new Date() } as never)
              .where(
                inArray(
                  id,
                  rows.map((r) => r.id),
                ),
              )
            return rows.length
          })
          return ok({ updated })
        },
      )
    }

    if (rt.traits.sortable && may('sort'))
      app.post(
        `${base}/sort`,
        {
          config: { access: access('sort'), audit: `排序${label}` },
          schema: {
            tags,
            summary: `${label}排序：按给出的顺序重排这些记录（占用它们原有的位次）`,
            body: recordSortBodySchema,
            response: { 200: envelopeSchema(z.object({ updated: z.number().int() })) },
          },
        },
        async (req) => {
          const scope = await dataScopeOf(req, db)
          const updated = await db.transaction(async (tx) => {
            const rows = await locked(tx as unknown as Db, scope, req.body.ids)
            audit(req, rows)
            // The rows keep the places they held among themselves, in the order given: moving rows on one page
            // never moves the rows of another.
            const places = rows.map((r) => r.sort as number).sort((a, b) => a - b)
            const distinct = new Set(places).size === places.length
            const slots = distinct ? places : places.map((p, i) => p + i)
            for (const [i, rowId] of [...new Set(req.body.ids)].entries())
              await tx
                .update(t)
                .set({ sort: slots[i] } as never)
                .where(eq(id, rowId))
            return rows.length
          })
          return ok({ updated })
        },
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
            return found.map(({ row, creator }) => {
              const r = row as Row
              return {
                id: r.id,
                values: recordFieldValues(def, r),
                verifyState: (r.verifyState as number | undefined) ?? null,
                creator,
                createdAt: r.createdAt as Date,
              }
            })
          }
          return sendXlsx(req, reply, { name, label }, (out) => writeResourceSheet(def, out, rows))
        },
      )

    if (may('import'))
      app.post(
        `${base}/import`,
        {
          bodyLimit: Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 64 * 1024,
          config: { access: access('import'), audit: `导入${label}` },
          schema: {
            tags,
            summary: `从 Excel 导入${label}（.xlsx，首行为字段名称；任何一行有误则不导入，返回各行原因）`,
            body: z.strictObject({
              fileName: z
                .string()
                .trim()
                .max(200)
                .regex(/\.xlsx$/i, '只支持上传excel文件'),
              file: z.string().max(Math.ceil(IMPORT_MAX_BYTES / 3) * 4, '文件过大'),
            }),
            response: {
              200: envelopeSchema(z.object({ added: z.number().int() })),
              // The rows refused, or null when the request itself is (a missing file name).
              422: envelopeSchema(z.object({ failed: z.array(recordImportRowErrorSchema) }).nullable()),
            },
          },
        },
        async (req, reply) => {
          const file = Buffer.from(req.body.file, 'base64')
          const rows = xlsxRows(file, {
            maxRows: RECORD_IMPORT_MAX,
            messages: {
              notExcel: '只支持上传excel文件',
              tooManyRows: recordMessages.importTooMany(RECORD_IMPORT_MAX),
            },
          })
          const { valid, failed } = await importCells(def, rows)
          req.auditInfo.target = `${req.body.fileName}：${valid.length} 行`
          if (failed.length)
            return reply
              .code(422)
              .send({ code: 422, msg: recordMessages.importFailed(failed.length), data: { failed } })
          if (!valid.length) throw new AppError('BAD_REQUEST', recordMessages.importEmpty)
          const me = req.principal!.adminId
          const origins = await embedOrigins()
          await db.transaction(async (tx) => {
            const fresh = await newRowValues(tx as unknown as Db, rt, me)
            for (const [i, values] of valid.entries()) {
              await checkFieldRules(tx as unknown as Db, rt, values, undefined).catch((e: unknown) => {
                throw e instanceof AppError ? new AppError(e.name, `第 ${i + 2} 行：${e.message}`) : e
              })
              await tx.insert(t).values({ ...recordWrite(def, values, origins), ...fresh } as never)
            }
          })
          return ok({ added: valid.length })
        },
      )

    // The edit lock (decision 0006) of a lockable type: taken and renewed while its form is open, released on leaving.
    if (rt.traits.lockable && may('lock')) {
      const lock = {
        table: t,
        lockedBy: col(rt, 'lockedBy'),
        lockedAt: col(rt, 'lockedAt'),
        recycledAt: rt.traits.recyclable ? col(rt, 'recycledAt') : undefined,
        title: col(rt, titleField(rt)),
      }
      const messages = {
        ...recordMessages,
        notFound: recordMessages.notFound(label),
        notLockHolder: contentMessages.notLockHolder,
      }
      const inScope = async (req: FastifyRequest, rowId: number) =>
        and(eq(id, rowId), recordInScope(rt, await dataScopeOf(req, db)))
      app.get(
        `${base}/lock`,
        {
          config: { access: access('lock') },
          schema: {
            tags,
            summary: `${label}编辑锁：取得或续期；他人持有时返回持有人（超级管理员可 force 抢占）`,
            querystring: z.object({ id: recordIdQuerySchema.shape.id, force: z.stringbool().optional() }),
            response: { 200: envelopeSchema(contentLockSchema) },
          },
        },
        async (req) => {
          const force = !!req.query.force && isSuperAdmin(req.principal!)
          return ok(
            await takeEditLock(db, lock, await inScope(req, req.query.id), req.principal!, force, messages),
          )
        },
      )
      app.post(
        `${base}/unlock`,
        {
          config: { access: access('lock'), audit: `解除${label}编辑锁` },
          schema: {
            tags,
            summary: `解除${label}编辑锁：释放自己持有的锁；force 强制解锁他人持有的锁（仅超级管理员）`,
            body: contentUnlockSchema,
            response: { 200: envelopeSchema(z.object({ released: z.boolean() })) },
          },
        },
        async (req) => {
          const { id: rowId, force } = req.body
          req.auditInfo.target = `${name}:${rowId}`
          if (force && !isSuperAdmin(req.principal!))
            throw new AppError('FORBIDDEN', contentMessages.notLockHolder)
          const released = await releaseEditLock(
            db,
            lock,
            await inScope(req, rowId),
            req.principal!.adminId,
            !!force,
            messages,
            (title) => {
              req.auditInfo.targetName = title
            },
          )
          return ok({ released })
        },
      )
    }

    if (childFields(def).length && !may('update') && !may('create'))
      throw new Error(`${name}: a child collection needs a form (添加 or 编辑)`)
    recordReviewRoutes(app, ctx, rt, { locked, titleOf, audit })
    recordCommandRoutes(app, ctx, rt, { locked, audit })
  }
}
