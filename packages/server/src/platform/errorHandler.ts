import { errorCodes } from '@moc/domain/transport/errorCodes'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError } from './errors.ts'

const CJK = /[\u4e00-\u9fff]/

/** The PostgreSQL error code (SQLSTATE) of a failed query, also when the ORM wraps it (its `cause`). */
function sqlState(err: unknown): { code: string; message: string } | undefined {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 3;
    i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return { code: e.code, message: String(e.message ?? '') }
    e = e.cause as typeof e
  }
  return undefined
}

/**
 * A constraint the database kept where no check of ours came first (a row referenced or deleted meanwhile): a clear
 * refusal, not a 500. Our own checks normally answer first, with their own words.
 */
export function constraintError(err: unknown): AppError | undefined {
  const state = sqlState(err)
  if (!state) return undefined
  if (state.code === '23503')
    return /still referenced|仍然被|被引用/.test(state.message)
      ? new AppError('CONFLICT', '该数据正被其他数据使用，不能删除')
      : new AppError('BAD_REQUEST', '关联的数据不存在或已被删除，请刷新后重试')
  if (state.code === '23505') return new AppError('CONFLICT', '数据已存在，请勿重复提交')
  if (state.code === '23514') return new AppError('CONFLICT', '数据已变化，操作未完成，请刷新后重试')
  return undefined
}

/** Every failure leaves as the envelope with its HTTP status; nothing unexpected leaks details. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let e: AppError
    const kept = constraintError(err)
    if (err instanceof AppError) e = err
    else if (kept) {
      req.log.warn({ err }, 'a database constraint refused the request')
      e = kept
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0]
      const unknown = err.validation.find((v) => v.keyword === 'unrecognized_keys')?.params.keys as
        | string[]
        | undefined
      const msg = unknown
        ? `不允许提交的字段：${unknown.join('、')}`
        : first?.message && CJK.test(first.message)
          ? first.message
          : undefined
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.')
      e = new AppError('VALIDATION', msg ?? (field ? `参数 ${field} 有误` : undefined))
    } else if (err.statusCode === 413) e = new AppError('PAYLOAD_TOO_LARGE')
    else if (err.statusCode === 429) e = new AppError('RATE_LIMITED')
    else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
      e = new AppError(err.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST')
    else {
      req.log.error({ err }, 'unhandled error')
      e = new AppError('INTERNAL')
    }
    req.resultCode = e.code
    return reply.status(e.status).send({ code: e.code, msg: e.message, data: e.data })
  })
}

/**
 * Errors the router raises before any route runs (a malformed URL, a path segment past `maxParamLength`): the
 * same envelope as every other refusal (Fastify's `frameworkErrors` option).
 */
export function frameworkErrors(_err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const e = new AppError('BAD_REQUEST', '请求地址有误')
  return reply.status(e.status).send({ code: e.code, msg: e.message, data: e.data })
}

export const notFoundEnvelope = { code: errorCodes.NOT_FOUND.code, msg: errorCodes.NOT_FOUND.msg, data: null }
