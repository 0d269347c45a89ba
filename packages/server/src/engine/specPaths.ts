import { isContentDef, resources } from '@moc/domain/resources/index'
import type { ResourceDef } from '@moc/domain/resources/types'
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import { strictValidatorCompiler } from '../platform/strictBody.ts'

type Input = Record<string, unknown>

/** A GET query's text as a body's values: `ids` (comma-separated or repeated) → numbers, digit strings → numbers. */
function bodyOfQuery(q: Input): Input {
  const out: Input = {}
  for (const [k, v] of Object.entries(q)) {
    if (k === 'ids')
      out[k] = [v]
        .flat()
        .flatMap((x) => String(x).split(','))
        .filter(Boolean)
        .map(Number)
    else out[k] = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v
  }
  return out
}

/**
 * Spec paths of resource definitions (`def.specPaths`, decision 0023): each is mounted on the engine route it
 * names with that route's handler, schemas, audit and access — the kind fixed to the definition's — so the guard,
 * validation and operation log are the engine's own. Before validation the request is put where the engine reads
 * it: the kind and `fill` values added (overriding the caller's), the query turned into the body or back when the
 * methods differ. Call it before the engine's routes are added (it notes them) and `mount` after.
 */
export function specPathRoutes(app: FastifyInstance) {
  const engine = new Map<string, RouteOptions>()
  app.addHook('onRoute', (route) => {
    for (const m of [route.method].flat()) engine.set(`${m} ${route.url}`, route)
  })
  return {
    mount() {
      for (const def of Object.values(resources as Record<string, ResourceDef>))
        for (const [spec, target] of Object.entries(def.specPaths ?? {})) {
          const { engine: name, fill } = typeof target === 'string' ? { engine: target, fill: {} } : target
          const route = engine.get(name)
          if (!route) throw new Error(`${def.name} spec path ${spec}: no engine route ${name}`)
          const [method, url] = spec.split(' ') as ['GET' | 'POST', string]
          const toBody = name.startsWith('POST ')
          // A record type's routes name their definition already; a content route may take the kind from the input.
          const kind = isContentDef(def) ? def.storage.kind : undefined
          const routeAccess = route.config?.access as { kind?: string; record?: string } | undefined
          const engineKind = routeAccess?.kind ?? routeAccess?.record
          if (engineKind && engineKind !== (kind ?? def.name))
            throw new Error(`${def.name} spec path ${spec}: ${name} is another type's`)
          // Fastify takes no body schema on a GET route: a GET spec path of a POST call checks its query, made the
          // body, with the engine's own (strict) body validator, and answers its failures as validation fails.
          const { body: bodySchema, ...schema } = route.schema ?? {}
          const checkBody =
            method === 'GET' && bodySchema
              ? (strictValidatorCompiler({ schema: bodySchema, method, url, httpPart: 'body' } as never) as (
                  v: unknown,
                ) => { value?: unknown; error?: unknown[] })
              : undefined
          app.route({
            method,
            url,
            handler: route.handler,
            config: {
              ...route.config,
              access: { ...(route.config?.access as object), ...(kind ? { kind } : {}) },
            } as never,
            schema: {
              ...schema,
              ...(!checkBody && bodySchema ? { body: bodySchema } : {}),
              summary: `${route.schema?.summary ?? name}（规格路径，即 ${name}${kind ? `，kind 固定为 ${kind}` : ''}${checkBody ? '；参数在查询串中，ids 以逗号分隔' : ''}）`,
            },
            preValidation: async (req: FastifyRequest) => {
              const query = req.query as Input
              const from =
                method === 'POST' ? ((req.body ?? {}) as Input) : toBody ? bodyOfQuery(query) : query
              // Routes of one kind (/api/content/<kind>/…) take no kind in their input.
              const input = { ...from, ...(engineKind || !kind ? {} : { kind }), ...fill }
              if (!toBody) req.query = input
              else if (!checkBody) req.body = input
              else {
                const checked = checkBody(input)
                if (checked.error)
                  throw Object.assign(new Error('请求参数有误'), { validation: checked.error })
                req.body = checked.value
              }
            },
          })
        }
    },
  }
}
