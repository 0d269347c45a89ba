/**
 * The floor under every latency target: what this machine and the load generator give for servers that do almost
 * nothing — node:http and Fastify answering a constant 100-byte JSON — with the same autocannon settings as the
 * other benchmarks (50 connections, 10 s, keep-alive; BENCH_PIN=0:1 pins server and generator as they do).
 * Usage: npx tsx bench/floor.ts [-- --duration 10 --connections 50] (BENCH_GENERATOR=wrk: with wrk)
 */
import { spawn } from 'node:child_process'
import { parseArgs } from 'node:util'
import { generator, load } from './lib/load.ts'
import { base, PORT, rssMb } from './lib/server.ts'

const { values: args } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } },
})
const opts = { duration: Number(args.duration), connections: Number(args.connections) }
const body = JSON.stringify({
  code: 0,
  msg: '成功',
  data: { counts: { '/articleAudit': 150000 }, total: 150000 },
})

const servers = {
  'node:http': `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json');
    s.end(${JSON.stringify(body)}) }).listen(${PORT}, '127.0.0.1')`,
  fastify: `const f = require('fastify')(); f.get('/api/x', async () => (${body}));
    f.listen({ port: ${PORT}, host: '127.0.0.1' })`,
}

const pin = process.env.BENCH_PIN?.match(/^(\d+):(\d+)$/)
const rows: Record<string, unknown>[] = []
for (const [name, code] of Object.entries(servers)) {
  const node = ['node', '-e', code]
  const [bin, argv] = pin ? ['taskset', ['-c', pin[1]!, ...node]] : [node[0]!, node.slice(1)]
  const proc = spawn(bin, argv as string[], { stdio: 'inherit', cwd: 'packages/server' })
  for (;;) {
    try {
      await fetch(`${base}/api/x`)
      break
    } catch {
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  const r = await load('GET', '/api/x', {}, () => ({}), opts)
  rows.push({
    server: name,
    'req/s': r.rps,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'RSS MB': rssMb(proc.pid!, 'VmHWM'),
  })
  proc.kill()
  await new Promise((r) => proc.once('exit', r))
}
console.log(
  `\n${generator}, ${opts.connections} connections, ${opts.duration} s per run, node ${process.version}\n`,
)
console.table(rows)
