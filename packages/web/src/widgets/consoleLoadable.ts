/**
 * Whether the console's Content-Security-Policy lets a page at `page` load this address (img-src / media-src: the
 * console itself — relative addresses such as our files' `/files/…` included —, https:, the storage's own
 * origins in `mediaOrigins` (a bucket or CDN, which may be plain http: decision 0033), data: and blob: for images).
 * Anything else (an http:// picture on someone else's server) would be blocked and reported: it is re-hosted or
 * shown as blocked instead. Pure, so it is tested without a browser.
 */
export function loadableAt(
  src: string | null | undefined,
  page: string,
  media: 'image' | 'media' = 'image',
  mediaOrigins: readonly string[] = [],
): boolean {
  if (!src) return false
  try {
    const url = new URL(src, page)
    if (url.origin === new URL(page).origin) return true
    if (url.protocol === 'https:' || url.protocol === 'blob:') return true
    if (url.protocol === 'data:') return media === 'image'
    return mediaOrigins.some((base) => /^https?:\/\//i.test(base) && new URL(base).origin === url.origin)
  } catch {
    return false
  }
}

/** `loadableAt` for the page the console runs in. */
export const loadableInConsole = (
  src: string | null | undefined,
  media: 'image' | 'media' = 'image',
  mediaOrigins: readonly string[] = [],
) => loadableAt(src, window.location.href, media, mediaOrigins)
