/**
 * HTML coming back from a third-party layout editor (秀米 in a frame, 135编辑器 in a popup) over postMessage. A
 * message counts only when it comes from one of the configured origins *and* from the very window the console
 * opened (decision 0020); anything else is ignored. The editors send the HTML as a string, or as an object with
 * `html` or `content`.
 */
export function htmlFromMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  origins: readonly string[],
  expectedSource: unknown,
): string | null {
  if (!origins.includes(event.origin) || !expectedSource || event.source !== expectedSource) return null
  const data: unknown = event.data
  if (typeof data === 'string') return data.trim() ? data : null
  if (data && typeof data === 'object') {
    const { html, content } = data as { html?: unknown; content?: unknown }
    const value = typeof html === 'string' ? html : typeof content === 'string' ? content : null
    return value?.trim() ? value : null
  }
  return null
}

/** The 秀米 page for an account: `{openId}` in the configured URL replaced, else `openId=` appended. */
export function xiumiUrl(url: string, openId: string): string {
  if (url.includes('{openId}')) return url.replaceAll('{openId}', encodeURIComponent(openId))
  const u = new URL(url)
  u.searchParams.set('openId', openId)
  return u.toString()
}
