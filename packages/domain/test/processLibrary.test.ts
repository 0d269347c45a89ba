import { describe, expect, it } from 'vitest'
import { copyName } from '../src/api/processLibrary.ts'
import { PROCESS_NAME_MAX } from '../src/api/review.ts'
import { REVIEW_STATUSES, statusNameSchema } from '../src/api/reviewStatus.ts'

describe('process copy name', () => {
  it('appends -副本', () => expect(copyName('两级审核')).toBe('两级审核-副本'))
  it('shortens the original so the copy fits the name limit, never splitting a character', () => {
    expect(copyName('审'.repeat(PROCESS_NAME_MAX))).toBe(`${'审'.repeat(47)}-副本`)
    const emoji = copyName('😀'.repeat(25))
    expect(emoji).toBe(`${'😀'.repeat(23)}-副本`)
    expect(emoji.length).toBeLessThanOrEqual(PROCESS_NAME_MAX)
    expect(copyName(`${'审'.repeat(46)}😀`)).toBe(`${'审'.repeat(46)}-副本`)
  })
})

describe('review status catalogue', () => {
  it('has unique stable ids and one entry per state of spec §4', () => {
    expect(new Set(REVIEW_STATUSES.map((s) => s.id)).size).toBe(REVIEW_STATUSES.length)
    expect(REVIEW_STATUSES.map((s) => s.code)).toEqual([
      '0',
      '1',
      '2',
      '3',
      'PENDING',
      'PASS',
      'REJECT',
      'WITHDRAW',
    ])
  })
  it('names are trimmed, required, at most 20 characters', () => {
    expect(statusNameSchema.parse(' 已发布 ')).toBe('已发布')
    expect(statusNameSchema.safeParse('  ').success).toBe(false)
    expect(statusNameSchema.safeParse('长'.repeat(21)).success).toBe(false)
  })
})
