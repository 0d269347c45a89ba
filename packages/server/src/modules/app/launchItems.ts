import { displayStatus } from '@moc/domain/rules/displayWindow'

/** What a launch item (a splash screen, a pop-up) is scheduled by. */
export interface Windowed {
  id: number
  displayStart: Date | null
  displayEnd: Date | null
  displayFlag: number
}

/** In its display window now: the spec §4 rule (rules/displayWindow.ts), the same function the console shows. */
export const showing = (r: Windowed, now: Date) =>
  displayStatus({ start: r.displayStart, end: r.displayEnd, flag: r.displayFlag }, now) === 'showing'

/** The newest-starting first: of two items in their windows, the one scheduled later is the more specific. */
export const byStart = (a: Windowed, b: Windowed) =>
  (b.displayStart?.getTime() ?? 0) - (a.displayStart?.getTime() ?? 0) || b.id - a.id

/** The launch item the app shows now, of those it may show (decision 0039). */
export const currentLaunchItem = <T extends Windowed>(rows: readonly T[], now: Date): T | undefined =>
  rows.filter((r) => showing(r, now)).sort(byStart)[0]
