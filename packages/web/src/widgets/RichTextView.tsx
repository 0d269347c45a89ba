import { ownFilePaths, pictureUrls } from '@moc/domain/rules/paste'
import { useQueries } from '@tanstack/react-query'
import { useMemo } from 'react'
import { api } from '../api/client.ts'
import { loadableInConsole } from './consoleLoadable.ts'
import { previewHtml } from './previewHtml.ts'
import { useEditorConfig } from './richText/dialogs/useEditorConfig.ts'
import { applyMoves } from './richText/rehostImages.ts'

const NONE: readonly string[] = []

/** Another site's pictures the console's CSP would refuse (plain http elsewhere), each address once. */
const blockedPictures = (html: string, ownOrigins: readonly string[]) => [
  ...new Set(
    pictureUrls(html).filter(
      (src) => /^(https?:)?\/\//i.test(src) && !loadableInConsole(src, 'image', ownOrigins),
    ),
  ),
]

/**
 * Stored rich text shown read-only (the review detail's 正文): the shared allow-list again (previewHtml), every
 * picture the console may load keeps its `src` (spec §5). Another site's plain-http picture, which the CSP would
 * refuse, is shown through the re-hosting the editor uses (POST /api/upload/dump), once per address and page;
 * one that cannot be fetched stays a hatched box naming its address (decision 0033).
 */
export function RichTextView({ html, className }: { html: string; className?: string }) {
  const config = useEditorConfig()
  const own = config.data?.ownMediaOrigins ?? NONE
  const local = useMemo(() => applyMoves(html, ownFilePaths(html, own, window.location.origin)), [html, own])
  // Only once the storage's own origins are known: a picture of our own bucket is never re-hosted.
  const blocked = useMemo(() => (config.data ? blockedPictures(local, own) : []), [config.data, local, own])
  const rehosted = useQueries({
    queries: blocked.map((url) => ({
      queryKey: ['rehosted-picture', url],
      queryFn: () =>
        api.post<{ url: string }>('/api/upload/dump', { url: url.startsWith('//') ? `https:${url}` : url }),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
      retry: false,
    })),
  })
  const moves = new Map(blocked.flatMap((url, i) => (rehosted[i]?.data ? [[url, rehosted[i].data.url]] : [])))
  // React leaves the element alone while the string stays the same.
  const shown = previewHtml(applyMoves(local, moves), own)
  return (
    <div
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by previewHtml with the shared allow-list
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  )
}
