import type { FastifyInstance } from 'fastify'

/**
 * Runs `task` when the app is ready and then every `intervalMs` until it closes, one run at a time (a slow run
 * delays the next instead of overlapping it); closing waits for the run in hand. Failures are logged as `name`.
 * Every instance may run it: the tasks are idempotent housekeeping.
 */
export function every(app: FastifyInstance, name: string, intervalMs: number, task: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = running.then(task).catch((err: unknown) => app.log.error({ err }, `${name} failed`))
  }
  app.addHook('onReady', async () => {
    run()
    timer = setInterval(run, intervalMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
