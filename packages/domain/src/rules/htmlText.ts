/**
 * Rich text (sanitized HTML, rules/richText.ts) → readable text blocks, for diffs: one block per paragraph,
 * heading, list item, table row, line break; inline markup dropped; media shown as a marker with its address
 * so a swapped image reads as a change. Works on strings only (no DOM), for server and web alike.
 */
const MEDIA = /<(img|video|audio)\b([^>]*)>/gi
const SRC = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i
const MEDIA_LABEL: Record<string, string> = { img: '图片', video: '视频', audio: '音频' }
const BREAK =
  /<\/?(?:p|div|h[1-6]|li|ul|ol|dl|dt|dd|blockquote|pre|table|thead|tbody|tfoot|tr|caption|figure|figcaption|hr)\b[^>]*>|<br\s*\/?>/gi
const CELL = /<\/?t[dh]\b[^>]*>/gi
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

export function htmlTextBlocks(html: string): string[] {
  return decode(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
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
