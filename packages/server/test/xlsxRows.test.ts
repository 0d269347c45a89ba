import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { type XlsxRow, xlsxRows } from '../src/platform/xlsxRows.ts'
import { rowXml, xlsxOf } from './xlsxFile.ts'

const messages = { notExcel: '不是表格', tooManyRows: '行数太多' }

/** Reads with the helper, keeping what it yielded before it stopped (and why it stopped). */
async function read(file: Buffer, maxRows: number) {
  const seen: XlsxRow[] = []
  try {
    for await (const r of xlsxRows(file, { maxRows, messages })) seen.push(r)
    return { seen, error: undefined }
  } catch (error) {
    return { seen, error: (error as Error).message }
  }
}

const rows = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => rowXml(from + i, [`词${from + i}`, '分类'])).join('')

describe('xlsxRows: the streamed reader every import uses', () => {
  it('yields the header and the data rows as text, skipping blank rows; exactly the cap passes', async () => {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('表')
    ws.addRow(['名称', '数量'])
    ws.addRow([{ richText: [{ text: '富' }, { text: '文本' }] }, 3])
    ws.addRow([])
    ws.addRow(['公式', { formula: '1+1', result: 2 }])
    ws.addRow([null, '仅第二列'])
    wb.addWorksheet('第二页').addRow(['不读'])
    const file = Buffer.from(await wb.xlsx.writeBuffer())
    expect(await read(file, 3)).toEqual({
      seen: [
        { row: 1, cells: ['名称', '数量'] },
        { row: 2, cells: ['富文本', '3'] },
        { row: 4, cells: ['公式', '2'] },
        { row: 5, cells: ['', '仅第二列'] },
      ],
      error: undefined,
    })
    expect((await read(file, 2)).error).toBe('行数太多')
  })

  it.each([false, true])(
    'stops at the first row past the cap without reading on (shared strings first: %s)',
    async (sharedStringsFirst) => {
      // The sheet turns into broken XML some 200 KB after the cap: a reader that went on (or loaded the whole
      // file first) would fail on it; XML is parsed a chunk at a time, hence the distance.
      const file = xlsxOf(rowXml(1, ['敏感词', '分类']) + rows(2, 3_000), {
        tail: '<row r=<<<',
        sharedStringsFirst,
      })
      const { seen, error } = await read(file, 4)
      expect(error).toBe('行数太多')
      expect(seen.map((r) => r.row)).toEqual([1, 2, 3, 4, 5])
      // The same file within a larger cap is read on into the broken part.
      expect((await read(file, 100_000)).error).toBe('不是表格')
    },
  )

  it('refuses what is no workbook: not a zip, a truncated zip, a zip without a workbook', async () => {
    const whole = xlsxOf(rows(1, 3))
    expect((await read(Buffer.from('hello'), 10)).error).toBe('不是表格')
    expect((await read(whole.subarray(0, 200), 10)).error).toBe('不是表格')
    const { zipOf } = await import('../../../e2e/zipFile.ts')
    expect((await read(zipOf({ 'word/document.xml': '<w/>' }), 10)).error).toBe('不是表格')
  })
})
