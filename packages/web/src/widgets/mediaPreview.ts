import { extensionOf } from '@moc/domain/rules/upload'
import { type PreviewKind, previewKindOf } from './uploadLayout.ts'

/** What the preview dialog shows: a URL, how to show it, and a note above the player. */
export interface PreviewSource {
  url: string
  kind: PreviewKind
  note?: string
}

const pathOf = (url: string) => url.split(/[?#]/)[0] ?? ''

/** An HLS playlist: Chromium and Firefox play it through hls.js (MSE), Safari natively. */
export const isHls = (url: string) => /\.m3u8$/i.test(pathOf(url))

/** Spec §4: a non-transcoded audio/video says that it has no transcode link, and its format. */
export const noTranscodeNote = (url: string) =>
  `暂无转码链接，当前为原始文件（格式：${extensionOf(pathOf(url).split('/').pop() ?? '') || '未知'}）`

/**
 * The preview of a media-library file (spec §4 picker preview): audio and video prefer the transcode URL (HLS);
 * without one the original plays with the no-transcode note; images show themselves; anything else (null) gets
 * 此文件不支持预览，请下载后查看. A .pag animates in the libpag player. The kind comes from the file, not the URL, so an audio playlist plays as audio.
 */
export function mediaPreviewOf(item: {
  type: string
  path: string
  transcodeUrl: string
}): PreviewSource | null {
  if (item.type === 'video' || item.type === 'audio') {
    if (item.transcodeUrl) return { url: item.transcodeUrl, kind: item.type }
    if (!item.path || !previewKindOf(item.path)) return null
    return { url: item.path, kind: item.type, note: noTranscodeNote(item.path) }
  }
  const kind = item.path ? previewKindOf(item.path) : null
  return kind === 'image' || kind === 'pag' ? { url: item.path, kind } : null
}
