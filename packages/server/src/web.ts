import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { notFoundEnvelope } from './platform/errorHandler.ts'

/** The built web app's folder: WEB_DIST, else packages/web/dist found from here (src/ or dist/). */
export function findWebDist(configured?: string): string | undefined {
  if (configured) return resolve(configured)
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'web', 'dist')
    if (existsSync(join(candidate, 'index.html'))) return candidate
    dir = dirname(dir)
  }
  return undefined
}

/**
 * The player page's policy: scripts and wasm from us only, evaluation allowed (embind), the .pag from our storage
 * or an https CDN, nothing else; `sandbox allow-scripts` gives it an opaque origin even when opened directly.
 */
export const PAG_PLAYER_CSP = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "connect-src 'self' https:",
  "img-src 'self' data:",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  'sandbox allow-scripts',
].join('; ')

/**
 * Serves the SPA: hashed assets with a year's cache, and index.html for every other path with the
 * request's CSP nonce filled in (antd's style tags carry it, so style-src needs no 'unsafe-inline').
 */
export async function registerWeb(
  app: FastifyInstance,
  dist: string | undefined,
  frameSources: () => Promise<readonly string[]> = async () => [],
) {
  const indexHtml = dist ? readFileSync(join(dist, 'index.html'), 'utf8') : undefined
  const sendIndex = async (reply: FastifyReply) => {
    // The editor frames 秀米 and the configured embeds (decision 0020); every other frame stays refused.
    const csp = String(reply.getHeader('content-security-policy') ?? '')
    const frames = ["'self'", ...(await frameSources())].join(' ')
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', csp ? `${csp};frame-src ${frames}` : csp)
      .send(indexHtml!.replaceAll('__CSP_NONCE__', reply.cspNonce?.style ?? ''))
  }
  app.setNotFoundHandler((req, reply) => {
    if (
      req.url.startsWith('/api/') ||
      req.url.startsWith('/files/') ||
      req.url.startsWith('/preview/') ||
      !indexHtml ||
      req.method !== 'GET'
    )
      return reply.status(404).send(notFoundEnvelope)
    return sendIndex(reply)
  })
  if (!dist) return
  app.get('/', (_req, reply) => sendIndex(reply))
  // The image editor page (decision 0016) lives in the 编辑图片 dialog's iframe: the app's policy, except that
  // the console itself may frame it (everything else keeps frame-ancestors 'none').
  const editorPath = join(dist, 'image-editor.html')
  const editorHtml = existsSync(editorPath) ? readFileSync(editorPath, 'utf8') : undefined
  if (editorHtml)
    app.get('/image-editor.html', (_req, reply) => {
      const csp = String(reply.getHeader('content-security-policy') ?? '')
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-frame-options', 'SAMEORIGIN')
        .header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
        .send(editorHtml)
    })
  // The .pag player page (decision 0017) runs libpag, whose embind glue needs 'unsafe-eval': it gets a policy of
  // its own, sandboxed to an opaque origin (no session, no storage, no reach into the console), framed by us only.
  const pagPath = join(dist, 'pag-player.html')
  const pagHtml = existsSync(pagPath) ? readFileSync(pagPath, 'utf8') : undefined
  if (pagHtml)
    app.get('/pag-player.html', (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-frame-options', 'SAMEORIGIN')
        .header('content-security-policy', PAG_PLAYER_CSP)
        .send(pagHtml),
    )
  await app.register(fastifyStatic, {
    root: dist,
    index: false,
    wildcard: true,
    // The .br / .gz variants the web build writes beside each asset (packages/web/precompress.ts).
    preCompressed: true,
    setHeaders(res, path) {
      const asset = path.includes('/assets/')
      res.header('cache-control', asset ? 'public, max-age=31536000, immutable' : 'no-cache')
      // The sandboxed player page has an opaque origin: its module scripts and wasm are CORS requests.
      if (asset) res.header('access-control-allow-origin', '*')
    },
  })
}
