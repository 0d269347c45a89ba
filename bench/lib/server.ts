import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from 'node:child_process'
import { openSync, readFileSync } from 'node:fs'

/** The port every benchmark serves on (loopback only; BENCH_PORT when several people bench on one machine). */
export const PORT = Number(process.env.BENCH_PORT ?? 18_282)
export const base = `http://127.0.0.1:${PORT}`

export interface Server {
  proc: ChildProcess
  readyMs: number
  /** Where it answers: `base`, or another port's. */
  url: string
}

/**
 * BENCH_PIN=<server cpu>:<load cpu> (e.g. 0:1) pins the server and the load generator to their own cores with
 * taskset, so autocannon does not steal the server's CPU (PostgreSQL still floats over both).
 */
const pin = process.env.BENCH_PIN?.match(/^(\d+):(\d+)$/)
if (pin) execFileSync('taskset', ['-pc', pin[2]!, String(process.pid)], { stdio: 'ignore' })

/**
 * BENCH_NODE_ARGS: extra node options for the server (e.g. `--cpu-prof --cpu-prof-dir=.tmp/prof`);
 * BENCH_SERVER: another build's main.js, for A/B runs under the same load.
 */
const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []
const logFile = process.env.BENCH_SERVER_LOG

/**
 * `npm start`'s command line, so the benches run the server as users do: its node options (the young
 * generation's size) and any environment assignments come from package.json.
 */
const startLine = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(' ')
  .filter(Boolean)
const startEnv = Object.fromEntries(
  startLine.filter((t) => /^[A-Z_]+=/.test(t)).map((t) => t.split('=') as [string, string]),
)
const startOptions = startLine.filter((t) => t.startsWith('--'))

/** Spawns a node command line on the server's core when BENCH_PIN pins it (taskset), else as it is. */
export function spawnOnServerCore(node: string[], options: SpawnOptions): ChildProcess {
  const [bin, args] = pin ? ['taskset', ['-c', pin[1]!, ...node]] : [node[0]!, node.slice(1)]
  return spawn(bin, args as string[], options)
}

/** Waits until `url` answers with a success; fails if `proc` exits first. */
export async function answering(url: string, proc: ChildProcess) {
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${url}: the server exited during start`)
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** Starts the built server as `npm start` does and waits until it answers; returns the time that took. */
export async function startServer(env: Record<string, string>, port = PORT): Promise<Server> {
  const url = `http://127.0.0.1:${port}`
  const t0 = performance.now()
  const node = [
    'node',
    ...startOptions,
    ...nodeArgs,
    process.env.BENCH_SERVER ?? 'packages/server/dist/main.js',
  ]
  const proc = spawnOnServerCore(node, {
    env: {
      ...process.env,
      ...startEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The load comes from one session and address: limits raised out of reach, not off, so their cost is measured.
      API_RATE_LIMIT: '1000000000',
      AUTH_IP_RATE_LIMIT: '1000000',
      AUTH_ACCOUNT_RATE_LIMIT: '1000000',
      ...env,
    },
    // BENCH_SERVER_LOG=<file>: the server's standard output (e.g. with BENCH_NODE_ARGS=--trace-gc) goes there.
    stdio: ['ignore', logFile ? openSync(logFile, 'a') : 'ignore', 'inherit'],
  })
  await answering(`${url}/api/session/config`, proc)
  return { proc, readyMs: performance.now() - t0, url }
}

export async function stop(s: Server) {
  s.proc.kill('SIGTERM')
  await new Promise((r) => s.proc.once('exit', r))
}

/** Resident memory of a process in MB: now (VmRSS) or its peak (VmHWM). */
export const rssMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN
}
