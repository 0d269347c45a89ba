import type { Grant } from '@moc/domain/permissions/can'
import { article } from '@moc/domain/resources/article'
import { subject } from '@moc/domain/resources/subject'
import { describe, expect, it } from 'vitest'
import { detailUrlOf, listSearchOf, listUrlAfterSave } from '../src/engine/afterSave.ts'
import { withScreenParams } from '../src/engine/derive.ts'

const superAdmin: Grant = { roleId: 1, power: {}, powerMenuAttrs: [] }
const user = { username: 'admin', grant: superAdmin }
const draft = { verifyState: 0, isFirst: false, recycledAt: null }
const pending = { verifyState: 3, isFirst: false, recycledAt: null }
const noParams = new URLSearchParams()

const after = (
  item: object | undefined,
  created: boolean,
  listSearch: string | undefined,
  formParams = noParams,
) =>
  new URL(listUrlAfterSave(article, { id: 42, item, created }, { listSearch, formParams }, user), 'http://x')

describe('the list after 保存 (issue 20 point 5)', () => {
  it('a new draft opens 草稿箱 with the item highlighted, not the 文章列表 it came from', () => {
    const url = after(draft, true, '')
    expect(url.pathname).toBe('/contentArticle')
    expect(url.searchParams.get('type')).toBe('draft')
    expect(url.searchParams.get('highlight')).toBe('42')
  })

  it('a new item is listed with the default filters, on page 1', () => {
    const url = after(draft, true, '?type=draft&page=3&title=旧&createdBy=')
    expect(url.searchParams.get('page')).toBeNull()
    expect(url.searchParams.get('title')).toBeNull()
    expect(url.searchParams.has('createdBy')).toBe(false)
  })

  it('an edit from the tab that still lists it keeps that tab, its filters and page', () => {
    const url = after(draft, false, '?type=draft&page=2&title=春节&createdBy=')
    expect(url.searchParams.get('type')).toBe('draft')
    expect(url.searchParams.get('page')).toBe('2')
    expect(url.searchParams.get('title')).toBe('春节')
    expect(url.searchParams.get('createdBy')).toBe('')
  })

  it('an edit submitted for review moves to 文章列表, page 1, same filters', () => {
    const url = after(pending, false, '?type=draft&page=2&title=春节')
    expect(url.searchParams.get('type')).toBeNull() // the first tab is the default
    expect(url.searchParams.get('page')).toBeNull()
    expect(url.searchParams.get('title')).toBe('春节')
  })

  it('opened from a link, an edited item is looked for among everyone’s; unknown state keeps the tab', () => {
    expect(after(pending, false, undefined).searchParams.get('createdBy')).toBe('')
    expect(after(undefined, false, '?type=first').searchParams.get('type')).toBe('first')
  })

  it('keeps the screen’s own keys (a panel, a parent id) and drops the list’s old ones', () => {
    const url = after(draft, true, '?panel=items&voteId=7&page=3&title=旧&highlight=5')
    expect(url.searchParams.get('panel')).toBe('items')
    expect(url.searchParams.get('voteId')).toBe('7')
    expect(url.searchParams.get('page')).toBeNull()
    expect(url.searchParams.get('title')).toBeNull()
    expect(url.searchParams.get('highlight')).toBe('42')
  })

  it('a list paging on a screen with a panel keeps the panel (withScreenParams)', () => {
    const screen = new URLSearchParams('panel=orders&page=2&title=春')
    const next = withScreenParams(article, screen, new URLSearchParams('page=3'))
    expect(Object.fromEntries(next)).toEqual({ panel: 'orders', page: '3' })
  })

  it('reads the list query a form was opened with from its router state', () => {
    expect(listSearchOf({ listSearch: '?type=draft' })).toBe('?type=draft')
    expect(listSearchOf(null)).toBeUndefined()
    expect(listSearchOf({ other: 1 })).toBeUndefined()
  })
})

describe('an editor opened from a read-only detail', () => {
  it('returns to that detail, with its query', () => {
    expect(detailUrlOf(subject, { detail: '/subjectDetail?id=7' })).toBe('/subjectDetail?id=7')
  })

  it('opened from the list or a link, returns to the list', () => {
    expect(detailUrlOf(subject, { listSearch: '?type=draft' })).toBeUndefined()
    expect(detailUrlOf(subject, null)).toBeUndefined()
  })

  it('takes only the type’s own detail screen, and only for a type with a separate editor', () => {
    expect(detailUrlOf(subject, { detail: '/contentArticleDetail?id=7' })).toBeUndefined()
    expect(detailUrlOf(subject, { detail: 'https://example.com/subjectDetail' })).toBeUndefined()
    expect(detailUrlOf(article, { detail: '/contentArticleDetail?id=7' })).toBeUndefined()
  })
})
