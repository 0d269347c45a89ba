import { readdirSync, readFileSync } from 'node:fs'

/**
 * CPU time spent by processes, from /proc (user + system, all threads): on a machine shared with other work,
 * CPU milliseconds per request measure a change where req/s mostly measures the neighbours.
 */
const TICK_MS = 10 // USER_HZ is 100 on Linux

const ticksOf = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(f[11]) + Number(f[12]) // utime, stime (fields 14 and 15 of stat)
  } catch {
    return 0 // exited
  }
}

/** The PostgreSQL backends serving one database (their process title names it). */
function backendsOf(database: string): number[] {
  const pids: number[] = []
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8')
      if (cmd.startsWith('postgres: ') && cmd.includes(` ${database} `)) pids.push(Number(d))
    } catch {}
  }
  return pids
}

/** CPU ms of the server process and of the database's backends between `start()` and the returned `end()`. */
export function cpuMeter(serverPid: number, database?: string) {
  const before = new Map<number, number>()
  const sample = () => {
    const m = new Map<number, number>()
    for (const pid of database ? backendsOf(database) : []) m.set(pid, ticksOf(pid))
    return m
  }
  for (const [pid, t] of sample()) before.set(pid, t)
  const server0 = ticksOf(serverPid)
  return () => {
    let db = 0
    for (const [pid, t] of sample()) db += t - (before.get(pid) ?? 0)
    return { serverMs: (ticksOf(serverPid) - server0) * TICK_MS, dbMs: db * TICK_MS }
  }
}
