import { previewHtml } from '../../previewHtml.ts'
import './dialogs.css'

/** Rich text shown read-only in a dialog, cleaned with the shared allow-list first (previewHtml). */
export function HtmlPreview({ html, label }: { html: string; label: string }) {
  return (
    <section
      className="rich-text-template-preview"
      aria-label={label}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by previewHtml with the shared allow-list
      dangerouslySetInnerHTML={{ __html: previewHtml(html) }}
    />
  )
}
