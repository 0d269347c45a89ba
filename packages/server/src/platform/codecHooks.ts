import { ENCRYPT_MARK, encryptHeaders } from '@moc/domain/transport/codec'
import type { FastifyInstance } from 'fastify'
import { readMark } from './codec.ts'
import type { Ctx } from './context.ts'
import { AppError } from './errors.ts'

const isJson = (type: string | undefined) => type?.includes('application/json') ?? false

/**
 * Encrypted bodies on /api: requests marked 111 are admitted (fresh, not replayed), their body opened
 * before validation, and their response sealed. With BODY_ENCRYPTION on, unmarked JSON bodies are refused.
 */
export function registerCodec(app: FastifyInstance, ctx: Ctx) {
  app.decorateRequest('codecMark', undefined)
  // Synchronous (done-callback) hooks: nothing here awaits, and every API call passes through both.
  app.addHook('preValidation', (req, _reply, done) => {
    if (!req.url.startsWith('/api/')) return done()
    try {
      const mark = readMark(req.headers)
      if (!mark) {
        if (ctx.config.bodyEncryption && req.body !== undefined && isJson(req.headers['content-type']))
          throw new AppError('CRYPTO_REQUIRED')
        return done()
      }
      ctx.codec.admit(mark)
      if (req.body !== undefined) req.body = ctx.codec.openRequest(mark, req.method, req.url, req.body)
      req.codecMark = mark
      done()
    } catch (e) {
      done(e as Error)
    }
  })
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!req.codecMark || typeof payload !== 'string') return done(null, payload)
    reply.header(encryptHeaders.mark, ENCRYPT_MARK)
    // Every API reply is JSON already; a sealed reply that was not (an error page) says so.
    if (!String(reply.getHeader('content-type')).startsWith('application/json'))
      reply.header('content-type', 'application/json; charset=utf-8')
    done(null, ctx.codec.sealResponse(req.codecMark, payload))
  })
}
