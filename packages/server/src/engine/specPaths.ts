import { isContentDef, resources } from '@moc/domain/resources/index'
import type { ResourceDef, SpecAlias, SpecInput } from '@moc/domain/resources/types'
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import { z } from 'zod'
import type { Access, ResourceAccess } from '../platform/access.ts'
import { AppError } from '../platform/errors.ts'
import { chosenKey } from '../platform/guard.ts'
import { strictValidatorCompiler } from '../platform/strictBody.ts'

type Check = (v: unknown) => { value?: unknown; error?: unknown }

/**
 * A GET query's text as a body's values: `ids` (comma-separated or repeated) → numbers, digit strings → numbers
 * unless the body takes the text as it is (a tag named 2024).
 */
function bodyOfQuery(q: SpecInput, shape: Record<string, z.ZodType>): SpecInput {
  const out: SpecInput = {}
  for (const [k, v] of Object.entries(q)) {
    if (k === 'ids')
      out[k] = [v]
        .flat()
        .flatMap((x) => String(x).split(','))
        .filter(Boolean)
        .map(Number)
    else out[k] = typeof v === 'string' && /^\d+$/.test(v) && !shape[k]?.safeParse(v).success ? Number(v) : v
  }
  return out
}

/** One alias of a spec path: its definition's engine route and how a request reaches it. */
interface Target {
  def: ResourceDef
  alias: SpecAlias
  route: RouteOptions
  /** The content kind the alias fixes (content definitions). */
  kind?: string
  /** The engine route's own type (routes of one kind or one record type take no kind in their input). */
  engineKind?: string
  /** The engine reads a body (else a query). */
  toBody: boolean
  /** The `when` value that chooses it. */
  key?: string
  /** The engine's validator, run here when Fastify cannot (a chosen route, a GET path of a POST call, a patch). */
  check?: Check
}

/**
 * Spec paths of resource definitions (`def.specPaths`, decisions 0023 and 0037): each is mounted on the engine route
 * it names with that route's handler, schemas, audit and access — the kind fixed to the definition's — so the guard,
 * validation and operation log are the engine's own. Before validation the request is put where the engine reads
 * it: `defaults` under and the kind and `fill` over the caller's values, the query turned into the body or back when
 * the methods differ, the alias's `input` applied; its `answer` and `msg` shape what the engine answers. Aliases of
 * one path (SpecAlias.when) are chosen per request by an input value, with the chosen route's guard. Call it before
 * the engine's routes are added (it notes them) and `mount` after.
 */
