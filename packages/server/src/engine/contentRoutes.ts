import {
  contentDetailSchema,
  contentIdQuerySchema,
  contentIdsSchema,
  contentItemSchema,
  contentListQuerySchema,
  contentLockSchema,
  contentMessages,
  contentNumsQuerySchema,
  contentSameItemSchema,
  contentSameQuerySchema,
  contentUnlockSchema,
} from '@moc/domain/api/content'
import { can, isSuperAdmin } from '@moc/domain/permissions/can'
import { fieldsSchema } from '@moc/domain/resources/fieldSchema'
import { contentResources } from '@moc/domain/resources/index'
import {
  type ListFilter,
  type ListTypeDef,
  permissionFor,
  type ResourceDef,
  supportsAction,
  tabPermission,
} from '@moc/domain/resources/types'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { idQuerySchema, idSchema } from '@moc/domain/transport/ids'
import { and, count, eq, getTableColumns, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { descIndexed } from '../db/order.ts'
import { preparedStatement, runPreparedOn } from '../db/prepared.ts'
import { admin, content, resourceVersion } from '../db/schema.ts'
import { recordMediaUsage } from '../modules/media/mediaUsage.ts'
import { auditNameList } from '../platform/auditNames.ts'
import type { Ctx } from '../platform/context.ts'
import { type DataScope, dataScopeOf } from '../platform/dataScope.ts'
import { AppError } from '../platform/errors.ts'
import { resourceOf } from '../platform/guard.ts'
import { plainJsonSerializer, sendOkJson } from '../platform/plainJson.ts'
import { applyCounts, bucketConditions, type CountedState, countedTotal } from './contentCounters.ts'
import { contentFieldValues, contentWrite, extraColumnValues, extraListColumns } from './contentFields.ts'
import { anyOf, contentInScope, contentInScopeOf, scopeSlots, scopeSlotValues } from './contentInScope.ts'
import { modifyContent } from './contentModify.ts'
import {
  contentBuckets,
  contentPage,
  fieldFilters,
  freeFilters,
  type ListRow,
  preparedContentPage,
} from './contentPage.ts'
import { refuseUnknownMediaAccounts } from './contentRefs.ts'
import { checkRelations, relatedItemsOf } from './contentRelations.ts'
import { creatorIdByName } from './creatorByName.ts'
import { releaseEditLock, takeEditLock } from './editLock.ts'
import { previewUrl } from './previewRoutes.ts'
import { forgetReviewHistory } from './reviewHistory.ts'
import type { LatestVersion } from './versions.ts'

const tags = ['内容']
type Row = typeof content.$inferSelect
type ContentDef = ResourceDef & { storage: { table: 'content'; kind: string } }

const kindOf = (def: ResourceDef) => (def as ContentDef).storage.kind
/** ISO text of a timestamp (the prepared list page reads them as ISO text already). */
const iso = (d: Date | string | null) => (d === null || typeof d === 'string' ? d : d.toISOString())

export const counted = (r: Row): CountedState => ({
  kind: r.kind,
  departmentId: r.departmentId,
  createdBy: r.createdBy,
  recycled: r.recycledAt !== null,
  verifyState: r.verifyState,
  isFirst: r.isFirst,
})

export const itemOf = (r: ListRow, creatorName: string | null) => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  cover: r.cover,
  verifyState: r.verifyState,
  processType: r.processType,
  showState: r.showState,
  isFirst: r.isFirst,
  viewNum: r.viewNum,
  operateViewNum: r.operateViewNum,
  likeNum: r.likeNum,
  operateLikeNum: r.operateLikeNum,
  createdBy: r.createdBy,
  creatorName: creatorName ?? '',
  departmentId: r.departmentId,
  displayStart: iso(r.displayStart),
  displayEnd: iso(r.displayEnd),
  displayFlag: r.displayFlag,
  publishedAt: iso(r.publishedAt),
  recycledAt: iso(r.recycledAt),
  createdAt: iso(r.createdAt)!,
  updatedAt: iso(r.updatedAt)!,
})

/** The rows of `ids` of the definition's kind inside the caller's scope, locked; 404 unless all are. */
export async function lockedInScope(tx: Db, def: ResourceDef, scope: DataScope, ids: readonly number[]) {
  return (await readInScope(tx, def, scope, ids, { lock: true, latest: false })).map((r) => r.row)
}

/**
 * The newest version of the row in hand, as one JSON value (null when none is kept). The outer row's id is
 * spelled out: drizzle writes a column of a select list unqualified, which here would name the version's id.
 */
