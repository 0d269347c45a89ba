import {
  richTextAllowList as allow,
  allowedEmbed,
  cleanStyle,
  forcedAttributes,
  keepAttribute,
} from '@moc/domain/rules/richText'
import sanitizeHtml from 'sanitize-html'

/**
 * Every attribute through the shared rules (@moc/domain/rules/richText): images keep only their own list, styles
 * only their allowed declarations, and the fixed attributes of spec §5 are set whatever came in.
 */
function cleanAttributes(tagName: string, attribs: sanitizeHtml.Attributes) {
  const tag = tagName.toLowerCase()
  const out: sanitizeHtml.Attributes = {}
  for (const [rawName, value] of Object.entries(attribs)) {
    const name = rawName.toLowerCase()
    if (!keepAttribute(tag, name, value)) continue
    if (name === 'style') {
      const style = cleanStyle(tag, value)
      if (style) out.style = style
    } else out[name] = value
  }
  // A link opening a new window cannot reach back into the page that opened it.
  if (tag === 'a' && out.target === '_blank') out.rel = 'noopener noreferrer'
  return { tagName, attribs: { ...out, ...forcedAttributes(tag) } }
}

const union = (tag: string) => [...new Set([...(allow.attributes[tag] ?? []), ...(allow.embeds[tag] ?? [])])]

function optionsFor(embedOrigins: readonly string[]): sanitizeHtml.IOptions {
  const embeds = embedOrigins.length > 0 ? Object.keys(allow.embeds) : []
  const tags = [...allow.tags, ...embeds]
  return {
    allowedTags: tags,
    allowedAttributes: Object.fromEntries(['*', ...tags].map((tag) => [tag, union(tag)])),
    allowedStyles: {
      '*': Object.fromEntries(Object.entries(allow.styles).map(([name, re]) => [name, [re]])),
    },
    allowedSchemes: [...allow.schemes],
    allowedSchemesAppliedToAttributes: [...allow.urlAttributes],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: allow.dropWithContent.filter((t) => !embeds.includes(t)),
    transformTags: { '*': cleanAttributes },
    // An embed from anywhere else goes, with whatever it held.
    exclusiveFilter: (frame) =>
      embeds.includes(frame.tag) && !allowedEmbed(frame.attribs.src ?? '', embedOrigins),
  }
}

const noEmbeds = optionsFor([])

/**
 * Sanitizes rich text before it is stored (DESIGN §7, spec §5 clean-up): only the shared allow-list
 * (@moc/domain/rules/richText) survives; scripts, event handlers, javascript: addresses, frames and unlisted
 * styles are removed; iframes stay only from `embedOrigins` (the editor setting). Every rich-text field of the
 * server goes through here.
 */
export function sanitizeRichText(html: string, embedOrigins: readonly string[] = []): string {
  return sanitizeHtml(html, embedOrigins.length > 0 ? optionsFor(embedOrigins) : noEmbeds)
}
