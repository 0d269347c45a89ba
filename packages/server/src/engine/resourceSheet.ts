import type { PassThrough } from 'node:stream'
import { REVIEW_STATUSES } from '@moc/domain/api/reviewStatus'
import type { FieldDef, ResourceDef } from '@moc/domain/resources/types'
import { yuanText } from '@moc/domain/rules/money'

/** Excel export of any definition's rows (content or record store): one column per plain field, streamed. */

/** Field kinds that make a spreadsheet column (long or structured values stay in the console). */
export const EXPORTED: ReadonlySet<FieldDef['kind']> = new Set([
  'text',
  'textarea',
  'image',
  'video',
  'url',
  'file',
  'number',
  'switch',
  'select',
  'multiSelect',
  'datetime',
])

const verifyNames = new Map(
  REVIEW_STATUSES.filter((s) => s.group === 'verifyState').map((s) => [Number(s.code), s.defaultName]),
)

export const sheetTime = (d: Date | string | null | undefined) =>
  d ? new Date(d).toISOString().replace('T', ' ').slice(0, 19) : ''

/** A field value as its cell: what the console shows (是/否, the option's label, a local-looking time). */
export function sheetCell(f: FieldDef, v: unknown): string | number {
  if (v === null || v === undefined) return ''
  if (f.kind === 'switch') return v ? '是' : '否'
  if (f.kind === 'select') return f.options?.[String(v)] ?? String(v)
  if (f.kind === 'multiSelect' && Array.isArray(v))
    return v.map((x) => f.options?.[String(x)] ?? x).join('、')
  if (f.kind === 'datetime') return sheetTime(v as string)
  if (f.cents && typeof v === 'number') return yuanText(v)
  return typeof v === 'number' ? v : String(v)
}

/** One row of the sheet: the item's id, its field values, review state (when reviewed), creator and creation time. */
export interface SheetRow {
  id: number
  values: Record<string, unknown>
  verifyState?: number | null
  creator: string | null
  createdAt: Date | string
}

/**
 * Writes the rows `next(lastId)` gives, batch after batch in id order until one is empty, as a workbook with a frozen
 * header: ID, the plain fields, 审核状态 (reviewed types), 创建人, 创建时间.
 */
export async function writeResourceSheet(
  def: ResourceDef,
  out: PassThrough,
  next: (lastId: number) => Promise<SheetRow[]>,
) {
  // exceljs is loaded on first use only: it weighs ~30 MB of resident memory.
  const { default: ExcelJS } = await import('exceljs')
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  wb.creator = '融媒体运营后台'
  const ws = wb.addWorksheet(def.label, { views: [{ state: 'frozen', ySplit: 1 }] })
  const fields = Object.entries(def.fields).filter(([, f]) => EXPORTED.has(f.kind))
  ws.columns = [
    { header: 'ID', key: 'id', width: 10 },
    ...fields.map(([name, f]) => ({ header: f.label, key: name, width: f.kind === 'textarea' ? 40 : 18 })),
    ...(def.review ? [{ header: '审核状态', key: 'verifyState', width: 10 }] : []),
    { header: '创建人', key: 'creator', width: 14 },
    { header: '创建时间', key: 'createdAt', width: 20 },
  ]
  ws.getRow(1).font = { bold: true }
  ws.getRow(1).commit()
  let lastId = 0
  while (!out.destroyed) {
    const rows = await next(lastId)
    if (!rows.length) break
    for (const r of rows)
      ws.addRow({
        id: r.id,
        ...Object.fromEntries(fields.map(([name, f]) => [name, sheetCell(f, r.values[name])])),
        verifyState:
          r.verifyState === undefined || r.verifyState === null
            ? ''
            : (verifyNames.get(r.verifyState) ?? String(r.verifyState)),
        creator: r.creator ?? '',
        createdAt: sheetTime(r.createdAt),
      }).commit()
    lastId = rows.at(-1)!.id
  }
  await wb.commit()
}
