import type { Grant } from '@moc/domain/permissions/can'
import { article } from '@moc/domain/resources/article'
import { programReplay } from '@moc/domain/resources/programReplay'
import { defineResource } from '@moc/domain/resources/types'
import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import {
  displayWindowRules,
  fieldRules,
  formFields,
  listColumnKeys,
  listTabs,
  partitionOf,
  readListState,
  resourceApi,
  screenUrl,
  searchFields,
  viewCountApplies,
  writeListState,
} from '../src/engine/derive.ts'
import { formValues, sameTitleFound, savePayload } from '../src/engine/formValues.ts'
import { sameTitleRows } from '../src/engine/sameTitle.ts'
import { firstError } from './firstError.ts'

const notice = defineResource({
  name: 'notice',
  label: '通知',
  storage: { table: 'notice' },
  permissionPage: '通知中心',
  screens: { list: '/noticeCentre', detail: '/noticeCentreDetail' },
  fields: {
    title: { kind: 'text', label: '标题', required: true, max: 50, search: true },
    level: { kind: 'select', label: '级别', required: true, options: { 1: '普通', 2: '重要' }, search: true },
    weight: { kind: 'number', label: '权重', min: 1, max: 9 },
  },
  list: { types: { list: { label: '列表', where: {} } }, columns: ['title', 'level'] },
  actions: [],
  api: { list: 'GET /api/notice/page' },
})

const params = (q: string) => new URLSearchParams(q)

describe('list derivation', () => {
  it('tabs follow the definition (spec order), the recycle bin marked', () => {
    expect(listTabs(article)).toEqual([
      { key: 'article', label: '文章列表', recycle: false },
      { key: 'first', label: '首发', recycle: false },
      { key: 'draft', label: '草稿箱', recycle: false },
      { key: 'recycle', label: '回收站', recycle: true },
    ])
  })

  it('the 回收站 tab shows only with the permission its actions need', () => {
    const grant = (page: string, actions: string[]): Grant => ({
      roleId: 7,
      power: { [page]: actions.map((actionName) => ({ actionName, exists: true })) },
      powerMenuAttrs: [],
    })
    const editor = grant('内容-文章', ['查看', '添加', '编辑', '删除', '提交审核'])
    expect(listTabs(article, editor).map((t) => t.key)).toEqual(['article', 'first', 'draft'])
    expect(listTabs(article, grant('内容-文章', ['查看', '回收站'])).map((t) => t.key)).toContain('recycle')
    expect(listTabs(article, { roleId: 1, power: {}, powerMenuAttrs: [] })).toHaveLength(4)
    // A recycle bin in the URL the user may not open is the first tab.
    expect(readListState(article, params('type=recycle'), 'ed', editor).type).toBe('article')
    // Programme content's bin goes with 删除 (its page has no 回收站).
    const replays = grant('内容-节目内容', ['查看', '删除'])
    expect(listTabs(programReplay, replays).some((t) => t.recycle)).toBe(true)
    expect(listTabs(programReplay, grant('内容-节目内容', ['查看'])).some((t) => t.recycle)).toBe(false)
  })

  it('search fields are those with search: true', () => {
    expect(searchFields(article).map(([n]) => n)).toEqual(['title'])
    expect(searchFields(notice).map(([n]) => n)).toEqual(['title', 'level'])
  })

  it("columns are the definition's, then the engine's state, count, creator and time columns", () => {
    expect(listColumnKeys(article)).toEqual([
      'title',
      'cover',
      'isFirst',
      'showState',
      'verifyState',
      'displayStatus',
      'viewNum',
      'likeNum',
      'creatorName',
      'createdAt',
    ])
  })

  it('view counts only for the content kinds of spec §3', () => {
    expect(viewCountApplies(article)).toBe(true)
    expect(viewCountApplies(notice)).toBe(false)
  })

  it('content types share /api/content with kind; others have their own; overrides drop their method', () => {
    expect(resourceApi(article)).toMatchObject({
      kind: 'article',
      list: '/api/content/list',
      nums: '/api/content/nums',
      recycle: '/api/content/article/delete',
      same: '/api/content/same',
    })
    expect(resourceApi(notice)).toMatchObject({
      kind: undefined,
      list: '/api/notice/page',
      nums: '/api/notice/nums',
    })
  })
})

