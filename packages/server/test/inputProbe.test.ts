import { errorCodes } from '@moc/domain/transport/errorCodes'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin } from '../src/db/schema.ts'
import { appUser } from '../src/db/tables/community.ts'
import type { RouteAccess } from '../src/platform/guard.ts'
import { engines, startTestApp, type TestApp } from './harness.ts'
import { cases } from './routeCases.ts'
import {
  arbitraryFor,
  hostileQueryValues,
  hostileValues,
  type JsonSchema,
  plausible,
} from './schemaArbitrary.ts'

/**
 * Bad input gets a 4xx in the envelope, never a 500 (issue 19): every /api route of the OpenAPI document is
 * called as the super administrator (so input reaches the handlers) with NUL characters, ids past the columns'
 * range, over-long strings, wrong types and malformed JSON in each field in turn, and every write route with
 * bodies fast-check generates from its schema. FUZZ_RUNS and FUZZ_SEED change the generated share.
 */
const FUZZ_BODIES = Number(process.env.FUZZ_RUNS ?? 2_000)
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 19)

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[]
  requestBody?: { content: { 'application/json'?: { schema: JsonSchema } } }
}

interface Probe {
  route: RouteAccess
  params: Record<string, string>
  query: Record<string, string>
  body?: unknown
  raw?: string
  what: string
}

