import { describe, expect, it } from 'vitest'
import { readContentSearch, writeContentSearch } from '../src/pages/content/contentSearchState.ts'
import { titleFromUrl, videoBody } from '../src/pages/content/videoCreate.ts'

describe('/contentManager search state', () => {
  it('defaults the creator to the signed-in user, except for a duplicate-title list', () => {
    expect(readContentSearch(new URLSearchParams(''), 'amy').filters).toEqual({ createdBy: 'amy' })
    expect(readContentSearch(new URLSearchParams('createdBy='), 'amy').filters).toEqual({})
    expect(readContentSearch(new URLSearchParams('repeatTitle=%E6%A0%87%E9%A2%98'), 'amy').filters).toEqual({
      repeatTitle: '标题',
    })
  })

  it('reads paging per spec and writes an emptied creator as everyone', () => {
    const s = readContentSearch(new URLSearchParams('page=3&pageSize=50&kind=video&title=x'), 'amy')
    expect(s).toMatchObject({
      page: 3,
      pageSize: 50,
      filters: { kind: 'video', title: 'x', createdBy: 'amy' },
    })
    expect(readContentSearch(new URLSearchParams('page=-1&pageSize=7'), undefined)).toMatchObject({
      page: 1,
      pageSize: 30,
    })
    expect(writeContentSearch({ page: 1, pageSize: 30, filters: { kind: 'video' } }).toString()).toBe(
      'kind=video&createdBy=',
    )
  })
})

describe('creating videos from a source', () => {
  it('names a video after its file', () => {
    expect(titleFromUrl('https://cdn.example.com/rec/%E6%97%A9%E9%97%B4%E6%96%B0%E9%97%BB.mp4')).toBe(
      '早间新闻',
    )
    expect(titleFromUrl('')).toBe('')
  })

  it('sends only the source fields, typed as the definition says', () => {
    expect(videoBody({ videoUrl: ' https://a/b.mp4 ', title: ' 标题 ', duration: 12 })).toEqual({
      kind: 'video',
      videoUrl: 'https://a/b.mp4',
      title: '标题',
      duration: 12,
    })
  })
})
