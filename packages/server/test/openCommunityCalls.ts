import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { admin, verifyCode } from '../src/db/schema.ts'
import { circle, topic } from '../src/db/tables/community.ts'
import { call, lastSmsCode, type TestApp } from './harness.ts'

/**
 * The app-facing community calls as an app makes them (decision 0041), bound to the file's test app: the SMS code
 * read from the outbox, sign-in with a device, then calls with `Authorization: Bearer <token>`.
 */
export function appCalls(app: () => TestApp) {
  const bearer = (token?: string): Record<string, string> =>
    token ? { authorization: `Bearer ${token}` } : {}
  const post = (token: string | undefined, url: string, body: unknown) =>
    call(app().app, 'POST', url, { headers: bearer(token), body })
  const get = (token: string | undefined, url: string) =>
    call(app().app, 'GET', url, { headers: bearer(token) })
  /** The data of a call that must succeed. */
  const ok = async (r: Promise<{ body: { code: number; msg: string; data: unknown } }>) => {
    const { body } = await r
    expect(body.code, body.msg).toBe(0)
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape each route returns
    return body.data as any
  }

  /** Sends a code to the phone (the 29 s cooldown of an earlier code is skipped) and signs in with it. */
  async function signIn(phone: string, extra: { invitationCode?: string; deviceId?: string } = {}) {
    await app().database.db.delete(verifyCode).where(eq(verifyCode.phone, phone))
    await ok(post(undefined, '/api/open/user/sendCode', { phone }))
    const code = await lastSmsCode(app().database, phone)
    return post(undefined, '/api/open/user/login', {
      phone,
      code,
      deviceId: extra.deviceId ?? `device-${phone}`,
      platform: 'android',
      model: 'Pixel 8',
      appVersion: '1.2.0',
      ...(extra.invitationCode === undefined ? {} : { invitationCode: extra.invitationCode }),
    })
  }
  /** A signed-in app user: their token and id. */
  async function user(phone: string) {
    const data = await ok(signIn(phone))
    return { token: data.token as string, id: data.user.id as number }
  }

  /** Console-made fixtures the app reads (made in the tables: the console's screens come with their definitions). */
  async function adminId() {
    const [row] = await app()
      .database.db.select({ id: admin.id })
      .from(admin)
      .where(eq(admin.username, 'admin'))
    return row!.id
  }
  async function makeCircle(name: string, values: Partial<typeof circle.$inferInsert> = {}) {
    const [row] = await app()
      .database.db.insert(circle)
      .values({
        name,
        createdBy: await adminId(),
        verifyState: 1,
        showState: true,
        postReview: false,
        ...values,
      })
      .returning({ id: circle.id })
    return row!.id
  }
  async function makeTopic(name: string, values: Partial<typeof topic.$inferInsert> = {}) {
    const [row] = await app()
      .database.db.insert(topic)
      .values({ name, createdBy: await adminId(), ...values })
      .returning({ id: topic.id })
    return row!.id
  }
  return { post, get, ok, signIn, user, adminId, makeCircle, makeTopic }
}
