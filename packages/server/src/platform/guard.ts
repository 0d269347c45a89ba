import { can, isSuperAdmin } from '@moc/domain/permissions/can'
import { contentResources, recordResources, reviewResources } from '@moc/domain/resources/index'
import { pickRights } from '@moc/domain/resources/pickRights'
import { permissionFor, type ResourceDef, supportsAction } from '@moc/domain/resources/types'
import type { FastifyInstance, FastifyRequest, onResponseHookHandler, onSendHookHandler } from 'fastify'
import { appTokenOf } from '../modules/community/appSessions.ts'
import { type Access, type ChosenAccess, changesContentOnly } from './access.ts'
import { isWrite, mayWrite } from './auditLog.ts'
import type { Ctx } from './context.ts'
import { AppError } from './errors.ts'

/** The session token: header x-auth-token (spec §7), or a Bearer token for the demo-backend calls. */
export const tokenOf = (req: FastifyRequest) => {
  const v = req.headers['x-auth-token']
  if (typeof v === 'string' && v) return v
  const auth = req.headers.authorization
  return auth?.startsWith('Bearer ') ? auth.slice(7) : undefined
}

/** One /api route and what it requires; the authorisation matrix test walks this table. */
export interface RouteAccess {
  method: string
  url: string
  access: Access
  /** The body schema, when the route takes one (validated strictly, see strictBody.ts). */
  body: unknown
}

/** A value the request names: the body's `field`, else the query's (a kind, a review resType, a tag type). */
function requested(req: FastifyRequest, field: string): unknown {
  const body = req.body as Record<string, unknown> | undefined
  if (body && typeof body === 'object' && field in body) return body[field]
  return (req.query as Record<string, unknown> | undefined)?.[field]
}

/** The key of the route a ChosenAccess request chooses: its `by` value as text, `fallback` when it names none. */
export function chosenKey(
  req: FastifyRequest,
  access: Pick<ChosenAccess, 'by' | 'fallback'>,
): string | undefined {
  const v = requested(req, access.by)
  return v === undefined ? access.fallback : String(v)
}

/** The resource definition a resource-engine route serves on this request (set by the guard). */
export function resourceOf(req: FastifyRequest): ResourceDef {
  if (!req.resource) throw new Error('resourceOf needs a route declaring { resource } access')
  return req.resource
}

/** Authenticates and authorises every /api route from its declared `config.access`. */
export function registerGuard(app: FastifyInstance, ctx: Ctx) {
  app.decorateRequest('principal', null)
  app.decorateRequest('appUser', null)
  app.decorateRequest('resource', null)
  const accessTable: RouteAccess[] = []
  app.decorate('accessTable', accessTable)
  // Writes forget the cached reads they may change when they start and again before their response leaves, so
  // a caller that has the answer reads its own change (readCaches.ts). A reply that bypasses onSend (hijacked:
  // tus, the single sign-on provider) forgets once it has been sent.
  const forget = (req: FastifyRequest) => {
    if (isWrite(req)) ctx.readCaches.forget(changesContentOnly(req.routeOptions.config.access))
  }
  const ended = new WeakSet<FastifyRequest>()
  const forgetOnSend: onSendHookHandler = (req, _reply, payload, done) => {
    forget(req)
    ended.add(req)
    done(null, payload)
  }
  const forgetOnResponse: onResponseHookHandler = (req, _reply, done) => {
    if (!ended.has(req)) forget(req)
    done()
  }
  app.addHook('onRoute', (route) => {
    // The forget hooks only on routes that may write: reads, the bulk of the traffic, skip them.
    if ([route.method].flat().some((m) => mayWrite(m, route.config))) {
      route.onSend = [...[route.onSend ?? []].flat(), forgetOnSend]
      route.onResponse = [...[route.onResponse ?? []].flat(), forgetOnResponse]
    }
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return
    const access = route.config?.access
    if (access === undefined) throw new Error(`route ${route.method} ${route.url} declares no access`)
    for (const method of [route.method].flat())
      if (method !== 'HEAD') accessTable.push({ method, url: route.url, access, body: route.schema?.body })
  })
  app.addHook('onRequest', async (req) => {
    forget(req)
    const access = req.routeOptions.config.access
    if (access === undefined || access === 'public') return
    // An app user's route takes its app session only: a console token is no app session, and the reverse.
    if (access === 'appUser') {
      req.appUser = await ctx.appSessions.authenticate(appTokenOf(req))
      return
    }
    const config = req.routeOptions.config
    const principal = await ctx.sessions.authenticate(tokenOf(req)).catch((e: unknown) => {
      if (config.authMessage && e instanceof AppError && e.status === 401)
        throw new AppError(e.name, config.authMessage)
      throw e
    })
    req.principal = principal
    if (access === 'signedIn') return
    if (access === 'superAdmin') {
      if (!isSuperAdmin(principal)) throw new AppError('FORBIDDEN')
      return
    }
    if ('resource' in access || 'by' in access) return // decided once the body is parsed (preValidation)
    if (!can(principal, access.page, access.action)) throw new AppError('FORBIDDEN')
  })
  // Resource routes: the kind may be in the body, parsed by now but not validated yet. The handler then acts
  // on `resourceOf(req)`, the very definition checked here, never on a kind it re-reads.
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      authoriseResource(req)
      done()
    } catch (err) {
      done(err as Error)
    }
  })
}

