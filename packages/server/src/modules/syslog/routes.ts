import {
  SYSLOG_EXPORT_DEFAULT_TZ,
  SYSLOG_EXPORT_MAX_ROWS,
  syslogExportBodySchema,
  syslogFilterShape,
  syslogItemSchema,
  syslogOptionsSchema,
} from '@moc/domain/api/syslog'
import { envelopeSchema, ok, pageQuerySchema, pageSchema } from '@moc/domain/transport/envelope'
import { count, desc } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { operationLog } from '../../db/schema.ts'
import { auditActions } from '../../platform/auditLog.ts'
import type { Ctx } from '../../platform/context.ts'
import { pageOf } from '../../platform/paging.ts'
import { sendXlsx } from '../../platform/xlsxReply.ts'
import { writeSyslogXlsx } from './export.ts'
import { syslogWhere } from './query.ts'
import { startLogRetention } from './retention.ts'

const tags = ['系统-操作日志']

/**
 * 操作日志 (spec §7 System: GET /system/syslog/list, POST /system/syslog). The log is append-only: rows are
 * written by platform/auditLog.ts and removed only by the retention task; no route edits or deletes them.
 */
export async function syslogRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  startLogRetention(fastify, ctx)

  app.get(
    '/api/system/syslog/list',
    {
      config: { access: { page: '系统-操作日志', action: '查看' } },
      schema: {
        tags,
        summary: '操作日志列表（新的在前；按账号、页面、操作、结果、时间筛选）',
        querystring: pageQuerySchema.extend({
          pageSize: z.coerce.number().int().min(1).max(100).default(30),
          ...syslogFilterShape,
        }),
        response: { 200: envelopeSchema(pageSchema(syslogItemSchema)) },
      },
    },
    async (req) => {
      const { page, pageSize, ...filters } = req.query
      const where = syslogWhere(filters)
      const result = await pageOf(
        page,
        pageSize,
        (limit, offset) =>
          db
            .select()
            .from(operationLog)
            .where(where)
            .orderBy(desc(operationLog.createdAt), desc(operationLog.id))
            .limit(limit)
            .offset(offset),
        db.select({ n: count() }).from(operationLog).where(where),
      )
      return ok({
        ...result,
        items: result.items.map((r) => ({
          ...r,
          result: r.result === 'success' ? ('success' as const) : ('fail' as const),
          createdAt: r.createdAt.toISOString(),
        })),
      })
    },
  )

  app.get(
    '/api/system/syslog/options',
    {
      config: { access: { page: '系统-操作日志', action: '查看' } },
      schema: {
        tags,
        summary: '操作日志筛选项：服务端记录的全部操作名称及其页面',
        response: { 200: envelopeSchema(syslogOptionsSchema) },
      },
    },
    async () => ok({ actions: auditActions(fastify) }),
  )

  app.post(
    '/api/system/syslog',
    {
      config: { access: { page: '系统-操作日志', action: '导出' }, audit: '导出操作日志' },
      schema: {
        tags,
        summary: `导出操作日志为 Excel（.xlsx，流式生成；筛选条件同列表；最多 ${SYSLOG_EXPORT_MAX_ROWS} 条，超出时导出最新的部分并在“说明”表注明）`,
        body: syslogExportBodySchema,
      },
    },
    async (req, reply) => {
      const { timeZone, ...filters } = req.body
      const where = syslogWhere(filters)
      const [total] = await db.select({ n: count() }).from(operationLog).where(where)
      const n = total?.n ?? 0
      const rows = Math.min(n, SYSLOG_EXPORT_MAX_ROWS)
      req.auditInfo.target = `导出 ${rows} 条${n > rows ? `（共 ${n} 条）` : ''}`
      return sendXlsx(
        req,
        reply,
        { name: 'syslog', label: '操作日志' },
        (out) => writeSyslogXlsx(db, where, n, timeZone ?? SYSLOG_EXPORT_DEFAULT_TZ, out),
        { 'x-export-total': String(n), 'x-export-rows': String(rows) },
      )
    },
  )
}
