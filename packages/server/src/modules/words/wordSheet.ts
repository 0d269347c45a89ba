import type { PassThrough } from 'node:stream'
import {
  type SensitiveLevel,
  sensitiveLevelLabels,
  sensitiveLevels,
  WORD_IMPORT_MAX_ROWS,
  wordFieldsSchema,
  wordMessages,
  wordSheetColumns,
} from '@moc/domain/api/sensitiveWords'
import { and, asc, gt, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { sensitiveWord } from '../../db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { xlsxRows } from '../../platform/xlsxRows.ts'

/** Rows read per query while streaming the export. */
const BATCH = 1_000

const levelByText = new Map<string, SensitiveLevel>(
  sensitiveLevels.flatMap((l) => [
    [l, l],
    [sensitiveLevelLabels[l], l],
  ]),
)

/**
 * Streams the filtered word list, oldest first, as an .xlsx into `out` (exceljs streaming writer, memory flat).
 * The columns are the import's, with levels in Chinese, so an exported file imports back unchanged.
 */
export async function writeWordsXlsx(db: Db, where: SQL | undefined, out: PassThrough): Promise<number> {
  // exceljs is loaded on first use only: it weighs ~30 MB of resident memory.
  const { default: ExcelJS } = await import('exceljs')
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  wb.creator = '融媒体运营后台'
  const ws = wb.addWorksheet('敏感词', { views: [{ state: 'frozen', ySplit: 1 }] })
  ws.columns = [
    { header: wordSheetColumns.word, key: 'word', width: 24 },
    { header: wordSheetColumns.category, key: 'category', width: 16 },
    { header: wordSheetColumns.level, key: 'level', width: 10 },
  ]
  ws.getRow(1).font = { bold: true }
  ws.getRow(1).commit()
  let written = 0
  let lastId = 0
  while (!out.destroyed) {
    const rows = await db
      .select()
      .from(sensitiveWord)
      .where(and(where, gt(sensitiveWord.id, lastId)))
      .orderBy(asc(sensitiveWord.id))
      .limit(BATCH)
    if (rows.length === 0) break
    for (const r of rows)
      ws.addRow({
        word: r.word,
        category: r.category,
        level: sensitiveLevelLabels[r.level as SensitiveLevel] ?? r.level,
      }).commit()
    written += rows.length
    lastId = rows.at(-1)!.id
  }
  ws.commit()
  await wb.commit()
  return written
}

export interface SheetRow {
  /** The row number in the sheet (1 is the header), for the failure list. */
  row: number
  word: string
  category: string
  level: string
}

/**
 * The rows of the first sheet of an .xlsx, read by header name (敏感词, 分类, 级别; 分类 and 级别 optional), streamed
 * (platform/xlsxRows). Blank rows are skipped. Refuses a file that is no workbook or lacks the 敏感词 column, and
 * stops reading at the first row past the import cap.
 */
export async function readWordsXlsx(file: Buffer): Promise<SheetRow[]> {
  const rows: SheetRow[] = []
  let columns: { word: number; category?: number; level?: number } | undefined
  const sheet = xlsxRows(file, {
    maxRows: WORD_IMPORT_MAX_ROWS,
    messages: { notExcel: wordMessages.notExcel, tooManyRows: wordMessages.tooManyRows },
  })
  for await (const { row, cells } of sheet) {
    if (!columns) {
      const header = new Map(row === 1 ? cells.map((name, col) => [name.trim(), col] as const) : [])
      const word = header.get(wordSheetColumns.word)
      if (word === undefined) throw new AppError('BAD_REQUEST', wordMessages.badSheet)
      columns = {
        word,
        category: header.get(wordSheetColumns.category),
        level: header.get(wordSheetColumns.level),
      }
      continue
    }
    const text = (col: number | undefined) => (col === undefined ? '' : (cells[col] ?? '').trim())
    const r = { row, word: text(columns.word), category: text(columns.category), level: text(columns.level) }
    if (r.word || r.category || r.level) rows.push(r)
  }
  if (!columns) throw new AppError('BAD_REQUEST', wordMessages.badSheet)
  return rows
}

export type ParsedRow =
  | { ok: true; row: number; word: string; category: string; level: SensitiveLevel }
  | { ok: false; row: number; word: string; reason: string }

/** One sheet row checked with the same rules as the add form; an empty 级别 means 审核 (the mildest). */
export function parseSheetRow(r: SheetRow): ParsedRow {
  const level = r.level ? levelByText.get(r.level) : 'review'
  if (!level) return { ok: false, row: r.row, word: r.word, reason: wordMessages.rowLevel }
  const parsed = wordFieldsSchema.safeParse({ word: r.word, category: r.category, level })
  if (!parsed.success)
    return { ok: false, row: r.row, word: r.word, reason: parsed.error.issues[0]?.message ?? '' }
  return { ok: true, row: r.row, ...parsed.data }
}
