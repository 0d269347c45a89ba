import { describe, expect, it } from 'vitest'
import {
  fileTitleOf,
  type MediaItem,
  mediaListQuerySchema,
  mediaPickOf,
  withScheme,
} from '../src/api/mediaLibrary.ts'

const video: MediaItem = {
  id: 7,
  title: '晨间新闻',
  type: 'video',
  path: 'https://cdn.example.com/video/2026-11/a.mp4',
  coverUrl: 'https://cdn.example.com/video/2026-11/a/poster.jpg',
  transcodeUrl: 'https://cdn.example.com/video/2026-11/a/hls/index.m3u8',
  size: 1,
  parentId: 0,
  categoryId: 0,
  state: 'ready',
  duration: 2,
  width: 320,
  height: 180,
  error: '',
  usedNum: 0,
  createdBy: 1,
  createdByName: 'admin',
  createdAt: '2026-11-23T00:00:00.000Z',
}

describe('media library shapes (spec §3, §4)', () => {
  it('a pick of several allowed types is {type, url (transcode url else path), cover, title}', () => {
    expect(mediaPickOf(video)).toEqual({
      type: 'video',
      url: video.transcodeUrl,
      cover: video.coverUrl,
      title: '晨间新闻',
    })
    expect(mediaPickOf({ ...video, type: 'image', transcodeUrl: '' }).url).toBe(video.path)
  })

  it('urls without a scheme get https; ours and empty ones stay', () => {
    expect(withScheme('cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png')
    expect(withScheme('http://127.0.0.1/files/a.png')).toBe('http://127.0.0.1/files/a.png')
    expect(withScheme('/files/a.png')).toBe('/files/a.png')
    expect(withScheme('')).toBe('')
  })

  it('the list query defaults to page 1 of 28, the root folder and no category', () => {
    expect(mediaListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 28, parentId: 0, categoryId: 0 })
  })

  it('a library title from a file name drops the extension only, and keeps at most 100 characters', () => {
    expect(fileTitleOf('夜间新闻.mp4')).toBe('夜间新闻')
    expect(fileTitleOf('a.b.final.MP3')).toBe('a.b.final')
    expect(fileTitleOf('README')).toBe('README')
    expect(fileTitleOf('.mp4')).toBe('.mp4')
    expect(fileTitleOf(`${'长'.repeat(120)}.mp4`)).toHaveLength(100)
  })
})
