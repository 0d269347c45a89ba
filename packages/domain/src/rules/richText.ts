/**
 * The rich-text allow-list (DESIGN §7: rich text sanitised on the server before storing; spec §5 clean-up). One
 * place for every rich-text field: the server's sanitizer (platform/richText.ts) enforces it before storing, the
 * editor's output clean-up and the web's preview apply the same list. Anything not listed is removed.
 */
export const richTextAllowList = {
  /** Elements kept; other elements are unwrapped (their text stays) unless listed in `dropWithContent`. */
  tags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'section',
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
  /**
   * Elements removed together with everything inside them. `iframe` is here too: it survives only as an embed
   * from an allowed origin (`embeds`, `allowedEmbed`).
   */
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
  /** Embeds kept when their `src` is from an allowed embed origin (a system setting), with their attributes. */
  embeds: { iframe: ['src', 'width', 'height', 'frameborder', 'allowfullscreen'] } as Record<
    string,
    readonly string[]
  >,
  /**
   * Attributes kept per element ('*': on every kept element except those in `ownAttributesOnly`). The only event
   * handler ever kept is the one `forcedAttributes` sets; whatever value came in is replaced.
   */
  attributes: {
    '*': ['title', 'style', 'class', 'align', 'dir', 'lang'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height', 'style', 'oncontextmenu'],
    video: [
      'src',
      'poster',
      'controls',
      'width',
      'height',
      'preload',
      'controlslist',
      'playsinline',
      'oncontextmenu',
    ],
    audio: ['src', 'controls', 'preload', 'controlslist', 'oncontextmenu'],
    source: ['src', 'type'],
    ol: ['start', 'type'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    th: ['colspan', 'rowspan', 'scope', 'width'],
    td: ['colspan', 'rowspan', 'width'],
    table: ['width', 'border', 'cellpadding', 'cellspacing'],
  } as Record<string, readonly string[]>,
  /** Spec §5: images keep only oncontextmenu, object-fit (style), alt, src, height and width. */
  ownAttributesOnly: ['img'] as readonly string[],
  /** Elements whose `style` keeps only these properties (others keep every property of `styles`). */
  elementStyles: { img: ['object-fit'] } as Record<string, readonly string[]>,
  /**
   * Attributes set on every such element whatever came in (spec §5): no context menu on images, video and audio
   * (so no 另存为), no download button on players, videos play inline on phones.
   */
  forcedAttributes: {
    img: { oncontextmenu: 'return false' },
    video: { controlslist: 'nodownload', oncontextmenu: 'return false', playsinline: '' },
    audio: { controlslist: 'nodownload', oncontextmenu: 'return false' },
  } as Record<string, Readonly<Record<string, string>>>,
  /** Attributes holding an address, and the schemes they may use (relative addresses are kept). */
  urlAttributes: ['href', 'src', 'poster'],
  schemes: ['http', 'https', 'mailto', 'tel'],
  /** CSS properties kept inside `style`, with the value pattern each must match. */
  styles: {
    color: /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i,
    'background-color': /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i,
    // Only http(s) or same-site addresses without quotes-inside or escapes; layouts from 秀米/135 use them.
    'background-image': /^url\(\s*(["']?)(https?:\/\/|\/(?!\/))[^"'()\\\s]+\1\s*\)$/i,
    'background-size': /^(cover|contain|auto|\d+(\.\d+)?(px|%|em)?)(\s+(auto|\d+(\.\d+)?(px|%|em)?))?$/,
    'background-position': /^([a-z]+|-?\d+(\.\d+)?(px|%|em)?)(\s+([a-z]+|-?\d+(\.\d+)?(px|%|em)?))?$/,
    'background-repeat': /^(no-repeat|repeat|repeat-x|repeat-y)$/,
    'text-align': /^(left|right|center|justify)$/,
    'text-indent': /^-?\d+(\.\d+)?(px|em|rem|%)$/,
    'font-size': /^\d+(\.\d+)?(px|em|rem|pt|%)$/,
    'font-weight': /^(normal|bold|bolder|lighter|[1-9]00)$/,
    'font-style': /^(normal|italic)$/,
    'text-decoration': /^(none|underline|line-through)$/,
    'line-height': /^\d+(\.\d+)?(px|em|rem|%)?$/,
    'letter-spacing': /^-?\d+(\.\d+)?(px|em)$/,
    'vertical-align': /^(baseline|top|middle|bottom|sub|super|text-top|text-bottom)$/,
    'border-radius': /^\d+(\.\d+)?(px|%|em)?$/,
    'object-fit': /^(fill|contain|cover|none|scale-down)$/,
    width: /^\d+(\.\d+)?(px|%|em|rem)?$/,
    height: /^\d+(\.\d+)?(px|%|em|rem)?$/,
    'max-width': /^\d+(\.\d+)?(px|%)$/,
    margin: /^(-?\d+(\.\d+)?(px|em|rem|%)?|auto)(\s+(-?\d+(\.\d+)?(px|em|rem|%)?|auto)){0,3}$/,
    'margin-left': /^-?\d+(\.\d+)?(px|em|rem|%)?$/,
    padding: /^(\d+(\.\d+)?(px|em|rem|%)?)(\s+\d+(\.\d+)?(px|em|rem|%)?){0,3}$/,
    'padding-left': /^\d+(\.\d+)?(px|em|rem|%)?$/,
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

/** The origin (`https://host[:port]`) of an absolute http(s) address, or null. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url.trim())
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null
  } catch {
    return null
  }
}

/** Whether an embed (iframe) address is from one of the allowed embed origins (exact origin match). */
export function allowedEmbed(src: string, embedOrigins: readonly string[]): boolean {
  const origin = originOf(src)
  return origin !== null && embedOrigins.some((o) => originOf(o) === origin)
}

/** Whether an element is kept (unwrapped elements lose their tag but keep their text). */
export const keptTag = (tag: string) => (richTextAllowList.tags as readonly string[]).includes(tag)

/**
 * Whether attribute `name` (lowercase) may stay on `tag` (lowercase). Event handlers are never kept from input:
 * `forcedAttributes` puts back the one fixed value allowed. URL attributes must pass `allowedUrl`.
 */
export function keepAttribute(tag: string, name: string, value: string): boolean {
  const allow = richTextAllowList
  if (name.startsWith('on')) return false
  const own = allow.attributes[tag] ?? allow.embeds[tag] ?? []
  const common = allow.ownAttributesOnly.includes(tag) ? [] : (allow.attributes['*'] ?? [])
  if (!own.includes(name) && !common.includes(name)) return false
  return !(allow.urlAttributes as readonly string[]).includes(name) || allowedUrl(value)
}

/** Whether a CSS declaration may stay in the `style` of `tag`. */
export function keepStyle(tag: string, property: string, value: string): boolean {
  const only = richTextAllowList.elementStyles[tag]
  if (only && !only.includes(property)) return false
  return richTextAllowList.styles[property]?.test(value.trim()) ?? false
}

/** A `style` value reduced to its allowed declarations ('' when none is left). */
export function cleanStyle(tag: string, style: string): string {
  return style
    .split(';')
    .map((decl) => {
      const colon = decl.indexOf(':')
      if (colon < 0) return null
      const property = decl.slice(0, colon).trim().toLowerCase()
      const value = decl.slice(colon + 1).trim()
      return keepStyle(tag, property, value) ? `${property}:${value}` : null
    })
    .filter((d): d is string => d !== null)
    .join(';')
}

/** The attributes the clean-up sets on `tag` whatever came in (empty for most elements). */
export const forcedAttributes = (tag: string): Readonly<Record<string, string>> =>
  richTextAllowList.forcedAttributes[tag] ?? {}
