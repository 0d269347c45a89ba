import { describe, expect, it } from 'vitest'
import { defaultLayout, preferencesSchema } from '../src/api/session.ts'
import {
  TABLE_SETTINGS_MAX_COLUMNS,
  TABLE_SETTINGS_MAX_SCREENS,
  tableSettingsMapSchema,
} from '../src/api/tableSettings.ts'
import { moveKey, orderedKeys, visibleKeys, withTableSettings } from '../src/rules/columnSettings.ts'

const keys = ['title', 'cover', 'verifyState', 'creatorName', 'createdAt']

describe('column settings', () => {
  it('orders the known columns as saved and leaves unknown ones in place', () => {
    expect(orderedKeys(keys, undefined)).toEqual(keys)
    expect(orderedKeys(keys, ['createdAt', 'title'])).toEqual([
      'createdAt',
      'cover',
      'verifyState',
      'creatorName',
      'title',
    ])
    // A saved order from another tab of the list (columns this one lacks) still applies to the shared columns.
    expect(orderedKeys(['title', 'time', 'reason'], ['reason', 'nodeName', 'title'])).toEqual([
      'reason',
      'time',
      'title',
    ])
  })

  it('shows every column but the hidden ones, new columns included', () => {
    expect(visibleKeys(keys, { hidden: ['cover'], order: ['creatorName'] })).toEqual([
      'title',
      'verifyState',
      'creatorName',
      'createdAt',
    ])
    expect(visibleKeys([...keys, 'likeNum'], { hidden: ['cover'] })).toContain('likeNum')
  })

  it('moves a column up or down, not past either end', () => {
    expect(moveKey(keys, 'createdAt', -1)).toEqual([
      'title',
      'cover',
      'verifyState',
      'createdAt',
      'creatorName',
    ])
    expect(moveKey(keys, 'title', -1)).toEqual(keys)
    expect(moveKey(keys, 'createdAt', 1)).toEqual(keys)
    expect(moveKey(keys, 'missing', 1)).toEqual(keys)
  })

  it('drops a list back at its defaults and forgets the oldest list past the limit', () => {
    expect(withTableSettings({ '/a': { density: 'small' } }, '/a', { hidden: [] })).toEqual({})
    let all = {}
    for (let i = 0; i <= TABLE_SETTINGS_MAX_SCREENS; i++)
      all = withTableSettings(all, `/s${i}`, { density: 'small' })
    expect(Object.keys(all)).toHaveLength(TABLE_SETTINGS_MAX_SCREENS)
    expect(all).not.toHaveProperty('/s0')
    expect(all).toHaveProperty(`/s${TABLE_SETTINGS_MAX_SCREENS}`)
    expect(tableSettingsMapSchema.safeParse(all).success).toBe(true)
  })

  it('bounds what the preferences may hold', () => {
    const ok = { layout: defaultLayout, language: 'zh' }
    expect(preferencesSchema.safeParse(ok).success).toBe(true)
    const tables = (t: unknown) => preferencesSchema.safeParse({ ...ok, tables: t }).success
    expect(tables({ '/contentArticle': { hidden: ['cover'], order: ['title'], density: 'middle' } })).toBe(
      true,
    )
    expect(tables({ '/auditProcess#processLibrary': { density: 'small' } })).toBe(true)
    expect(tables({ contentArticle: { density: 'small' } })).toBe(false)
    expect(tables({ '/contentArticle': { density: 'huge' } })).toBe(false)
    expect(tables({ '/contentArticle': { hidden: ['<script>'] } })).toBe(false)
    expect(tables({ '/contentArticle': { width: 3 } })).toBe(false)
    expect(
      tables({
        '/contentArticle': {
          order: Array.from({ length: TABLE_SETTINGS_MAX_COLUMNS + 1 }, (_, i) => `c${i}`),
        },
      }),
    ).toBe(false)
    const many = Object.fromEntries(
      Array.from({ length: TABLE_SETTINGS_MAX_SCREENS + 1 }, (_, i) => [`/s${i}`, { density: 'small' }]),
    )
    expect(tables(many)).toBe(false)
    expect(preferencesSchema.safeParse({ ...ok, pageTabs: 'yes' }).success).toBe(false)
  })
})
