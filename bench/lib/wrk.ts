import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { LoadOptions, RequestParts } from './load.ts'
import { base } from './server.ts'

/** How many distinct requests wrk cycles through when `next` varies them (ids, bodies). */
const VARIANTS = 50_000

const lua = (s: string) => JSON.stringify(s) // a JSON string literal is a valid Lua one for these ASCII parts

/**
 * Drives one call with wrk (Debian's package; one thread, C and LuaJIT): it spends about half of autocannon's
 * CPU per request, which on a two-core machine is CPU the server and PostgreSQL get back. The requests `next`
 * gives are computed here up front (the first VARIANTS of them) and cycled through by a generated Lua script.
 */
export async function loadWrk(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  next: (i: number) => RequestParts,
  opts: LoadOptions,
) {
  const first = next(0)
  const varies = JSON.stringify(first) !== JSON.stringify(next(1))
  const parts = varies ? Array.from({ length: VARIANTS }, (_, i) => next(i)) : [first]
  const dir = mkdtempSync(join(tmpdir(), 'moc-wrk-'))
  // One request per line: path, then body, tab-separated (paths and JSON bodies hold no tab or newline).
  const data = join(dir, 'requests.tsv')
  writeFileSync(data, parts.map((p) => `${p.path ?? path}\t${p.body ?? ''}\n`).join(''))
  const fixed = {
    ...headers,
    ...first.headers,
    ...(first.body ? { 'content-type': 'application/json' } : {}),
  }
  const script = join(dir, 'load.lua')
  writeFileSync(
    script,
    // Formatted in init, once wrk knows the Host header; a request without one is refused and its connection closed.
    `local headers = {${Object.entries(fixed)
      .map(([k, v]) => `[${lua(k)}]=${lua(v)}`)
      .join(',')}}
local r = {}
init = function(args)
  for line in io.lines(${lua(data)}) do
    local path, body = line:match('^([^\t]*)\t(.*)$')
    local h = {}
    for k, v in pairs(headers) do h[k] = v end
    r[#r + 1] = wrk.format(${lua(method)}, path, h, body ~= '' and body or nil)
  end
end
local i = 0
request = function() i = i % #r + 1; return r[i] end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nRESULT {"requests":%d,"us":%d,"p50":%d,"p99":%d,"non2xx":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status,
    e.connect + e.read + e.write + e.timeout))
end
`,
  )
  try {
    const { stdout } = await promisify(execFile)(
      'wrk',
      ['-t1', `-c${opts.connections}`, `-d${opts.duration}s`, '-s', script, opts.url ?? base],
      { maxBuffer: 1 << 20 },
    )
    const m = stdout.match(/RESULT (\{.*\})/)
    if (!m) throw new Error(`wrk printed no result:\n${stdout}`)
    const r = JSON.parse(m[1]!) as Record<'requests' | 'us' | 'p50' | 'p99' | 'non2xx' | 'errors', number>
    return {
      sent: r.requests,
      done: r.requests,
      rps: Math.round(r.requests / (r.us / 1e6)),
      // wrk reports microseconds; autocannon's whole milliseconds are kept to one decimal here.
      p50: Math.round(r.p50 / 100) / 10,
      p99: Math.round(r.p99 / 100) / 10,
      non2xx: r.non2xx,
      errors: r.errors,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
