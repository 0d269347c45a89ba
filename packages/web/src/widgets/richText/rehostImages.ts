import { externalImageUrls, ownFilePaths } from '@moc/domain/rules/paste'
import { api } from '../../api/client.ts'

/** How many external images are fetched at once. */
const PARALLEL = 4

const escapeAttr = (s: string) => s.replaceAll('&', '&amp;')

/**
 * Re-hosts the external images of some HTML (spec §4: `<img>` and CSS background images not from our storage)
 * through `POST /api/upload/dump`, and returns the HTML with their new addresses. Images that cannot be fetched
 * stay as they were and are counted in `failed`. Our own files at an absolute address are given their path.
 */
export async function rehostImages(
  html: string,
  ownOrigins: readonly string[],
): Promise<{ html: string; failed: number; moved: Map<string, string> }> {
  // Our own files at an absolute address (older rows, copies from another tab) become their path: no fetch.
  const moved = ownFilePaths(html, ownOrigins, window.location.origin)
  const urls = externalImageUrls(applyMoves(html, moved), ownOrigins)
  let failed = 0
  for (let i = 0; i < urls.length; i += PARALLEL)
    await Promise.all(
      urls.slice(i, i + PARALLEL).map(async (url) => {
        try {
          const absolute = url.startsWith('//') ? `https:${url}` : url
          const { url: stored } = await api.post<{ url: string }>('/api/upload/dump', { url: absolute })
          moved.set(url, stored)
        } catch {
          failed++
        }
      }),
    )
  return { html: applyMoves(html, moved), failed, moved }
}

/** Puts the re-hosted addresses in place of the original ones. */
export function applyMoves(html: string, moved: ReadonlyMap<string, string>): string {
  let out = html
  for (const [from, to] of moved) out = out.replaceAll(escapeAttr(from), to).replaceAll(from, to)
  return out
}
