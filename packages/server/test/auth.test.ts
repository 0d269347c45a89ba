import { errorCodes } from '@moc/domain/transport/errorCodes'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { admin, operationLog, session } from '../src/db/schema.ts'
import { ADMIN_PASSWORD, call, engines, lastSmsCode, login, startTestApp, type TestApp } from './harness.ts'

const NEW_USER = {
  username: 'editor1',
  password: 'Editor@2026',
  realName: '张编辑',
  email: 'editor1@example.com',
  phone: '13800000001',
}

describe.each(engines)('sign-in and sessions on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(engine, { LOGIN_MAX_FAILURES: '3', LOGIN_LOCK_MINUTES: '15' })
  })
  afterAll(() => t?.close())

  async function registerAndApprove(user = NEW_USER) {
    const reg = await call(t.app, 'POST', '/api/users/register', { body: user })
    expect(reg.body.msg).toBe('Registration successful')
    const adminToken = await login(t.app)
    await call(t.app, 'POST', '/api/admin/state', {
      token: adminToken,
      body: { id: reg.body.data.id, state: 1 },
    })
    return reg.body.data.id as number
  }

  it('signs the super administrator in; roleId 1 passes every check, so no map is spelled out', async () => {
    const { body } = await call(t.app, 'POST', '/api/admin/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    })
    expect(body.code).toBe(0)
    expect(body.data.user).toMatchObject({ username: 'admin', roleId: 1, xiumiOpenId: null })
    expect(body.data.power).toEqual({})
    expect(body.data.powerMenuAttrs).toEqual([])
    const detail = await call(t.app, 'GET', '/api/user/detail', { token: body.data.token })
    expect(detail.body.data.user).toEqual(body.data.user)
    const menu = await call(t.app, 'GET', '/api/admin/user-menu', { token: body.data.token })
    expect(JSON.stringify(menu.body.data.menus)).toContain('/contentArticle')
  })

  it('issues a new opaque token per sign-in and stores only its hash', async () => {
    const a = await login(t.app)
    const b = await login(t.app)
    expect(a).not.toBe(b)
    const rows = await t.database.db.select({ h: session.tokenHash }).from(session)
    expect(rows.map((r) => r.h)).not.toContain(a)
  })

  it('says 用户名或密码错误 for a wrong password or an unknown account, and logs the attempt', async () => {
    for (const username of ['admin', 'nobody']) {
      const { res, body } = await call(t.app, 'POST', '/api/admin/login', {
        body: { username, password: 'Wrong@1234' },
        ip: '10.0.0.9',
      })
      expect([res.statusCode, body.code, body.msg]).toEqual([
        401,
        errorCodes.LOGIN_FAILED.code,
        '用户名或密码错误',
      ])
    }
    // The log is written once the response has gone out, so wait for it.
    await vi.waitFor(async () => {
      const logs = await t.database.db.select().from(operationLog).where(eq(operationLog.username, 'nobody'))
      expect(logs[0]).toMatchObject({
        action: '登录',
        result: 'fail',
        ip: '10.0.0.9',
        code: errorCodes.LOGIN_FAILED.code,
      })
    })
    await login(t.app) // a success resets the failure count
  })

  it('locks the account after repeated failures, even for the right password, then unlocks', async () => {
    await registerAndApprove({ ...NEW_USER, username: 'locky', phone: '13800000009' })
    const attempt = (password: string) =>
      call(t.app, 'POST', '/api/admin/login', { body: { username: 'locky', password } })
    expect((await attempt('Wrong@1')).body.code).toBe(errorCodes.LOGIN_FAILED.code)
    expect((await attempt('Wrong@2')).body.code).toBe(errorCodes.LOGIN_FAILED.code)
    const locked = await attempt('Wrong@3')
    expect(locked.res.statusCode).toBe(429)
    expect(locked.body.msg).toBe('密码错误次数过多，账号已锁定，请15分钟后再试')
    expect((await attempt(NEW_USER.password)).body.code).toBe(errorCodes.ACCOUNT_LOCKED.code)
    await t.database.db
      .update(admin)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(admin.username, 'locky'))
    expect((await attempt(NEW_USER.password)).body.code).toBe(0)
  })

  it('parallel wrong passwords all count: the account locks however they race', async () => {
    await registerAndApprove({ ...NEW_USER, username: 'racer', phone: '13800000019' })
    await Promise.all(
      Array.from({ length: t.config.loginMaxFailures * 2 }, (_, i) =>
        call(t.app, 'POST', '/api/admin/login', { body: { username: 'racer', password: `Wrong@${i}` } }),
      ),
    )
    const [row] = await t.database.db.select().from(admin).where(eq(admin.username, 'racer'))
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now())
    const locked = await call(t.app, 'POST', '/api/admin/login', {
      body: { username: 'racer', password: NEW_USER.password },
    })
    expect(locked.body.code).toBe(errorCodes.ACCOUNT_LOCKED.code)
  })

  it('limits failures per client address across accounts', async () => {
    const ip = '10.9.9.9'
    for (let i = 0; i < t.config.loginIpMaxFailures; i++)
      await call(t.app, 'POST', '/api/admin/login', { body: { username: `ghost${i}`, password: 'x' }, ip })
    const { res, body } = await call(t.app, 'POST', '/api/admin/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
      ip,
    })
    expect([res.statusCode, body.code, body.msg]).toEqual([
      429,
      errorCodes.RATE_LIMITED.code,
      '登录尝试过于频繁，请15分钟后再试',
    ])
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60)
  })

  it('registers an account that waits for approval, then signs in once approved', async () => {
    const reg = await call(t.app, 'POST', '/api/users/register', {
      body: { ...NEW_USER, username: 'newbie', phone: '13800000002' },
    })
    expect(reg.body).toMatchObject({ code: 0, msg: 'Registration successful' })
    const dup = await call(t.app, 'POST', '/api/users/register', {
      body: { ...NEW_USER, username: 'NEWBIE' },
    })
    expect([dup.res.statusCode, dup.body.msg]).toEqual([409, 'Username "NEWBIE" is already taken'])
    const weak = await call(t.app, 'POST', '/api/users/register', {
      body: { ...NEW_USER, username: 'weak', password: 'abc' },
    })
    expect([weak.res.statusCode, weak.body.msg]).toEqual([
      422,
      '最低8位，至少1大写字母、1小写字母、1数字、1英文符号',
    ])
    const pending = await call(t.app, 'POST', '/api/admin/login', {
      body: { username: 'newbie', password: NEW_USER.password },
    })
    expect(pending.body.msg).toBe(errorCodes.ACCOUNT_PENDING.msg)
    const token = await login(t.app)
    const list = await call(t.app, 'GET', '/api/admin/list?state=0', { token })
    expect(list.body.data.items.map((i: { username: string }) => i.username)).toContain('newbie')
    await call(t.app, 'POST', '/api/admin/state', { token, body: { id: reg.body.data.id, state: 1 } })
    const ok = await call(t.app, 'POST', '/api/admin/login', {
      body: { username: 'newbie', password: NEW_USER.password },
    })
    expect(ok.body.data.user).toMatchObject({ username: 'newbie', roleId: null })
    expect(ok.body.data.power).toEqual({})
  })

  it('demo backend: authenticate by email, list users with a Bearer token, Unauthorised without', async () => {
    const bad = await call(t.app, 'POST', '/api/users/authenticate', {
      body: { email: 'nobody@example.com', password: 'x' },
    })
    expect(bad.body.msg).toBe('These credentials do not match our records.')
    const none = await call(t.app, 'GET', '/api/users')
    expect([none.res.statusCode, none.body.msg]).toEqual([401, 'Unauthorised'])
    const token = await login(t.app)
    const users = await call(t.app, 'GET', '/api/users', { headers: { authorization: `Bearer ${token}` } })
    expect(users.body.data.map((u: { username: string }) => u.username)).toContain('admin')
    const one = await call(t.app, 'GET', '/api/users/1', { headers: { authorization: `Bearer ${token}` } })
    expect(one.body.data.username).toBe('admin')
  })

  it('requires an SMS code for accounts with the second factor, through the outbox', async () => {
    const id = await registerAndApprove({ ...NEW_USER, username: 'twofa', phone: '13800000003' })
    const superToken = await login(t.app)
    const on = await call(t.app, 'POST', '/api/admin/security', {
      token: superToken,
      body: { id, requireSms: true },
    })
    expect(on.body).toMatchObject({ code: 0, msg: '已开启短信验证登录' })
    const first = await call(t.app, 'POST', '/api/admin/login', {
      body: { username: 'twofa', password: NEW_USER.password },
    })
    expect(first.body.data).toMatchObject({ needSecondary: true, phone: '138****0003' })
    expect(first.body.data.token).toBeUndefined()
    const ticket = first.body.data.ticket as string
    const sent = await call(t.app, 'POST', '/api/admin/user-center/sendMsg', {
      body: { purpose: 'login', ticket },
    })
    expect(sent.body.data.cooldown).toBe(29)
    const again = await call(t.app, 'POST', '/api/create-platform/user-center/sendMsg', {
      body: { purpose: 'login', ticket },
    })
    expect([again.res.statusCode, again.body.code]).toEqual([429, errorCodes.VERIFY_CODE_COOLDOWN.code])
    const wrong = await call(t.app, 'POST', '/api/admin/secondaryLogin', {
      body: { ticket, verifyCode: '000000x' },
    })
    expect(wrong.body.msg).toBe('验证码错误或已过期')
    const code = await lastSmsCode(t.database, '13800000003')
    const done = await call(t.app, 'POST', '/api/admin/secondaryLogin', {
      body: { ticket, verifyCode: code },
    })
    expect(done.body.data.user.username).toBe('twofa')
    const reused = await call(t.app, 'POST', '/api/admin/secondaryLogin', {
      body: { ticket, verifyCode: code },
    })
    expect(reused.body.code).toBe(errorCodes.VERIFY_CODE_INVALID.code)
    const forged = await call(t.app, 'POST', '/api/admin/secondaryLogin', {
      body: { ticket: `${ticket}x`, verifyCode: code },
    })
    expect(forged.body.code).toBe(errorCodes.LOGIN_TICKET_INVALID.code)
  })

  it('ends sessions: expiry (10001006), disabled account, password change and single-session (10002)', async () => {
    const id = await registerAndApprove({ ...NEW_USER, username: 'sess', phone: '13800000004' })
    const sign = () => login(t.app, 'sess', NEW_USER.password)
    const detail = (token: string) => call(t.app, 'GET', '/api/user/detail', { token })

    expect((await call(t.app, 'GET', '/api/user/detail')).body.code).toBe(10001006)
    expect((await detail('not-a-token')).body.code).toBe(10001006)

    const idle = await sign()
    await t.database.db
      .update(session)
      .set({ lastSeenAt: new Date(Date.now() - t.config.sessionIdleMs - 1000) })
      .where(eq(session.adminId, id))
    expect((await detail(idle)).body).toMatchObject({ code: 10001006, msg: '登录已过期，请重新登录' })
    const absolute = await sign()
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(session.adminId, id))
    expect((await detail(absolute)).body.code).toBe(10001006)

    const out = await sign()
    await call(t.app, 'POST', '/api/admin/logout', { token: out })
    expect((await detail(out)).body.code).toBe(10001006)

    const superToken = await login(t.app)
    const victim = await sign()
    await call(t.app, 'POST', '/api/admin/state', { token: superToken, body: { id, state: 2 } })
    expect((await detail(victim)).body).toMatchObject({ code: 10002, msg: '账号已被禁用，请联系管理员' })
    expect(
      (
        await call(t.app, 'POST', '/api/admin/login', {
          body: { username: 'sess', password: NEW_USER.password },
        })
      ).body.msg,
    ).toBe(errorCodes.ACCOUNT_DISABLED.msg)
    await call(t.app, 'POST', '/api/admin/state', { token: superToken, body: { id, state: 1 } })

    const keeper = await sign()
    const other = await sign()
    await call(t.app, 'POST', '/api/admin/user-center/sendMsg', {
      token: keeper,
      body: { purpose: 'update', phone: '13800000004' },
    })
    const upd = await call(t.app, 'POST', '/api/admin/update', {
      token: keeper,
      body: {
        adminId: id,
        realName: '新名字',
        email: 'x@example.com',
        phone: '13800000004',
        newPassword: 'Changed@2026',
        verifyCode: await lastSmsCode(t.database, '13800000004'),
        lastChangeTime: Date.now(),
      },
    })
    expect(upd.body).toMatchObject({ code: 0, msg: '修改成功' })
    expect((await detail(other)).body).toMatchObject({ code: 10002, msg: '密码已修改，请重新登录' })
    expect((await detail(keeper)).body.data.user.realName).toBe('新名字')

    await call(t.app, 'POST', '/api/setting/update', {
      token: superToken,
      body: { key: 'security.singleSession', value: true },
    })
    const s1 = await login(t.app, 'sess', 'Changed@2026')
    const s2 = await login(t.app, 'sess', 'Changed@2026')
    expect((await detail(s1)).body).toMatchObject({ code: 10002, msg: '账号已在其他地方登录，请重新登录' })
    expect((await detail(s2)).body.code).toBe(0)
    await call(t.app, 'POST', '/api/setting/update', {
      token: superToken,
      body: { key: 'security.singleSession', value: false },
    })
  })

  it('validates the personal-info update with the spec messages and needs a fresh code', async () => {
    const token = await login(t.app)
    const base = {
      adminId: 1,
      realName: '超管',
      email: 'admin@example.com',
      phone: '13900000000',
      verifyCode: '123456',
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ realName: '' }, '请输入姓名'],
      [{ email: '' }, '请输入邮箱号'],
      [{ newPassword: 'short' }, '最低8位，至少1大写字母、1小写字母、1数字、1英文符号'],
      [{ verifyCode: '' }, '请输入验证码'],
    ]
    for (const [patch, msg] of cases) {
      const { res, body } = await call(t.app, 'POST', '/api/admin/update', {
        token,
        body: { ...base, ...patch },
      })
      expect([res.statusCode, body.msg]).toEqual([422, msg])
    }
    const noCode = await call(t.app, 'POST', '/api/admin/update', { token, body: base })
    expect(noCode.body.msg).toBe('验证码错误或已过期')
    const notMine = await call(t.app, 'POST', '/api/admin/update', { token, body: { ...base, adminId: 2 } })
    expect(notMine.res.statusCode).toBe(403)
  })

  it('resets a forgotten password by SMS without revealing which accounts exist', async () => {
    await registerAndApprove({ ...NEW_USER, username: 'forgetful', phone: '13800000005' })
    const keep = await login(t.app, 'forgetful', NEW_USER.password)
    const unknown = await call(t.app, 'POST', '/api/admin/user-center/sendMsg', {
      body: { purpose: 'reset', username: 'ghost', phone: '13800000005' },
    })
    expect(unknown.body).toMatchObject({ code: 0, msg: '验证码已发送' })
    await call(t.app, 'POST', '/api/admin/user-center/sendMsg', {
      body: { purpose: 'reset', username: 'forgetful', phone: '13800000005' },
    })
    const code = await lastSmsCode(t.database, '13800000005')
    const reset = await call(t.app, 'POST', '/api/admin/forgot-password', {
      body: { username: 'forgetful', phone: '13800000005', verifyCode: code, newPassword: 'Reset@2026x' },
    })
    expect(reset.body.code).toBe(0)
    expect((await call(t.app, 'GET', '/api/user/detail', { token: keep })).body.code).toBe(10002)
    await login(t.app, 'forgetful', 'Reset@2026x')
  })

  it('refuses calls a role may not make with 403, and keeps preferences per user', async () => {
    const token = await login(t.app, 'newbie', NEW_USER.password).catch(async () => {
      await registerAndApprove({ ...NEW_USER, username: 'newbie2', phone: '13800000006' })
      return login(t.app, 'newbie2', NEW_USER.password)
    })
    const r = await call(t.app, 'GET', '/api/admin/list', { token })
    expect([r.res.statusCode, r.body.code]).toEqual([403, errorCodes.FORBIDDEN.code])
    expect((await call(t.app, 'GET', '/api/sms/outbox', { token })).res.statusCode).toBe(403)
    const prefs = {
      layout: {
        layoutType: 'horizontal',
        layoutWidth: 'boxed',
        leftSidebarType: 'icon',
        topbar: 'dark',
        loader: true,
      },
      language: 'ar',
    }
    await call(t.app, 'POST', '/api/admin/preferences', { token, body: prefs })
    expect((await call(t.app, 'GET', '/api/admin/preferences', { token })).body.data).toEqual(prefs)
    const bad = await call(t.app, 'POST', '/api/admin/preferences', {
      token,
      body: { ...prefs, language: 'xx' },
    })
    expect(bad.res.statusCode).toBe(422)
    const menu = await call(t.app, 'GET', '/api/admin/user-menu', { token })
    const links = JSON.stringify(menu.body.data.menus)
    expect(links).toContain('/dashboard')
    expect(links).not.toContain('/contentArticle')
  })

  it('answers unknown API paths with the envelope, and documents the API', async () => {
    const { res, body } = await call(t.app, 'GET', '/api/nope')
    expect([res.statusCode, body.code]).toEqual([404, errorCodes.NOT_FOUND.code])
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(Object.keys(docs.json().paths)).toContain('/api/admin/login')
  })
})

describe('paging helpers', () => {
  it('takes % and _ in search text literally', async () => {
    const { containsPattern } = await import('../src/platform/paging.ts')
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%')
  })
})
