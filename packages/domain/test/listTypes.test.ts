import { describe, expect, it } from 'vitest'
import { article } from '../src/resources/article.ts'
import { inListType, listTypeOf } from '../src/resources/listTypes.ts'
import { subject } from '../src/resources/subject.ts'

const state = (verifyState: number, { isFirst = false, recycled = false } = {}) => ({
  verifyState,
  isFirst,
  recycled,
})

describe('the list tab that holds an item (issue 20 point 5)', () => {
  it('a saved draft is in 草稿箱, not in 文章列表', () => {
    expect(listTypeOf(article, state(0))).toBe('draft')
    expect(inListType(article.list.types.article.where, state(0))).toBe(false)
  })

  it('pending, passed and rejected items are in 文章列表; a first-release one stays on 首发 when it came from there', () => {
    for (const vs of [1, 2, 3]) expect(listTypeOf(article, state(vs))).toBe('article')
    expect(listTypeOf(article, state(1, { isFirst: true }))).toBe('article')
    expect(listTypeOf(article, state(1, { isFirst: true }), { prefer: 'first' })).toBe('first')
    // A tab that does not list it is not kept.
    expect(listTypeOf(article, state(0, { isFirst: true }), { prefer: 'first' })).toBe('draft')
  })

  it('a recycled item is only in 回收站, and only for a user who may open it', () => {
    expect(listTypeOf(article, state(0, { recycled: true }))).toBe('recycle')
    expect(listTypeOf(article, state(0, { recycled: true }), { open: ['article', 'draft'] })).toBeUndefined()
  })

  it('derived from the definition: another type names its own tabs', () => {
    expect(listTypeOf(subject, state(0))).toBe('draft')
    expect(listTypeOf(subject, state(3))).toBe('list')
  })
})
