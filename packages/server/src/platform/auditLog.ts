import { screenByPath } from '@moc/domain/catalogue'
import { canOpen } from '@moc/domain/permissions/can'
import { SCREEN_HEADER } from '@moc/domain/transport/screenHeader'
import { sql } from 'drizzle-orm'
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify'
import type { Database } from '../db/client.ts'
import { preparedStatement, runPrepared } from '../db/prepared.ts'
import { operationLog } from '../db/schema.ts'
import { staticPage } from './access.ts'
import type { Ctx } from './context.ts'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** `auditPage` of a call made from many screens: the log names the page of the screen it came from. */
export const FROM_SCREEN = 'screen'

/** The page a route's calls are logged under, as far as the route alone says ('' when the request decides). */
const loggedPage = (config: FastifyContextConfig | undefined) =>
  config?.auditPage === FROM_SCREEN ? '' : (config?.auditPage ?? staticPage(config?.access))

/**
 * The page of the screen a request says it comes from (SCREEN_HEADER): the screen's permission page, or its title
 * when it has none; '' when the header names no screen of the catalogue or one the caller may not open.
 */
function screenPage(req: FastifyRequest): string {
  const header = req.headers[SCREEN_HEADER]
  const screen = typeof header === 'string' ? screenByPath(header.split('?')[0]!) : undefined
  if (!screen || !req.principal || screen.public || !canOpen(req.principal, screen.permission)) return ''
  return screen.permission ?? screen.title
}

/** Whether a route's calls may change something: any method but a read, or a read route naming its audit action. */
export const mayWrite = (method: string, config: { audit?: string } | undefined) =>
  !READS.has(method) || !!config?.audit

/** Whether a request may change something (mayWrite of its route). */
export const isWrite = (req: FastifyRequest) => mayWrite(req.method, req.routeOptions.config)

/** An action name the log can hold and the permission page it is logged under ('' for none). */
export interface AuditAction {
  action: string
  page: string
}
const catalogues = new WeakMap<FastifyInstance, Map<string, AuditAction>>()

/** Every action name the app's routes log, in registration order (the 操作日志 filter offers them). */
export const auditActions = (app: FastifyInstance): AuditAction[] => [
  ...(catalogues.get(app)?.values() ?? []),
]

export const LOG_COLUMNS = [
  'adminId',
  'username',
  'page',
  'action',
  'method',
  'path',
  'target',
  'ip',
  'userAgent',
  'result',
  'code',
  'status',
  'createdAt',
  'targetName',
] as const
type LogColumn = (typeof LOG_COLUMNS)[number]

/** The log's insert, built once: every write request runs it, so it skips query building (db/prepared.ts). */
const logInsert = (database: Database) =>
  preparedStatement('operation_log_insert', () =>
    database.db
      .insert(operationLog)
      .values(Object.fromEntries(LOG_COLUMNS.map((c) => [c, sql.placeholder(c)])) as never)
      .toSQL(),
  )

/** Writes the operation log (操作日志) for every mutating /api call before its answer leaves. */
export function registerAuditLog(app: FastifyInstance, ctx: Ctx) {
  const catalogue = new Map<string, AuditAction>()
  catalogues.set(app, catalogue)
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return
    const page = loggedPage(route.config)
    for (const method of [route.method].flat()) {
      if (!mayWrite(method, route.config) || route.config?.auditSkip) continue
      for (const action of [
        route.config?.audit ?? `${method} ${route.url}`,
        ...(route.config?.auditAlso ?? []),
      ])
        if (!catalogue.has(action)) catalogue.set(action, { action, page })
    }
  })
  app.decorateRequest('auditInfo', null as never)
  app.decorateRequest('resultCode', 0)
  // Synchronous hooks (done callbacks) where nothing is awaited: every request runs them, a promise each is waste.
  app.addHook('onRequest', (req, _reply, done) => {
    req.auditInfo = { startedAt: new Date() }
    done()
  })
  /** Whether this request's log row is still to be written. */
  const unlogged = (req: FastifyRequest) =>
    isWrite(req) &&
    !req.routeOptions.config?.auditSkip &&
    req.url.startsWith('/api/') &&
    !req.auditInfo.written
  const writeLog = (req: FastifyRequest, status: number) => {
    req.auditInfo.written = true
    return runPrepared(ctx.database, logInsert(ctx.database), auditRow(req, status, req.resultCode)).catch(
      (err: unknown) => req.log.error({ err }, 'operation log write failed'),
    )
  }
  // A write is logged before its answer leaves (a caller that sees the answer finds the row), with the envelope's
  // code read before the codec seals the payload: success envelopes can still carry a non-zero code. Reads, the bulk
  // of the traffic, pass through a callback hook without a promise each.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!unlogged(req)) return done(null, payload)
    if (req.resultCode === 0 && typeof payload === 'string') {
      const m = /^\{"code":(-?\d+)/.exec(payload)
      if (m) req.resultCode = Number(m[1])
    }
    void writeLog(req, reply.statusCode).finally(() => done(null, payload))
  })
  // A reply that bypasses onSend (hijacked: tus, the single sign-on provider) is logged once it has been sent.
  app.addHook('onResponse', (req, reply, done) => {
    if (!unlogged(req)) return done()
    void writeLog(req, reply.statusCode).finally(done)
  })
}

/**
 * The operation-log row of a request that answered `status` with envelope `code`. A handler may write it itself,
 * in the transaction of its change (review transitions), and then sets `auditInfo.written`.
 */
export function auditRow(req: FastifyRequest, status: number, code: number): Record<LogColumn, unknown> {
  const route = req.routeOptions
  const info = req.auditInfo
  return {
    adminId: req.principal?.adminId ?? info.adminId ?? null,
    username: req.principal?.username ?? info.username ?? '',
    page: info.page ?? (route.config?.auditPage === FROM_SCREEN ? screenPage(req) : loggedPage(route.config)),
    action: info.action ?? route.config?.audit ?? `${req.method} ${route.url ?? req.url.split('?')[0]}`,
    method: req.method,
    path: req.url.split('?')[0]!.slice(0, 300),
    target: (info.target ?? '').slice(0, 300),
    targetName: (info.targetName ?? '').slice(0, 300),
    ip: req.ip,
    userAgent: (req.headers['user-agent'] ?? '').slice(0, 300),
    result: status < 400 && code === 0 ? 'success' : 'fail',
    code,
    status,
    // When the operation was asked for: rows of overlapping requests, written as each one ends, still sort by it.
    createdAt: info.startedAt,
  }
}
