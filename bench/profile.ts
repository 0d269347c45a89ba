/**
 * Summarises V8 CPU profiles (`node --cpu-prof`, e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=.tmp/prof"):
 * self time by function and by package, the top entries of each.
 * Usage: npx tsx bench/profile.ts .tmp/prof/CPU.*.cpuprofile [--top 30]
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' } },
})
const top = Number(values.top)

/** The npm package (or our own bundle, or V8/Node internals) a frame belongs to. */
const packageOf = (url: string) => {
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (m) return m[1]!
  if (url.includes('/dist/main.js')) return '(server bundle)'
  if (url.startsWith('node:')) return url
  return url ? '(other)' : '(native/gc/idle)'
}

for (const file of positionals) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile
  const byId = new Map(p.nodes.map((n) => [n.id, n]))
  const byFunction = new Map<string, number>()
  const byPackage = new Map<string, number>()
  let total = 0
  p.samples.forEach((id, i) => {
    const us = p.timeDeltas[i] ?? 0
    const f = byId.get(id)!.callFrame
    if (f.functionName === '(idle)') return
    total += us
    const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + us)
    const pkg = f.url ? packageOf(f.url) : f.functionName
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us)
  })
  const table = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => ({
        what: k.slice(0, 110),
        ms: Math.round(us / 1000),
        '%': ((100 * us) / total).toFixed(1),
      }))
  console.log(`\n${file}: ${Math.round(total / 1000)} ms busy`)
  console.table(table(byPackage))
  console.table(table(byFunction))
}
