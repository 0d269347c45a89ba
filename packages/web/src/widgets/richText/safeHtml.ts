import type { Editor } from '@tiptap/core'
import { DOMParser as PmDOMParser } from '@tiptap/pm/model'

/**
 * Parsing HTML under the console's strict CSP. Chromium checks style attributes and inline event handlers against
 * the page's policy even in documents made by DOMParser or createHTMLDocument, and reports each one. So markup is
 * parsed with those attributes renamed: handlers become inert data attributes (the clean-up drops them), and
 * styles are put back through the CSSOM (`style.cssText`), which the policy allows.
 */
export const NEUTRAL_STYLE = 'data-moc-style'

const eachTag = (html: string, fn: (tag: string) => string) => html.replace(/<[a-z][^>]*>/gi, fn)

/** Renames style and on* attributes inside tags so that parsing the text reports nothing. */
export const neutralise = (html: string) =>
  eachTag(html, (tag) =>
    tag
      .replace(/([\s/"'])style(\s*=)/gi, `$1${NEUTRAL_STYLE}$2`)
      .replace(/([\s/"'])on([a-z-]*\s*=)/gi, '$1data-x-on$2'),
  )

/** The inverse of `neutralise` for serialised, already clean markup (attribute values never contain a quote). */
export const restoreStyles = (html: string) =>
  eachTag(html, (tag) => tag.replaceAll(` ${NEUTRAL_STYLE}="`, ' style="'))

/** HTML as a detached <body>, styles applied through the CSSOM. Nothing in it loads or runs. */
export function htmlToDom(html: string): HTMLElement {
  const doc = document.implementation.createHTMLDocument('')
  doc.body.innerHTML = neutralise(html)
  for (const el of doc.body.querySelectorAll<HTMLElement>(`[${NEUTRAL_STYLE}]`)) {
    el.style.cssText = el.getAttribute(NEUTRAL_STYLE) ?? ''
    el.removeAttribute(NEUTRAL_STYLE)
  }
  return doc.body
}

/** The editor's document for a piece of (clean) HTML. */
export const htmlToDoc = (editor: Editor, html: string) =>
  PmDOMParser.fromSchema(editor.schema).parse(htmlToDom(html)).toJSON()

/** The editor's content for a slice of (clean) HTML, to insert at the selection. */
export const htmlToContent = (editor: Editor, html: string) =>
  PmDOMParser.fromSchema(editor.schema).parseSlice(htmlToDom(html)).content.toJSON()
