import { describe, expect, it } from 'vitest'
import { displayStatus, displayWindowValid, isOverdue } from '../src/rules/displayWindow.ts'

const now = new Date('2026-06-15T12:00:00Z')
const past = '2026-06-01T00:00:00Z'
const future = '2026-07-01T00:00:00Z'

describe('display window (spec §4)', () => {
  describe('start and end', () => {
    it('shows inside the window with flag 1', () => {
      expect(displayStatus({ start: past, end: future, flag: 1 }, now)).toBe('showing')
      expect(isOverdue({ start: past, end: future, flag: 1 }, now)).toBe(false)
    })
    it('is out of date before the start', () => {
      expect(displayStatus({ start: future, end: '2026-08-01T00:00:00Z', flag: 1 }, now)).toBe('notStarted')
    })
    it('is out of date after the end', () => {
      expect(displayStatus({ start: '2026-05-01T00:00:00Z', end: past, flag: 1 }, now)).toBe('ended')
    })
    it('is out of date inside the window when the flag is not 1 (or missing)', () => {
      expect(displayStatus({ start: past, end: future, flag: 0 }, now)).toBe('off')
      expect(isOverdue({ start: past, end: future }, now)).toBe(true)
    })
    it('counts the bounds themselves as inside', () => {
      expect(displayStatus({ start: now, end: now, flag: 1 }, now)).toBe('showing')
    })
  })

  describe('no window', () => {
    it('is not overdue only if the flag is 1', () => {
      expect(isOverdue({ flag: 1 }, now)).toBe(false)
      expect(isOverdue({ flag: 0 }, now)).toBe(true)
      expect(isOverdue({ flag: 2 }, now)).toBe(true)
      expect(isOverdue({ start: null, end: null }, now)).toBe(true)
    })
  })

  describe('only a start', () => {
    it('is overdue if the start is in the future', () => {
      expect(displayStatus({ start: future }, now)).toBe('notStarted')
      expect(displayStatus({ start: past }, now)).toBe('showing')
    })
    it('is overdue if a given flag is not 1', () => {
      expect(displayStatus({ start: past, flag: 0 }, now)).toBe('off')
      expect(displayStatus({ start: past, flag: 1 }, now)).toBe('showing')
      expect(displayStatus({ start: past, flag: null }, now)).toBe('showing')
    })
  })

  describe('only an end (not in the spec; mirrors only a start)', () => {
    it('is overdue once the end has passed or a given flag is not 1', () => {
      expect(displayStatus({ end: future }, now)).toBe('showing')
      expect(displayStatus({ end: past }, now)).toBe('ended')
      expect(displayStatus({ end: future, flag: 0 }, now)).toBe('off')
    })
  })

  it('accepts Date values and ignores unparsable ones', () => {
    expect(displayStatus({ start: new Date(past), end: new Date(future), flag: 1 }, now)).toBe('showing')
    expect(displayStatus({ start: 'not a date', flag: 1 }, now)).toBe('showing')
  })

  it('form rule: the end may not be before the start', () => {
    expect(displayWindowValid(past, future)).toBe(true)
    expect(displayWindowValid(past, past)).toBe(true)
    expect(displayWindowValid(future, past)).toBe(false)
    expect(displayWindowValid(null, past)).toBe(true)
    expect(displayWindowValid(past, '')).toBe(true)
  })
})