/** The resource and chosen routes' check, once the body is parsed (see registerGuard). */
function authoriseResource(req: FastifyRequest) {
  let access = req.routeOptions.config.access
  if (typeof access === 'object' && 'by' in access) {
    const key = chosenKey(req, access)
    if (key === undefined || !Object.hasOwn(access.routes, key))
      throw new AppError('BAD_REQUEST', '未知的类型')
    access = access.routes[key]
    if (typeof access === 'object' && 'page' in access) {
      if (!can(req.principal!, access.page, access.action)) throw new AppError('FORBIDDEN')
      req.auditInfo.page = access.page
      return
    }
  }
  if (typeof access !== 'object' || !('resource' in access)) return
  if (access.queue) {
    const fixed = access.kind
      ? contentResources.get(access.kind)
      : access.record
        ? recordResources.get(access.record)
        : undefined
    const resType = fixed ? fixed.review?.resType : requested(req, 'resType')
    const def = typeof resType === 'string' ? reviewResources.get(resType) : undefined
    if (!def) throw new AppError('BAD_REQUEST', '未知的审核类型')
    if (!can(req.principal!, def.review.permissionPage, '审核')) throw new AppError('FORBIDDEN')
    req.resource = def
    req.auditInfo.page = def.review.permissionPage
    return
  }
  let def: ResourceDef | undefined
  if (access.record) def = recordResources.get(access.record)
  else {
    const kind = access.kind ?? requested(req, 'kind') ?? access.kindDefault
    def = typeof kind === 'string' ? contentResources.get(kind) : undefined
    if (!def) throw new AppError('BAD_REQUEST', '未知的内容类型')
  }
  if (!def) throw new Error(`no record definition ${access.record}`)
  if (access.picks) {
    if (!pickRights(def).some((r) => can(req.principal!, r.page, r.action))) throw new AppError('FORBIDDEN')
    req.resource = def
    req.auditInfo.page = def.permissionPage
    return
  }
  // A route with its own action (a command) is mounted only for types that have it.
  if (!access.action && !supportsAction(def, access.resource))
    throw new AppError('BAD_REQUEST', '该内容类型不支持此操作')
  if (!can(req.principal!, def.permissionPage, access.action ?? permissionFor(def, access.resource)))
    throw new AppError('FORBIDDEN')
  req.resource = def
  req.auditInfo.page = def.permissionPage
}
