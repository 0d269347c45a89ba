/**
 * The display window of a content item (spec §4 "Display window"): an optional start and end and a display
 * flag (1 = on). The spec's cases, in its words:
 * - start and end: out of date when now is outside start–end, or the flag is not 1;
 * - no window: not overdue only if the flag is 1;
 * - only a start: overdue if the start is in the future (or the flag is not 1, when a flag is given).
 * Only an end is not listed; it mirrors "only a start": overdue once the end has passed (or the flag is
 * not 1, when given) — decision 0009.
 */
export interface DisplayWindow {
  start?: string | Date | null
  end?: string | Date | null
  flag?: number | null
}

/** Why an item is (not) shown: showing, or the first reason it is not. */
export type DisplayStatus = 'showing' | 'off' | 'notStarted' | 'ended'

export const displayStatusLabels: Record<DisplayStatus, { text: string; color: string }> = {
  showing: { text: '展示中', color: 'green' },
  notStarted: { text: '未开始', color: 'blue' },
  ended: { text: '已过期', color: 'default' },
  off: { text: '不展示', color: 'default' },
}

const time = (v: string | Date | null | undefined): number | null => {
  if (v === null || v === undefined || v === '') return null
  const t = (v instanceof Date ? v : new Date(v)).getTime()
  return Number.isNaN(t) ? null : t
}

export function displayStatus(w: DisplayWindow, now: Date = new Date()): DisplayStatus {
  const start = time(w.start)
  const end = time(w.end)
  const t = now.getTime()
  const flagGiven = w.flag !== undefined && w.flag !== null
  // With a whole window, or none, the flag must be 1; with half a window only a given flag counts.
  const halfWindow = (start === null) !== (end === null)
  const flagOff = halfWindow ? flagGiven && w.flag !== 1 : w.flag !== 1
  if (flagOff) return 'off'
  if (start !== null && t < start) return 'notStarted'
  if (end !== null && t > end) return 'ended'
  return 'showing'
}

/** Spec §4 "out of date" / "overdue": anything but showing. */
export const isOverdue = (w: DisplayWindow, now: Date = new Date()) => displayStatus(w, now) !== 'showing'

/** The form's and the server's rule: an end before the start is refused (contentMessages.displayWindow). */
export function displayWindowValid(start: unknown, end: unknown): boolean {
  const s = time(start as string | null)
  const e = time(end as string | null)
  return s === null || e === null || e >= s
}
