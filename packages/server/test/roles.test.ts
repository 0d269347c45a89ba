import { errorCodes } from '@moc/domain/transport/errorCodes'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { admin, department, operationLog, role } from '../src/db/schema.ts'
import { call, engines, login, startTestApp, type TestApp } from './harness.ts'

const articleView = { '内容-文章': [{ actionName: '查看', exists: true }] }

describe.each(engines)('roles (系统-角色) on %s', (engine) => {
  let t: TestApp
  let root: string
  let seq = 0

  beforeAll(async () => {
    t = await startTestApp(engine)
    root = await login(t.app)
  })
  afterAll(() => t?.close())

  const post = (url: string, body: unknown, token = root) => call(t.app, 'POST', url, { token, body })
  const get = (url: string, token = root) => call(t.app, 'GET', url, { token })

  async function createRole(fields: Record<string, unknown> = {}) {
    const { res, body } = await post('/api/role', { name: `角色${++seq}`, ...fields })
    expect([res.statusCode, body.code, body.msg]).toEqual([200, 0, '新增角色成功'])
    return body.data.id as number
  }

  /** An enabled account holding `roleId`, signed in. */
  async function accountWithRole(roleId: number | null) {
    const username = `staff${++seq}`
    const password = 'Staff@2026'
    const reg = await call(t.app, 'POST', '/api/users/register', {
      body: {
        username,
        password,
        realName: '员工',
        email: `${username}@example.com`,
        phone: `1380000${1000 + seq}`,
      },
    })
    expect(reg.body.code).toBe(0)
    const id = reg.body.data.id as number
    // Accounts get their role on the account screen (another module); set it directly here.
    await t.database.db.update(admin).set({ state: 1, roleId }).where(eq(admin.id, id))
    return { id, token: await login(t.app, username, password) }
  }

  it('serves the editor tree from the catalogue: groups → pages → actions with stable keys, and menus', async () => {
    const { body } = await get('/api/role/config')
    expect(body.code).toBe(0)
    const content = body.data.find((g: { key: string }) => g.key === 'content')
    expect(content.title).toBe('内容管理')
    const article = content.pages.find((p: { name: string }) => p.name === '内容-文章')
    expect(article.actions).toContainEqual({ name: '查看', key: 'content-article-view' })
    expect(article.actions).toContainEqual({ name: '免审发布', key: 'content-article-publishNoExamine' })
    expect(article.menus).toEqual([{ path: '/contentArticle', title: '文章管理' }])
    const system = body.data.find((g: { key: string }) => g.key === 'system')
    const roles = system.pages.find((p: { name: string }) => p.name === '系统-角色')
    expect(roles.actions.map((a: { name: string }) => a.name)).toEqual(['查看', '添加', '编辑', '删除'])
  })

  it('creates a role in the stored form of spec §3 and reads it back in list, dropdown and detail', async () => {
    const [dept] = await t.database.db.insert(department).values({ name: '新闻部' }).returning()
    const id = await createRole({
      name: '文章编辑',
      description: '只管文章',
      power: articleView,
      powerMenuAttrs: ['/contentArticle', '/contentArticle'],
      permissionDepartment: `${dept!.id},${dept!.id}`,
    })
    const detail = await get(`/api/role/detail?id=${id}`)
    expect(detail.body.data).toMatchObject({
      id,
      name: '文章编辑',
      description: '只管文章',
      powerMenuAttrs: ['/contentArticle'],
      permissionDepartment: String(dept!.id),
    })
    // Every action of a granted page is listed; the unticked ones carry exists false.
    const entries = detail.body.data.power['内容-文章']
    expect(entries).toContainEqual({ actionName: '查看', exists: true })
    expect(entries).toContainEqual({ actionName: '编辑', exists: false })
    expect(Object.keys(detail.body.data.power)).toEqual(['内容-文章'])

    const list = await get('/api/role?page=1&pageSize=30&keyword=文章')
    expect(list.body.data.total).toBe(1)
    expect(list.body.data.items[0]).toMatchObject({
      id,
      name: '文章编辑',
      description: '只管文章',
      accountCount: 0,
    })
    const options = await get('/api/role/list?page=1&pageSize=100')
    expect(options.body.data.items).toContainEqual({ id, name: '文章编辑' })
    expect(options.body.data.items[0]).toEqual({ id: 1, name: '超级管理员' })
  })

  it('writes the operation log with the Chinese action and role target', async () => {
    const id = await createRole()
    await vi.waitFor(async () => {
      const [log] = await t.database.db
        .select()
        .from(operationLog)
        .where(and(eq(operationLog.action, '新增角色'), eq(operationLog.target, `role:${id}`)))
      expect(log).toMatchObject({ page: '系统-角色', username: 'admin', result: 'success' })
    })
  })

  it('refuses unknown pages, actions, menu keys and departments with 400 and a Chinese reason', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ power: { '内容-不存在': [{ actionName: '查看', exists: true }] } }, '权限页面「内容-不存在」不存在'],
      [
        { power: { '内容-文章': [{ actionName: '飞行', exists: true }] } },
        '权限页面「内容-文章」没有操作「飞行」',
      ],
      [
        {
          power: {
            '内容-文章': [
              { actionName: '查看', exists: true },
              { actionName: '查看', exists: false },
            ],
          },
        },
        '权限页面「内容-文章」的操作「查看」重复',
      ],
      [{ powerMenuAttrs: ['/nowhere'] }, '菜单「/nowhere」不存在'],
      [{ powerMenuAttrs: ['/dashboard'] }, '菜单「/dashboard」不存在'],
      [{ permissionDepartment: '999999' }, '部门 999999 不存在'],
    ]
    for (const [fields, msg] of cases) {
      const { res, body } = await post('/api/role', { name: `坏角色${++seq}`, ...fields })
      expect([res.statusCode, body.code, body.msg]).toEqual([400, errorCodes.BAD_REQUEST.code, msg])
    }
  })

  it('rejects unknown fields, an empty name and malformed department ids (strict bodies)', async () => {
    const id = await createRole({ name: '严格角色' })
    const bad: [string, unknown, string?][] = [
      ['/api/role', { name: '多字段', roleId: 1 }],
      [
        '/api/role',
        { name: '多字段', power: { '内容-文章': [{ actionName: '查看', exists: true, extra: 1 }] } },
      ],
      ['/api/role', { name: '   ' }, '请输入角色名称'],
      ['/api/role', { name: 'x'.repeat(31) }, '角色名称不能超过30个字符'],
      ['/api/role', { name: '部门', permissionDepartment: '1,a' }, '数据范围的部门编号有误'],
      ['/api/role', { name: '部门', permissionDepartment: '-1' }, '数据范围的部门编号有误'],
      ['/api/role/modify', { id, name: '改', createdAt: '2020-01-01' }],
      ['/api/role/delete', { id, force: true }],
      ['/api/role/copy', { id, name: '别名' }],
    ]
    for (const [url, body, msg] of bad) {
      const r = await post(url, body)
      expect([r.res.statusCode, r.body.code], `${url} ${JSON.stringify(body)}`).toEqual([
        422,
        errorCodes.VALIDATION.code,
      ])
      if (msg) expect(r.body.msg).toBe(msg)
    }
    expect((await get(`/api/role/detail?id=${id}`)).body.data.name).toBe('严格角色')
  })

  it('refuses a second role with the same name (409)', async () => {
    await createRole({ name: '重名角色' })
    const { res, body } = await post('/api/role', { name: '重名角色' })
    expect([res.statusCode, body.msg]).toEqual([409, '角色名称已存在'])
  })

  it('modifies a role, keeping its own name free to reuse', async () => {
    const id = await createRole({ name: '待修改' })
    const { body } = await post('/api/role/modify', {
      id,
      name: '待修改',
      description: '新描述',
      power: { '系统-操作日志': [{ actionName: '导出', exists: true }] },
      powerMenuAttrs: ['/systemlog'],
    })
    expect([body.code, body.msg]).toEqual([0, '修改角色成功'])
    const detail = (await get(`/api/role/detail?id=${id}`)).body.data
    expect(detail).toMatchObject({
      description: '新描述',
      powerMenuAttrs: ['/systemlog'],
      permissionDepartment: '',
    })
    expect(detail.power).toEqual({
      '系统-操作日志': [
        { actionName: '查看', exists: false },
        { actionName: '导出', exists: true },
      ],
    })
    const other = await createRole({ name: '另一个' })
    const clash = await post('/api/role/modify', { id: other, name: '待修改' })
    expect(clash.res.statusCode).toBe(409)
    const missing = await post('/api/role/modify', { id: 999999, name: '不存在' })
    expect([missing.res.statusCode, missing.body.msg]).toEqual([404, '角色不存在'])
  })

  it('never modifies or deletes role 1 (超级管理员), but can copy it as the full catalogue', async () => {
    for (const [url, body] of [
      ['/api/role/modify', { id: 1, name: '改名' }],
      ['/api/role/delete', { id: 1 }],
    ] as const) {
      const r = await post(url, body)
      expect([r.res.statusCode, r.body.code, r.body.msg]).toEqual([
        403,
        errorCodes.FORBIDDEN.code,
        '超级管理员角色不能修改或删除',
      ])
    }
    const [row] = await t.database.db.select().from(role).where(eq(role.id, 1))
    expect(row?.name).toBe('超级管理员')

    const copy = await post('/api/role/copy', { id: 1 })
    expect(copy.body).toMatchObject({ code: 0, msg: '复制角色成功', data: { name: '超级管理员 副本' } })
    const detail = (await get(`/api/role/detail?id=${copy.body.data.id}`)).body.data
    expect(detail.power['系统-角色']).toContainEqual({ actionName: '删除', exists: true })
    expect(detail.powerMenuAttrs).toContain('/roles')
    expect(detail.powerMenuAttrs).not.toContain('/dashboard')
  })

  it('copies a role with its permissions and scope as 「<name> 副本」, then 副本2', async () => {
    const [dept] = await t.database.db.insert(department).values({ name: '视频部' }).returning()
    const id = await createRole({
      name: '复制源',
      description: '源描述',
      power: articleView,
      powerMenuAttrs: ['/contentArticle'],
      permissionDepartment: String(dept!.id),
    })
    const first = await post('/api/role/copy', { id })
    const second = await post('/api/role/copy', { id })
    expect(first.body.data.name).toBe('复制源 副本')
    expect(second.body.data.name).toBe('复制源 副本2')
    const source = (await get(`/api/role/detail?id=${id}`)).body.data
    const copy = (await get(`/api/role/detail?id=${first.body.data.id}`)).body.data
    expect({ ...copy, id: 0, name: '' }).toEqual({ ...source, id: 0, name: '' })
    // A long name is cut so the copy still fits the limit.
    const long = await createRole({ name: '长'.repeat(30) })
    const longCopy = await post('/api/role/copy', { id: long })
    expect(longCopy.body.data.name).toBe(`${'长'.repeat(27)} 副本`)
    const missing = await post('/api/role/copy', { id: 999999 })
    expect(missing.res.statusCode).toBe(404)
  })

  it('refuses to delete a role while accounts use it (409), then deletes it', async () => {
    const id = await createRole({ name: '在用角色' })
    const staff = await accountWithRole(id)
    const list = await get('/api/role?keyword=在用角色')
    expect(list.body.data.items[0].accountCount).toBe(1)
    const refused = await post('/api/role/delete', { id })
    expect([refused.res.statusCode, refused.body.code, refused.body.msg]).toEqual([
      409,
      errorCodes.CONFLICT.code,
      '该角色下还有1个账号，请先将这些账号改为其他角色后再删除',
    ])
    await t.database.db.update(admin).set({ roleId: null }).where(eq(admin.id, staff.id))
    const done = await post('/api/role/delete', { id })
    expect([done.body.code, done.body.msg]).toEqual([0, '删除角色成功'])
    expect((await get(`/api/role/detail?id=${id}`)).res.statusCode).toBe(404)
    expect((await post('/api/role/delete', { id })).res.statusCode).toBe(404)
  })

  it("applies a role's new permissions on the next request of an account holding it", async () => {
    const id = await createRole({ name: '生效测试' })
    const staff = await accountWithRole(id)
    expect((await get('/api/role', staff.token)).res.statusCode).toBe(403)
    expect((await post('/api/role', { name: '越权' }, staff.token)).res.statusCode).toBe(403)

    await post('/api/role/modify', {
      id,
      name: '生效测试',
      power: { '系统-角色': [{ actionName: '查看', exists: true }] },
      powerMenuAttrs: ['/roles'],
    })
    expect((await get('/api/role', staff.token)).body.code).toBe(0)
    expect((await get('/api/role/config', staff.token)).body.code).toBe(0)
    expect((await post('/api/role', { name: '越权' }, staff.token)).res.statusCode).toBe(403)
    const menu = await get('/api/admin/user-menu', staff.token)
    expect(JSON.stringify(menu.body.data)).toContain('/roles')

    await post('/api/role/modify', { id, name: '生效测试' })
    const after = await get('/api/role', staff.token)
    expect([after.res.statusCode, after.body.code]).toEqual([403, errorCodes.FORBIDDEN.code])
  })

  it('lets an account read its own role detail, but not other roles without 系统-角色 查看', async () => {
    const own = await createRole({ name: '自己的角色', permissionDepartment: '' })
    const other = await createRole({ name: '别人的角色' })
    const staff = await accountWithRole(own)
    const mine = await get(`/api/role/detail?id=${own}`, staff.token)
    expect(mine.body.data).toMatchObject({ id: own, permissionDepartment: '' })
    expect((await get(`/api/role/detail?id=${other}`, staff.token)).res.statusCode).toBe(403)
    // The dropdown is open to every signed-in account (the account screens use it).
    expect((await get('/api/role/list?page=1&pageSize=100', staff.token)).body.code).toBe(0)
  })

  it('asks anonymous callers to sign in on every role call', async () => {
    for (const url of ['/api/role', '/api/role/list', '/api/role/detail?id=1', '/api/role/config']) {
      const r = await call(t.app, 'GET', url)
      expect([r.res.statusCode, r.body.code], url).toEqual([401, errorCodes.SESSION_EXPIRED.code])
    }
    for (const url of ['/api/role', '/api/role/modify', '/api/role/delete', '/api/role/copy']) {
      const r = await call(t.app, 'POST', url, { body: { id: 2, name: 'x' } })
      expect(r.res.statusCode, url).toBe(401)
    }
  })
})
