import type { RecordImportRowError } from '@moc/domain/api/records'
import { fieldsSchema } from '@moc/domain/resources/fieldSchema'
import type { FieldDef, ResourceDef } from '@moc/domain/resources/types'
import { parseYuan } from '@moc/domain/rules/money'
import { AppError } from '../../platform/errors.ts'
import type { XlsxRow } from '../../platform/xlsxRows.ts'
import { EXPORTED, sheetTime } from '../resourceSheet.ts'

/**
 * An import's rows (first row: the fields' labels, as the export writes them) → field values validated by the form's
 * own schema. Cells read as the export writes them: 是/否, an option's label (or its key), several options joined
 * by 、, a time as 'YYYY-MM-DD HH:mm:ss'. Columns that name no field (ID, 审核状态, 创建人…) are ignored.
 */
export async function importCells(
  def: ResourceDef,
  rows: AsyncIterable<XlsxRow>,
): Promise<{ valid: { row: number; values: Record<string, unknown> }[]; failed: RecordImportRowError[] }> {
  const importable = Object.entries(def.fields).filter(
    ([, f]) => EXPORTED.has(f.kind) && f.form !== false && !f.readOnly,
  )
  const schema = fieldsSchema(def)
  let columns: ([string, FieldDef] | undefined)[] | undefined
  const valid: { row: number; values: Record<string, unknown> }[] = []
  const failed: RecordImportRowError[] = []
  for await (const r of rows) {
    if (!columns) {
      columns = r.cells.map((h) => importable.find(([, f]) => f.label === h.trim()))
      const missing = importable.filter(([, f]) => f.required && !columns!.some((c) => c?.[1] === f))
      if (missing.length)
        throw new AppError('BAD_REQUEST', `导入文件缺少列：${missing.map(([, f]) => f.label).join('、')}`)
      continue
    }
    const values: Record<string, unknown> = {}
    columns.forEach((c, i) => {
      if (c) values[c[0]] = cellValue(c[1], r.cells[i] ?? '')
    })
    const checked = schema.safeParse(values)
    if (checked.success) valid.push({ row: r.row, values: checked.data as Record<string, unknown> })
    else failed.push({ row: r.row, messages: [...new Set(checked.error.issues.map((i) => i.message))] })
  }
  return { valid, failed }
}

const optionKey = (f: FieldDef, text: string) =>
  Object.entries(f.options ?? {}).find(([key, label]) => label === text || key === text)?.[0] ?? text

/** A cell's text as the field's value (what the schema then checks). */
function cellValue(f: FieldDef, raw: string): unknown {
  const text = raw.trim()
  switch (f.kind) {
    case 'switch':
      return text === '' ? undefined : ['是', 'true', '1', '开启'].includes(text)
    case 'number':
      if (f.cents && text !== '') return parseYuan(text) ?? text
      return text === '' ? null : /^-?\d+$/.test(text) ? Number(text) : text
    case 'select':
      return text === '' ? undefined : optionKey(f, text)
    case 'multiSelect':
      return text === '' ? [] : text.split(/[、,，]/).map((t) => optionKey(f, t.trim()))
    case 'datetime': {
      if (text === '') return null
      const d = new Date(`${text.replace(' ', 'T')}${/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? '' : 'Z'}`)
      return Number.isNaN(d.getTime()) || sheetTime(d) === '' ? text : d.toISOString()
    }
    default:
      return text
  }
}
