import { type ActionName, reviewGrantingActions } from '@moc/domain/permissions/actions'
import { can } from '@moc/domain/permissions/can'
import { fullGrant } from '@moc/domain/permissions/fullGrant'
import type { PowerMap } from '@moc/domain/permissions/types'
import { errorCodes } from '@moc/domain/transport/errorCodes'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { admin, role } from '../src/db/schema.ts'
import { appUser } from '../src/db/tables/community.ts'
import type { RouteAccess } from '../src/platform/guard.ts'
import { strictBody } from '../src/platform/strictBody.ts'
import { engines, startTestApp, type TestApp } from './harness.ts'
import { cases, type StaticAccess } from './routeCases.ts'

/**
 * The authorisation matrix: every registered /api route × {super admin, a role holding exactly the
 * route's permission, a role holding everything but it, anonymous}. The guard runs before body
 * validation, so requests carry no body: an allowed caller gets past the guard (any status but a
 * guard refusal), a refused one gets the guard's 403 (or 401 without a session).
 */
const SHOW_HIDE = ['显示/隐藏', '显示', '隐藏']

/** Actions that would also satisfy `action` under the spec §6 rules, so "without it" must drop them too. */
function implying(action: ActionName): string[] {
  if (SHOW_HIDE.includes(action)) return SHOW_HIDE
  if (action === '审核') return ['审核', ...reviewGrantingActions]
  return [action]
}

/** Everything but these rights (and what implies them). */
function powerWithout(rights: { page: string; action: ActionName }[]): PowerMap {
  const power: PowerMap = {}
  for (const [name, entries] of Object.entries(fullGrant().power)) {
    const drop = rights.filter((r) => r.page === name).flatMap((r) => implying(r.action))
    power[name] = entries.filter((e) => !drop.includes(e.actionName))
  }
  return power
}

/** True when every object the body can be (itself or a union member) refuses unknown keys. */
function everyObjectStrict(schema: z.ZodType): boolean {
  if (schema instanceof z.ZodObject) return schema._zod.def.catchall instanceof z.ZodNever
  if (schema instanceof z.ZodUnion)
    return schema._zod.def.options.every((o) => everyObjectStrict(o as z.ZodType))
  return true
}

const key = (a: StaticAccess) =>
  typeof a === 'string'
    ? a
    : `${a.page}:${a.action}${a.orAlso ? ` or ${a.orAlso.map((o) => `${o.page}:${o.action}`).join(',')}` : ''}`

const isGuardRefusal = (status: number, body: { code: number; msg: string }) =>
  status === 403 && body.code === errorCodes.FORBIDDEN.code && body.msg === errorCodes.FORBIDDEN.msg

const isSessionRefusal = (status: number, body: { code: number }) =>
  status === 401 && body.code === errorCodes.SESSION_EXPIRED.code

