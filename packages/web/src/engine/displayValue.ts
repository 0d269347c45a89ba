import dayjs from 'dayjs'

export const formatTime = (v: unknown) => (v ? dayjs(v as string).format('YYYY-MM-DD HH:mm:ss') : '--')

/** A field value as read-only text (review detail, version diff): 是/否, times, lists joined, '--' when empty. */
export function displayValue(kind: string, v: unknown): string {
  if (v === undefined || v === null || v === '') return '--'
  if (kind === 'switch') return v ? '是' : '否'
  if (kind === 'datetime') return formatTime(v)
  if (kind === 'modules' && Array.isArray(v))
    return v.length
      ? (v as { name: string; items: unknown[] }[]).map((m) => `${m.name}（${m.items.length}条）`).join('、')
      : '--'
  if (Array.isArray(v)) return v.length ? v.join('、') : '--'
  return String(v)
}