const latestVersionOf = sql<LatestVersion | null>`(select json_build_object('id', v.id, 'versionNo', v.version_no,
  'fields', v.fields, 'decision', v.decision) from ${resourceVersion} v where v.res_type = "content"."kind"
  and v.res_id = "content"."id" order by v.version_no desc limit 1)`

/** An item as a write reads it: the row, its latest kept version, and the row version (`xmin`) read. */
export interface ReadItem {
  row: Row
  latest: LatestVersion | undefined
  /** PostgreSQL's xmin of the row as read: it changes with every update, so a write can check nothing came between. */
  xmin: string
}

/**
 * The rows of `ids` of the definition's kind inside the caller's scope (404 unless all are): locked FOR UPDATE
 * with `lock`, each with its latest kept version with `latest` (a review transition compares with it,
 * versions.ts versionWrite). Every write of an item starts here: built once per shape, prepared once per
 * connection (db/prepared.ts).
 */
export async function readInScope(
  db: Db,
  def: ResourceDef,
  scope: DataScope,
  ids: readonly number[],
  { lock, latest }: { lock: boolean; latest: boolean },
): Promise<ReadItem[]> {
  const unique = [...new Set(ids)]
  const stmt = preparedStatement(`read|${lock}|${latest}|${scope.unrestricted}`, () => {
    const q = db
      .select({
        row: content,
        latest: latest ? latestVersionOf : sql<null>`null`,
        xmin: sql<string>`"content".xmin::text`,
      })
      .from(content)
      .where(
        and(
          anyOf(content.id, sql.placeholder('ids')),
          eq(content.kind, sql.placeholder('kind')),
          scope.unrestricted ? undefined : contentInScopeOf(scopeSlots),
        ),
      )
      .orderBy(content.id)
    return (lock ? q.for('update', { of: content }) : q).toSQL()
  })
  const found = await runPreparedOn(db, stmt, { ids: unique, kind: kindOf(def), ...scopeSlotValues(scope) })
  if (found.length !== unique.length) throw new AppError('NOT_FOUND', contentMessages.notFound)
  const n = CONTENT_COLUMNS.length
  return found.map((values) => ({
    row: rowOf(values),
    latest: (values[n] as LatestVersion | null) ?? undefined,
    xmin: values[n + 1] as string,
  }))
}

const CONTENT_COLUMNS = Object.entries(getTableColumns(content))

/** A content row from its columns' driver values, in table order, converted as drizzle converts them. */
const rowOf = (values: readonly unknown[]): Row => {
  const row: Record<string, unknown> = {}
  for (let i = 0; i < CONTENT_COLUMNS.length; i++) {
    const [key, column] = CONTENT_COLUMNS[i]!
    const v = values[i]
    row[key] = v === null || v === undefined ? null : column.mapFromDriverValue(v)
  }
  return row as Row
}

/**
 * The condition of a partitioned definition's list (`list.partition`, e.g. programme content's source): the
 * requested value of that select field, else its first option; none for other definitions.
 */
function partitionFilter(def: ResourceDef, value: string | undefined): SQL[] {
  const name = def.list.partition
  if (!name) return []
  const f = def.fields[name]!
  const options = Object.keys(f.options ?? {})
  const v = value ?? options[0]
  if (!v || !options.includes(v)) throw new AppError('BAD_REQUEST', contentMessages.unknownPartition(f.label))
  return [sql`${content.extra}->>${name} = ${v}`]
}

/** The list's 回收站 tab needs the permission its actions need (tabPermission), not only 查看. */
export function refuseTab(req: FastifyRequest, def: ResourceDef, tab: ListTypeDef) {
  if (!can(req.principal!, def.permissionPage, tabPermission(def, tab)))
    throw new AppError('FORBIDDEN', contentMessages.noRecycleView)
}

export const auditTarget = (req: FastifyRequest, ids: readonly number[]) => {
  req.auditInfo.target = ids.map((id) => `content:${id}`).join(',')
}

/** The operation log's name of its target items: their titles as they are at the change (decision 0034). */
export const auditTitles = (req: FastifyRequest, rows: readonly { title: string }[]) => {
  req.auditInfo.targetName = auditNameList(rows.map((r) => r.title))
}

