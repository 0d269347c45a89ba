/**
 * A child collection's no-overlap rule (ChildrenDef.noOverlap): no two rows' [start, end] ranges meet, among rows with
 * the same `within` value. Values are numbers or ISO date-times; an empty end is open-ended, an empty start the
 * beginning of time. The form and the server check with this one function.
 */
export interface OverlapRule {
  start: string
  end: string
  within?: string
}

const point = (v: unknown, open: number): number => {
  if (v === null || v === undefined || v === '') return open
  if (typeof v === 'number') return v
  const t = new Date(String(v)).getTime()
  return Number.isNaN(t) ? open : t
}

/** The indexes of the first two rows whose ranges overlap, or null when none do. */
export function firstOverlap(
  rows: readonly Record<string, unknown>[],
  rule: OverlapRule,
): [number, number] | null {
  const ranges = rows.map((r, i) => ({
    i,
    group: rule.within ? String(r[rule.within] ?? '') : '',
    start: point(r[rule.start], Number.NEGATIVE_INFINITY),
    end: point(r[rule.end], Number.POSITIVE_INFINITY),
  }))
  ranges.sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : a.start - b.start))
  for (let k = 1; k < ranges.length; k++) {
    const a = ranges[k - 1]!
    const b = ranges[k]!
    if (a.group === b.group && b.start <= a.end) return a.i < b.i ? [a.i, b.i] : [b.i, a.i]
  }
  return null
}

/** The index of the first row whose range ends before it starts (both given), or -1. */
export const firstInverted = (rows: readonly Record<string, unknown>[], rule: OverlapRule): number =>
  rows.findIndex((r) => {
    const start = point(r[rule.start], Number.NaN)
    const end = point(r[rule.end], Number.NaN)
    return start > end
  })