describe('URL-synced list state', () => {
  it('defaults: first tab, page 1, 30 rows, the current user as creator', () => {
    expect(readListState(article, params(''), 'admin')).toEqual({
      type: 'article',
      page: 1,
      pageSize: 30,
      filters: { createdBy: 'admin' },
    })
  })

  it('reads tab, paging and filters; unknown values fall back', () => {
    expect(
      readListState(article, params('type=draft&page=3&pageSize=50&title=%20春节%20&createdBy=ed'), 'admin'),
    ).toEqual({
      type: 'draft',
      page: 3,
      pageSize: 50,
      filters: { title: '春节', createdBy: 'ed' },
    })
    expect(readListState(article, params('type=nope&page=-1&pageSize=7'), 'admin')).toMatchObject({
      type: 'article',
      page: 1,
      pageSize: 30,
    })
  })

  it('an empty createdBy means every creator', () => {
    expect(readListState(article, params('createdBy='), 'admin').filters).toEqual({})
  })

  it('writes only what differs from the defaults, and round-trips', () => {
    const state = { type: 'recycle', page: 2, pageSize: 100, filters: { title: 'a', createdBy: '' } }
    const url = writeListState(article, state, 'admin')
    expect(url.toString()).toBe('type=recycle&page=2&pageSize=100&title=a&createdBy=')
    expect(readListState(article, url, 'admin')).toEqual({ ...state, filters: { title: 'a' } })
    expect(writeListState(article, readListState(article, params(''), 'admin'), 'admin').toString()).toBe('')
  })
})

describe('partitioned lists (programme content by source)', () => {
  it('the source comes from the URL, an unknown or missing one falls back to the first', () => {
    expect(partitionOf(programReplay, params('source=tv'))).toBe('tv')
    expect(partitionOf(programReplay, params('source=radio'))).toBe('broadcast')
    expect(partitionOf(article, params('source=tv'))).toBeUndefined()
  })

  it('list state, detail links and the list URL keep the source', () => {
    const state = readListState(programReplay, params('source=tv&type=recycle'), 'admin')
    expect(state).toMatchObject({ partition: 'tv', type: 'recycle' })
    expect(writeListState(programReplay, { ...state, page: 2 }, 'admin').toString()).toBe(
      'source=tv&type=recycle&page=2',
    )
    expect(screenUrl(programReplay, '/programReplayDetail', params('source=tv'), 7)).toBe(
      '/programReplayDetail?source=tv&id=7',
    )
    expect(screenUrl(article, '/contentArticleDetail', params('source=tv'), 7)).toBe(
      '/contentArticleDetail?id=7',
    )
  })

  it('a type without review has no review-state column; its show state is 上线/下线', () => {
    expect(listColumnKeys(programReplay)).not.toContain('verifyState')
    expect(listColumnKeys(programReplay)).toContain('showState')
    expect(programReplay.showWords).toEqual({ show: '上线', hide: '下线' })
  })
})

type Rule = {
  required?: boolean
  max?: number
  message?: string
  validator?: (r: unknown, v: unknown) => Promise<void>
}

