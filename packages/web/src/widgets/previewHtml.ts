import { richTextAllowList as allow, keepAttribute as allowed } from '@moc/domain/rules/richText'
import { loadableInConsole } from './consoleLoadable.ts'
import './widgets.css'

const tags = new Set<string>(allow.tags)
const dropped = new Set<string>(allow.dropWithContent)
const urlAttributes = new Set<string>(allow.urlAttributes)
/** The class of a picture or player whose address the console may not load (drawn as a hatched box). */
export const BLOCKED = 'moc-preview-blocked'

function keepAttribute(tag: string, name: string, value: string): boolean {
  // Inline styles would break the console's Content-Security-Policy; the stored text keeps the allowed ones.
  return name !== 'style' && allowed(tag, name, value)
}

/**
 * Whether the console may load a media address (spec §5: the clean-up keeps `src`): our files by path, the
 * console's own origin, https, the storage's origins. Another site's plain-http address would be refused by the
 * CSP and reported; it is left out, and the picture drawn as blocked (RichTextView shows it re-hosted instead).
 */
const loadable = (tag: string, name: string, value: string, mediaOrigins: readonly string[]) =>
  !urlAttributes.has(name) ||
  name === 'href' ||
  loadableInConsole(value, tag === 'img' || name === 'poster' ? 'image' : 'media', mediaOrigins)

function clean(node: Node, mediaOrigins: readonly string[]) {
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
    clean(el, mediaOrigins)
    if (!tags.has(tag)) {
      el.replaceWith(...el.childNodes)
      continue
    }
    let blocked = ''
    for (const attr of [...el.attributes])
      if (!keepAttribute(tag, attr.name, attr.value)) el.removeAttribute(attr.name)
      else if (!loadable(tag, attr.name, attr.value, mediaOrigins)) {
        blocked ||= attr.value
        el.removeAttribute(attr.name)
      }
    if (blocked) {
      el.classList.add(BLOCKED)
      el.setAttribute('title', `无法在后台显示：${blocked}`)
    }
    if (tag === 'a' && el.getAttribute('target') === '_blank') el.setAttribute('rel', 'noopener noreferrer')
  }
}

/**
 * Unsaved rich text made safe to show in the console's preview, with the same allow-list the server applies
 * before storing (@moc/domain/rules/richText). `mediaOrigins`: our storage's bases (GET /api/editor/config's
 * ownMediaOrigins), whose origin the console's CSP allows even over plain http.
 */
export function previewHtml(html: string, mediaOrigins: readonly string[] = []): string {
  // A template's content is inert (nothing loads or runs), but Chromium still checks inline handlers against the
  // page's CSP while parsing; rename them first so the strict policy has nothing to report. `clean` drops them.
  const template = document.createElement('template')
  template.innerHTML = html.replace(/<[^>]+>/g, (tag) =>
    tag.replace(/([\s/"'])on([a-z-]*\s*=)/gi, '$1data-x-on$2'),
  )
  clean(template.content, mediaOrigins)
  const out = document.createElement('template')
  out.content.append(template.content)
  return out.innerHTML
}
