/**
 * Paste rules of the rich-text editor (spec §4 editor, §5 paste, §8 paste error keys). Strings only (no DOM), so
 * the editor and its tests share them.
 */

/** What a clipboard holds, in the spec's order of detection. */
export type PasteKind = 'plainText' | 'word' | 'googleDocs' | 'html' | 'image'

export interface ClipboardSummary {
  /** `text/html` of the clipboard ('' when absent). */
  html: string
  /** `text/plain` of the clipboard ('' when absent). */
  text: string
  /** Whether the clipboard carries files (a screenshot, an image copied in a file manager). */
  hasFiles: boolean
}

/** Markers Word (Windows and Mac, also Outlook and WPS' Word mode) leaves in the HTML it puts on the clipboard. */
const WORD = [
  /urn:schemas-microsoft-com:office/i,
  /<meta[^>]+name=["']?(Generator|ProgId)["']?[^>]+content=["']?(Microsoft Word|Word\.Document)/i,
  /\bclass=["']?Mso/i,
  /[\s;"']mso-[a-z-]+\s*:/i,
  /<o:p\b/i,
  /<w:WordDocument\b/i,
]
/** Google Docs wraps its clipboard HTML in an element with a docs-internal-guid id; Sheets marks its origin. */
const GOOGLE_DOCS = [/\bid=["']?docs-internal-guid-/i, /\bgoogle-sheets-html-origin\b/i]

/**
 * Which paste handler takes a clipboard (spec §4: plain text, Word, Google Docs, native HTML, image, in that
 * order). Plain text is a clipboard with text and neither HTML nor files; an image is files without HTML (a
 * file manager's copy also puts the file name in text). Null: nothing to paste.
 */
export function classifyPaste({ html, text, hasFiles }: ClipboardSummary): PasteKind | null {
  const hasHtml = /<[a-z!]/i.test(html)
  if (!hasHtml && !hasFiles && text !== '') return 'plainText'
  if (hasHtml && WORD.some((re) => re.test(html))) return 'word'
  if (hasHtml && GOOGLE_DOCS.some((re) => re.test(html))) return 'googleDocs'
  if (hasHtml) return 'html'
  if (hasFiles) return 'image'
  return null
}

const decode = (s: string) =>
  s
    .replace(/&quot;/gi, '"')
    .replace(/&#0*39;|&apos;/gi, "'")
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&amp;/gi, '&')

const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi
const STYLE_ATTR = /\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi
const CSS_URL = /background(?:-image)?\s*:[^;]*?url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"]*))\s*\)/gi

/** The `<img src>` addresses of some HTML, decoded, in order. */
export const pictureUrls = (html: string) =>
  [...html.matchAll(IMG_SRC)].map((m) => decode(m[1] ?? m[2] ?? m[3] ?? '').trim()).filter(Boolean)

/** Every image address of pasted or loaded HTML: `<img src>` and CSS background images, decoded, in order. */
export function imageUrls(html: string): string[] {
  const out = pictureUrls(html)
  for (const s of html.matchAll(STYLE_ATTR))
    for (const m of decode(s[1] ?? s[2] ?? '').matchAll(CSS_URL))
      out.push((m[1] ?? m[2] ?? m[3] ?? '').trim())
  return out.filter(Boolean)
}

/** Whether `url` (absolute) is under one of our own bases: an origin, or an origin with a path (a CDN prefix). */
function isOwn(url: URL, ownOrigins: readonly string[]): boolean {
  return ownOrigins.some((base) => {
    try {
      const b = new URL(base)
      if (b.origin !== url.origin) return false
      const path = b.pathname.replace(/\/+$/, '')
      return path === '' || url.pathname === path || url.pathname.startsWith(`${path}/`)
    } catch {
      return false
    }
  })
}

/**
 * Images of pasted or loaded HTML that are not from our own storage (spec §4: re-fetched through the dump call and
 * replaced, background images included): absolute http(s) and protocol-relative addresses whose origin (or base
 * URL) is not in `ownOrigins`. Relative addresses are ours; data:/blob:/file: images are local (`isLocalImageUrl`).
 * Each address once, in order of appearance.
 */
export function externalImageUrls(html: string, ownOrigins: readonly string[]): string[] {
  const found = new Set<string>()
  for (const raw of imageUrls(html)) {
    const src = raw.startsWith('//') ? `https:${raw}` : raw
    if (!/^https?:\/\//i.test(src)) continue
    try {
      if (!isOwn(new URL(src), ownOrigins)) found.add(raw)
    } catch {
      // An address the URL parser refuses cannot be fetched either; the clean-up drops it.
    }
  }
  return [...found]
}

/**
 * Absolute addresses of files our own server serves by path (decision 0033: local storage's `/files/…`), each
 * mapped to that path, which names the same file at whatever address the console is reached. `ownOrigins` holds
 * such a path (`/files`) when the storage is local, with the absolute bases older rows and copies carry
 * (PUBLIC_URL/files); an address under one of those bases, or at the page's own origin, under the path, is ours.
 */
export function ownFilePaths(
  html: string,
  ownOrigins: readonly string[],
  pageOrigin: string,
): Map<string, string> {
  const paths = ownOrigins
    .filter((b) => b.startsWith('/') && !b.startsWith('//'))
    .map((b) => b.replace(/\/+$/, ''))
  const origins = new Set([pageOrigin])
  for (const base of ownOrigins)
    try {
      const b = new URL(base)
      if (paths.includes(b.pathname.replace(/\/+$/, ''))) origins.add(b.origin)
    } catch {
      // a path, or not an address
    }
  const found = new Map<string, string>()
  for (const raw of imageUrls(html)) {
    if (!/^https?:\/\//i.test(raw)) continue
    try {
      const url = new URL(raw)
      if (origins.has(url.origin) && paths.some((p) => url.pathname.startsWith(`${p}/`)))
        found.set(raw, `${url.pathname}${url.search}${url.hash}`)
    } catch {
      // not an address: the clean-up drops it
    }
  }
  return found
}

/** Whether an image address is local or embedded in the clipboard (a file path, a data: or blob: URL). */
export const isLocalImageUrl = (src: string) =>
  /^\s*(data|blob|file|webkit-fake-url|cid|ms-appx|x-apple)[-+.a-z]*:/i.test(src) || /^\s*[a-z]:\\/i.test(src)

/**
 * Spec §5: when local images are not allowed (a system setting), pasted `<img>` elements with a local or embedded
 * address are removed; `removed` says how many, so the editor can show errors.local.images.disallowed.
 */
export function stripLocalImages(html: string): { html: string; removed: number } {
  let removed = 0
  const out = html.replace(/<img\b[^>]*>/gi, (tag) => {
    const m = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag)
    if (!m || !isLocalImageUrl(decode(m[1] ?? m[2] ?? m[3] ?? ''))) return tag
    removed++
    return ''
  })
  return { html: out, removed }
}

/**
 * The address of HTML that is nothing but one link (what a browser puts on the clipboard when a link is copied):
 * pasted over a selection it becomes a link on the selection (spec §5). Null for anything else.
 */
export function linkOnlyHref(html: string): string | null {
  const body = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?(html|head|body)\b[^>]*>/gi, '')
    .replace(/<meta\b[^>]*>/gi, '')
    .trim()
  const m = /^<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a>$/i.exec(body)
  if (!m || /<a\b/i.test(m[4] ?? '')) return null
  const href = decode(m[1] ?? m[2] ?? m[3] ?? '').trim()
  return /^(https?:\/\/|mailto:|tel:)/i.test(href) ? href : null
}

export const isLinkOnlyHtml = (html: string) => linkOnlyHref(html) !== null

/** Spec §5: pasted text that is one image address ending gif, jpg, jpeg or png becomes an image. */
export function imageUrlFromText(text: string): string | null {
  const t = text.trim()
  if (!/^https?:\/\/\S+$/i.test(t)) return null
  try {
    return /\.(gif|jpe?g|png)$/i.test(new URL(t).pathname) ? t : null
  } catch {
    return null
  }
}

/** The paste error keys of spec §8 with the Chinese message the editor shows for each. */
export const PASTE_ERROR_MESSAGES = {
  'errors.paste.process.failure': '粘贴内容处理失败，请重试或以纯文本粘贴',
  'errors.local.images.disallowed': '不允许粘贴本地图片，已移除本地图片',
  'errors.imageimport.unsupported': '不支持导入此格式的图片',
  'errors.imageimport.invalid': '图片地址无效，无法导入',
  'errors.imageimport.failed': '图片导入失败，请稍后重试',
  'flash.crashed': '剪贴板图片读取失败，请刷新页面后重试',
} as const
export type PasteErrorKey = keyof typeof PASTE_ERROR_MESSAGES

/** The Chinese message of a paste error key (unknown keys get the general failure message). */
export const pasteErrorMessage = (key: string): string =>
  PASTE_ERROR_MESSAGES[key as PasteErrorKey] ?? PASTE_ERROR_MESSAGES['errors.paste.process.failure']
