import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import net, { type AddressInfo } from 'node:net'

/** Whether a Redis answers at `url` (a PING within a second). */
async function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  const socket = net.connect(Number(port || 6379), hostname)
  socket.setTimeout(1000)
  try {
    await once(socket, 'connect')
    socket.write('PING\r\n')
    const [reply] = await once(socket, 'data')
    return String(reply).startsWith('+PONG')
  } catch {
    return false
  } finally {
    socket.destroy()
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  server.close()
  return port
}

/**
 * The Redis the tests count in: TEST_REDIS_URL, else the machine's on 127.0.0.1:6379 (the project's machines and
 * CI run one), else a `redis-server` started here on a free port and stopped by `stop` (from Debian's package,
 * which scripts/install-system-deps.sh installs). Nothing is written to disk.
 */
export async function localRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const given = process.env.TEST_REDIS_URL
  if (given) return { url: given, stop: async () => {} }
  const machine = 'redis://127.0.0.1:6379'
  if (await answers(machine)) return { url: machine, stop: async () => {} }
  const port = await freePort()
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  )
  const url = `redis://127.0.0.1:${port}`
  for (let i = 0; i < 50 && !(await answers(url)); i++) await new Promise((r) => setTimeout(r, 100))
  return {
    url,
    stop: async () => {
      child.kill()
      if (child.exitCode === null) await once(child, 'exit')
    },
  }
}
