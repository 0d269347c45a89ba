import type { FieldDef } from '@moc/domain/resources/types'
import { yuanText } from '@moc/domain/rules/money'
import dayjs from 'dayjs'

export const formatTime = (v: unknown) => (v ? dayjs(v as string).format('YYYY-MM-DD HH:mm:ss') : '--')

/** Nothing to show: no value, an empty text or an empty list. */
export const isEmptyValue = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)

/** A field value as read-only text (review detail, version diff): 是/否, times, lists joined, '--' when empty. */
export function displayValue(kind: string, v: unknown): string {
  if (isEmptyValue(v)) return '--'
  if (kind === 'switch') return v ? '是' : '否'
  if (kind === 'datetime') return formatTime(v)
  if (kind === 'modules' && Array.isArray(v))
    return v.length
      ? (v as { name: string; items: unknown[] }[]).map((m) => `${m.name}（${m.items.length}条）`).join('、')
      : '--'
  if (Array.isArray(v)) return v.length ? v.join('、') : '--'
  return String(v)
}

const optionLabel = (f: FieldDef, v: unknown) => f.options?.[String(v)] ?? String(v)

/**
 * A definition field's value as read-only text, knowing the field: a choice by its option's label (several joined
 * by 、), child rows as `label：value` pairs a row, rows joined by ；; everything else as displayValue.
 */
export function fieldText(f: FieldDef, v: unknown): string {
  if (v === undefined || v === null || v === '') return '--'
  if (f.cents && typeof v === 'number') return `${yuanText(v)}元`
  switch (f.kind) {
    case 'select':
      return optionLabel(f, v)
    case 'multiSelect':
      return Array.isArray(v) && v.length ? v.map((x) => optionLabel(f, x)).join('、') : '--'
    case 'children': {
      const fields = Object.entries(f.children?.fields ?? {})
      const rows = Array.isArray(v) ? (v as Record<string, unknown>[]) : []
      return rows.length
        ? rows
            .map((r) => fields.map(([n, cf]) => `${cf.label}：${fieldText(cf, r[n])}`).join('，'))
            .join('；')
        : '--'
    }
    default:
      return displayValue(f.kind, v)
  }
}
