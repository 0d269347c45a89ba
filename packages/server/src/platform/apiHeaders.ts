import type { ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'

/** API routes answer JSON (or a download), never a page: they get a fixed policy instead of the app's. */
const isPlainApi = (url: string) =>
  url.startsWith('/api/') && !url.startsWith('/api/docs') && !url.startsWith('/api/oidc')

/** helmet's headers for a JSON API, computed once by running helmet against a recording response. */
function computeApiHeaders(): Record<string, string> {
  const headers: Record<string, string> = {}
  const res = {
    setHeader: (k: string, v: string) => {
      headers[k.toLowerCase()] = String(v)
    },
    removeHeader: (k: string) => {
      delete headers[k.toLowerCase()]
    },
  } as unknown as ServerResponse
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
  })({} as never, res, () => {})
  // Answers depend on the session: no browser or proxy keeps them (ASVS 8.2.1). A route that serves a cacheable
  // file sets its own.
  headers['cache-control'] = 'no-store'
  return headers
}

/**
 * Security headers for /api responses without rebuilding helmet and fresh CSP nonces on every call (the
 * nonces only matter for index.html): a measurable share of an authenticated GET's CPU time.
 */
export function registerApiHeaders(app: FastifyInstance) {
  const headers = computeApiHeaders()
  app.addHook('onRoute', (route) => {
    if (isPlainApi(route.url)) route.config = { ...route.config, helmet: { skipRoute: true } } as never
  })
  app.addHook('onRequest', (req, reply, done) => {
    if (isPlainApi(req.url)) reply.headers(headers)
    done()
  })
}
