/**
 * What an editor's browser downloads to open the console, and how long it takes over a slow link: a fresh
 * Chromium (no cache) opens /login, signs in and waits for the dashboard, against the build as it is (with its
 * .br / .gz variants, packages/web/precompress.ts) and against a copy of it without them, side by side.
 * Reports the bytes received (encodedBodySize, what crossed the network) and decoded, and the time from the first
 * request to the dashboard with nothing pending, at full speed and over an emulated link (--mbps, --rtt).
 * Usage: npm run build && npm run bench:firstLoad [-- --runs 3 --mbps 10 --rtt 40]
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { type Browser, chromium } from '@playwright/test'
import { PORT, startServer, stop } from './lib/server.ts'

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    mbps: { type: 'string', default: '10' },
    rtt: { type: 'string', default: '40' },
  },
})
const PASSWORD = 'Bench-Admin@2026'
const runs = Number(args.runs)
const dist = process.env.WEB_DIST ?? 'packages/web/dist'

/** The built web app without its compressed variants: what the console sent before they existed. */
function plainCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'moc-web-plain-'))
  cpSync(dist, dir, { recursive: true })
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile() && /\.(br|gz)$/.test(e.name)) rmSync(join(e.parentPath, e.name))
  return dir
}

interface Load {
  ms: number
  receivedKb: number
  decodedKb: number
  requests: number
}

/** One fresh browser context: /login, sign in, the dashboard; the Resource Timing entries of the whole visit. */
async function visit(browser: Browser, url: string, link?: { mbps: number; rtt: number }): Promise<Load> {
  const context = await browser.newContext({ baseURL: url })
  const page = await context.newPage()
  if (link) {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: link.rtt,
      downloadThroughput: (link.mbps * 1_000_000) / 8,
      uploadThroughput: (link.mbps * 1_000_000) / 8,
    })
  }
  const t0 = performance.now()
  await page.goto('/login', { waitUntil: 'networkidle' })
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码').fill(PASSWORD)
  await page.getByRole('button', { name: /登\s*录/ }).click()
  await page.waitForURL(/\/dashboard$/)
  await page.waitForLoadState('networkidle')
  const ms = performance.now() - t0
  const sizes = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => {
      const r = e as PerformanceResourceTiming
      return [r.encodedBodySize, r.decodedBodySize]
    }),
  )
  await context.close()
  return {
    ms,
    receivedKb: sizes.reduce((a, [enc]) => a + enc!, 0) / 1024,
    decodedKb: sizes.reduce((a, [, dec]) => a + dec!, 0) / 1024,
    requests: sizes.length,
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const plain = plainCopy()
const env = (web: string) => ({
  DATA_DIR: mkdtempSync(join(tmpdir(), 'moc-bench-load-')),
  ADMIN_PASSWORD: PASSWORD,
  WEB_DIST: web,
  JOB_CONCURRENCY: '0',
})
const servers = {
  compressed: await startServer(env(dist), PORT),
  'uncompressed (before)': await startServer(env(plain), PORT + 1),
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const link = { mbps: Number(args.mbps), rtt: Number(args.rtt) }
const rows: Record<string, unknown>[] = []
try {
  for (const server of Object.values(servers)) await visit(browser, server.url) // warm the servers
  const results = new Map<string, { full: Load[]; slow: Load[] }>()
  // Alternating, so both builds see the same machine.
  for (let i = 0; i < runs; i++)
    for (const [name, server] of Object.entries(servers)) {
      const r = results.get(name) ?? { full: [], slow: [] }
      r.full.push(await visit(browser, server.url))
      r.slow.push(await visit(browser, server.url, link))
      results.set(name, r)
    }
  for (const [name, r] of results) {
    const last = r.full.at(-1)!
    rows.push({
      build: name,
      requests: last.requests,
      'received KB': Math.round(last.receivedKb),
      'decoded KB': Math.round(last.decodedKb),
      'ms (loopback)': Math.round(median(r.full.map((l) => l.ms))),
      [`ms (${link.mbps} Mbit/s, ${link.rtt} ms)`]: Math.round(median(r.slow.map((l) => l.ms))),
    })
  }
} finally {
  await browser.close()
  for (const s of Object.values(servers)) await stop(s)
  rmSync(plain, { recursive: true, force: true })
}
console.log(`\n/login → sign in → /dashboard in a fresh Chromium, median of ${runs} runs each, alternating\n`)
console.table(rows)