/** One item with every field of its definition, within the caller's data scope (404 outside it). */
export async function contentDetail(db: Db, def: ResourceDef, id: number, scope: DataScope) {
  // Every detail screen and preview opens with this read: built once per scope shape, prepared per connection.
  const stmt = preparedStatement(`detail|${scope.unrestricted}`, () =>
    db
      .select({ row: content, creatorName: admin.username })
      .from(content)
      .leftJoin(admin, eq(admin.id, content.createdBy))
      .where(
        and(
          eq(content.id, sql.placeholder('id')),
          eq(content.kind, sql.placeholder('kind')),
          scope.unrestricted ? undefined : contentInScopeOf(scopeSlots),
        ),
      )
      .toSQL(),
  )
  const [found] = await runPreparedOn(db, stmt, { id, kind: kindOf(def), ...scopeSlotValues(scope) })
  if (!found) throw new AppError('NOT_FOUND', contentMessages.notFound)
  const row = rowOf(found)
  const creatorName = found[CONTENT_COLUMNS.length] as string | null
  const fields = contentFieldValues(def, row)
  return {
    ...itemOf(row, creatorName),
    fields,
    relations: await relatedItemsOf(db, def, fields),
    lockedBy: row.lockedBy,
    lockedAt: iso(row.lockedAt),
  }
}

/** The content table's edit-lock columns (editLock.ts). */
const contentLock = {
  table: content,
  lockedBy: content.lockedBy,
  lockedAt: content.lockedAt,
  recycledAt: content.recycledAt,
}

