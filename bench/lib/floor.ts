import { type LoadOptions, load } from './load.ts'
import { answering, base, PORT, rssMb, spawnOnServerCore } from './server.ts'

/** The reply of the floor servers: about the size of the batched pending counts' reply. */
const body = JSON.stringify({
  code: 0,
  msg: '成功',
  data: { counts: { '/articleAudit': 150000 }, total: 150000 },
})

/** Servers that do almost nothing, answering GET /api/x with the constant reply above. */
export const floorServers = {
  'node:http': `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json');
    s.end(${JSON.stringify(body)}) }).listen(${PORT}, '127.0.0.1')`,
  fastify: `const f = require('fastify')(); f.get('/api/x', async () => (${body}));
    f.listen({ port: ${PORT}, host: '127.0.0.1' })`,
}

/**
 * Loads one floor server with the benches' settings (BENCH_PIN=0:1 pins it as it pins ours): what this machine
 * and the load generator give for a server doing nothing, the scale every other figure of the run is read against.
 */
export async function floorRun(name: keyof typeof floorServers, opts: LoadOptions) {
  // Fastify resolves from the server package, where it is a dependency.
  const proc = spawnOnServerCore(['node', '-e', floorServers[name]], {
    stdio: 'inherit',
    cwd: 'packages/server',
  })
  try {
    await answering(`${base}/api/x`, proc)
    const r = await load('GET', '/api/x', {}, () => ({}), opts)
    return { ...r, rssMb: rssMb(proc.pid!, 'VmHWM') }
  } finally {
    proc.kill()
    await new Promise((r) => proc.once('exit', r))
  }
}
