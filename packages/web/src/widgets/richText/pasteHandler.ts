import type { EditorConfig } from '@moc/domain/api/editor'
import { TOAST_ERROR_S } from '@moc/domain/constants'
import {
  classifyPaste,
  imageUrlFromText,
  isLocalImageUrl,
  linkOnlyHref,
  type PasteErrorKey,
  pasteErrorMessage,
  stripLocalImages,
} from '@moc/domain/rules/paste'
import { checkUpload } from '@moc/domain/rules/upload'
import type { Editor } from '@tiptap/core'
import type { EditorView } from '@tiptap/pm/view'
import { sendSmall } from '../uploadTransport.ts'
import { cleanRichText } from './cleanRichText.ts'
import { tidyForeignHtml } from './foreignHtml.ts'
import { imageAttrs } from './mediaNodes.ts'
import { rehostImages } from './rehostImages.ts'
import { htmlToContent } from './safeHtml.ts'

export interface PasteContext {
  editor: Editor
  config: EditorConfig | undefined
  error: (message: string, seconds: number) => void
}

const report = (ctx: PasteContext, key: PasteErrorKey) => ctx.error(pasteErrorMessage(key), TOAST_ERROR_S)

/** An uploaded picture from a pasted or imported file; null (with the message shown) when it cannot be. */
export async function uploadImage(ctx: PasteContext, file: File): Promise<string | null> {
  if (checkUpload(file, 'image')) {
    report(ctx, 'errors.imageimport.unsupported')
    return null
  }
  try {
    return (await sendSmall(file, 'image', () => undefined).done).url
  } catch {
    report(ctx, 'errors.imageimport.failed')
    return null
  }
}

/** A data: URL as a file (not through fetch: the console's connect-src does not allow data:). */
export function dataUrlToFile(src: string, name: string): File | null {
  const m = /^data:(image\/[a-z0-9.+-]+)(;base64)?,(.*)$/is.exec(src.trim())
  if (!m) return null
  const type = m[1]!.toLowerCase()
  const body = m[2] ? atob(m[3]!.replace(/\s/g, '')) : decodeURIComponent(m[3]!)
  const bytes = Uint8Array.from(body, (c) => c.charCodeAt(0))
  return new File([bytes], `${name}.${type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png'}`, { type })
}

/** Embedded (data:) pictures become uploaded files; local addresses that cannot be read are removed. */
export async function uploadEmbedded(ctx: PasteContext, html: string): Promise<string> {
  const found = [...html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*["']?([^"'\s>]+)/gi)].map((m) => m[1] ?? '')
  let out = html
  for (const src of new Set(found.filter(isLocalImageUrl))) {
    const file = dataUrlToFile(src, 'pasted')
    const stored = file ? await uploadImage(ctx, file) : null
    if (stored) out = out.replaceAll(src, stored)
    else if (!file) report(ctx, 'errors.imageimport.invalid')
  }
  return stripLocalImages(out).html
}

/**
 * Takes foreign HTML into the document: Word/Docs wrappers off, local pictures removed (setting off) or uploaded,
 * external pictures re-hosted, the clean-up applied, then inserted at the selection.
 */
export async function insertForeignHtml(
  ctx: PasteContext,
  raw: string,
  kind: 'word' | 'googleDocs' | 'html',
) {
  const { editor, config } = ctx
  try {
    let html = tidyForeignHtml(raw, kind)
    if (!config?.allowLocalImages) {
      const stripped = stripLocalImages(html)
      if (stripped.removed) report(ctx, 'errors.local.images.disallowed')
      html = stripped.html
    } else html = await uploadEmbedded(ctx, html)
    const moved = await rehostImages(html, config?.ownMediaOrigins ?? [])
    if (moved.failed) report(ctx, 'errors.imageimport.failed')
    const clean = cleanRichText(moved.html, config?.embedOrigins ?? [])
    editor.chain().focus().insertContent(htmlToContent(editor, clean)).run()
  } catch {
    report(ctx, 'errors.paste.process.failure')
  }
}

async function insertImageUrl(ctx: PasteContext, url: string) {
  const moved = await rehostImages(
    `<img src="${url.replaceAll('"', '%22')}">`,
    ctx.config?.ownMediaOrigins ?? [],
  )
  if (moved.failed) return report(ctx, 'errors.imageimport.failed')
  const src = /src="([^"]+)"/.exec(moved.html)?.[1] ?? url
  ctx.editor.chain().focus().setImage(imageAttrs(src)).run()
}

/**
 * The editor's paste (spec §4, §5): classified in the spec's order (plain text, Word, Google Docs, native HTML,
 * images). Plain text pastes as text, unless it is one picture address (gif/jpg/jpeg/png), which becomes a picture;
 * HTML that is only a link, pasted over a selection, links the selection; pasted image files are uploaded (or
 * refused when local pictures are not allowed). Returns whether the paste was handled here.
 */
export function handlePaste(ctx: PasteContext, view: EditorView, event: ClipboardEvent): boolean {
  const data = event.clipboardData
  if (!data) return false
  const html = data.getData('text/html')
  const text = data.getData('text/plain')
  const files = [...data.files].filter((f) => f.type.startsWith('image/'))
  const kind = classifyPaste({ html, text, hasFiles: files.length > 0 })
  if (kind === null) return false
  if (kind === 'plainText') {
    const url = imageUrlFromText(text)
    if (!url) return false
    void insertImageUrl(ctx, url)
    return true
  }
  if (kind === 'image') {
    if (!ctx.config?.allowLocalImages) report(ctx, 'errors.local.images.disallowed')
    else
      void (async () => {
        for (const file of files) {
          const url = await uploadImage(ctx, file)
          if (url) ctx.editor.chain().focus().setImage(imageAttrs(url)).run()
        }
      })()
    return true
  }
  const href = linkOnlyHref(html)
  if (href && !view.state.selection.empty) {
    ctx.editor.chain().focus().setLink({ href, target: '_blank' }).run()
    return true
  }
  void insertForeignHtml(ctx, html, kind)
  return true
}
