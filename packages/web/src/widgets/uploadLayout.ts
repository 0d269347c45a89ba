import { AUDIO_EXTENSIONS, familyOf, IMAGE_EXTENSIONS, type UploadKind } from '@moc/domain/rules/upload'

/** Spec §3 upload list item status. */
export type UploadStatus = 'active' | 'error' | 'success'
/** Spec §3 upload list item type. */
export type UploadItemType = 'image' | 'document' | 'dir' | 'video' | 'audio'

/** Spec §5 upload panel: one title for the whole list, from its items' statuses. */
export function panelTitle(statuses: readonly UploadStatus[]) {
  if (statuses.includes('active')) return '文件上传中'
  const failed = statuses.filter((s) => s === 'error').length
  if (failed === 0) return '文件上传完成'
  return failed === statuses.length ? '文件上传失败' : '部分文件上传失败'
}

/** How long the panel stays open once every upload in it succeeded (decision 0035). */
export const PANEL_AUTO_CLOSE_MS = 3000

/**
 * Whether the panel closes on its own (decision 0035): every upload in it succeeded. Anything still running or
 * failed keeps it open, so a failure is never hidden.
 */
export const panelClosesItself = (statuses: readonly UploadStatus[]) =>
  statuses.length > 0 && statuses.every((s) => s === 'success')

/** Spec §9: progress markers, 000 once finished and 00 on failure, otherwise the percentage. */
export function progressMarker(status: UploadStatus, loaded: number, size: number) {
  if (status === 'success') return '000'
  if (status === 'error') return '00'
  return String(size > 0 ? Math.min(100, Math.floor((loaded / size) * 100)) : 0)
}

/**
 * Spec §9 upload widget placeholder: aspect ratio `w:h` (1:1 by default) at a base height of 200 px, or
 * 400 px when the ratio's second term is over 15 (ratios given in pixels, such as 750:1334).
 */
export function placeholderSize(ratio = '1:1') {
  const [w, h] = ratio.split(':').map(Number)
  const valid = w !== undefined && h !== undefined && w > 0 && h > 0
  const [rw, rh] = valid ? [w, h] : [1, 1]
  const height = rh > 15 ? 400 : 200
  return { width: Math.round((height * rw) / rh), height }
}

/** Small files go in one multipart request; videos and anything over this go through tus (DESIGN.md §3). */
export const SMALL_UPLOAD_MAX_BYTES = 10 * 1024 * 1024

export const usesTus = (kind: UploadKind, file: { name: string; size: number }) =>
  kind === 'video' || familyOf(file.name) === 'video' || file.size > SMALL_UPLOAD_MAX_BYTES

export function itemTypeOf(name: string): UploadItemType {
  const family = familyOf(name)
  return family === 'attachment' || family === 'package' ? 'document' : family
}

const dotted = (exts: readonly string[]) => exts.map((e) => `.${e}`).join(',')

/** The file chooser's accept list of a widget kind (a hint only: checkUpload decides). */
export const ACCEPT: Record<UploadKind, string> = {
  image: dotted(IMAGE_EXTENSIONS),
  pag: '.pag',
  video: '.mp4',
  audio: dotted(AUDIO_EXTENSIONS),
  excel: '.xls,.xlsx',
  glb: '.glb',
  imageOrVideo: 'image/*,.mp4',
  imageOrVideoOrAudio: 'image/*,.mp4,audio/*',
  videoOrAudio: '.mp4,audio/*',
  mixed: dotted([...IMAGE_EXTENSIONS, 'pag', 'mp4', ...AUDIO_EXTENSIONS, 'xls', 'xlsx', 'glb']),
  // A folder chooser takes no accept list.
  directory: '',
  attachment: '',
  package: '.zip',
  apk: '.apk',
}

/** How the preview dialog shows a file (`pag`: an animation in the libpag player). */
export type PreviewKind = 'image' | 'pag' | 'video' | 'audio'

/** What the preview dialog can show for a URL (spec §5 preview; m3u8 plays as video; .pag animates). */
export function previewKindOf(url: string): PreviewKind | null {
  const path = url.split(/[?#]/)[0] ?? ''
  if (/\.m3u8$/i.test(path)) return 'video'
  if (/\.pag$/i.test(path)) return 'pag'
  const family = familyOf(path)
  if (family === 'image') return 'image'
  if (family === 'video' && /\.(mp4|m3u8)$/i.test(path)) return 'video'
  if (family === 'audio') return 'audio'
  return null
}

/** A byte count for people: B, KB, MB or GB with one decimal. */
export function formatSize(bytes: number) {
  const units = ['B', 'KB', 'MB', 'GB']
  let n = bytes
  let u = 0
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024
    u++
  }
  return u === 0 ? `${n} B` : `${n.toFixed(1)} ${units[u]}`
}