describe('form derivation', () => {
  it('required first, then the server schema of the field, with Chinese messages', async () => {
    expect(await firstError('title', article.fields.title, '  ')).toBe('请输入标题')
    expect(await firstError('title', article.fields.title, 'x'.repeat(101))).toBe('标题不能超过100个字')
    expect(await firstError('title', article.fields.title, '春节')).toBeUndefined()
    expect(await firstError('level', notice.fields.level, undefined)).toBe('请选择级别')
    expect(await firstError('weight', notice.fields.weight, 10)).toBe('权重填写有误')
    expect(await firstError('cover', article.fields.cover, 'ftp://x')).toBe('封面填写有误')
    expect(await firstError('cover', article.fields.cover, 'https://img.example.com/a.png')).toBeUndefined()
    expect(await firstError('tags', article.fields.tags, ['12', 'abc'])).toBe('标签填写有误')
    expect(await firstError('tags', article.fields.tags, ['12'])).toBeUndefined()
  })

  it('operated counts use the spec §5 rule and message', async () => {
    const [rule] = fieldRules('operateViewNum', article.fields.operateViewNum) as Rule[]
    await expect(rule?.validator?.({}, undefined)).resolves.toBeUndefined()
    await expect(rule?.validator?.({}, 12)).resolves.toBeUndefined()
    await expect(rule?.validator?.({}, -1)).rejects.toThrow('运营阅读数填写有误')
    const [like] = fieldRules('operateLikeNum', article.fields.operateLikeNum) as Rule[]
    await expect(like?.validator?.({}, 1.5)).rejects.toThrow('运营点赞数填写有误')
  })

  it('every article field is in the form, in definition order', () => {
    expect(formFields(article).map(([n]) => n)).toEqual(Object.keys(article.fields))
  })

  it('a new item is shown; saving trims text and sends empty counts and dates as null', () => {
    const values = formValues(article, undefined)
    expect(values).toMatchObject({ showState: true, isFirst: false, tags: [] })
    const body = savePayload(article, {
      ...values,
      title: '  标题  ',
      body: '<p>x</p>',
      operateViewNum: undefined,
      operateLikeNum: 3,
      displayStart: dayjs('2026-01-02T03:04:05Z'),
    })
    expect(body).toMatchObject({
      title: '标题',
      body: '<p>x</p>',
      showState: true,
      operateViewNum: null,
      operateLikeNum: 3,
      displayStart: '2026-01-02T03:04:05.000Z',
      displayEnd: null,
      cover: '',
      summary: '',
    })
  })

  it('lists the duplicates by title, type, state and creator', () => {
    expect(
      sameTitleRows({
        items: [
          { id: 3, kind: 'video', title: '同名', verifyState: 1, creatorName: 'ed', createdAt: '' },
          { id: 4, kind: 'unknown_kind', title: '同名', verifyState: 0, creatorName: '' },
          { kind: 'article' },
        ],
        total: 3,
      }),
    ).toEqual([
      { id: 3, title: '同名', type: '视频', verifyState: 1, creatorName: 'ed' },
      { id: 4, title: '同名', type: 'unknown_kind', verifyState: 0, creatorName: '' },
    ])
    expect(sameTitleRows(null)).toEqual([])
  })

  it('reads the duplicate-title answer', () => {
    expect(sameTitleFound({ same: true })).toBe(true)
    expect(sameTitleFound({ total: 0 })).toBe(false)
    expect(sameTitleFound({ items: [{ id: 1 }] })).toBe(true)
    expect(sameTitleFound(false)).toBe(false)
  })
})

describe('display window and lock in the form', () => {
  type WindowRule = (form: { getFieldValue: (n: string) => unknown }) => {
    validator: (r: unknown, v: unknown) => Promise<void>
  }
  async function endError(start: unknown, end: unknown) {
    const [rule] = displayWindowRules('displayEnd') as unknown as WindowRule[]
    try {
      await rule!({ getFieldValue: () => start }).validator({}, end)
      return undefined
    } catch (e) {
      return (e as Error).message
    }
  }

  it('refuses an end before the start, with the server message', async () => {
    const start = dayjs('2026-07-01T00:00:00Z')
    expect(await endError(start, dayjs('2026-06-01T00:00:00Z'))).toBe('展示结束时间不能早于开始时间')
    expect(await endError(start, dayjs('2026-08-01T00:00:00Z'))).toBeUndefined()
    expect(await endError(start, null)).toBeUndefined()
    expect(await endError(null, dayjs('2026-06-01T00:00:00Z'))).toBeUndefined()
    expect(displayWindowRules('displayStart')).toEqual([])
  })

  it('lockable content types have lock, unlock, versions and diff calls', () => {
    expect(resourceApi(article)).toMatchObject({
      lock: '/api/content/article/lock',
      unlock: '/api/content/article/unlock',
      versions: '/api/content/versions',
      versionDiff: '/api/content/versionDiff',
    })
    expect(resourceApi(notice).lock).toBeUndefined()
  })
})
