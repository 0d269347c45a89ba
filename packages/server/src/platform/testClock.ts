/**
 * The app's notion of now for sign-ins and tasks (decision 0050): real time plus an offset that only a test-mode
 * server moves (config MOC_TEST_CLOCK, POST /api/test/clock, super administrator only; refused with
 * NODE_ENV=production). A journey can so sign in on three "days" in a minute. Everywhere else the offset is 0 and
 * `appNow()` is the real time. Vitest passes `now` to the functions directly instead.
 */

const DAY_MS = 86_400_000
let offsetMs = 0

/** Now as sign-ins and tasks see it (`real` shifted by the test offset). */
export const appNow = (real: Date = new Date()): Date => new Date(real.getTime() + offsetMs)

/** The offset in days. */
export const clockOffsetDays = (): number => offsetMs / DAY_MS

/** Moves the test clock by whole days (added to the offset); only the test-mode route calls it. */
export function moveTestClock(days: number): void {
  offsetMs += days * DAY_MS
}
