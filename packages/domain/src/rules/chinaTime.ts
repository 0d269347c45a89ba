/**
 * The broadcaster's time: mainland China (UTC+8 all year, no daylight saving). Days of sign-ins, tasks, votes and
 * statistics, and the times written into messages and exports, are read here — never in the server's own zone.
 */
export const CHINA_TIME_ZONE = 'Asia/Shanghai'

const OFFSET_MS = 8 * 3_600_000

/** `YYYY-MM-DD HH:mm:ss` in China time; '' for no time. */
export const chinaTime = (at: Date | string | null | undefined): string =>
  at ? new Date(new Date(at).getTime() + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ') : ''

/** The day (`YYYY-MM-DD`) an instant falls on in China. */
export const chinaDay = (at: Date): string => chinaTime(at).slice(0, 10)

/** The day before a `YYYY-MM-DD` day. */
export const dayBefore = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
