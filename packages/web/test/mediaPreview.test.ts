import { describe, expect, it } from 'vitest'
import { isHls, mediaPreviewOf, noTranscodeNote } from '../src/widgets/mediaPreview.ts'

const base = '/files/video/2026-11/0123456789abcdef0123456789abcdef'

describe('media preview (spec §4 picker preview)', () => {
  it('audio and video prefer the transcode url and keep their own kind (an audio playlist plays as audio)', () => {
    expect(
      mediaPreviewOf({ type: 'video', path: `${base}.mp4`, transcodeUrl: `${base}/hls/index.m3u8` }),
    ).toEqual({
      url: `${base}/hls/index.m3u8`,
      kind: 'video',
    })
    expect(
      mediaPreviewOf({
        type: 'audio',
        path: '/files/audio/2026-11/a.mp3',
        transcodeUrl: '/files/audio/2026-11/a/hls/index.m3u8',
      }),
    ).toEqual({ url: '/files/audio/2026-11/a/hls/index.m3u8', kind: 'audio' })
  })

  it('without a transcode url the original plays with a note naming its format', () => {
    expect(mediaPreviewOf({ type: 'video', path: `${base}.MP4?x=1`, transcodeUrl: '' })).toEqual({
      url: `${base}.MP4?x=1`,
      kind: 'video',
      note: '暂无转码链接，当前为原始文件（格式：mp4）',
    })
    expect(
      mediaPreviewOf({ type: 'audio', path: '/files/audio/2026-11/a.wma', transcodeUrl: '' })?.note,
    ).toBe('暂无转码链接，当前为原始文件（格式：wma）')
    expect(noTranscodeNote('/files/x')).toBe('暂无转码链接，当前为原始文件（格式：未知）')
  })

  it('images show themselves; attachments, folders and unplayable paths are not previewable', () => {
    expect(
      mediaPreviewOf({ type: 'image', path: '/files/saas/image/media/a.png', transcodeUrl: '' }),
    ).toEqual({
      url: '/files/saas/image/media/a.png',
      kind: 'image',
    })
    expect(mediaPreviewOf({ type: 'image', path: '/files/image/a.pag', transcodeUrl: '' })).toEqual({
      url: '/files/image/a.pag',
      kind: 'pag',
    })
    expect(mediaPreviewOf({ type: 'other', path: '', transcodeUrl: '' })).toBeNull()
    expect(mediaPreviewOf({ type: 'other', path: '/files/attachment/a.pdf', transcodeUrl: '' })).toBeNull()
    expect(mediaPreviewOf({ type: 'dir', path: '', transcodeUrl: '' })).toBeNull()
    expect(mediaPreviewOf({ type: 'video', path: '', transcodeUrl: '' })).toBeNull()
  })

  it('an HLS playlist is recognised by its path, whatever the query', () => {
    expect(isHls('/files/v/hls/index.m3u8')).toBe(true)
    expect(isHls('https://cdn.example.com/v/INDEX.M3U8?sig=1#t')).toBe(true)
    expect(isHls('/files/v/a.mp4')).toBe(false)
    expect(isHls('/files/v/a.mp4?u=index.m3u8')).toBe(false)
  })
})