export function specPathRoutes(app: FastifyInstance) {
  const engine = new Map<string, RouteOptions>()
  app.addHook('onRoute', (route) => {
    for (const m of [route.method].flat()) engine.set(`${m} ${route.url}`, route)
  })

  function targetOf(def: ResourceDef, spec: string, alias: SpecAlias): Target {
    const route = engine.get(alias.engine)
    if (!route) throw new Error(`${def.name} spec path ${spec}: no engine route ${alias.engine}`)
    // A record type's routes name their definition already; a content route may take the kind from the input.
    const kind = isContentDef(def) ? def.storage.kind : undefined
    const routeAccess = route.config?.access as { kind?: string; record?: string } | undefined
    const engineKind = routeAccess?.kind ?? routeAccess?.record
    if (engineKind && engineKind !== (kind ?? def.name))
      throw new Error(`${def.name} spec path ${spec}: ${alias.engine} is another type's`)
    const key = alias.when && String(Object.values(alias.when)[0])
    return { def, alias, route, kind, engineKind, toBody: alias.engine.startsWith('POST '), key }
  }

  /** The engine's validator of a target's input; a patch checks only the fields sent. */
  function checkOf(t: Target, method: string, url: string): Check | undefined {
    const schema = t.route.schema?.[t.toBody ? 'body' : 'querystring'] as z.ZodType | undefined
    if (!schema) return undefined
    const fields = Object.keys(t.def.fields)
    const partial =
      t.alias.patch && schema instanceof z.ZodObject
        ? schema.partial(
            Object.fromEntries(fields.filter((f) => f in schema.shape).map((f) => [f, true])) as never,
          )
        : schema
    const httpPart = t.toBody ? 'body' : 'querystring'
    return strictValidatorCompiler({ schema: partial, method, url, httpPart } as never) as Check
  }

  function mountPath(spec: string, targets: Target[]) {
    const [method, url] = spec.split(' ') as ['GET' | 'POST', string]
    const first = targets[0]!
    // Several aliases: the one field their `when` names chooses among them, `byDefault` when the request gives none.
    const by = targets.length > 1 ? Object.keys(first.alias.when ?? {})[0] : undefined
    const fallback = targets.find((t) => t.alias.byDefault)?.key
    if (targets.length > 1) {
      const keys = targets.map((t) => t.key)
      if (
        !by ||
        targets.some((t) => Object.keys(t.alias.when ?? {}).join() !== by) ||
        new Set(keys).size < keys.length
      )
        throw new Error(`spec path ${spec}: its aliases need distinct values of one \`when\` field`)
    }
    // Fastify validates a single alias's input; a chosen one, a patch, or a GET path of a POST call is checked here.
    const own = by !== undefined || first.alias.patch === true
    for (const t of targets) if (own || (method === 'GET' && t.toBody)) t.check = checkOf(t, method, url)
    const shaped = targets.some((t) => t.alias.answer || t.alias.msg)

    const accessOf = (t: Target): 'signedIn' | ResourceAccess =>
      t.alias.open
        ? 'signedIn'
        : { ...(t.route.config?.access as ResourceAccess), ...(t.kind ? { kind: t.kind } : {}) }
    const access: Access = targets.every((t) => t.alias.open)
      ? 'signedIn'
      : by
        ? { by, fallback, routes: Object.fromEntries(targets.map((t) => [t.key!, accessOf(t)])) }
        : accessOf(first)
    const audits = [...new Set(targets.flatMap((t) => t.route.config?.audit ?? []))]

    const { body, querystring, response, ...schema } = first.route.schema ?? {}
    const engines = targets.map((t) =>
      t.key === undefined ? t.alias.engine : `${by}=${t.key} → ${t.alias.engine}`,
    )
    const chosen = new WeakMap<FastifyRequest, { t: Target; spec: SpecInput }>()
    app.route({
      method,
      url,
      handler: shaped
        ? async function (this: FastifyInstance, req, reply) {
            const { t, spec } = chosen.get(req)!
            const out = (await t.route.handler.call(this, req, reply)) as { data?: unknown; msg?: string }
            if (!out || typeof out !== 'object' || !('data' in out)) return out
            const { answer, msg } = t.alias
            return { ...out, data: answer ? answer(out.data as never, spec) : out.data, msg: msg ?? out.msg }
          }
        : by
          ? function (this: FastifyInstance, req, reply) {
              return chosen.get(req)!.t.route.handler.call(this, req, reply)
            }
          : first.route.handler,
      config: {
        ...first.route.config,
        access,
        ...(audits.length ? { audit: audits[0], auditAlso: audits.slice(1) } : {}),
      } as never,
      schema: {
        ...schema,
        ...(own
          ? {}
          : { ...(querystring ? { querystring } : {}), ...(body && !first.check ? { body } : {}) }),
        ...(shaped || by ? {} : { response }),
        summary: `${first.route.schema?.summary ?? first.alias.engine}（规格路径，即 ${engines.join('；')}${first.kind ? `，kind 固定为 ${first.kind}` : ''}${method === 'GET' && first.toBody ? '；参数在查询串中，ids 以逗号分隔' : ''}）`,
      },
      preValidation: async (req: FastifyRequest) => {
        const spec = (method === 'POST' ? (req.body ?? {}) : req.query) as SpecInput
        const t = by ? targets.find((x) => x.key === chosenKey(req, { by, fallback })) : first
        if (!t) throw new AppError('BAD_REQUEST', '未知的类型')
        const { [by ?? '']: _choice, ...given } = spec
        const bodySchema = t.route.schema?.body as z.ZodObject | undefined
        const from = method === 'GET' && t.toBody ? bodyOfQuery(given, bodySchema?.shape ?? {}) : given
        // Routes of one kind (/api/content/<kind>/…) take no kind in their input.
        let input: SpecInput = {
          ...t.alias.defaults,
          ...from,
          ...(t.engineKind || !t.kind ? {} : { kind: t.kind }),
          ...t.alias.fill,
        }
        if (t.alias.input) input = t.alias.input(input)
        if (t.check) {
          const checked = t.check(input)
          if (checked.error)
            throw checked.error instanceof AppError
              ? checked.error
              : Object.assign(new Error('请求参数有误'), { validation: checked.error })
          const value = checked.value as SpecInput
          // A patch writes what was sent, not the defaults of the fields left out.
          input = t.alias.patch
            ? Object.fromEntries(Object.entries(value).filter(([k]) => k in input))
            : value
        }
        if (t.toBody) req.body = input
        else req.query = input
        chosen.set(req, { t, spec })
        const audit = t.route.config?.audit
        if (by && audit) req.auditInfo.action = audit
      },
    })
  }

  return {
    mount() {
      const paths = new Map<string, Target[]>()
      for (const def of Object.values(resources as Record<string, ResourceDef>))
        for (const [spec, aliases] of Object.entries(def.specPaths ?? {}))
          for (const a of [aliases].flat()) {
            const target = targetOf(def, spec, typeof a === 'string' ? { engine: a } : a)
            paths.set(spec, [...(paths.get(spec) ?? []), target])
          }
      for (const [spec, targets] of paths) mountPath(spec, targets)
    },
  }
}