/** Mounts the content engine's routes from the content-family resource definitions (DESIGN §4). */
export async function contentRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const defs = [...contentResources.values()]
  if (!defs.length) return

  const addSchema = z.discriminatedUnion(
    'kind',
    defs.map((d) => fieldsSchema(d).extend({ kind: z.literal(d.storage.kind) })) as never,
  ) as z.ZodType<Record<string, unknown> & { kind: string }>
  const modifySchema = z.discriminatedUnion(
    'kind',
    defs.map((d) => fieldsSchema(d).extend({ kind: z.literal(d.storage.kind), id: idSchema })) as never,
  ) as z.ZodType<Record<string, unknown> & { kind: string; id: number }>
  const kinds = z.enum(defs.map((d) => d.storage.kind) as [string, ...string[]])

  const creatorId = (name: string) => creatorIdByName(db, name)

  async function list(req: FastifyRequest, reply: FastifyReply, q: z.output<typeof contentListQuerySchema>) {
    const def = resourceOf(req)
    const typeName = q.type ?? Object.keys(def.list.types)[0]!
    const tab = def.list.types[typeName]
    if (!tab) throw new AppError('BAD_REQUEST', contentMessages.unknownType)
    refuseTab(req, def, tab)
    const scope = await dataScopeOf(req, db)
    const creator = q.createdBy ? await creatorId(q.createdBy) : undefined
    if (creator === null) return ok({ items: [], total: 0 })
    const free = [...freeFilters(q), ...partitionFilter(def, q.partition), ...fieldFilters(def, q)]
    if (creator === undefined && !free.length) {
      const shape = { kind: kindOf(def), typeName, tab: tab.where, extraColumns: extraListColumns(def) }
      const page = await preparedContentPage(ctx.database, { ...shape, verifyState: q.verifyState }, scope, q)
      // The items are JSON text already (contentPage itemJson): each gets its preview link, the page its envelope.
      const items = page.items.map(
        ({ id, json }) => `${json.slice(0, -1)},"previewUrl":${JSON.stringify(previewUrl(ctx, id))}}`,
      )
      return sendOkJson(reply, `{"items":[${items.join(',')}],"total":${page.total}}`)
    }
    const { rows, total } = await filteredPage(def, tab.where, q, scope, creator, free)
    return ok({
      items: rows.map((r) => ({
        ...extraColumnValues(def, r.row),
        ...itemOf(r.row, r.creatorName),
        rejectReason: r.rejectReason,
        previewUrl: previewUrl(ctx, r.row.id),
      })),
      total,
    })
  }

  /** A list page with a creator or free filters: built per request (count(*) with free filters). */
  function filteredPage(
    def: ResourceDef,
    tab: ListFilter,
    q: z.output<typeof contentListQuerySchema>,
    scope: DataScope,
    creator: number | undefined,
    free: SQL[],
  ) {
    const filter = { ...tab, verifyStateIs: q.verifyState }
    const where = and(
      eq(content.kind, kindOf(def)),
      ...bucketConditions(filter, contentBuckets),
      contentInScope(scope),
      creator === undefined ? undefined : eq(content.createdBy, creator),
      ...free,
    )
    return contentPage(db, where, free.length > 0, q, () =>
      countedTotal(db, kindOf(def), filter, scope, creator),
    )
  }

  // Rows also carry the definition's list columns kept in `extra` (extraColumnValues).
  const listResponse = { 200: envelopeSchema(pageSchema(contentItemSchema.catchall(z.unknown()))) }
  app.get(
    '/api/content/list',
    {
      config: { access: { resource: 'list' } },
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags,
        summary: '内容列表（按 kind 与列表类型 type；定义中可搜索的字段按同名参数筛选，如爆料的 region）',
        querystring: contentListQuerySchema.catchall(z.string().trim().max(100)),
        response: listResponse,
      },
    },
    (req, reply) => list(req, reply, req.query),
  )
  app.post(
    '/api/content/list',
    {
      config: { access: { resource: 'list' } },
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags,
        summary: '内容列表（POST 形式）',
        body: contentListQuerySchema,
        response: listResponse,
      },
    },
    (req, reply) => list(req, reply, req.body),
  )

  async function nums(req: FastifyRequest, q: z.output<typeof contentNumsQuerySchema>) {
    const def = resourceOf(req)
    const scope = await dataScopeOf(req, db)
    const creator = q.createdBy ? await creatorId(q.createdBy) : undefined
    const part = partitionFilter(def, q.partition)
    const total = async (where: ListFilter) => {
      if (creator === null) return 0
      if (!part.length) return countedTotal(db, kindOf(def), where, scope, creator)
      const [r] = await db
        .select({ n: count() })
        .from(content)
        .where(
          and(
            eq(content.kind, kindOf(def)),
            ...bucketConditions(where, contentBuckets),
            contentInScope(scope),
            creator === undefined ? undefined : eq(content.createdBy, creator),
            ...part,
          ),
        )
      return r?.n ?? 0
    }
    // Only the tabs the caller may open: no count of a recycle bin they may not see.
    const p = req.principal!
    const entries = await Promise.all(
      Object.entries(def.list.types)
        .filter(([, tab]) => can(p, def.permissionPage, tabPermission(def, tab)))
        .map(async ([name, tab]) => [name, await total(tab.where)]),
    )
    return ok(Object.fromEntries(entries) as Record<string, number>)
  }
  const numsResponse = { 200: envelopeSchema(z.record(z.string(), z.number().int())) }
  app.get(
    '/api/content/nums',
    {
      config: { access: { resource: 'list' } },
      schema: {
        tags,
        summary: '各列表类型的数量',
        querystring: contentNumsQuerySchema,
        response: numsResponse,
      },
    },
    (req) => nums(req, req.query),
  )
  app.post(
    '/api/content/nums',
    {
      config: { access: { resource: 'list' } },
      schema: {
        tags,
        summary: '各列表类型的数量（POST 形式）',
        body: contentNumsQuerySchema,
        response: numsResponse,
      },
    },
    (req) => nums(req, req.body),
  )

  const SAME_MAX = 100
  app.get(
    '/api/content/same',
    {
      config: { access: { resource: 'list' } },
      schema: {
        tags,
        summary: '重复标题检查：范围内其他同标题内容（全部内容类型，不含回收站）',
        querystring: contentSameQuerySchema,
        response: { 200: envelopeSchema(pageSchema(contentSameItemSchema)) },
      },
    },
    async (req) => {
      const scope = await dataScopeOf(req, db)
      const rows = await db
        .select({
          id: content.id,
          kind: content.kind,
          title: content.title,
          verifyState: content.verifyState,
          creatorName: admin.username,
          createdAt: content.createdAt,
        })
        .from(content)
        .leftJoin(admin, eq(admin.id, content.createdBy))
        .where(
          and(
            eq(content.title, req.query.title),
            isNull(content.recycledAt),
            req.query.id ? ne(content.id, req.query.id) : undefined,
            contentInScope(scope),
          ),
        )
        .orderBy(descIndexed(content.createdAt), descIndexed(content.id))
        .limit(SAME_MAX)
      const items = rows.map((r) => ({
        ...r,
        creatorName: r.creatorName ?? '',
        createdAt: r.createdAt.toISOString(),
      }))
      return ok({ items, total: items.length })
    },
  )

  app.get(
    '/api/content/detail',
    {
      config: { access: { resource: 'detail' } },
      schema: {
        tags,
        summary: '内容详情（含定义中的全部字段）',
        querystring: contentIdQuerySchema,
        response: { 200: envelopeSchema(contentDetailSchema) },
      },
    },
    async (req) => ok(await contentDetail(db, resourceOf(req), req.query.id, await dataScopeOf(req, db))),
  )

  const idResponse = { 200: envelopeSchema(z.object({ id: z.number().int() })) }
  app.post(
    '/api/content/add',
    {
      config: { access: { resource: 'create' }, audit: '新增内容' },
      schema: { tags, summary: '新增内容（草稿）', body: addSchema, response: idResponse },
    },
    async (req) => {
      const def = resourceOf(req)
      const me = req.principal!.adminId
      const { kind: _kind, ...values } = req.body
      const write = contentWrite(def, values, (await ctx.settings.get('editor')).embedOrigins)
      await refuseUnknownMediaAccounts(db, def, values)
      const scope = await dataScopeOf(req, db)
      const created = await db.transaction(async (tx) => {
        await checkRelations(tx as unknown as Db, def, values, scope)
        const [who] = await tx
          .select({ departmentId: admin.departmentId })
          .from(admin)
          .where(eq(admin.id, me))
        const [row] = await tx
          .insert(content)
          .values({
            ...write,
            title: String(write.title ?? ''),
            kind: kindOf(def),
            createdBy: me,
            departmentId: who?.departmentId ?? null,
          })
          .returning()
        await applyCounts(tx, [{ after: counted(row!) }])
        // Media library "used in" (decision 0015): the files this item's fields and body mention.
        await recordMediaUsage(tx as unknown as Db, row!)
        return row!
      })
      auditTarget(req, [created.id])
      auditTitles(req, [created])
      return ok({ id: created.id })
    },
  )

  app.post(
    '/api/content/modify',
    {
      config: { access: { resource: 'update' }, audit: '编辑内容' },
      schema: { tags, summary: '编辑内容（保存表单全部字段）', body: modifySchema, response: idResponse },
    },
    async (req) => {
      const { kind: _kind, id, ...values } = req.body
      auditTarget(req, [id])
      const scope = await dataScopeOf(req, db)
      const saved = await modifyContent(ctx, {
        def: resourceOf(req),
        id,
        scope,
        me: req.principal!.adminId,
        values,
      })
      auditTitles(req, [saved])
      return ok({ id })
    },
  )

  const idsBody = z.object({ ids: contentIdsSchema })
  const batchResponse = {
    200: envelopeSchema(z.object({ recycled: z.number().int(), deleted: z.number().int() })),
  }
  for (const def of defs) {
    const kind = def.storage.kind
    app.post(
      `/api/content/${kind}/delete`,
      {
        config: { access: { resource: 'remove', kind }, audit: `删除${def.label}` },
        schema: {
          tags,
          summary: supportsAction(def, 'recycle')
            ? `删除${def.label}：不在回收站的移入回收站，回收站中的彻底删除（需回收站权限）`
            : `删除${def.label}：彻底删除（该类型没有回收站）`,
          body: idsBody,
          response: batchResponse,
        },
      },
      async (req) => {
        const { ids } = req.body
        auditTarget(req, ids)
        const scope = await dataScopeOf(req, db)
        const result = await db.transaction(async (tx) => {
          const rows = await lockedInScope(tx as unknown as Db, def, scope, ids)
          auditTitles(req, rows)
          // Without a recycle bin (its page has no such action) a deletion is for ever.
          const bin = supportsAction(def, 'recycle')
          const live = bin ? rows.filter((r) => !r.recycledAt) : []
          const binned = bin ? rows.filter((r) => r.recycledAt) : rows
          if (bin && binned.length && !can(req.principal!, def.permissionPage, permissionFor(def, 'recycle')))
            throw new AppError('FORBIDDEN', contentMessages.noRecycleRight)
          const now = new Date()
          const moved = live.length
            ? await tx
                .update(content)
                .set({ recycledAt: now, updatedAt: now, lockedBy: null, lockedAt: null })
                .where(
                  inArray(
                    content.id,
                    live.map((r) => r.id),
                  ),
                )
                .returning()
            : []
          const movedById = new Map(moved.map((r) => [r.id, r]))
          if (binned.length) {
            const gone = binned.map((r) => r.id)
            await tx.delete(content).where(inArray(content.id, gone))
            await forgetReviewHistory(tx as unknown as Db, kind, gone)
          }
          await applyCounts(tx, [
            ...live.map((r) => ({ before: counted(r), after: counted(movedById.get(r.id)!) })),
            ...binned.map((r) => ({ before: counted(r) })),
          ])
          return { recycled: live.length, deleted: binned.length }
        })
        return ok(result)
      },
    )

    if (!supportsAction(def, 'lock')) continue
    app.get(
      `/api/content/${kind}/lock`,
      {
        config: { access: { resource: 'lock', kind } },
        schema: {
          tags,
          summary: `${def.label}编辑锁：取得或续期；他人持有时返回持有人（超级管理员可 force 抢占）`,
          querystring: z.object({ id: idQuerySchema, force: z.stringbool().optional() }),
          response: { 200: envelopeSchema(contentLockSchema) },
        },
      },
      async (req) => {
        const scope = await dataScopeOf(req, db)
        const force = !!req.query.force && isSuperAdmin(req.principal!)
        const inScope = and(eq(content.id, req.query.id), eq(content.kind, kind), contentInScope(scope))
        return ok(await takeEditLock(db, contentLock, inScope, req.principal!, force, contentMessages))
      },
    )
  }

  for (const def of defs.filter((d) => supportsAction(d, 'lock'))) {
    const kind = def.storage.kind
    app.post(
      `/api/content/${kind}/unlock`,
      {
        config: { access: { resource: 'lock', kind }, audit: `解除${def.label}编辑锁` },
        schema: {
          tags,
          summary: `解除${def.label}编辑锁：释放自己持有的锁；force 强制解锁他人持有的锁（仅超级管理员）`,
          body: contentUnlockSchema,
          response: { 200: envelopeSchema(z.object({ released: z.boolean() })) },
        },
      },
      async (req) => {
        const { id, force } = req.body
        auditTarget(req, [id])
        if (force && !isSuperAdmin(req.principal!))
          throw new AppError('FORBIDDEN', contentMessages.notLockHolder)
        const scope = await dataScopeOf(req, db)
        const inScope = and(eq(content.id, id), eq(content.kind, kind), contentInScope(scope))
        const released = await releaseEditLock(
          db,
          { ...contentLock, title: content.title },
          inScope,
          req.principal!.adminId,
          !!force,
          contentMessages,
          (title) => auditTitles(req, [{ title }]),
        )
        return ok({ released })
      },
    )
  }

  const kindIdsBody = z.object({ kind: kinds, ids: contentIdsSchema })
  app.post(
    '/api/content/restore',
    {
      config: { access: { resource: 'restore' }, audit: '恢复内容' },
      schema: {
        tags,
        summary: '从回收站恢复',
        body: kindIdsBody,
        response: { 200: envelopeSchema(z.object({ restored: z.number().int() })) },
      },
    },
    async (req) => {
      const def = resourceOf(req)
      auditTarget(req, req.body.ids)
      const scope = await dataScopeOf(req, db)
      const restored = await db.transaction(async (tx) => {
        const rows = await lockedInScope(tx as unknown as Db, def, scope, req.body.ids)
        auditTitles(req, rows)
        if (rows.some((r) => !r.recycledAt)) throw new AppError('BAD_REQUEST', contentMessages.notRecycled)
        const after = await tx
          .update(content)
          .set({ recycledAt: null, updatedAt: new Date() })
          .where(
            inArray(
              content.id,
              rows.map((r) => r.id),
            ),
          )
          .returning()
        const byId = new Map(after.map((r) => [r.id, r]))
        await applyCounts(
          tx,
          rows.map((r) => ({ before: counted(r), after: counted(byId.get(r.id)!) })),
        )
        return rows.length
      })
      return ok({ restored })
    },
  )

  app.post(
    '/api/content/showState',
    {
      config: { access: { resource: 'show' }, audit: '显示/隐藏内容' },
      schema: {
        tags,
        summary: '批量显示/隐藏',
        body: z.object({ kind: kinds, ids: contentIdsSchema, showState: z.boolean() }),
        response: { 200: envelopeSchema(z.object({ updated: z.number().int() })) },
      },
    },
    async (req) => {
      const def = resourceOf(req)
      auditTarget(req, req.body.ids)
      const scope = await dataScopeOf(req, db)
      const updated = await db.transaction(async (tx) => {
        const rows = await lockedInScope(tx as unknown as Db, def, scope, req.body.ids)
        auditTitles(req, rows)
        await tx
          .update(content)
          .set({ showState: req.body.showState, updatedAt: new Date() })
          .where(
            inArray(
              content.id,
              rows.map((r) => r.id),
            ),
          )
        return rows.length
      })
      return ok({ updated })
    },
  )
}
