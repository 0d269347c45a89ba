/** Word's and Google Docs' wrappers: conditional comments, Office namespaces, the Docs guid <b> around it all. */
export function tidyForeignHtml(html: string, kind: 'word' | 'googleDocs' | 'html'): string {
  let out = html.replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, '').replace(/<!--[\s\S]*?-->/g, '')
  if (kind === 'word') out = out.replace(/<\/?[a-z][\w-]*:[\w-]+\b[^>]*>/gi, '')
  if (kind === 'googleDocs')
    out = out.replace(/<b\b[^>]*id=["']?docs-internal-guid-[^>]*>([\s\S]*)<\/b>/i, '$1')
  return out
}
