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
  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith('/api/')) return
    const mark = readMark(req.headers)
    if (!mark) {
      if (ctx.config.bodyEncryption && req.body !== undefined && isJson(req.headers['content-type']))
        throw new AppError('CRYPTO_REQUIRED')
      return
    }
    ctx.codec.admit(mark)
    if (req.body !== undefined) req.body = ctx.codec.openRequest(mark, req.method, req.url, req.body)
    req.codecMark = mark
  })
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.codecMark || typeof payload !== 'string') return payload
    reply.header(encryptHeaders.mark, ENCRYPT_MARK)
    reply.header('content-type', 'application/json; charset=utf-8')
    return ctx.codec.sealResponse(req.codecMark, payload)
  })
}
