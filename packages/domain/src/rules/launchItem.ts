import { displayStatus } from './displayWindow.ts'

/** An item the app shows at launch (a splash screen, a pop-up): its display window and its row id. */
export interface LaunchItem {
  id: number
  displayStart: string | Date | null
  displayEnd: string | Date | null
  displayFlag?: number | null
}

/** In its display window at `now` (spec §4, the console's 展示状态 showing). */
export const inDisplayWindow = (r: Omit<LaunchItem, 'id'>, now: Date) =>
  displayStatus({ start: r.displayStart, end: r.displayEnd, flag: r.displayFlag ?? 1 }, now) === 'showing'

const startOf = (r: LaunchItem) => (r.displayStart ? new Date(r.displayStart).getTime() : 0)

/** Of two launch items in their windows, the one scheduled later is the more specific; then the newer row. */
export const launchOrder = (a: LaunchItem, b: LaunchItem) => startOf(b) - startOf(a) || b.id - a.id

/**
 * The launch item the app shows at `now` (decision 0038): among one platform's approved, online items, those in their
 * display window (spec §4), the latest start, then the newest row. The app config and the console's delivery
 * schedule (/publishFlash) read this one rule.
 */
export function effectiveLaunchItem<T extends LaunchItem>(rows: readonly T[], now: Date): T | undefined {
  return rows.filter((r) => inDisplayWindow(r, now)).sort(launchOrder)[0]
}