describe.each(engines)('bad input gets a 4xx envelope (%s)', (engine) => {
  let t: TestApp
  let token = ''
  let appToken = ''
  let operations: Map<string, Operation>
  const failures: string[] = []

  async function freshToken() {
    const [row] = await t.database.db.select({ id: admin.id }).from(admin).where(eq(admin.username, 'admin'))
    token = await t.ctx.sessions.create(row!.id, '127.0.0.1', 'probe', false)
    // App users' routes (decision 0041) take an app session: one app user, signed in afresh with the console.
    const [user] = await t.database.db
      .insert(appUser)
      .values({ phone: '', nickname: 'probe' })
      .returning({ id: appUser.id })
    appToken = (await t.ctx.appSessions.create(t.database.db, user!.id, 'probe')).token
  }

  const opOf = (r: RouteAccess) =>
    operations.get(`${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')}`) ??
    {}

  /** The request a client that read the documentation would make: the probes change one field of it. */
  function baseline(r: RouteAccess, variant: number): Omit<Probe, 'what'> {
    const op = opOf(r)
    const routeCases = cases(r)
    const caseQuery = Object.fromEntries(new URLSearchParams(routeCases[variant % routeCases.length]!.query))
    const params: Record<string, string> = {}
    for (const m of r.url.matchAll(/:(\w+)/g)) params[m[1]!] = '1'
    const query: Record<string, string> = {}
    for (const p of op.parameters ?? [])
      if (p.in === 'query' && p.required) query[p.name] = String(plausible(p.schema))
    const schema = op.requestBody?.content['application/json']?.schema
    const body = schema ? plausible(schema) : undefined
    if (body && typeof body === 'object' && !Array.isArray(body))
      for (const k of ['kind', 'resType', 'type'] as const)
        if (k in caseQuery && schema?.properties?.[k]) (body as Record<string, unknown>)[k] = caseQuery[k]
    return { route: r, params, query: { ...query, ...caseQuery }, body }
  }

  async function send(p: Probe): Promise<LightMyRequestResponse> {
    const url =
      p.route.url.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(p.params[k]!)).replace(/\*$/, '') +
      (Object.keys(p.query).length ? `?${new URLSearchParams(p.query)}` : '')
    const headers: Record<string, string> =
      p.route.access === 'public'
        ? {}
        : p.route.access === 'appUser'
          ? { authorization: `Bearer ${appToken}` }
          : { 'x-auth-token': token }
    const payload = p.raw ?? (p.body === undefined ? undefined : JSON.stringify(p.body))
    if (payload !== undefined) headers['content-type'] = 'application/json'
    return t.app.inject({ method: p.route.method as 'POST', url, headers, ...(payload ? { payload } : {}) })
  }

  /** Sends a probe; records it when the answer is a 5xx or an error outside the envelope. */
  async function check(p: Probe): Promise<boolean> {
    let res: LightMyRequestResponse
    try {
      res = await send(p)
    } catch (err) {
      failures.push(`${p.route.method} ${p.route.url} ${p.what}: ${(err as Error).message}`)
      return false
    }
    // A probe may end the session it ran in (sign-out, a password change): the next ones get a fresh one.
    if (res.statusCode === 401 && p.route.access !== 'public') {
      await freshToken()
      res = await send(p)
    }
    const label = `${p.route.method} ${p.route.url} ${p.what}: ${res.statusCode}`
    if (res.statusCode >= 500) {
      failures.push(`${label} ${res.body.slice(0, 200)}`)
      return false
    }
    if (res.statusCode >= 400 && res.headers['content-type']?.toString().startsWith('application/json')) {
      const body = res.json() as { code?: unknown; msg?: unknown }
      if (typeof body.code !== 'number' || typeof body.msg !== 'string' || body.code === 0) {
        failures.push(`${label} not an error envelope: ${res.body.slice(0, 200)}`)
        return false
      }
    }
    return true
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> }
    operations = new Map(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => [`${method} ${path}`, op] as const),
      ),
    )
    await freshToken()
  }, 60_000)
  afterAll(() => t?.close())

  it('NUL strings, ids of 2^31 and 2^53-1, over-long strings and wrong types in every field', async () => {
    let variant = 0
    for (const r of t.app.accessTable) {
      const op = opOf(r)
      const next = () => baseline(r, variant++)
      for (const name of Object.keys(next().params))
        for (const v of hostileQueryValues) {
          const b = next()
          await check({ ...b, params: { ...b.params, [name]: v }, what: `path ${name}=${v.slice(0, 20)}` })
        }
      for (const p of op.parameters ?? []) {
        if (p.in !== 'query') continue
        for (const v of hostileQueryValues) {
          const b = next()
          await check({ ...b, query: { ...b.query, [p.name]: v }, what: `query ${p.name}=${v.slice(0, 20)}` })
        }
      }
      const schema = op.requestBody?.content['application/json']?.schema
      if (!schema) continue
      for (const raw of ['{"a":', '[]', '"x"', 'null', '{"a":"\\u0000"}'])
        await check({ ...next(), raw, what: raw })
      for (const name of Object.keys(schema.properties ?? {}))
        for (const v of hostileValues) {
          const b = next()
          const body = { ...(b.body as object), [name]: v }
          await check({ ...b, body, what: `body ${name}=${JSON.stringify(v).slice(0, 20)}` })
        }
    }
    expect(failures.splice(0)).toEqual([])
  }, 600_000)

  it(`${FUZZ_BODIES} bodies generated from the write routes' schemas`, async () => {
    const writes = t.app.accessTable.filter((r) => opOf(r).requestBody?.content['application/json'])
    expect(writes.length).toBeGreaterThan(50)
    const runs = Math.ceil(FUZZ_BODIES / writes.length)
    let variant = 0
    for (const r of writes) {
      const schema = opOf(r).requestBody!.content['application/json']!.schema
      // The first failing body of each route is recorded (check) and the walk goes on to the next route.
      await fc.check(
        fc.asyncProperty(arbitraryFor(schema), async (body) =>
          check({ ...baseline(r, variant++), body, what: `fuzzed ${JSON.stringify(body).slice(0, 120)}` }),
        ),
        { numRuns: runs, seed: FUZZ_SEED, endOnFailure: true },
      )
    }
    expect(failures.splice(0)).toEqual([])
  }, 600_000)

  it('the envelope of a refusal names the rule in Chinese', async () => {
    const login = t.app.accessTable.find((r) => r.url === '/api/admin/login')!
    const res = await send({
      route: login,
      params: {},
      query: {},
      body: { username: 'a\u0000', password: 'x' },
      what: '',
    })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({
      code: errorCodes.VALIDATION.code,
      msg: expect.stringMatching(/[\u4e00-\u9fff]/),
    })
  })
})
