/**
 * The floor under every latency target: what this machine and the load generator give for servers that do almost
 * nothing — node:http and Fastify answering a constant 100-byte JSON — with the same autocannon settings as the
 * other benchmarks (50 connections, 10 s, keep-alive; BENCH_PIN=0:1 pins server and generator as they do).
 * Usage: npx tsx bench/floor.ts [-- --duration 10 --connections 50] (BENCH_GENERATOR=wrk: with wrk)
 */
import { parseArgs } from 'node:util'
import { floorRun, floorServers } from './lib/floor.ts'
import { generator } from './lib/load.ts'

const { values: args } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } },
})
const opts = { duration: Number(args.duration), connections: Number(args.connections) }

const rows: Record<string, unknown>[] = []
for (const name of Object.keys(floorServers) as (keyof typeof floorServers)[]) {
  const r = await floorRun(name, opts)
  rows.push({ server: name, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, 'RSS MB': r.rssMb })
}
console.log(
  `\n${generator}, ${opts.connections} connections, ${opts.duration} s per run, node ${process.version}\n`,
)
console.table(rows)
