/** Minimal cookie access for the `token` and `user` cookies the spec names (§3). */
export function getCookie(name: string): string | undefined {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`))
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined
}

export function setCookie(name: string, value: string, maxAgeSeconds: number) {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the session in cookies
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Strict`
}

export function deleteCookie(name: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the session in cookies
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Strict`
}
