import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** The port every benchmark serves on (loopback only). */
export const PORT = 18_282
export const base = `http://127.0.0.1:${PORT}`

export interface Server {
  proc: ChildProcess
  readyMs: number
}

/** Starts the built server as `npm start` does and waits until it answers; returns the time that took. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const t0 = performance.now()
  const proc = spawn('node', ['packages/server/dist/main.js'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (;;) {
    if (proc.exitCode !== null) throw new Error('server exited during start')
    try {
      if ((await fetch(`${base}/api/session/config`)).ok) return { proc, readyMs: performance.now() - t0 }
    } catch {}
    await new Promise((r) => setTimeout(r, 25))
  }
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
