import { richTextAllowList as allow, allowedUrl } from '@moc/domain/rules/richText'
import DOMPurify from 'dompurify'
import { NEUTRAL_STYLE, neutralise, restoreStyles } from './safeHtml.ts'

const purifier = DOMPurify()
const everyAttribute = [...new Set(Object.values(allow.attributes).flat()), NEUTRAL_STYLE]
const urlAttributes = new Set<string>(allow.urlAttributes)

/** Keeps the listed CSS properties whose values match their pattern (spec §5 clean-up); '' when none survive. */
export function filterStyle(style: string): string {
  const kept: string[] = []
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':')
    if (colon < 0) continue
    const name = declaration.slice(0, colon).trim().toLowerCase()
    const value = declaration.slice(colon + 1).trim()
    if (allow.styles[name]?.test(value)) kept.push(`${name}: ${value}`)
  }
  return kept.join('; ')
}

purifier.addHook('uponSanitizeAttribute', (node, data) => {
  const tag = node.nodeName.toLowerCase()
  // Styles arrive renamed (see safeHtml.ts) and leave renamed; they are checked as `style`.
  const name = data.attrName === NEUTRAL_STYLE ? 'style' : data.attrName
  if (!(allow.attributes['*']?.includes(name) || allow.attributes[tag]?.includes(name))) {
    data.keepAttr = false
    return
  }
  if (name === 'style') {
    data.attrValue = filterStyle(data.attrValue)
    if (!data.attrValue) data.keepAttr = false
  } else if (urlAttributes.has(name) && !allowedUrl(data.attrValue)) data.keepAttr = false
})
purifier.addHook('afterSanitizeAttributes', (node) => {
  // A link opening a new window cannot reach back into the page that opened it (as the server does).
  if (node.nodeName === 'A' && node.getAttribute('target') === '_blank')
    node.setAttribute('rel', 'noopener noreferrer')
})

/**
 * The editor's output clean-up (spec §5), configured from the shared allow-list the server applies again before
 * storing (@moc/domain/rules/richText): unlisted elements are unwrapped, scripts and frames dropped with their
 * content, event handlers and unlisted attributes and styles removed.
 */
export function cleanRichText(html: string): string {
  const clean = purifier.sanitize(neutralise(html), {
    ALLOWED_TAGS: [...allow.tags],
    ALLOWED_ATTR: everyAttribute,
    // Its value is CSS, not an address: DOMPurify would otherwise read "color:" as a scheme.
    ADD_URI_SAFE_ATTR: [NEUTRAL_STYLE],
    FORBID_CONTENTS: [...allow.dropWithContent],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
  })
  return restoreStyles(clean)
}
