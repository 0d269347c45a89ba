import { errorCodes } from '@moc/domain/transport/errorCodes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { role } from '../src/db/schema.ts'
import { call, engines, login, startTestApp, type TestApp } from './harness.ts'

const PASSWORD = 'Staff@2026'

interface Node {
  id: number
  name: string
  parentId: number | null
  sort: number
  children: Node[]
}

describe.each(engines)('organisation structure on %s', (engine) => {
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
  async function dept(name: string, parentId: number | null = null) {
    const { body } = await post('/api/structure/create', { name, parentId })
    expect(body.code, body.msg).toBe(0)
    return body.data.id as number
  }
  const tree = async (token = su) => (await get('/api/structure/list', token)).body.data as Node[]
  const find = (nodes: Node[], id: number): Node | undefined =>
    nodes.map((n) => (n.id === id ? n : find(n.children, id))).find(Boolean)

  async function staff(actions: string[]) {
    const [r] = await t.database.db
      .insert(role)
      .values({
        name: `组织角色${++seq}`,
        power: { '系统-账号': actions.map((actionName) => ({ actionName, exists: true })) },
      })
      .returning({ id: role.id })
    const username = `org${++seq}`
    const created = await post('/api/admin/create', {
      username,
      password: PASSWORD,
      realName: '组织',
      roleId: r!.id,
    })
    expect(created.body.code).toBe(0)
    return { id: created.body.data.id as number, token: await login(t.app, username, PASSWORD) }
  }

  it('builds a tree in exactly the shape the roles screen reads', async () => {
    const root = await dept('融媒体中心')
    const news = await dept('新闻部', root)
    const desk = await dept('夜班编辑组', news)
    const nodes = await tree()
    const r = find(nodes, root)!
    expect(Object.keys(r).sort()).toEqual(['children', 'id', 'name', 'parentId', 'sort'])
    expect(r).toMatchObject({ name: '融媒体中心', parentId: null })
    expect(r.children.map((c) => c.id)).toEqual([news])
    expect(r.children[0]!.children).toEqual([
      { id: desk, name: '夜班编辑组', parentId: news, sort: 0, children: [] },
    ])
    // Sort follows creation order among siblings.
    const second = await dept('广播部', root)
    expect(find(await tree(), root)!.children.map((c) => [c.id, c.sort])).toEqual([
      [news, 0],
      [second, 1],
    ])
  })

  it('lists flat by parent and name, and by parent with a has-children flag', async () => {
    const root = await dept('查询中心')
    const a = await dept('查询甲', root)
    const b = await dept('查询乙', root)
    await dept('查询甲一', a)
    const byParent = await post('/api/structure/listByParam', { parentId: root })
    expect(byParent.body.data.items.map((d: Node) => d.id)).toEqual([a, b])
    expect(byParent.body.data.total).toBe(2)
    const byName = await post('/api/structure/listByParam', { name: '查询甲' })
    expect(byName.body.data.items.map((d: Node) => d.name).sort()).toEqual(['查询甲', '查询甲一'])
    const top = await post('/api/structure/listByParam', { parentId: 0 })
    expect(top.body.data.items.every((d: Node) => d.parentId === null)).toBe(true)
    expect(top.body.data.items.map((d: Node) => d.id)).toContain(root)
    const children = await get(`/api/structure/children?parentId=${root}`)
    expect(children.body.data).toEqual([
      { id: a, name: '查询甲', parentId: root, sort: 0, hasChildren: true },
      { id: b, name: '查询乙', parentId: root, sort: 1, hasChildren: false },
    ])
    const roots = await get('/api/structure/children')
    expect(roots.body.data.map((d: Node) => d.id)).toContain(root)
    const bad = await post('/api/structure/listByParam', { parentId: root, extra: 1 })
    expect(bad.body.msg).toContain('extra')
  })

  it('renames, refusing a name a sibling already has', async () => {
    const root = await dept('命名中心')
    const a = await dept('命名甲', root)
    await dept('命名乙', root)
    const dup = await post('/api/structure/create', { name: '命名甲', parentId: root })
    expect([dup.res.statusCode, dup.body.msg]).toEqual([409, '同级部门中已有同名部门'])
    const clash = await post('/api/structure/rename', { id: a, name: '命名乙' })
    expect([clash.res.statusCode, clash.body.msg]).toEqual([409, '同级部门中已有同名部门'])
    expect((await post('/api/structure/rename', { id: a, name: '命名丙' })).body).toMatchObject({
      code: 0,
      msg: '修改成功',
    })
    expect(find(await tree(), a)!.name).toBe('命名丙')
    expect((await post('/api/structure/rename', { id: 999999, name: 'x' })).res.statusCode).toBe(404)
    const empty = await post('/api/structure/create', { name: '  ', parentId: null })
    expect([empty.res.statusCode, empty.body.msg]).toEqual([422, '请输入部门名称'])
    const orphan = await post('/api/structure/create', { name: '孤儿', parentId: 999999 })
    expect(orphan.body.msg).toBe('上级部门不存在')
  })

  it('moves a department with its sub-tree, never under itself or its own descendants', async () => {
    const a = await dept('移动甲')
    const a1 = await dept('移动甲一', a)
    const a11 = await dept('移动甲一一', a1)
    const b = await dept('移动乙')
    for (const target of [a, a1, a11]) {
      const r = await post('/api/structure/move', { id: a, parentId: target })
      expect([r.res.statusCode, r.body.msg]).toEqual([422, '不能移动到该部门自身或其下级部门下'])
    }
    const moved = await post('/api/structure/move', { id: a1, parentId: b })
    expect(moved.body).toMatchObject({ code: 0, msg: '移动成功' })
    const nodes = await tree()
    expect(find(nodes, b)!.children.map((c) => c.id)).toEqual([a1])
    expect(find(nodes, a1)!.children.map((c) => c.id)).toEqual([a11])
    expect(find(nodes, a)!.children).toEqual([])
    expect((await post('/api/structure/move', { id: a1, parentId: null })).body.code).toBe(0)
    expect(find(await tree(), a1)!.parentId).toBeNull()
  })

  it('deletes only an empty department: no sub-departments, no accounts, no role scope using it', async () => {
    const a = await dept('删除甲')
    const a1 = await dept('删除甲一', a)
    const parent = await post('/api/structure/delete', { id: a })
    expect([parent.res.statusCode, parent.body.msg]).toEqual([
      409,
      '该部门下还有子部门，请先删除或移走子部门',
    ])
    const member = await post('/api/admin/create', {
      username: `member${++seq}`,
      password: PASSWORD,
      realName: '成员',
      departmentId: a1,
    })
    const withAccount = await post('/api/structure/delete', { id: a1 })
    expect([withAccount.res.statusCode, withAccount.body.msg]).toEqual([
      409,
      '该部门下还有账号，请先将账号移出该部门',
    ])
    await post('/api/admin/update', { adminId: member.body.data.id, departmentId: null })
    await t.database.db.insert(role).values({ name: '用它的角色', permissionDepartment: `${a1}` })
    const used = await post('/api/structure/delete', { id: a1 })
    expect([used.res.statusCode, used.body.msg]).toEqual([
      409,
      '该部门已被角色「用它的角色」的数据权限使用，请先修改该角色',
    ])
    const free = await dept('删除甲二', a)
    expect((await post('/api/structure/delete', { id: free })).body).toMatchObject({
      code: 0,
      msg: '删除成功',
    })
    expect(find(await tree(), free)).toBeUndefined()
    expect((await post('/api/structure/delete', { id: free })).res.statusCode).toBe(404)
  })

  it('manages positions: list (size 100), unique names, no deleting a position someone holds', async () => {
    const created = await post('/api/position/create', { name: '主编' })
    expect(created.body).toMatchObject({ code: 0, msg: '新增成功' })
    const id = created.body.data.id as number
    const dup = await post('/api/position/create', { name: '主编' })
    expect([dup.res.statusCode, dup.body.msg]).toEqual([409, '职位名称已存在'])
    const other = (await post('/api/position/create', { name: '记者', sort: 5 })).body.data.id
    const clash = await post('/api/position/rename', { id: other, name: '主编' })
    expect(clash.res.statusCode).toBe(409)
    expect((await post('/api/position/rename', { id, name: '副主编' })).body.code).toBe(0)
    const holder = await post('/api/admin/create', {
      username: `holder${++seq}`,
      password: PASSWORD,
      realName: '担任者',
      positionId: id,
    })
    const list = await get('/api/position/list?page=1&size=100')
    expect(list.body.data.items).toEqual(
      expect.arrayContaining([
        { id, name: '副主编', sort: 0, accountCount: 1 },
        { id: other, name: '记者', sort: 5, accountCount: 0 },
      ]),
    )
    const inUse = await post('/api/position/delete', { id })
    expect([inUse.res.statusCode, inUse.body.msg]).toEqual([409, '仍有账号担任该职位，不能删除'])
    // A deleted account no longer holds its position.
    await post('/api/admin/delete', { id: holder.body.data.id })
    expect((await post('/api/position/delete', { id })).body).toMatchObject({ code: 0, msg: '删除成功' })
    expect((await post('/api/position/delete', { id })).res.statusCode).toBe(404)
    const small = await get('/api/position/list?page=1&pageSize=1')
    expect(small.body.data.items).toHaveLength(1)
  })

  it('lets any signed-in account read, and only 系统-账号 编辑 change, the organisation', async () => {
    const reader = await staff([])
    const root = await dept('权限中心')
    expect((await get('/api/structure/list', reader.token)).body.code).toBe(0)
    expect((await get('/api/position/list', reader.token)).body.code).toBe(0)
    expect((await get('/api/structure/children', reader.token)).body.code).toBe(0)
    expect((await post('/api/structure/listByParam', {}, reader.token)).body.code).toBe(0)
    const pos = (await post('/api/position/create', { name: '权限职位' })).body.data.id
    const writes: [string, unknown][] = [
      ['/api/structure/create', { name: '越权', parentId: root }],
      ['/api/structure/rename', { id: root, name: '越权' }],
      ['/api/structure/move', { id: root, parentId: null }],
      ['/api/structure/delete', { id: root }],
      ['/api/position/create', { name: '越权' }],
      ['/api/position/rename', { id: pos, name: '越权' }],
      ['/api/position/delete', { id: pos }],
    ]
    const viewer = await staff(['查看', '添加', '删除'])
    for (const token of [reader.token, viewer.token])
      for (const [url, body] of writes) {
        const r = await post(url, body, token)
        expect([r.res.statusCode, r.body.code], url).toEqual([403, errorCodes.FORBIDDEN.code])
      }
    const editor = await staff(['编辑'])
    expect(
      (await post('/api/structure/rename', { id: root, name: '权限中心2' }, editor.token)).body.code,
    ).toBe(0)
    expect((await call(t.app, 'GET', '/api/structure/list')).body.code).toBe(10001006)
    for (const [url, body] of writes) {
      const r = await post(url, { ...(body as object), sort: 1, passwordHash: 'x' })
      expect(r.res.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(r.body.msg, url).toContain('passwordHash')
    }
  })
})
