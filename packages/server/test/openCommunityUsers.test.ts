import { appUserLockMessage } from '@moc/domain/rules/appUserLock'
import { errorCodes } from '@moc/domain/transport/errorCodes'
import { and, count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smsOutbox } from '../src/db/schema.ts'
import {
  appSession,
  appUser,
  appUserDevice,
  defaultAvatar,
  invitationCode,
  invitationUse,
  userLevel,
} from '../src/db/tables/community.ts'
import { engines, lastSmsCode, login, startTestApp, type TestApp } from './harness.ts'
import { appCalls } from './openCommunityCalls.ts'

/**
 * App users through the app-facing API (decision 0041): sign-up and sign-in by SMS code, invitation codes (one use
 * each, even under a race), locks, app sessions apart from console sessions, the profile and uploads.
 */
describe.each(engines)('app users: sign-in, invitations, locks, profile (%s)', (engine) => {
  let t: TestApp
  const { post, get, ok, signIn, user, adminId } = appCalls(() => t)
  const db = () => t.database.db
  let phones = 0
  const phone = () => `1380000${String(++phones).padStart(4, '0')}`
  const day = 86_400_000

  beforeAll(async () => {
    t = await startTestApp(engine)
    const createdBy = await adminId()
    await db()
      .insert(defaultAvatar)
      .values([
        { name: '隐藏的', image: '/files/image/2026-01/hidden.png', sort: 0, showState: false, createdBy },
        { name: '第二', image: '/files/image/2026-01/b.png', sort: 2, createdBy },
        { name: '第一', image: '/files/image/2026-01/a.png', sort: 1, createdBy },
      ])
    await db().insert(userLevel).values({ level: 1, name: '新手上路', minPoints: 0, createdBy })
  }, 60_000)
  afterAll(() => t?.close())

  it('signs up with an SMS code from the outbox, then signs in to the same user', async () => {
    const p = phone()
    await ok(post(undefined, '/api/open/user/sendCode', { phone: p }))
    const [sms] = await db().select().from(smsOutbox).where(eq(smsOutbox.phone, p))
    expect(sms).toMatchObject({ purpose: 'app' })
    expect(sms!.content).toMatch(/^【融媒体】您的登录验证码为\d{6}，5分钟内有效/)
    const wrong = await post(undefined, '/api/open/user/login', {
      phone: p,
      code: (await lastSmsCode(t.database, p)) === '000000' ? '111111' : '000000',
      deviceId: 'd1',
      platform: 'android',
    })
    expect(wrong.body).toMatchObject({ code: errorCodes.VERIFY_CODE_INVALID.code, msg: '验证码错误或已过期' })
    const first = await post(undefined, '/api/open/user/login', {
      phone: p,
      code: await lastSmsCode(t.database, p),
      deviceId: 'd1',
      platform: 'ios',
      model: 'iPhone 15',
      appVersion: '2.0.1',
    })
    expect(first.body.msg).toBe('注册成功')
    expect(first.body.data).toMatchObject({
      created: true,
      user: {
        phone: p,
        nickname: `用户${p.slice(-4)}`,
        avatar: '/files/image/2026-01/a.png',
        gender: 'unknown',
        points: 0,
        level: 1,
        levelName: '新手上路',
      },
    })
    const token = first.body.data.token as string
    expect((await ok(get(token, '/api/open/user/profile'))).phone).toBe(p)
    // The table keeps only the token's hash.
    const sessions = await db()
      .select()
      .from(appSession)
      .where(eq(appSession.userId, first.body.data.user.id))
    expect(sessions).toHaveLength(1)
    expect(sessions[0]!.id).not.toBe(token)

    // Signing in again on the same device: the same user, the device updated, the older session ended.
    const again = await ok(signIn(p, { deviceId: 'd1' }))
    expect(again).toMatchObject({ created: false, user: { id: first.body.data.user.id } })
    expect((await get(token, '/api/open/user/profile')).res.statusCode).toBe(401)
    expect((await get(again.token, '/api/open/user/profile')).res.statusCode).toBe(200)
    const devices = await db().select().from(appUserDevice).where(eq(appUserDevice.parentId, again.user.id))
    expect(devices).toMatchObject([
      { deviceId: 'd1', platform: 'android', model: 'Pixel 8', appVersion: '1.2.0' },
    ])
    // A second device holds its own session.
    const other = await ok(signIn(p, { deviceId: 'd2' }))
    expect((await get(again.token, '/api/open/user/profile')).res.statusCode).toBe(200)
    expect((await get(other.token, '/api/open/user/profile')).res.statusCode).toBe(200)
    const [n] = await db()
      .select({ n: count() })
      .from(appUserDevice)
      .where(eq(appUserDevice.parentId, again.user.id))
    expect(n!.n).toBe(2)
  })

  it('app sessions and console sessions never stand in for each other', async () => {
    const { token } = await user(phone())
    const console = await login(t.app)
    // Anonymous, a console token (either header), a made-up token: 401 on an app user's route.
    const anonymous = await get(undefined, '/api/open/user/profile')
    expect(anonymous.res.statusCode).toBe(401)
    expect(anonymous.body).toMatchObject({ code: errorCodes.SESSION_EXPIRED.code, msg: '请先登录' })
    expect((await get(console, '/api/open/user/profile')).res.statusCode).toBe(401)
    const consoleHeader = await t.app.inject({
      method: 'GET',
      url: '/api/open/user/profile',
      headers: { 'x-auth-token': console },
    })
    expect(consoleHeader.statusCode).toBe(401)
    expect((await get('made-up', '/api/open/user/profile')).res.statusCode).toBe(401)
    // The app token on console routes, as Bearer or as x-auth-token: no session.
    for (const headers of [{ authorization: `Bearer ${token}` }, { 'x-auth-token': token }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/preferences', headers })
      expect(res.statusCode, JSON.stringify(headers)).toBe(401)
    }
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/sms/outbox',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(outbox.statusCode).toBe(401)
    // Sign-out ends the app session.
    await ok(post(token, '/api/open/user/logout', {}))
    expect((await get(token, '/api/open/user/profile')).res.statusCode).toBe(401)
  })

  it('ends an app session after its idle and absolute times', async () => {
    const { token } = await user(phone())
    await expect(t.ctx.appSessions.authenticate(token, new Date(Date.now() + 29 * day))).resolves.toBeTruthy()
    await expect(
      t.ctx.appSessions.authenticate(token, new Date(Date.now() + 31 * day + 29 * day)),
    ).rejects.toThrow('登录已过期')
    // The expired session is gone.
    expect((await get(token, '/api/open/user/profile')).res.statusCode).toBe(401)
  })

  it('takes an invitation code at sign-up only: a use recorded, the code counted, refusals named', async () => {
    const createdBy = await adminId()
    const codes = await db()
      .insert(invitationCode)
      .values([
        { code: 'INV-OK', maxUses: 2, createdBy },
        { code: 'INV-OFF', showState: false, createdBy },
        { code: 'INV-OLD', validEnd: new Date(Date.now() - day), createdBy },
        { code: 'INV-SOON', validStart: new Date(Date.now() + day), createdBy },
      ])
      .returning({ id: invitationCode.id, code: invitationCode.code })
    const ok1 = codes.find((c) => c.code === 'INV-OK')!.id
    const p = phone()
    const signed = await ok(signIn(p, { invitationCode: 'INV-OK' }))
    expect(signed.created).toBe(true)
    const [u] = await db().select().from(appUser).where(eq(appUser.id, signed.user.id))
    expect(u!.invitationCodeId).toBe(ok1)
    expect(await db().select().from(invitationUse).where(eq(invitationUse.codeId, ok1))).toMatchObject([
      { userId: signed.user.id },
    ])
    // An existing user's code is ignored: not counted.
    expect((await ok(signIn(p, { invitationCode: 'INV-OK' }))).created).toBe(false)
    const [after] = await db().select().from(invitationCode).where(eq(invitationCode.id, ok1))
    expect(after!.usedCount).toBe(1)
    for (const [code, msg, status] of [
      ['NOPE', '邀请码不存在', 400],
      ['INV-OFF', '邀请码已停用', 400],
      ['INV-OLD', '邀请码已过期', 400],
      ['INV-SOON', '邀请码尚未生效', 400],
    ] as const) {
      const q = phone()
      const r = await signIn(q, { invitationCode: code })
      expect(r.res.statusCode, code).toBe(status)
      expect(r.body.msg, code).toBe(msg)
      // Refused: no user made.
      expect(await db().select().from(appUser).where(eq(appUser.phone, q))).toEqual([])
    }
    // An empty code is none.
    expect((await ok(signIn(phone(), { invitationCode: '' }))).created).toBe(true)
  })

  it('two sign-ups racing for the last use of a code: exactly one gets it', async () => {
    const [code] = await db()
      .insert(invitationCode)
      .values({ code: 'LAST-ONE', maxUses: 1, createdBy: await adminId() })
      .returning({ id: invitationCode.id })
    const racers = [phone(), phone(), phone()]
    // Codes first, then the sign-ins at once.
    const codes: string[] = []
    for (const p of racers) {
      await ok(post(undefined, '/api/open/user/sendCode', { phone: p }))
      codes.push(await lastSmsCode(t.database, p))
    }
    const results = await Promise.all(
      racers.map((p, i) =>
        post(undefined, '/api/open/user/login', {
          phone: p,
          code: codes[i],
          invitationCode: 'LAST-ONE',
          deviceId: `race-${i}`,
          platform: 'android',
        }),
      ),
    )
    const won = results.filter((r) => r.body.code === 0)
    const lost = results.filter((r) => r.body.code !== 0)
    expect(won).toHaveLength(1)
    for (const r of lost) {
      expect(r.res.statusCode).toBe(409)
      expect(r.body.msg).toBe('邀请码已被使用完')
    }
    const [row] = await db().select().from(invitationCode).where(eq(invitationCode.id, code!.id))
    expect(row!.usedCount).toBe(1)
    const uses = await db().select().from(invitationUse).where(eq(invitationUse.codeId, code!.id))
    expect(uses).toEqual([expect.objectContaining({ userId: won[0]!.body.data.user.id })])
    const [made] = await db()
      .select({ n: count() })
      .from(appUser)
      .where(eq(appUser.invitationCodeId, code!.id))
    expect(made!.n).toBe(1)
  })

  it('refuses a locked user with the reason and the end, and ends an expired lock when seen', async () => {
    const p = phone()
    const { token, id } = await user(p)
    const until = new Date(Date.now() + day)
    await db()
      .update(appUser)
      .set({ state: 'locked', lockReason: '发布违规内容', lockedUntil: until })
      .where(eq(appUser.id, id))
    const refused = await get(token, '/api/open/user/profile')
    expect(refused.res.statusCode).toBe(403)
    const message = appUserLockMessage({ state: 'locked', lockReason: '发布违规内容', lockedUntil: until })
    expect(message).toMatch(/^账号已被锁定，原因：发布违规内容，解锁时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    // In Beijing time, whatever the server's zone.
    expect(
      appUserLockMessage({
        state: 'locked',
        lockReason: '刷屏',
        lockedUntil: new Date('2026-01-02T16:05:00Z'),
      }),
    ).toBe('账号已被锁定，原因：刷屏，解锁时间：2026-01-03 00:05')
    expect(refused.body.msg).toBe(message)
    // Every app user's call, a write as well; signing in again too.
    expect((await post(token, '/api/open/user/profile', { intro: '你好' })).body.msg).toBe(message)
    const relogin = await signIn(p)
    expect(relogin.res.statusCode).toBe(403)
    expect(relogin.body.msg).toBe(message)
    // Reading published things needs no session and stays open.
    expect((await get(undefined, '/api/open/topic/list')).res.statusCode).toBe(200)

    // The lock's end has passed: the next call goes through and the lock is over.
    await db()
      .update(appUser)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(appUser.id, id))
    await ok(get(token, '/api/open/user/profile'))
    const [u] = await db().select().from(appUser).where(eq(appUser.id, id))
    expect(u).toMatchObject({ state: 'normal', lockReason: '', lockedUntil: null })

    // A lock without an end holds for good; the periodic sweep ends only the expired ones.
    const other = await user(phone())
    await db()
      .update(appUser)
      .set({ state: 'locked', lockReason: '', lockedUntil: null })
      .where(eq(appUser.id, other.id))
    expect((await get(other.token, '/api/open/user/profile')).body.msg).toBe(
      '账号已被锁定，原因：违反社区规定，解锁时间：永久',
    )
    const third = await user(phone())
    await db()
      .update(appUser)
      .set({ state: 'locked', lockReason: 'x', lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(appUser.id, third.id))
    expect((await t.ctx.appSessions.sweep()).locksEnded).toBeGreaterThanOrEqual(1)
    const states = await db()
      .select({ id: appUser.id, state: appUser.state })
      .from(appUser)
      .where(and(eq(appUser.state, 'locked')))
    expect(states.map((s) => s.id)).toContain(other.id)
    expect(states.map((s) => s.id)).not.toContain(third.id)
  })

  it('edits the profile: only the fields given, within their limits, no blocked words', async () => {
    const { token } = await user(phone())
    const saved = await ok(
      post(token, '/api/open/user/profile', {
        nickname: '  小明  ',
        gender: 'male',
        region: '浙江省杭州市',
        intro: '热爱生活',
        avatar: '/files/image/2026-02/me.png',
      }),
    )
    expect(saved).toMatchObject({
      nickname: '小明',
      gender: 'male',
      region: '浙江省杭州市',
      intro: '热爱生活',
    })
    expect((await ok(post(token, '/api/open/user/profile', { intro: '' }))).nickname).toBe('小明')
    const bad = [
      [{ nickname: '长'.repeat(21) }, 422, '昵称不能超过20个字'],
      [{ nickname: '' }, 422, '请输入昵称'],
      [{ intro: '字'.repeat(201) }, 422, '简介不能超过200个字'],
      [{ nickname: 'a\u0000b' }, 422, undefined],
      [{ gender: 'other' }, 422, undefined],
      [{ avatar: 'javascript:alert(1)' }, 422, '图片或视频地址有误'],
      [{ phone: '13900000000' }, 422, undefined],
      [{}, 400, '没有要修改的内容'],
    ] as const
    for (const [body, status, msg] of bad) {
      const r = await post(token, '/api/open/user/profile', body)
      expect(r.res.statusCode, JSON.stringify(body)).toBe(status)
      if (msg) expect(r.body.msg).toContain(msg)
    }
    const admin = await login(t.app)
    await t.app.inject({
      method: 'POST',
      url: '/api/sensitive-word/add',
      headers: { 'x-auth-token': admin },
      payload: { word: '禁用昵称', level: 'block' },
    })
    const blocked = await post(token, '/api/open/user/profile', { nickname: '我是禁用昵称' })
    expect(blocked.res.statusCode).toBe(422)
    expect(blocked.body.msg).toBe('内容包含禁用词：禁用昵称')
    expect((await ok(get(token, '/api/open/user/profile'))).nickname).toBe('小明')
  })

  it('uploads an avatar or post media under the console upload rules', async () => {
    const { token } = await user(phone())
    const send = async (name: string, type: string, data: Buffer, bearer: string | null = token) => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(data)], { type }), name)
      const req = new Request('http://localhost/', { method: 'POST', body: form })
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/open/upload',
        payload: Buffer.from(await req.arrayBuffer()),
        headers: {
          'content-type': req.headers.get('content-type') ?? '',
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
      })
      return { status: res.statusCode, body: res.json() }
    }
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer()
    const stored = await send('me.png', 'image/png', png)
    expect(stored.status).toBe(200)
    expect(stored.body.data.url).toMatch(/^\/files\/image\/\d{4}-\d{2}\/\w+\.png$/)
    const served = await t.app.inject({ method: 'GET', url: stored.body.data.url })
    expect(served.statusCode).toBe(200)
    await ok(post(token, '/api/open/user/profile', { avatar: stored.body.data.url }))
    // The console's rules and messages: a file that is not what it says, a type the app may not upload.
    const fake = await send('x.png', 'image/png', Buffer.from('not a picture at all'))
    expect(fake.status).toBe(422)
    expect(fake.body.msg).toBe('文件内容与格式不符')
    const doc = await send('a.pdf', 'application/pdf', Buffer.from('%PDF-1.4'))
    expect(doc.status).toBe(422)
    expect(doc.body.msg).toBe('不支持上传此格式文件')
    expect((await send('me.png', 'image/png', png, null)).status).toBe(401)
  })
})

