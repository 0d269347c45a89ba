import type { PassThrough } from 'node:stream'
import { contentMessages } from '@moc/domain/api/content'
import { REVIEW_STATUSES } from '@moc/domain/api/reviewStatus'
import { contentResources } from '@moc/domain/resources/index'
import { type FieldDef, type ResourceDef, supportsAction } from '@moc/domain/resources/types'
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

const BATCH = 500
/** Field kinds that make a spreadsheet column (long or structured values stay in the console). */
const EXPORTED: ReadonlySet<FieldDef['kind']> = new Set([
  'text',
  'textarea',
  'image',
  'video',
  'url',
  'file',
  'number',
  'switch',
  'select',
  'datetime',
])
const verifyNames = new Map(
  REVIEW_STATUSES.filter((s) => s.group === 'verifyState').map((s) => [Number(s.code), s.defaultName]),
)
const time = (d: Date | string | null | undefined) =>
  d ? new Date(d).toISOString().replace('T', ' ').slice(0, 19) : ''

function cell(f: FieldDef, v: unknown): string | number {
  if (v === null || v === undefined) return ''
  if (f.kind === 'switch') return v ? '是' : '否'
  if (f.kind === 'select') return f.options?.[String(v)] ?? String(v)
  if (f.kind === 'datetime') return time(v as string)
  return typeof v === 'number' ? v : String(v)
}

/** The export's filters: the list's (tab, title, creator, dates) and the definition's searchable fields by name. */
const exportBodySchema = z.object({
  type: z.string().max(40).optional(),
  title: z.string().trim().max(100).optional(),
  createdBy: z.string().trim().max(50).optional(),
  startTime: z.iso.datetime({ offset: true }).optional(),
  endTime: z.iso.datetime({ offset: true }).optional(),
  fields: z.record(z.string().max(40), z.string().trim().max(100)).optional(),
})

async function writeSheet(db: Db, def: ResourceDef, where: ReturnType<typeof and>, out: PassThrough) {
  // exceljs is loaded on first use only: it weighs ~30 MB of resident memory.
  const { default: ExcelJS } = await import('exceljs')
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  wb.creator = '融媒体运营后台'
  const ws = wb.addWorksheet(def.label, { views: [{ state: 'frozen', ySplit: 1 }] })
  const fields = Object.entries(def.fields).filter(([, f]) => EXPORTED.has(f.kind))
  ws.columns = [
    { header: 'ID', key: 'id', width: 10 },
    ...fields.map(([name, f]) => ({ header: f.label, key: name, width: f.kind === 'textarea' ? 40 : 18 })),
    { header: '审核状态', key: 'verifyState', width: 10 },
    { header: '创建人', key: 'creator', width: 14 },
    { header: '创建时间', key: 'createdAt', width: 20 },
  ]
  ws.getRow(1).font = { bold: true }
  ws.getRow(1).commit()
  let lastId = 0
  while (!out.destroyed) {
    const rows = await db
      .select({ row: content, creator: admin.username })
      .from(content)
      .leftJoin(admin, eq(admin.id, content.createdBy))
      .where(and(where, gt(content.id, lastId)))
      .orderBy(asc(content.id))
      .limit(BATCH)
    if (!rows.length) break
    for (const { row, creator } of rows) {
      const values = contentFieldValues(def, row)
      ws.addRow({
        id: row.id,
        ...Object.fromEntries(fields.map(([name, f]) => [name, cell(f, values[name])])),
        verifyState: verifyNames.get(row.verifyState) ?? String(row.verifyState),
        creator: creator ?? '',
        createdAt: time(row.createdAt),
      }).commit()
    }
    lastId = rows.at(-1)!.row.id
  }
  await wb.commit()
}

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
          writeSheet(db, def, where, out),
        )
      },
    )
  }
}
