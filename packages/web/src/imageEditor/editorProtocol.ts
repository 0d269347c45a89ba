/**
 * The messages between the 编辑图片 dialog and the editor page in its iframe (spec §4 image edit, decision 0016).
 * Both sides are the console's own origin; each checks `event.origin` (and the dialog the frame's window).
 */
export type EditorMessage =
  /** editor → dialog: the page is listening. */
  | { type: 'editorReady' }
  /** dialog → editor: the image to edit. */
  | { type: 'loadImage'; url: string }
  /** editor → dialog: the image could not be drawn (e.g. another site's picture without CORS). */
  | { type: 'loadError'; message: string }
  /** dialog → editor: export the current crop (spec: save posts finishClip). */
  | { type: 'finishClip' }
  /** editor → dialog: the exported image. */
  | { type: 'clipResult'; blob: Blob; name: string }
  | { type: 'clipError'; message: string }

/** The editor page, served by the app beside index.html (its own Vite entry). */
export const EDITOR_PAGE = '/image-editor.html'

export const EDITOR_MESSAGES = {
  loadFailed: '图片加载失败，无法编辑',
  exportFailed: '图片导出失败',
} as const

/** A message from our own origin of the protocol's shape, else undefined. */
export function editorMessageOf(event: MessageEvent, origin: string): EditorMessage | undefined {
  if (event.origin !== origin) return undefined
  const data = event.data as { type?: unknown } | null
  return data && typeof data === 'object' && typeof data.type === 'string'
    ? (data as EditorMessage)
    : undefined
}
