import { describe, expect, it } from 'vitest'
import {
  checkImageSize,
  checkUpload,
  familyOf,
  isInlineMime,
  UPLOAD_MESSAGES as M,
  shortenFileName,
  storageKey,
} from '../src/rules/upload.ts'

const file = (name: string, type = '', size = 1000) => ({ name, type, size })

describe('upload rules (spec §5)', () => {
  it('images: types, empty MIME, .pag, 32 MB', () => {
    expect(checkUpload(file('a.JPG', 'image/jpeg'), 'image')).toBeNull()
    expect(checkUpload(file('a.webp', ''), 'image')).toBeNull()
    expect(checkUpload(file('a.pag', 'application/octet-stream'), 'image')).toBeNull()
    expect(checkUpload(file('a.bmp', 'image/bmp'), 'image')).toBe(M.imageType)
    expect(checkUpload(file('a.png', 'text/html'), 'image')).toBe(M.imageType)
    expect(checkUpload(file('a.svg', 'image/svg+xml'), 'image')).toBe(M.imageType)
    expect(checkUpload(file('a.png', 'image/png', 32 * 1024 * 1024), 'image')).toBeNull()
    expect(checkUpload(file('a.png', 'image/png', 32 * 1024 * 1024 + 1), 'image')).toBe(M.imageTooLarge)
    expect(M.imageTooLarge).toBe('图片大小不能超过32MB')
  })
  it('image dimensions', () => {
    expect(checkImageSize(30_000, 30_000)).toBeNull()
    expect(checkImageSize(30_001, 10)).toBe('上传图片宽高不能超过30000 x 30000')
  })
  it('video, audio, excel, glb', () => {
    expect(checkUpload(file('v.mp4', 'video/mp4'), 'video')).toBeNull()
    expect(checkUpload(file('v.mov', 'video/quicktime'), 'video')).toBe('只支持上传mp4视频文件')
    expect(checkUpload(file('s.mp3', 'audio/mpeg'), 'audio')).toBeNull()
    expect(checkUpload(file('s.wav', 'audio/wav'), 'audio')).toBe(M.audioType)
    expect(checkUpload(file('t.xlsx'), 'excel')).toBeNull()
    expect(checkUpload(file('t.csv'), 'excel')).toBe('只支持上传excel文件')
    expect(checkUpload(file('m.glb'), 'glb')).toBeNull()
    expect(checkUpload(file('m.gltf'), 'glb')).toBe('只支持上传glb文件')
  })
  it('combined types check MIME family and extension', () => {
    expect(checkUpload(file('a.png', 'image/png'), 'imageOrVideo')).toBeNull()
    expect(checkUpload(file('v.mp4', 'video/mp4'), 'imageOrVideo')).toBeNull()
    expect(checkUpload(file('s.mp3', 'audio/mpeg'), 'imageOrVideo')).toBe(M.otherType)
    expect(checkUpload(file('v.mp4', 'audio/mpeg'), 'videoOrAudio')).toBe(M.otherType)
    expect(checkUpload(file('s.mp3', 'audio/mpeg'), 'imageOrVideoOrAudio')).toBeNull()
  })
  it('mixed and directory: any file a widget rule accepts, each by its own rule', () => {
    for (const kind of ['mixed', 'directory'] as const) {
      for (const [name, type] of [
        ['a.png', 'image/png'],
        ['like.pag', ''],
        ['v.mp4', 'video/mp4'],
        ['s.mp3', 'audio/mpeg'],
        ['t.xlsx', ''],
        ['m.glb', ''],
      ])
        expect(checkUpload(file(name!, type), kind), `${name} as ${kind}`).toBeNull()
      expect(checkUpload(file('v.mov', 'video/quicktime'), kind)).toBe(M.videoType)
      expect(checkUpload(file('a.png', 'image/svg+xml'), kind)).toBe(M.imageType)
      expect(checkUpload(file('a.bmp', 'image/bmp'), kind)).toBe(M.otherType)
      expect(checkUpload({ name: 'big.png', size: 33 * 1024 * 1024, type: 'image/png' }, kind)).toBe(
        M.imageTooLarge,
      )
      expect(checkUpload(file('index.html', 'text/html'), kind)).toBe(M.otherType)
      expect(checkUpload(file('v.mp4', 'image/png'), kind)).toBe(M.otherType)
    }
  })
  it('a custom accepted list must contain the extension', () => {
    expect(checkUpload(file('a.pdf'), 'attachment', ['.pdf', 'docx'])).toBeNull()
    expect(checkUpload(file('a.exe'), 'attachment', ['.pdf'])).toBe('不支持上传此格式文件')
  })
  it('storage keys: family/YYYY-MM/unique.lowercase-ext; media-library images under saas/image/media', () => {
    const at = new Date(Date.UTC(2026, 0, 5))
    expect(storageKey('Photo.JPG', 'u1', at)).toBe('image/2026-01/u1.jpg')
    expect(storageKey('clip.mp4', 'u2', at)).toBe('video/2026-01/u2.mp4')
    expect(storageKey('a.mp3', 'u3', at)).toBe('audio/2026-01/u3.mp3')
    expect(storageKey('a.pdf', 'u4', at)).toBe('attachment/2026-01/u4.pdf')
    expect(storageKey('a.png', 'u5', at, { mediaLibrary: true })).toBe('saas/image/media/2026-01/u5.png')
    expect(familyOf('x')).toBe('attachment')
  })
  it('only images/audio/video are inline, never SVG or HTML', () => {
    expect(isInlineMime('image/png')).toBe(true)
    expect(isInlineMime('video/mp4')).toBe(true)
    expect(isInlineMime('image/svg+xml')).toBe(false)
    expect(isInlineMime('text/html')).toBe(false)
    expect(isInlineMime('application/pdf')).toBe(false)
  })
  it('long names: first 7 … last 3 + extension', () => {
    expect(shortenFileName('短名字.png')).toBe('短名字.png')
    expect(shortenFileName('abcdefghijk.mp4')).toBe('abcdefg…ijk.mp4')
    expect(shortenFileName('一二三四五六七八九十十一.jpg')).toBe('一二三四五六七…十十一.jpg')
  })
})
