import { richTextAllowList } from './richText.ts'

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** Elements whose content is never reader-visible text (scripts, styles, frames, ...). */
const hidden = new RegExp(
  `<(${richTextAllowList.dropWithContent.join('|')})\\b[^>]*>[\\s\\S]*?</\\1\\s*>`,
  'gi',
)
/** Tags that break a line when rendered, so words on either side do not run together. */
const breaking =
  /<\/?(p|br|hr|div|li|ul|ol|h[1-6]|blockquote|pre|tr|td|th|table|figure|figcaption|dt|dd|dl)\b[^>]*>/gi

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return NAMED[name.toLowerCase()] ?? whole
  })

/**
 * The reader-visible text of rich text (HTML), for scanning it for sensitive words: hidden elements dropped,
 * block tags turned into line breaks, other tags removed, entities decoded. Inline tags vanish without a gap,
 * so a word split by formatting (敏<b>感</b>词) is still found.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(hidden, '')
      .replace(breaking, '\n')
      .replace(/<[^>]*>/g, ''),
  )
}

/** The image addresses in rich text (`<img src>`), in order, for the image checker. */
export function htmlImages(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*?\bsrc\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)]
    .map((m) => decodeEntities(m[2] ?? m[3] ?? m[4] ?? '').trim())
    .filter(Boolean)
}

const MEDIA = /<(img|video|audio)\b([^>]*)>/gi
const SRC = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i
const MEDIA_LABEL: Record<string, string> = { img: '图片', video: '视频', audio: '音频' }
const BREAK =
  /<\/?(?:p|div|h[1-6]|li|ul|ol|dl|dt|dd|blockquote|pre|table|thead|tbody|tfoot|tr|caption|figure|figcaption|hr)\b[^>]*>|<br\s*\/?>/gi
const CELL = /<\/?t[dh]\b[^>]*>/gi

/**
 * Rich text (sanitized HTML, rules/richText.ts) → readable text blocks, for diffs: one block per paragraph,
 * heading, list item, table row, line break; inline markup dropped; media shown as a marker with its address
 * so a swapped image reads as a change. Works on strings only (no DOM), for server and web alike.
 */
export function htmlTextBlocks(html: string): string[] {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(hidden, '')
      .replace(MEDIA, (_m, tag: string, attrs: string) => {
        const found = SRC.exec(attrs)
        const src = found?.[1] ?? found?.[2] ?? found?.[3]
        return ` [${MEDIA_LABEL[tag.toLowerCase()]}${src ? ` ${src}` : ''}] `
      })
      .replace(BREAK, '\n')
      .replace(CELL, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
}

/** HTML's collapsible white space (not the no-break space, which a reader sees as a space). */
const COLLAPSIBLE = /[ \t\n\r\f]+/g
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g

/**
 * The text a reader sees in rich text, one line per block (paragraph, heading, list item, table cell, line
 * break): comments and hidden elements (scripts, styles, frames) dropped, tags removed (inline ones without a
 * gap), entities decoded, zero-width characters dropped, white space as a browser draws it (runs collapse to one
 * space, none at a block's edges; a no-break space stays). Pictures, videos and audio have no text here.
 * Strings only (no DOM), for the editor and the server alike.
 */
export function visibleText(html: string): string {
  const lines = decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(hidden, '')
      .replace(COLLAPSIBLE, ' ')
      .replace(BREAK, '\n')
      .replace(CELL, '\n')
      .replace(/<[^>]*>/g, '')
      // A no-break space stays one (decodeEntities reads it as a plain space, for word scanning).
      .replace(/&(nbsp|#160|#x0*a0);/gi, '\u00a0'),
  )
    .replace(ZERO_WIDTH, '')
    .split('\n')
  return lines
    .map((line) => line.replace(/ {2,}/g, ' ').replace(/^ | $/g, ''))
    .filter(Boolean)
    .join('\n')
}

/**
 * The length of rich text as a rich-text field's limit counts it (decision 0035): the characters a reader sees
 * (`visibleText`, Unicode code points, block breaks not counted). The editor's counter and the server's check
 * both use it.
 */
export const visibleTextLength = (html: string): number => [...visibleText(html).replace(/\n/g, '')].length

/**
 * The markup a rich-text field takes at most, as a multiple of its visible-character limit: a bound on what the
 * server parses, far above what formatting needs (decision 0035).
 */
export const RICH_TEXT_MARKUP_RATIO = 10

/** Whether rich text keeps within a field's limit of `max` visible characters (and its markup bound). */
export const richTextWithin = (html: string, max: number): boolean =>
  html.length <= max * RICH_TEXT_MARKUP_RATIO && visibleTextLength(html) <= max

/**
 * Spec §5: rich text is empty when it has no text and no image (`<p><br></p>`, spaces, &nbsp;, zero-width
 * characters and bare formatting all count as empty). Strings only, for the editor and the server alike.
 */
export function isRichTextEmpty(html: string): boolean {
  if (htmlImages(html).length > 0) return false
  return visibleText(html).trim() === ''
}

/** Text made safe to put inside HTML (element content or a quoted attribute). */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )
