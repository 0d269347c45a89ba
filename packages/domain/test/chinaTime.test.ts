import { describe, expect, it } from 'vitest'
import { formatLockTime } from '../src/rules/appUserLock.ts'
import { chinaDay, chinaTime, dayBefore } from '../src/rules/chinaTime.ts'

describe('China time (the broadcaster’s day and clock, whatever the server’s zone)', () => {
  it('writes an instant as Beijing wall time', () => {
    expect(chinaTime(new Date('2026-01-02T16:05:09Z'))).toBe('2026-01-03 00:05:09')
    expect(chinaTime('2026-06-30T23:59:59.999Z')).toBe('2026-07-01 07:59:59')
    expect(chinaTime(null)).toBe('')
    expect(chinaTime(undefined)).toBe('')
  })

  it('a day starts at 00:00 in Beijing, 16:00 UTC the day before', () => {
    expect(chinaDay(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01')
    expect(chinaDay(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02')
  })

  it('the day before crosses months and leap days', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28')
    expect(dayBefore('2028-03-01')).toBe('2028-02-29')
    expect(dayBefore('2027-01-01')).toBe('2026-12-31')
  })

  it('a lock’s end is written to the minute', () => {
    expect(formatLockTime('2026-01-02T16:05:00Z')).toBe('2026-01-03 00:05')
  })
})
