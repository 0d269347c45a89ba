import { Writable } from 'node:stream'
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify'
import { pino } from 'pino'
import { describe, expect, it, vi } from 'vitest'
import { lazyChildLoggerFactory } from '../src/platform/lazyChildLogger.ts'

/** A Fastify app logging JSON lines into `lines`, with the lazy request loggers. */
async function appLoggingTo(lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  const app = Fastify({
    loggerInstance: pino({ level: 'warn', redact: ['*.password'] }, stream) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
  })
  app.setChildLoggerFactory(lazyChildLoggerFactory)
  app.get('/quiet', async () => ({ ok: true }))
  app.get('/warns', async (req) => {
    req.log.warn({ user: { name: 'a', password: 'secret' } }, 'careful')
    return { ok: true }
  })
  app.get('/debug', { logLevel: 'debug' }, async (req) => {
    req.log.debug('details')
    return { level: req.log.level }
  })
  await app.ready()
  return app
}

describe('lazy request loggers', () => {
  it('make no child logger for a request that does not log', async () => {
    const lines: Record<string, unknown>[] = []
    const app = await appLoggingTo(lines)
    const child = vi.spyOn(app.log, 'child')
    expect((await app.inject('/quiet')).json()).toEqual({ ok: true })
    expect(child).not.toHaveBeenCalled()
    expect((await app.inject('/warns')).statusCode).toBe(200)
    expect(child).toHaveBeenCalledTimes(1)
    await app.close()
  })

  it('log with the request id and the parent redaction when a request logs', async () => {
    const lines: Record<string, unknown>[] = []
    const app = await appLoggingTo(lines)
    await app.inject('/warns')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 40, msg: 'careful', reqId: expect.any(String) })
    expect(lines[0]!.user).toEqual({ name: 'a', password: '[Redacted]' })
    await app.close()
  })

  it("keep a route's own log level", async () => {
    const lines: Record<string, unknown>[] = []
    const app = await appLoggingTo(lines)
    expect((await app.inject('/debug')).json()).toEqual({ level: 'debug' })
    expect(lines.map((l) => l.msg)).toEqual(['details'])
    await app.close()
  })
})