describe.each(engines)('authorisation matrix (%s)', (engine) => {
  let t: TestApp
  let routes: RouteAccess[]
  let adminRoleCounter = 0

  /** A fresh session for a fresh account holding `power` (a route like logout may end the session it is called with). */
  async function sessionWith(power: PowerMap | 'superAdmin'): Promise<string> {
    const { db } = t.database
    if (power === 'superAdmin') {
      const [row] = await db.select({ id: admin.id }).from(admin).where(eq(admin.username, 'admin'))
      return t.ctx.sessions.create(row!.id, '127.0.0.1', 'matrix', false)
    }
    adminRoleCounter++
    const [r] = await db
      .insert(role)
      .values({ name: `matrix-${adminRoleCounter}`, power, powerMenuAttrs: fullGrant().powerMenuAttrs })
      .returning({ id: role.id })
    const [a] = await db
      .insert(admin)
      .values({ username: `matrix${adminRoleCounter}`, passwordHash: 'x', roleId: r!.id, state: 1 })
      .returning({ id: admin.id })
    return t.ctx.sessions.create(a!.id, '127.0.0.1', 'matrix', false)
  }

  /** A fresh app user's session token (decision 0041): the app sends it as `Authorization: Bearer`. */
  let appUsers = 0
  async function appSessionToken(): Promise<string> {
    appUsers++
    const [u] = await t.database.db
      .insert(appUser)
      .values({ phone: `1770000${String(appUsers).padStart(4, '0')}`, nickname: `matrix${appUsers}` })
      .returning({ id: appUser.id })
    return (await t.ctx.appSessions.create(t.database.db, u!.id, 'matrix-device')).token
  }

  /** Calls a route with a console token (x-auth-token), or an app token as the app sends it (`bearer`). */
  async function hit(route: RouteAccess, token?: string, query = '', bearer = false) {
    const url = route.url.replace(/:(\w+)/g, '1').replace(/\*$/, '') + query
    const res = await t.app.inject({
      method: route.method as 'GET',
      url,
      headers: token ? (bearer ? { authorization: `Bearer ${token}` } : { 'x-auth-token': token }) : {},
    })
    let body: { code: number; msg: string } = { code: -1, msg: '' }
    try {
      body = res.json()
    } catch {
      // Non-JSON answers (OIDC pages, files) are never guard refusals; the guard always sends the envelope.
    }
    return { status: res.statusCode, body }
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    routes = t.app.accessTable
  }, 60_000)
  afterAll(() => t?.close())

  it('every /api route declares its access, and the table is not empty', () => {
    expect(routes.length).toBeGreaterThan(10)
    for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toBeDefined()
  })

  it('every declared permission names a real page and one of its actions', () => {
    const pages = fullGrant().power
    for (const { route: r, access } of routes.flatMap(cases)) {
      if (typeof access === 'string') continue
      const entries = pages[access.page]
      expect(entries, `${r.method} ${r.url}: unknown page ${access.page}`).toBeDefined()
      const names = entries!.map((e) => e.actionName)
      expect(
        implying(access.action).some((a) => names.includes(a)),
        `${r.method} ${r.url}: ${access.page} has no action ${access.action}`,
      ).toBe(true)
    }
  })

  it('anonymous callers reach only the public routes', async () => {
    for (const r of routes) {
      const { status, body } = await hit(r)
      if (r.access === 'public')
        expect(isSessionRefusal(status, body), `${r.method} ${r.url} is public`).toBe(false)
      else expect(isSessionRefusal(status, body), `${r.method} ${r.url} needs a session`).toBe(true)
    }
  }, 120_000)

  it("the super administrator passes every guard but the app users' routes", async () => {
    for (const { route: r, query } of routes.flatMap(cases)) {
      const { status, body } = await hit(r, await sessionWith('superAdmin'), query)
      const label = `${r.method} ${r.url}`
      expect(isGuardRefusal(status, body), label).toBe(false)
      // A console session never acts as an app user, as a bearer token either.
      expect(isSessionRefusal(status, body), label).toBe(r.access === 'appUser')
      if (r.access === 'appUser') {
        const asBearer = await hit(r, await sessionWith('superAdmin'), query, true)
        expect(isSessionRefusal(asBearer.status, asBearer.body), `${label} (console token as Bearer)`).toBe(
          true,
        )
      }
    }
  }, 120_000)

  it("an app session passes the app users' routes and reaches no console route", async () => {
    const appRoutes = routes.filter((r) => r.access === 'appUser')
    expect(appRoutes.length).toBeGreaterThan(5)
    for (const { route: r, query } of routes.flatMap(cases)) {
      if (r.access === 'public') continue
      const label = `${r.method} ${r.url}`
      const token = await appSessionToken()
      const bearer = await hit(r, token, query, true)
      const header = await hit(r, token, query)
      expect(isSessionRefusal(bearer.status, bearer.body), `${label} (app token as Bearer)`).toBe(
        r.access !== 'appUser',
      )
      expect(isGuardRefusal(bearer.status, bearer.body), label).toBe(false)
      // x-auth-token is the console's header: an app token there is no session of either kind.
      expect(isSessionRefusal(header.status, header.body), `${label} (app token as x-auth-token)`).toBe(true)
    }
  }, 300_000)

  it('a role passes exactly when it holds the route permission', async () => {
    const tokens = new Map<string, { withIt: PowerMap; without: PowerMap }>()
    for (const { route: r, access, query } of routes.flatMap(cases)) {
      // App users' routes take no console session at all (the tests above).
      if (access === 'public' || access === 'appUser') continue
      const k = key(access)
      if (!tokens.has(k)) {
        const a = access
        tokens.set(
          k,
          a === 'signedIn'
            ? { withIt: {}, without: {} }
            : a === 'superAdmin'
              ? { withIt: fullGrant().power, without: fullGrant().power }
              : {
                  withIt: { [a.page]: [{ actionName: a.action, exists: true }] },
                  without: powerWithout(a.orAlso ?? [a]),
                },
        )
      }
      const { withIt, without } = tokens.get(k)!
      const label = `${r.method} ${r.url} (${k})`
      if (typeof access === 'object') {
        const grantOf = (power: PowerMap) => ({ roleId: 2, power, powerMenuAttrs: [] })
        expect(can(grantOf(without), access.page, access.action), label).toBe(false)
      }

      const allowed = await hit(r, await sessionWith(withIt), query)
      const refused = await hit(r, await sessionWith(without), query)
      if (access === 'superAdmin') {
        // Only roleId 1 passes, however much a role holds.
        expect(isGuardRefusal(allowed.status, allowed.body), label).toBe(true)
        expect(isGuardRefusal(refused.status, refused.body), label).toBe(true)
      } else if (access === 'signedIn') {
        expect(isGuardRefusal(allowed.status, allowed.body), label).toBe(false)
      } else {
        expect(isGuardRefusal(allowed.status, allowed.body), `${label} with it`).toBe(false)
        expect(isSessionRefusal(allowed.status, allowed.body), `${label} with it`).toBe(false)
        expect(isGuardRefusal(refused.status, refused.body), `${label} without it`).toBe(true)
      }
    }
  }, 300_000)

  it('write routes reject unknown body fields by name instead of ignoring them', async () => {
    const token = await sessionWith('superAdmin')
    const app = await appSessionToken()
    const withBody = routes.filter((r) => r.body !== undefined)
    expect(withBody.length).toBeGreaterThan(5)
    for (const r of withBody) {
      const res = await t.app.inject({
        method: r.method as 'POST',
        url: r.url.replace(/:(\w+)/g, '1') + cases(r)[0]!.query,
        headers:
          r.access === 'public'
            ? {}
            : r.access === 'appUser'
              ? { authorization: `Bearer ${app}` }
              : { 'x-auth-token': token },
        payload: { roleId: 1, passwordHash: 'x', state: 1 },
      })
      const body = res.json() as { msg: string }
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(422)
      // A union whose discriminator is missing fails before unknown keys are looked at: check its members.
      if (!body.msg.startsWith('不允许提交的字段'))
        expect(everyObjectStrict(strictBody(r.body as z.ZodType)), `${r.method} ${r.url}`).toBe(true)
      else expect(body.msg, `${r.method} ${r.url}`).toMatch(/passwordHash/)
    }
  }, 120_000)
})
