import autocannon from 'autocannon'
import { base } from './server.ts'
import { loadWrk } from './wrk.ts'

/**
 * BENCH_GENERATOR=wrk drives the calls with wrk (`apt-get install wrk`) instead of autocannon; the benches print
 * which one they used.
 */
export const generator = process.env.BENCH_GENERATOR === 'wrk' ? 'wrk' : 'autocannon'

export interface LoadOptions {
  connections: number
  duration: number
  /** The server to load (default `base`). */
  url?: string
}

/** What one request carries beyond method and path: headers, and a body for POSTs. */
export interface RequestParts {
  path?: string
  headers?: Record<string, string>
  body?: string
}

/**
 * Drives one call with the chosen generator; `next` gives each request its own parts (a fresh sealed body,
 * another id), so no two requests are replays of each other (with wrk: the first 50,000 of them, cycled).
 */
export const load: typeof loadAutocannon = (...call) =>
  generator === 'wrk' ? loadWrk(...call) : loadAutocannon(...call)

async function loadAutocannon(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  next: (i: number) => RequestParts,
  opts: LoadOptions,
) {
  let i = 0
  const result = await autocannon({
    url: opts.url ?? base,
    connections: opts.connections,
    duration: opts.duration,
    requests: [
      {
        method,
        path,
        setupRequest: (req: autocannon.Request) => {
          const parts = next(i++)
          return {
            ...req,
            ...(parts.path ? { path: parts.path } : {}),
            headers: {
              ...headers,
              ...parts.headers,
              ...(parts.body ? { 'content-type': 'application/json' } : {}),
            },
            ...(parts.body ? { body: parts.body } : {}),
          }
        },
      },
    ],
  })
  return {
    sent: i,
    done: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}
