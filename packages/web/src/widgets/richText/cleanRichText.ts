import {
  richTextAllowList as allow,
  allowedEmbed,
  cleanStyle,
  forcedAttributes,
  keepAttribute,
} from '@moc/domain/rules/richText'
import DOMPurify from 'dompurify'
import { NEUTRAL_STYLE, neutralise, restoreStyles } from './safeHtml.ts'

const purifier = DOMPurify()
const INERT_HANDLER = 'data-x-'
const everyAttribute = [
  ...new Set([...Object.values(allow.attributes).flat(), ...Object.values(allow.embeds).flat()]),
  NEUTRAL_STYLE,
]
/** The embed origins of the current clean-up (a system setting, from the editor's configuration). */
let embedOrigins: readonly string[] = []

purifier.addHook('uponSanitizeElement', (node, data) => {
  // An iframe stays only as an embed from an allowed origin; any other goes with its content.
  if (data.tagName === 'iframe' && !allowedEmbed((node as Element).getAttribute('src') ?? '', embedOrigins))
    node.parentNode?.removeChild(node)
})
purifier.addHook('uponSanitizeAttribute', (node, data) => {
  const tag = node.nodeName.toLowerCase()
  // Styles arrive renamed (see safeHtml.ts) and leave renamed; they are checked as `style`.
  if (data.attrName === NEUTRAL_STYLE) {
    data.attrValue = keepAttribute(tag, 'style', '') ? cleanStyle(tag, data.attrValue) : ''
    data.keepAttr = data.attrValue !== ''
  } else data.keepAttr = keepAttribute(tag, data.attrName, data.attrValue)
})
purifier.addHook('afterSanitizeAttributes', (node) => {
  const tag = node.nodeName.toLowerCase()
  // A handler is written inert here (the parsing document is under the page's CSP) and named back afterwards.
  for (const [name, value] of Object.entries(forcedAttributes(tag)))
    node.setAttribute(name.startsWith('on') ? `${INERT_HANDLER}${name}` : name, value)
  // A link opening a new window cannot reach back into the page that opened it (as the server does).
  if (tag === 'a' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer')
})

/** The forced handlers, named back: only these exact attribute texts, which nothing else can produce. */
const restoreHandlers = (html: string) =>
  html.replace(/ data-x-(on[a-z]+)="([^"]*)"/g, (whole, name: string, value: string) =>
    Object.values(allow.forcedAttributes).some((forced) => forced[name] === value)
      ? ` ${name}="${value}"`
      : whole,
  )

/**
 * The editor's output clean-up (spec §5) with the shared rules the server applies again before storing
 * (@moc/domain/rules/richText): unlisted elements are unwrapped, scripts and frames dropped with their content
 * (iframes kept from the allowed embed origins), event handlers and unlisted attributes and styles removed, and
 * the fixed attributes set (no context menu on media, no download button, inline playback).
 */
export function cleanRichText(html: string, embeds: readonly string[] = []): string {
  embedOrigins = embeds
  const clean = purifier.sanitize(neutralise(html), {
    ALLOWED_TAGS: [...allow.tags, ...Object.keys(allow.embeds)],
    ALLOWED_ATTR: everyAttribute,
    // Its value is CSS, not an address: DOMPurify would otherwise read "color:" as a scheme.
    ADD_URI_SAFE_ATTR: [NEUTRAL_STYLE],
    FORBID_CONTENTS: [...allow.dropWithContent],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
  })
  return restoreHandlers(restoreStyles(clean))
}
