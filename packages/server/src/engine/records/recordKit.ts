import { recordMessages } from '@moc/domain/api/records'
import { hasForm, supportsAction } from '@moc/domain/resources/types'
import { and, asc, inArray } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { auditNameList } from '../../platform/auditNames.ts'
import type { Ctx } from '../../platform/context.ts'
import type { DataScope } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { col, type RecordTable, recordInScope, titleField } from './recordTable.ts'
import { isoRow } from './recordValues.ts'

type Row = Record<string, unknown> & { id: number }

/**
 * What every route of one record-store type works with (recordRoutes.ts mounts them): its table, its names, the
 * guard's access rule, the operation log's naming, its rows locked within the caller's scope, a row as answered.
 */
export function recordKit(fastify: FastifyInstance, ctx: Ctx, rt: RecordTable) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const def = rt.def
  const embedOrigins = async () => (await ctx.settings.get('editor')).embedOrigins
  const { name, label } = def
  const tags = [label]
  const base = `/api/${name}`
  const t = rt.table
  const id = col(rt, 'id')
  const titleOf = (r: Record<string, unknown>) => String(r[titleField(rt)] ?? r.id ?? '')
  const access = (resource: Parameters<typeof supportsAction>[1]) => ({ resource, record: name })
  // Adding and editing need a form (hasForm): a page's 添加 may be for a command only.
  const may = (resource: Parameters<typeof supportsAction>[1]) =>
    supportsAction(def, resource) && (!['create', 'update'].includes(resource) || hasForm(def))

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

  return {
    app,
    ctx,
    db,
    rt,
    def,
    name,
    label,
    tags,
    base,
    t,
    id,
    titleOf,
    access,
    may,
    audit,
    locked,
    itemOf,
    embedOrigins,
  }
}

export type RecordKit = ReturnType<typeof recordKit>
