import { describe, expect, it } from 'vitest'
import {
  ACCEPT,
  formatSize,
  itemTypeOf,
  panelClosesItself,
  panelTitle,
  placeholderSize,
  previewKindOf,
  progressMarker,
  usesTus,
} from '../src/widgets/uploadLayout.ts'

describe('upload panel', () => {
  it('one title for the list: running, all done, all failed, some failed', () => {
    expect(panelTitle(['success', 'active', 'error'])).toBe('文件上传中')
    expect(panelTitle(['success', 'success'])).toBe('文件上传完成')
    expect(panelTitle(['error', 'error'])).toBe('文件上传失败')
    expect(panelTitle(['success', 'error'])).toBe('部分文件上传失败')
  })

  it('closes on its own only when every upload succeeded; running or failed items keep it open', () => {
    expect(panelClosesItself(['success', 'success'])).toBe(true)
    expect(panelClosesItself(['success', 'active'])).toBe(false)
    expect(panelClosesItself(['success', 'error'])).toBe(false)
    expect(panelClosesItself(['error'])).toBe(false)
    expect(panelClosesItself([])).toBe(false)
  })

  it('progress markers: 000 when done, 00 on failure, otherwise 0 to 100', () => {
    expect(progressMarker('success', 0, 10)).toBe('000')
    expect(progressMarker('error', 5, 10)).toBe('00')
    expect(progressMarker('active', 5, 10)).toBe('50')
    expect(progressMarker('active', 0, 0)).toBe('0')
    expect(progressMarker('active', 12, 10)).toBe('100')
  })

  it('item types of spec §3 from the file name', () => {
    expect(['a.png', 'b.mp4', 'c.mp3', 'd.xlsx', 'e.pag'].map(itemTypeOf)).toEqual([
      'image',
      'video',
      'audio',
      'document',
      'image',
    ])
  })

  it('sizes for people', () => {
    expect(formatSize(512)).toBe('512 B')
    expect(formatSize(1536)).toBe('1.5 KB')
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB')
  })
})

describe('upload widget', () => {
  it('placeholder: 1:1 at 200 px by default; 400 px high when the second term is over 15', () => {
    expect(placeholderSize()).toEqual({ width: 200, height: 200 })
    expect(placeholderSize('16:9')).toEqual({ width: 356, height: 200 })
    expect(placeholderSize('9:16')).toEqual({ width: 225, height: 400 })
    expect(placeholderSize('750:1334')).toEqual({ width: 225, height: 400 })
    expect(placeholderSize('15:15')).toEqual({ width: 200, height: 200 })
    expect(placeholderSize('nonsense')).toEqual({ width: 200, height: 200 })
    expect(placeholderSize('0:1')).toEqual({ width: 200, height: 200 })
  })

  it('videos and files over 10 MB go through tus, the rest in one request', () => {
    expect(usesTus('image', { name: 'a.png', size: 1024 })).toBe(false)
    expect(usesTus('image', { name: 'a.png', size: 10 * 1024 * 1024 + 1 })).toBe(true)
    expect(usesTus('video', { name: 'a.mp4', size: 10 })).toBe(true)
    expect(usesTus('imageOrVideo', { name: 'a.mp4', size: 10 })).toBe(true)
    expect(usesTus('excel', { name: 'a.xlsx', size: 10 })).toBe(false)
  })

  it('accept lists come from the shared rules', () => {
    expect(ACCEPT.image).toBe('.jpg,.jpeg,.png,.gif,.webp')
    expect(ACCEPT.audio.split(',')).toContain('.wma')
    expect(ACCEPT.video).toBe('.mp4')
  })

  it('preview: images, mp4/m3u8 video and audio; nothing for other files', () => {
    expect(previewKindOf('http://h/files/image/2026-11/a.png')).toBe('image')
    expect(previewKindOf('/files/video/2026-11/a.mp4?expires=1&sig=x')).toBe('video')
    expect(previewKindOf('https://cdn/x/index.m3u8')).toBe('video')
    expect(previewKindOf('/files/audio/a.mp3')).toBe('audio')
    expect(previewKindOf('/files/attachment/a.xlsx')).toBeNull()
    expect(previewKindOf('/files/image/a.pag')).toBe('pag')
    expect(previewKindOf('/files/video/a.mov')).toBeNull()
  })
})
