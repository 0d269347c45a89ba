import { PASSWORD_RULE_MSG } from '@moc/domain/rules/password'
import { errorCodes } from '@moc/domain/transport/errorCodes'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { admin, operationLog, role } from '../src/db/schema.ts'
import { adminsInScope, createdByInScope, dataScopeOf, resolveDataScope } from '../src/platform/dataScope.ts'
import { call, engines, lastSmsCode, login, startTestApp, type TestApp } from './harness.ts'

const PASSWORD = 'Staff@2026'
const NEW_PASSWORD = 'Reset#2026x'

type Actions = string[]
const grant = (actions: Actions) => ({
  '系统-账号': actions.map((actionName) => ({ actionName, exists: true })),
})

describe.each(engines)('accounts on %s', (engine) => {
  let t: TestApp
  let su: string
  let seq = 0

  beforeAll(async () => {
    t = await startTestApp(engine)
    su = await login(t.app)
  })
  afterAll(() => t?.close())

  const post = (url: string, body: unknown, token = su) => call(t.app, 'POST', url, { token, body })
  const get = (url: string, token = su) => call(t.app, 'GET', url, { token })

  async function makeRole(actions: Actions, permissionDepartment = '') {
    const [r] = await t.database.db
      .insert(role)
      .values({ name: `角色${++seq}`, power: grant(actions), permissionDepartment })
      .returning({ id: role.id })
    return r!.id
  }
  async function makeDepartment(name: string, parentId: number | null = null) {
    const { body } = await post('/api/structure/create', { name, parentId })
    expect(body.code, body.msg).toBe(0)
    return body.data.id as number
  }
  async function makeAccount(fields: Record<string, unknown> = {}) {
    const username = `user${++seq}`
    const { body } = await post('/api/admin/create', {
      username,
      password: PASSWORD,
      realName: `员工${seq}`,
      ...fields,
    })
    expect(body.code, body.msg).toBe(0)
    return { id: body.data.id as number, username }
  }
  /** An account holding `actions` on 系统-账号, signed in. */
  async function staff(actions: Actions, fields: Record<string, unknown> = {}) {
    const roleId = await makeRole(actions)
    const account = await makeAccount({ roleId, ...fields })
    return { ...account, roleId, token: await login(t.app, account.username, PASSWORD) }
  }
  const roleOf = async (id: number) => (await t.database.db.select().from(admin).where(eq(admin.id, id)))[0]!

  it('creates an account that can sign in; usernames are unique ignoring case', async () => {
    const dept = await makeDepartment('总编室')
    const pos = (await post('/api/position/create', { name: '编辑' })).body.data.id
    const roleId = await makeRole(['查看'])
    const created = await post('/api/admin/create', {
      username: 'Zhang.San',
      password: PASSWORD,
      realName: '张三',
      email: 'ZS@Example.com',
      phone: '13700000001',
      roleId,
      departmentId: dept,
      positionId: pos,
      isDirector: true,
      requireSms: false,
    })
    expect(created.body).toMatchObject({ code: 0, msg: '新增成功' })
    const detail = await get(`/api/admin/detail?id=${created.body.data.id}`)
    expect(detail.body.data).toMatchObject({
      name: 'Zhang.San',
      username: 'Zhang.San',
      realName: '张三',
      email: 'zs@example.com',
      departmentName: '总编室',
      positionName: '编辑',
      isDirector: true,
      state: 1,
      roleId,
    })
    const same = await get(`/api/system/account/detail?id=${created.body.data.id}`)
    expect(same.body.data).toEqual(detail.body.data)
    await login(t.app, 'zhang.san', PASSWORD)
    const dup = await post('/api/system/account/add', {
      username: 'ZHANG.SAN',
      password: PASSWORD,
      realName: 'x',
    })
    expect([dup.res.statusCode, dup.body.msg]).toEqual([409, '用户名已存在'])
  })

  it('checks the create body with the shared rules and rejects unknown fields', async () => {
    const base = { username: 'checked1', password: PASSWORD, realName: '校验' }
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'weakpass' }, PASSWORD_RULE_MSG],
      [{ password: 'Weak pass1!' }, PASSWORD_RULE_MSG],
      [{ realName: ' ' }, '请输入姓名'],
      [{ email: 'nope' }, '请输入正确的邮箱号'],
      [{ phone: '123' }, '请输入正确的手机号'],
      [{ requireSms: true }, '开启短信验证登录需先填写手机号'],
      [{ isDirector: true }, '设为部门负责人需先选择部门'],
      [{ roleId: 99999 }, '所选角色不存在'],
      [{ departmentId: 99999 }, '所选部门不存在'],
      [{ positionId: 99999 }, '所选职位不存在'],
    ]
    for (const [patch, msg] of cases) {
      const { res, body } = await post('/api/admin/create', { ...base, ...patch })
      expect([res.statusCode, body.msg], JSON.stringify(patch)).toEqual([422, msg])
    }
    for (const extra of [{ state: 1 }, { passwordHash: 'x' }, { id: 5 }]) {
      const { res, body } = await post('/api/admin/create', { ...base, ...extra })
      expect(res.statusCode).toBeGreaterThanOrEqual(400)
      expect(res.statusCode).toBeLessThan(500)
      expect(body.msg).toContain(Object.keys(extra)[0])
    }
    expect((await get('/api/admin/list?keyword=checked1')).body.data.total).toBe(0)
  })

  it('lists by name, phone, department with its sub-departments, role and state, on both paths', async () => {
    const top = await makeDepartment('新闻中心')
    const sub = await makeDepartment('采访部', top)
    const other = await makeDepartment('技术部')
    const roleId = await makeRole(['查看'])
    const a = await makeAccount({ departmentId: top, phone: '13711110001', realName: '李列表' })
    const b = await makeAccount({ departmentId: sub, roleId })
    const c = await makeAccount({ departmentId: other })
    await post('/api/admin/state', { id: c.id, state: 2 })
    const names = async (query: string) => {
      const [x, y] = await Promise.all([
        get(`/api/admin/list?${query}`),
        get(`/api/system/accounts?${query}`),
      ])
      expect(y.body.data).toEqual(x.body.data)
      return x.body.data.items.map((i: { username: string }) => i.username).sort()
    }
    expect(await names(`departmentId=${top}`)).toEqual([a.username, b.username].sort())
    expect(await names(`departmentId=${sub}`)).toEqual([b.username])
    expect(await names('keyword=李列表')).toEqual([a.username])
    expect(await names('phone=1111000')).toEqual([a.username])
    expect(await names(`roleId=${roleId}`)).toEqual([b.username])
    expect(await names(`departmentId=${other}&state=2`)).toEqual([c.username])
    expect(await names(`departmentId=${other}&state=1`)).toEqual([])
    const row = (await get(`/api/admin/list?departmentId=${sub}`)).body.data.items[0]
    expect(row).toMatchObject({ departmentName: '采访部', roleId, isDirector: false, positionName: null })
    const paged = await get('/api/admin/list?page=1&pageSize=2')
    expect(paged.body.data.items).toHaveLength(2)
    expect(paged.body.data.total).toBeGreaterThan(2)
  })

  it('edits an account through /api/admin/update and /api/system/account/modify alike', async () => {
    const d1 = await makeDepartment('编辑部')
    const d2 = await makeDepartment('运营部')
    const r1 = await makeRole(['查看'])
    const acc = await makeAccount({ departmentId: d1, isDirector: true })
    const upd = await post('/api/admin/update', {
      adminId: acc.id,
      realName: '改名',
      email: 'new@example.com',
      phone: '13722220000',
      roleId: r1,
      requireSms: true,
    })
    expect(upd.body).toMatchObject({ code: 0, msg: '修改成功' })
    expect(await roleOf(acc.id)).toMatchObject({
      realName: '改名',
      roleId: r1,
      requireSms: true,
      isDirector: true,
      departmentId: d1,
    })
    // A new department starts without the head-of-department mark.
    const moved = await post('/api/system/account/modify', { id: acc.id, departmentId: d2 })
    expect(moved.body.code).toBe(0)
    expect(await roleOf(acc.id)).toMatchObject({ departmentId: d2, isDirector: false, realName: '改名' })
    const noPhone = await post('/api/system/account/modify', { id: acc.id, phone: '' })
    expect(noPhone.body.msg).toBe('开启短信验证登录需先填写手机号')
    const cleared = await post('/api/admin/update', { adminId: acc.id, departmentId: null, roleId: null })
    expect(cleared.body.code).toBe(0)
    expect(await roleOf(acc.id)).toMatchObject({ departmentId: null, roleId: null })
    expect((await post('/api/admin/update', { adminId: 99999, realName: 'x' })).res.statusCode).toBe(404)
  })

  it('binds, shows and unbinds the 秀米 id; the signed-in user carries it; a malformed one is refused', async () => {
    const acc = await makeAccount({ xiumiOpenId: 'xm_001' })
    expect((await get(`/api/admin/detail?id=${acc.id}`)).body.data.xiumiOpenId).toBe('xm_001')
    const token = await login(t.app, acc.username, PASSWORD)
    expect((await get('/api/user/detail', token)).body.data.user.xiumiOpenId).toBe('xm_001')
    const bad = await post('/api/system/account/modify', { id: acc.id, xiumiOpenId: '秀米 id!' })
    expect(bad.res.statusCode).toBe(422)
    expect(bad.body.msg).toBe('秀米账号ID只能包含字母、数字、下划线和连字符，最多64位')
    expect((await roleOf(acc.id)).xiumiOpenId).toBe('xm_001')
    expect((await post('/api/admin/update', { adminId: acc.id, xiumiOpenId: 'xm-002' })).body.code).toBe(0)
    expect((await roleOf(acc.id)).xiumiOpenId).toBe('xm-002')
    expect((await post('/api/admin/update', { adminId: acc.id, xiumiOpenId: '' })).body.code).toBe(0)
    expect((await roleOf(acc.id)).xiumiOpenId).toBeNull()
  })

  it('sets and clears the head of department; a head needs a department', async () => {
    const d = await makeDepartment('财务部')
    const acc = await makeAccount({ departmentId: d })
    const on = await post('/api/admin/director', { id: acc.id, isDirector: true })
    expect(on.body).toMatchObject({ code: 0, msg: '已设为部门负责人' })
    expect((await get(`/api/admin/list?departmentId=${d}`)).body.data.items[0].isDirector).toBe(true)
    const off = await post('/api/admin/director', { id: acc.id, isDirector: false })
    expect(off.body.msg).toBe('已取消部门负责人')
    const loose = await makeAccount()
    const refused = await post('/api/admin/director', { id: loose.id, isDirector: true })
    expect([refused.res.statusCode, refused.body.msg]).toEqual([422, '设为部门负责人需先选择部门'])
  })

  it('resets a password: the rule applies, old sessions end with 10002, the new password signs in', async () => {
    const acc = await makeAccount()
    const session = await login(t.app, acc.username, PASSWORD)
    const weak = await post('/api/admin/update', { adminId: acc.id, newPassword: 'abc' })
    expect([weak.res.statusCode, weak.body.msg]).toEqual([422, PASSWORD_RULE_MSG])
    const reset = await post('/api/admin/update', { adminId: acc.id, newPassword: NEW_PASSWORD })
    expect(reset.body).toMatchObject({ code: 0, msg: '密码已重置，该账号需使用新密码重新登录' })
    expect((await get('/api/user/detail', session)).body).toMatchObject({
      code: 10002,
      msg: '密码已修改，请重新登录',
    })
    const old = await call(t.app, 'POST', '/api/admin/login', {
      body: { username: acc.username, password: PASSWORD },
    })
    expect(old.body.code).toBe(errorCodes.LOGIN_FAILED.code)
    const again = await login(t.app, acc.username, NEW_PASSWORD)
    await post('/api/system/account/modify', { id: acc.id, newPassword: PASSWORD })
    expect((await get('/api/user/detail', again)).body.code).toBe(10002)
    // Nobody resets their own password this way: that needs the SMS code of the personal-info dialog.
    const own = await post('/api/admin/update', { adminId: 1, newPassword: NEW_PASSWORD })
    expect([own.res.statusCode, own.body.msg]).toEqual([403, '修改自己的密码请在“个人信息”中操作'])
  })

  it('disables (next call 10002) and enables again, on POST and on the GET path; logs both', async () => {
    const acc = await makeAccount()
    const session = await login(t.app, acc.username, PASSWORD)
    const off = await post('/api/admin/state', { id: acc.id, state: 2 })
    expect(off.body).toMatchObject({ code: 0, msg: '账号已禁用' })
    expect((await get('/api/user/detail', session)).body).toMatchObject({
      code: 10002,
      msg: '账号已被禁用，请联系管理员',
    })
    const on = await get(`/api/system/account/modifyState?id=${acc.id}&state=1`)
    expect(on.body).toMatchObject({ code: 0, msg: '账号已启用' })
    const fresh = await login(t.app, acc.username, PASSWORD)
    await get(`/api/system/account/modifyState?id=${acc.id}&state=2`)
    expect((await get('/api/user/detail', fresh)).body.code).toBe(10002)
    const bad = await get(`/api/system/account/modifyState?id=${acc.id}&state=3`)
    expect(bad.res.statusCode).toBe(422)
    await vi.waitFor(async () => {
      const logs = await t.database.db
        .select()
        .from(operationLog)
        .where(and(eq(operationLog.target, `admin:${acc.id}`), eq(operationLog.action, '修改账号状态')))
      expect(logs.map((l) => [l.method, l.result])).toEqual(
        expect.arrayContaining([
          ['POST', 'success'],
          ['GET', 'success'],
        ]),
      )
    })
    const self = await post('/api/admin/state', { id: 1, state: 2 })
    expect([self.res.statusCode, self.body.msg]).toEqual([403, '不能修改自己的账号状态'])
  })

  it('deletes: sessions end (10002), the account leaves every list and cannot sign in; not self, not admin', async () => {
    const d = await makeDepartment('待撤销部')
    const acc = await makeAccount({ departmentId: d })
    const session = await login(t.app, acc.username, PASSWORD)
    const del = await post('/api/admin/delete', { id: acc.id })
    expect(del.body).toMatchObject({ code: 0, msg: '删除成功' })
    expect((await get('/api/user/detail', session)).body).toMatchObject({
      code: 10002,
      msg: '账号已被删除，请联系管理员',
    })
    expect((await get(`/api/admin/list?keyword=${acc.username}`)).body.data.total).toBe(0)
    expect((await get(`/api/admin/detail?id=${acc.id}`)).res.statusCode).toBe(404)
    const signIn = await call(t.app, 'POST', '/api/admin/login', {
      body: { username: acc.username, password: PASSWORD },
    })
    expect(signIn.body.code).not.toBe(0)
    expect((await post('/api/admin/delete', { id: acc.id })).res.statusCode).toBe(404)
    const reuse = await post('/api/admin/create', {
      username: acc.username,
      password: PASSWORD,
      realName: 'x',
    })
    expect([reuse.res.statusCode, reuse.body.msg]).toEqual([409, '用户名已被已删除的账号占用，请换一个'])
    // The emptied department can go; the deleted account lets go of it.
    expect((await post('/api/structure/delete', { id: d })).body.code).toBe(0)

    const other = await makeAccount()
    expect((await get(`/api/system/account/remove?id=${other.id}`)).body.code).toBe(0)
    expect((await get(`/api/admin/detail?id=${other.id}`)).res.statusCode).toBe(404)
    const self = await post('/api/admin/delete', { id: 1 })
    expect([self.res.statusCode, self.body.msg]).toEqual([403, '不能删除自己的账号'])
    const boss = await staff(['查看', '删除'])
    const builtin = await post('/api/admin/delete', { id: 1 }, boss.token)
    expect([builtin.res.statusCode, builtin.body.msg]).toEqual([403, '只有超级管理员可以修改超级管理员账号'])
  })

  it('personal info still works on the own account only, with the SMS code', async () => {
    const me = await staff([], { phone: '13733330000', email: 'me@example.com' })
    const own = await get(`/api/admin/detail?id=${me.id}`, me.token)
    expect(own.body.data).toMatchObject({ id: me.id, name: me.username, phone: '13733330000' })
    expect((await get('/api/admin/detail?id=1', me.token)).res.statusCode).toBe(403)
    await post('/api/admin/user-center/sendMsg', { purpose: 'update', phone: '13733330000' }, me.token)
    const code = await lastSmsCode(t.database, '13733330000')
    const body = {
      adminId: me.id,
      realName: '本人',
      email: 'me@example.com',
      phone: '13733330000',
      verifyCode: code,
    }
    const withRole = await post('/api/admin/update', { ...body, roleId: 1 }, me.token)
    expect(withRole.res.statusCode).toBe(403)
    const done = await post('/api/admin/update', body, me.token)
    expect(done.body).toMatchObject({ code: 0, msg: '修改成功' })
    expect(await roleOf(me.id)).toMatchObject({ realName: '本人', roleId: me.roleId })
  })

  it('without 系统-账号 编辑 no body field of any route changes a role, a state or a password', async () => {
    const clerk = await staff(['查看', '添加', '删除'])
    const victim = await makeAccount()
    const before = await roleOf(clerk.id)
    const victimBefore = await roleOf(victim.id)
    const attempts: [string, Record<string, unknown>][] = [
      ['/api/admin/update', { adminId: clerk.id, roleId: 1 }],
      ['/api/admin/update', { adminId: victim.id, newPassword: NEW_PASSWORD }],
      ['/api/admin/update', { adminId: clerk.id, realName: 'x', state: 1 }],
      [
        '/api/admin/update',
        { adminId: clerk.id, realName: 'x', email: 'a@b.cn', verifyCode: '1', roleId: 1 },
      ],
      [
        '/api/admin/update',
        { adminId: clerk.id, realName: 'x', email: 'a@b.cn', verifyCode: '1', passwordHash: 'x' },
      ],
      ['/api/system/account/modify', { id: clerk.id, roleId: 1 }],
      ['/api/system/account/modify', { id: victim.id, newPassword: NEW_PASSWORD }],
      ['/api/admin/director', { id: clerk.id, isDirector: false, roleId: 1 }],
      ['/api/admin/security', { id: clerk.id, requireSms: false, passwordHash: 'x' }],
      ['/api/admin/state', { id: victim.id, state: 2, roleId: 1 }],
      ['/api/admin/delete', { id: victim.id, roleId: 1 }],
      [
        '/api/admin/create',
        { username: 'sneaky', password: PASSWORD, realName: 'x', state: 1, passwordHash: 'x' },
      ],
      ['/api/system/account/add', { username: 'sneaky2', password: PASSWORD, realName: 'x', roleId: 1 }],
      ['/api/structure/create', { name: '偷偷', parentId: null, roleId: 1 }],
      ['/api/position/create', { name: '偷偷', state: 1 }],
    ]
    for (const [url, body] of attempts) {
      const { res } = await post(url, body, clerk.token)
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400)
      expect(res.statusCode).toBeLessThan(500)
    }
    expect(await roleOf(clerk.id)).toEqual(before)
    expect(await roleOf(victim.id)).toEqual(victimBefore)
    expect((await get('/api/admin/list?keyword=sneaky')).body.data.total).toBe(0)

    // With 编辑 but not super administrator: no role 1, no touching super administrators, not one's own role.
    const editor = await staff(['查看', '编辑'])
    const grantSuper = await post('/api/admin/update', { adminId: victim.id, roleId: 1 }, editor.token)
    expect([grantSuper.res.statusCode, grantSuper.body.msg]).toEqual([
      403,
      '只有超级管理员可以授予超级管理员角色',
    ])
    const ownRole = await post(
      '/api/admin/update',
      { adminId: editor.id, roleId: clerk.roleId },
      editor.token,
    )
    expect([ownRole.res.statusCode, ownRole.body.msg]).toEqual([403, '不能修改自己的角色'])
    const superTarget = await post(
      '/api/admin/update',
      { adminId: 1, newPassword: NEW_PASSWORD },
      editor.token,
    )
    expect(superTarget.res.statusCode).toBe(403)
    const secondSuper = await makeAccount({ roleId: 1 })
    const secondToken = await login(t.app, secondSuper.username, PASSWORD)
    const builtin = await post('/api/admin/update', { adminId: 1, roleId: clerk.roleId }, secondToken)
    expect([builtin.res.statusCode, builtin.body.msg]).toEqual([
      403,
      '不能修改内置超级管理员账号 admin 的角色',
    ])
    expect(await roleOf(victim.id)).toEqual(victimBefore)
    expect((await roleOf(1)).roleId).toBe(1)
    await login(t.app) // the super administrator's password is unchanged
    const fine = await post('/api/admin/update', { adminId: victim.id, roleId: clerk.roleId }, editor.token)
    expect(fine.body.code).toBe(0)
  })

  it('refuses each route to callers without its permission', async () => {
    const viewer = await staff(['查看'])
    const target = await makeAccount()
    const refused: [string, 'GET' | 'POST', unknown?][] = [
      ['/api/admin/create', 'POST', { username: 'nope1', password: PASSWORD, realName: 'x' }],
      ['/api/system/account/add', 'POST', { username: 'nope2', password: PASSWORD, realName: 'x' }],
      ['/api/admin/update', 'POST', { adminId: target.id, realName: 'x' }],
      ['/api/system/account/modify', 'POST', { id: target.id, realName: 'x' }],
      ['/api/admin/state', 'POST', { id: target.id, state: 2 }],
      [`/api/system/account/modifyState?id=${target.id}&state=2`, 'GET'],
      ['/api/admin/delete', 'POST', { id: target.id }],
      [`/api/system/account/remove?id=${target.id}`, 'GET'],
      ['/api/admin/director', 'POST', { id: target.id, isDirector: false }],
      ['/api/admin/security', 'POST', { id: target.id, requireSms: false }],
    ]
    for (const [url, method, body] of refused) {
      const r = await call(t.app, method, url, { token: viewer.token, body })
      expect([r.res.statusCode, r.body.code], url).toEqual([403, errorCodes.FORBIDDEN.code])
    }
    expect((await get(`/api/admin/detail?id=${target.id}`, viewer.token)).body.code).toBe(0)
    const nobody = await staff([])
    for (const url of [
      '/api/admin/list',
      '/api/system/accounts',
      `/api/system/account/detail?id=${target.id}`,
    ])
      expect((await get(url, nobody.token)).res.statusCode, url).toBe(403)
    expect((await get(`/api/admin/detail?id=${target.id}`, nobody.token)).res.statusCode).toBe(403)
    expect((await call(t.app, 'GET', '/api/admin/list')).body.code).toBe(10001006)
  })

  describe('data scope', () => {
    it('limits to admins of the role departments and their sub-departments, once per request', async () => {
      const a = await makeDepartment('范围A')
      const a1 = await makeDepartment('范围A1', a)
      const a11 = await makeDepartment('范围A11', a1)
      const b = await makeDepartment('范围B')
      const inA = await makeAccount({ departmentId: a })
      const inA11 = await makeAccount({ departmentId: a11 })
      const inB = await makeAccount({ departmentId: b })
      const scopedRole = await makeRole(['查看'], `${a}, x`)
      const me = await makeAccount({ roleId: scopedRole, departmentId: b })
      const token = await login(t.app, me.username, PASSWORD)
      const principal = await t.ctx.sessions.authenticate(token)
      const { db } = t.database

      const scope = await resolveDataScope(db, principal)
      expect(scope.unrestricted).toBe(false)
      if (!scope.unrestricted) expect([...scope.departmentIds].sort()).toEqual([a, a1, a11].sort())
      // On PostgreSQL it is read with the session in the same statement: resolving it needs no database at all.
      // PGlite reads it apart (sessions.ts readScope).
      const scopeDb = engine === 'postgres' ? (null as never) : db
      expect(principal.scopeRead?.departmentIds ?? null).toEqual(
        engine === 'postgres' ? expect.arrayContaining([a, a1, a11]) : null,
      )
      expect(await resolveDataScope(scopeDb, principal)).toEqual(scope)
      // A sub-department added later is in the scope of the next request.
      const a12 = await makeDepartment('范围A12', a1)
      const next = await resolveDataScope(scopeDb, await t.ctx.sessions.authenticate(token))
      if (!next.unrestricted) expect([...next.departmentIds].sort()).toEqual([a, a1, a11, a12].sort())
      expect(next.unrestricted).toBe(false)

      // The created_by condition, tried on the admin table's own id column.
      const byCreator = await db
        .select({ username: admin.username })
        .from(admin)
        .where(createdByInScope(scope, admin.id))
      const names = byCreator.map((r) => r.username).sort()
      expect(names).toEqual([inA.username, inA11.username, me.username].sort())
      expect(names).not.toContain(inB.username)
      const direct = await db.select({ id: admin.id }).from(admin).where(adminsInScope(scope))
      expect(direct.map((r) => r.id).sort()).toEqual([inA.id, inA11.id, me.id].sort())

      const creators = await get('/api/admin/creators', token)
      expect(creators.body.data.default).toBe(me.username)
      expect(creators.body.data.items[0]).toEqual({ label: me.username, value: me.username })
      expect(creators.body.data.items.map((o: { value: string }) => o.value).sort()).toEqual(names)

      const byStructure = async (ids: string, who = token) =>
        (await get(`/api/admin/listByStructureIds?structureIds=${ids}&page=1&pageSize=5000`, who)).body.data
      expect((await byStructure(String(a1))).items.map((i: { name: string }) => i.name)).toEqual([
        inA11.username,
      ])
      expect((await byStructure(String(b))).items.map((i: { name: string }) => i.name)).toEqual([me.username])
      expect((await byStructure(`${a},${b}`)).total).toBe(3)
      expect((await byStructure(`${a},${b}`, su)).total).toBe(4)
      const one = (await byStructure(String(a))).items[0]
      expect(Object.keys(one).sort()).toEqual(['departmentId', 'id', 'name', 'realName'])

      // Evaluated once per request: the same request object gets the same promise.
      const req = { principal } as Parameters<typeof dataScopeOf>[0]
      expect(dataScopeOf(req, db)).toBe(dataScopeOf(req, db))

      // Empty permissionDepartment and the super administrator are unrestricted; a stale id restricts to oneself.
      const open = await makeRole(['查看'], '')
      expect((await resolveDataScope(db, { ...principal, roleId: open })).unrestricted).toBe(true)
      expect((await resolveDataScope(db, { ...principal, roleId: 1 })).unrestricted).toBe(true)
      const stale = await makeRole(['查看'], '999999')
      const staleScope = await resolveDataScope(db, { ...principal, roleId: stale })
      const onlyMe = await db
        .select({ id: admin.id })
        .from(admin)
        .where(createdByInScope(staleScope, admin.id))
      expect(onlyMe.map((r) => r.id)).toEqual([me.id])
      expect(
        createdByInScope(await resolveDataScope(db, { ...principal, roleId: 1 }), admin.id),
      ).toBeUndefined()
    })
  })
})
