import { richTextAllowList as allow } from '@moc/domain/rules/richText'
import sanitizeHtml from 'sanitize-html'

const options: sanitizeHtml.IOptions = {
  allowedTags: [...allow.tags],
  allowedAttributes: Object.fromEntries(
    Object.entries(allow.attributes).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedStyles: { '*': Object.fromEntries(Object.entries(allow.styles).map(([name, re]) => [name, [re]])) },
  allowedSchemes: [...allow.schemes],
  allowedSchemesAppliedToAttributes: [...allow.urlAttributes],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...allow.dropWithContent],
  transformTags: {
    // A link opening a new window cannot reach back into the page that opened it.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
}

/**
 * Sanitizes rich text before it is stored (DESIGN §7): only the shared allow-list
 * (@moc/domain/rules/richText) survives; scripts, event handlers, javascript: addresses, frames and
 * unlisted styles are removed. Every rich-text field of the server goes through here.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options)
}
