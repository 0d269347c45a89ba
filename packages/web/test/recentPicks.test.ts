import { RECENT_KEEP } from '@moc/domain/constants'
import { beforeEach, describe, expect, it } from 'vitest'
import { readRecent, rememberRecent } from '../src/widgets/recentPicks.ts'

/** Node has no localStorage: a minimal in-memory Storage stands in for the browser's. */
function memoryStorage(): Storage {
  const m = new Map<string, string>()
  return {
    get length() {
      return m.size
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  }
}

describe('recent picks (spec §9: recent tags and media keep 5)', () => {
  beforeEach(() => {
    globalThis.localStorage = memoryStorage()
  })

  it('keeps the last 5, newest first, without duplicates, per list', () => {
    for (let id = 1; id <= 7; id++) rememberRecent('tags:0', [{ id, name: `标签${id}` }])
    expect(readRecent('tags:0').map((o) => o.id)).toEqual([7, 6, 5, 4, 3])
    rememberRecent('tags:0', [{ id: 4, name: '标签4' }])
    expect(readRecent('tags:0').map((o) => o.id)).toEqual([4, 7, 6, 5, 3])
    expect(readRecent('tags:0')).toHaveLength(RECENT_KEEP)
    expect(readRecent('mediaAccounts')).toEqual([])
  })

  it('ignores a damaged stored value', () => {
    localStorage.setItem('moc:recent:tags:0', '{not json')
    expect(readRecent('tags:0')).toEqual([])
    localStorage.setItem('moc:recent:tags:0', JSON.stringify([{ id: 'x' }, { id: 2, name: '好' }]))
    expect(readRecent('tags:0')).toEqual([{ id: 2, name: '好' }])
  })
})
