import { Readable } from 'node:stream'
import type { Row } from 'exceljs'
import { AppError } from './errors.ts'

/** One row of a sheet that holds any value: its number in the sheet (1 is the header) and its cells as text. */
export interface XlsxRow {
  row: number
  /** Column A is cells[0]; an empty cell is ''. */
  cells: string[]
}

export interface XlsxRowsOptions {
  /** Most data rows (rows below row 1 that hold a value); the one after them stops the reading. */
  maxRows: number
  /** The importer's own words for "not a workbook" and "too many rows". */
  messages: { notExcel: string; tooManyRows: string }
}

/** A cell's value as text: rich text and formulas' results read as what the cell shows. */
export const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown }
    if (v.richText) return v.richText.map((r) => r.text).join('')
    if ('result' in v) return cellText(v.result)
    if (typeof v.text === 'string') return v.text
  }
  return String(value)
}

/**
 * The rows of an .xlsx's first sheet, read as a stream (exceljs's streaming reader): the header (row 1) and the
 * data rows, blank rows skipped. The reading stops — with `tooManyRows` — as soon as data row `maxRows + 1`
 * appears, so an oversized sheet is never read whole; a file that is no workbook is `notExcel`. Every import
 * (sensitive words, and later coupons, comment templates, questionnaires) reads its file through this.
 */
export async function* xlsxRows(input: Buffer | Readable, opts: XlsxRowsOptions): AsyncGenerator<XlsxRow> {
  // exceljs is loaded on first use only: it weighs ~30 MB of resident memory.
  const { default: ExcelJS } = await import('exceljs')
  const notExcel = () => new AppError('BAD_REQUEST', opts.messages.notExcel)
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(
    Buffer.isBuffer(input) ? Readable.from([input]) : input,
    { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' },
  )
  const sheets = reader[Symbol.asyncIterator]()
  /** A step of the reader; its own failures (no zip, broken XML) mean the file is no workbook. */
  const step = async <T>(next: Promise<T>) => {
    try {
      return await next
    } catch {
      throw notExcel()
    }
  }
  let rows: AsyncGenerator<Row> | undefined
  try {
    const first = await step(sheets.next())
    if (first.done) {
      // A zip without a workbook in it (a .docx, say) is no spreadsheet; a workbook always has a sheet.
      if (!reader.model) throw notExcel()
      return
    }
    rows = first.value[Symbol.asyncIterator]()
    let data = 0
    for (;;) {
      const next = await step(rows.next())
      if (next.done) break
      const r = next.value
      if (!r.hasValues) continue
      if (r.number > 1 && ++data > opts.maxRows) throw new AppError('BAD_REQUEST', opts.messages.tooManyRows)
      const values = r.values as unknown[]
      yield {
        row: r.number,
        cells: Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1])),
      }
    }
  } finally {
    // Stopped early (the cap, or the caller done): close the sheet where it is, then let the reader run out
    // without reading the other sheets, so it removes the temporary files it spooled sheets to (a sheet that
    // precedes the shared strings in the zip) and closes each sheet it opened.
    await rows?.return(undefined).catch(() => undefined)
    await skipRest(sheets).catch(() => undefined)
  }
}

async function skipRest(sheets: AsyncIterator<AsyncIterable<unknown>>) {
  for (let next = await sheets.next(); !next.done; next = await sheets.next())
    for await (const _ of next.value) break
}
