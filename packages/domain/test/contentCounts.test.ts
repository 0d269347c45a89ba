import { describe, expect, it } from 'vitest'
import {
  countCellText,
  isValidOperateCount,
  operateCountMessages,
  operateCountSchema,
  parseOperateCount,
} from '../src/rules/contentCounts.ts'

describe('operated counts (spec §5)', () => {
  it.each([undefined, null, '', 0, 12, '0', '42', ' 7 '])('accepts %j', (v) => {
    expect(isValidOperateCount(v)).toBe(true)
  })

  it.each([-1, 1.5, '1.5', '-3', 'abc', '1e3', Number.NaN, true, {}])('refuses %j', (v) => {
    expect(isValidOperateCount(v)).toBe(false)
  })

  it('stores empty as null and text as a number', () => {
    expect(parseOperateCount('')).toBeNull()
    expect(parseOperateCount(undefined)).toBeNull()
    expect(parseOperateCount(' 15 ')).toBe(15)
    expect(parseOperateCount(3)).toBe(3)
  })

  it('the server schema gives the spec message', () => {
    const schema = operateCountSchema(operateCountMessages.operateViewNum)
    expect(schema.parse('')).toBeNull()
    expect(schema.parse('8')).toBe(8)
    const bad = schema.safeParse(-2)
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]?.message).toBe('运营阅读数填写有误')
    expect(operateCountMessages.operateLikeNum).toBe('运营点赞数填写有误')
  })
})

describe('count cells (spec §2, §3)', () => {
  it("shows '--' where the count does not apply", () => {
    expect(countCellText(false, 10, 5)).toBe('--')
  })

  it('shows the total when an operated count exists', () => {
    expect(countCellText(true, 10, 5)).toBe('15')
    expect(countCellText(true, null, 5)).toBe('5')
    expect(countCellText(true, 10, 0)).toBe('10')
  })

  it('shows the real count otherwise', () => {
    expect(countCellText(true, 10, null)).toBe('10')
    expect(countCellText(true, undefined, undefined)).toBe('0')
  })
})