describe('app sign-in limits per phone (pglite)', () => {
  let t: TestApp
  const { post } = appCalls(() => t)
  beforeAll(async () => {
    t = await startTestApp('pglite', { AUTH_ACCOUNT_RATE_LIMIT: '2' })
  }, 60_000)
  afterAll(() => t?.close())

  it('limits codes and sign-ins per phone (decision 0030)', async () => {
    const p = '13911112222'
    const sent = []
    for (let i = 0; i < 3; i++) sent.push(await post(undefined, '/api/open/user/sendCode', { phone: p }))
    const [first, second, third] = sent
    expect(first!.body.code).toBe(0)
    // The second is within the code's cooldown; the third is past the per-phone limit.
    expect(second!.body.code).toBe(errorCodes.VERIFY_CODE_COOLDOWN.code)
    expect(third!.res.statusCode).toBe(429)
    expect(third!.body).toMatchObject({ code: errorCodes.RATE_LIMITED.code })
    expect(third!.body.msg).toMatch(/^验证码发送过于频繁/)
    const tries = []
    for (let i = 0; i < 3; i++)
      tries.push(
        await post(undefined, '/api/open/user/login', {
          phone: p,
          code: '000001',
          deviceId: 'd',
          platform: 'android',
        }),
      )
    expect(tries.map((r) => r.res.statusCode)).toEqual([400, 400, 429])
    expect(tries[2]!.body.msg).toMatch(/^登录尝试过于频繁/)
  })
})
