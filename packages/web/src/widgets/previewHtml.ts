import { richTextAllowList as allow, keepAttribute as allowed } from '@moc/domain/rules/richText'

const tags = new Set<string>(allow.tags)
const dropped = new Set<string>(allow.dropWithContent)
const urlAttributes = new Set<string>(allow.urlAttributes)

function keepAttribute(tag: string, name: string, value: string): boolean {
  // Inline styles would break the console's Content-Security-Policy; the stored text keeps the allowed ones.
  if (name === 'style' || !allowed(tag, name, value)) return false
  // The console's CSP loads media only over https (or from itself); plain http would be blocked and reported.
  return !(urlAttributes.has(name) && name !== 'href' && /^\s*http:/i.test(value))
}

function clean(node: Node) {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE) continue
    if (child.nodeType !== Node.ELEMENT_NODE) {
      child.remove()
      continue
    }
    const el = child as Element
    const tag = el.tagName.toLowerCase()
    if (dropped.has(tag)) {
      el.remove()
      continue
    }
    clean(el)
    if (!tags.has(tag)) {
      el.replaceWith(...el.childNodes)
      continue
    }
    for (const attr of [...el.attributes])
      if (!keepAttribute(tag, attr.name, attr.value)) el.removeAttribute(attr.name)
    if (tag === 'a' && el.getAttribute('target') === '_blank') el.setAttribute('rel', 'noopener noreferrer')
  }
}

/**
 * Unsaved rich text made safe to show in the console's preview, with the same allow-list the server applies
 * before storing (@moc/domain/rules/richText).
 */
export function previewHtml(html: string): string {
  // A template's content is inert (nothing loads or runs), but Chromium still checks inline handlers against the
  // page's CSP while parsing; rename them first so the strict policy has nothing to report. `clean` drops them.
  const template = document.createElement('template')
  template.innerHTML = html.replace(/<[^>]+>/g, (tag) =>
    tag.replace(/([\s/"'])on([a-z-]*\s*=)/gi, '$1data-x-on$2'),
  )
  clean(template.content)
  const out = document.createElement('template')
  out.content.append(template.content)
  return out.innerHTML
}
