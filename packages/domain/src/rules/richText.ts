/**
 * The rich-text allow-list (DESIGN §7: rich text sanitised on the server before storing). One place for every
 * rich-text field: the server's sanitizer (platform/richText.ts) enforces it before storing, the web's preview
 * applies the same list before showing unsaved input. Anything not listed is removed.
 */
export const richTextAllowList = {
  /** Elements kept; other elements are unwrapped (their text stays) unless listed in `dropWithContent`. */
  tags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'blockquote',
    'pre',
    'code',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ins',
    'sub',
    'sup',
    'small',
    'mark',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'video',
    'audio',
    'source',
    'figure',
    'figcaption',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  /** Elements removed together with everything inside them. */
  dropWithContent: [
    'script',
    'style',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'noscript',
    'template',
    'textarea',
    'select',
    'title',
    'head',
    'math',
    'svg',
  ],
  /** Attributes kept per element ('*': on every kept element). Event handlers (on*) are never listed. */
  attributes: {
    '*': ['title', 'style', 'class', 'align', 'dir', 'lang'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    video: ['src', 'poster', 'controls', 'width', 'height', 'preload'],
    audio: ['src', 'controls', 'preload'],
    source: ['src', 'type'],
    ol: ['start', 'type'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    th: ['colspan', 'rowspan', 'scope', 'width'],
    td: ['colspan', 'rowspan', 'width'],
    table: ['width', 'border', 'cellpadding', 'cellspacing'],
  } as Record<string, readonly string[]>,
  /** Attributes holding an address, and the schemes they may use (relative addresses are kept). */
  urlAttributes: ['href', 'src', 'poster'],
  schemes: ['http', 'https', 'mailto', 'tel'],
  /** CSS properties kept inside `style`, with the value pattern each must match. */
  styles: {
    color: /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i,
    'background-color': /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i,
    'text-align': /^(left|right|center|justify)$/,
    'text-indent': /^-?\d+(\.\d+)?(px|em|rem|%)$/,
    'font-size': /^\d+(\.\d+)?(px|em|rem|pt|%)$/,
    'font-weight': /^(normal|bold|bolder|lighter|[1-9]00)$/,
    'font-style': /^(normal|italic)$/,
    'text-decoration': /^(none|underline|line-through)$/,
    'line-height': /^\d+(\.\d+)?(px|em|rem|%)?$/,
    'letter-spacing': /^-?\d+(\.\d+)?(px|em)$/,
    width: /^\d+(\.\d+)?(px|%|em|rem)?$/,
    height: /^\d+(\.\d+)?(px|%|em|rem)?$/,
    'max-width': /^\d+(\.\d+)?(px|%)$/,
    margin: /^(-?\d+(\.\d+)?(px|em|rem|%)?|auto)(\s+(-?\d+(\.\d+)?(px|em|rem|%)?|auto)){0,3}$/,
    padding: /^(\d+(\.\d+)?(px|em|rem|%)?)(\s+\d+(\.\d+)?(px|em|rem|%)?){0,3}$/,
  } as Record<string, RegExp>,
} as const

/** Whether an address may stay in a URL attribute: a listed scheme, or relative (no scheme at all). */
export function allowedUrl(value: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so strip them first.
  const compact = [...value]
    .filter((c) => {
      const code = c.charCodeAt(0)
      return code > 0x20 && (code < 0x7f || code > 0x9f)
    })
    .join('')
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]
  if (!scheme) return !compact.startsWith('//')
  return (richTextAllowList.schemes as readonly string[]).includes(scheme.toLowerCase())
}
