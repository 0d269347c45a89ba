import { zipOf } from '../../../e2e/zipFile.ts'

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships'
const TYPES = 'application/vnd.openxmlformats-officedocument.spreadsheetml'

/** One sheet row of inline strings (`<row>` XML), columns from A. */
export const rowXml = (n: number, cells: string[]) =>
  `<row r="${n}">${cells
    .map((text, i) => `<c r="${String.fromCharCode(65 + i)}${n}" t="inlineStr"><is><t>${text}</t></is></c>`)
    .join('')}</row>`

/**
 * A hand-made one-sheet .xlsx (deflated, as office files are) whose sheet XML is `rows` followed by `tail` (by default the closing
 * tags), so a test can put anything — even broken XML — after the rows a reader should stop at. With
 * `sharedStringsFirst` the zip carries a shared-strings part ahead of the sheet, as some writers order it.
 */
export function xlsxOf(rows: string, opts: { tail?: string; sharedStringsFirst?: boolean } = {}): Buffer {
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
  return zipOf(
    {
      '[Content_Types].xml': `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${TYPES}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${TYPES}.worksheet+xml"/></Types>`,
      '_rels/.rels': `${xml}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      'xl/workbook.xml': `${xml}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="词表" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `${xml}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ...(opts.sharedStringsFirst
        ? { 'xl/sharedStrings.xml': `${xml}<sst xmlns="${MAIN}" count="0" uniqueCount="0"></sst>` }
        : {}),
      'xl/worksheets/sheet1.xml': `${xml}<worksheet xmlns="${MAIN}"><sheetData>${rows}${opts.tail ?? '</sheetData></worksheet>'}`,
    },
    { deflate: true },
  )
}
