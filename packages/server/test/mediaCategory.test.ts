import { mediaMessages } from '@moc/domain/api/mediaLibrary'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, mediaFile, mediaFolder, operationLog, role } from '../src/db/schema.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { call, engines, login, startTestApp, type TestApp } from './harness.ts'

interface Node {
  id: number
  name: string
  children: Node[]
}

describe.each(engines)('媒资分类 /api/resource/category* on %s', (engine) => {
  let t: TestApp
  let token: string
  const post = (url: string, body: unknown, as = token) => call(t.app, 'POST', url, { token: as, body })
  const tree = async () =>
    (await call(t.app, 'GET', '/api/resource/category?page=1&size=1000', { token })).body.data.items as Node[]
  const find = (nodes: Node[], id: number): Node | undefined =>
    nodes.map((n) => (n.id === id ? n : find(n.children, id))).find(Boolean)

  async function add(name: string, parentId = 0) {
    const r = await post('/api/resource/category/add', { name, parentId })
    expect(r.body.code, r.body.msg).toBe(0)
    return r.body.data.id as number
  }

  /** A library file owned by `createdBy` (registered directly: uploads are upload.test.ts's business). */
  async function file(title: string, createdBy: number, categoryId: number | null = null, folderId?: number) {
    const [row] = await t.database.db
      .insert(mediaFile)
      .values({
        folderId,
        title,
        type: 'image',
        storageKey: `saas/image/media/2026-11/${title}.png`,
        url: '',
        categoryId,
        createdBy,
      })
      .returning({ id: mediaFile.id })
    return row!.id
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await login(t.app)
  })
  afterAll(() => t.close())

  it('adds categories three levels deep, refuses a fourth level and twin names among siblings', async () => {
    const top = await add('新闻')
    const mid = await add('时政', top)
    const leaf = await add('会议', mid)
    expect(find(await tree(), top)).toEqual({
      id: top,
      name: '新闻',
      children: [{ id: mid, name: '时政', children: [{ id: leaf, name: '会议', children: [] }] }],
    })
    const deep = await post('/api/resource/category/add', { name: '第四级', parentId: leaf })
    expect(deep.body).toMatchObject({ msg: mediaMessages.categoryTooDeep })
    expect(deep.res.statusCode).toBe(400)
    const twin = await post('/api/resource/category/add', { name: '时政', parentId: top })
    expect(twin.body.msg).toBe(mediaMessages.categoryDuplicate)
    // The same name elsewhere in the tree is fine.
    await add('时政')
    const empty = await post('/api/resource/category/add', { name: '  ', parentId: 0 })
    expect(empty.body.msg).toBe(mediaMessages.categoryNameRequired)
    const missing = await post('/api/resource/category/add', { name: '孤儿', parentId: 987654 })
    expect(missing.body.msg).toBe(mediaMessages.categoryNotFound)
    // Sources below a recording category are allowed (the recording module files into them).
    const source = await add('一套', 2)
    expect(find(await tree(), 2)?.children.map((c) => c.id)).toContain(source)
  })

  it('renames a category, but never the recording categories 1–4', async () => {
    const id = await add('体育')
    const r = await post('/api/resource/category/modify', { id, name: '体育赛事' })
    expect(r.body).toMatchObject({ code: 0, data: { id, name: '体育赛事' } })
    expect(find(await tree(), id)?.name).toBe('体育赛事')
    for (const fixed of [1, 2, 3, 4]) {
      const refused = await post('/api/resource/category/modify', { id: fixed, name: '改名' })
      expect(refused.body.msg).toBe(mediaMessages.categoryFixed)
    }
    expect((await tree()).slice(0, 4).map((c) => c.name)).toEqual([
      '直播收录',
      '电视收录',
      '广播收录',
      '可视广播收录',
    ])
    const other = await add('体育2')
    const twin = await post('/api/resource/category/modify', { id: other, name: '体育赛事' })
    expect(twin.body.msg).toBe(mediaMessages.categoryDuplicate)
  })

  it('files files into a category and lists them there; deletes only an empty category', async () => {
    const [me] = await t.database.db.select().from(admin).where(eq(admin.username, 'admin'))
    const top = await add('专题')
    const sub = await add('两会', top)
    // One file at the root, one inside a folder: a category lists both.
    const [dir] = await t.database.db
      .insert(mediaFolder)
      .values({ title: 'cat-dir', type: 'image', createdBy: me!.id })
      .returning({ id: mediaFolder.id })
    const a = await file('cat-a', me!.id)
    const b = await file('cat-b', me!.id, null, dir!.id)
    const assign = await post('/api/resource/category/files', { ids: [a, b], categoryId: sub })
    expect(assign.body.code, assign.body.msg).toBe(0)
    // The parent's filter takes its subtree; counts follow.
    const listed = await call(t.app, 'GET', `/api/resource/files?type=image&categoryId=${top}`, { token })
    expect(listed.body.data.items.map((i: { id: number }) => i.id).sort()).toEqual([a, b].sort())
    const counted = await call(t.app, 'GET', `/api/resource/count?categoryId=${sub}`, { token })
    expect(counted.body.data).toBe(2)

    const withChildren = await post('/api/resource/category/delete', { id: top })
    expect(withChildren.body.msg).toBe(mediaMessages.categoryHasChildren)
    expect(withChildren.res.statusCode).toBe(409)
    const withFiles = await post('/api/resource/category/delete', { id: sub })
    expect(withFiles.body.msg).toBe(mediaMessages.categoryHasFiles)
    for (const fixed of [1, 2, 3, 4]) {
      const refused = await post('/api/resource/category/delete', { id: fixed })
      expect(refused.body.msg).toBe(mediaMessages.categoryFixed)
    }

    // Moving the files out (to none) empties it; then both go, child first.
    expect((await post('/api/resource/category/files', { ids: [a, b], categoryId: 0 })).body.code).toBe(0)
    const [row] = await t.database.db.select().from(mediaFile).where(eq(mediaFile.id, a))
    expect(row!.categoryId).toBeNull()
    expect((await post('/api/resource/category/delete', { id: sub })).body.code).toBe(0)
    expect((await post('/api/resource/category/delete', { id: top })).body.code).toBe(0)
    expect(find(await tree(), top)).toBeUndefined()
    const [log] = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, '删除媒资分类')))
    expect(log?.target).toContain('专题')
  })

  it('another account’s file counts against deleting; permissions and data scope hold', async () => {
    const other = await grantedAccount(t, `cat-other-${engine}`, powerOf({ 媒体资源库管理: ['查看'] }))
    const id = await add('别人的')
    await file('cat-foreign', other.id, id)
    const refused = await post('/api/resource/category/delete', { id })
    expect(refused.body.msg).toBe(mediaMessages.categoryHasFiles)

    const viewer = other.token
    expect(
      (await post('/api/resource/category/add', { name: 'x', parentId: 0 }, viewer)).res.statusCode,
    ).toBe(403)
    expect((await post('/api/resource/category/modify', { id, name: 'x' }, viewer)).res.statusCode).toBe(403)
    expect((await post('/api/resource/category/delete', { id }, viewer)).res.statusCode).toBe(403)
    const tree = await call(t.app, 'GET', '/api/resource/category?page=1&size=1000', { token: viewer })
    expect(tree.body.code).toBe(0)

    // An editor scoped to no department cannot reach a file outside its scope (404, as if absent).
    const scoped = await grantedAccount(
      t,
      `cat-scoped-${engine}`,
      powerOf({ 媒体资源库管理: ['查看', '编辑'] }),
    )
    await t.database.db.update(role).set({ permissionDepartment: '999999' }).where(eq(role.id, scoped.roleId))
    const [me] = await t.database.db.select().from(admin).where(eq(admin.username, 'admin'))
    const mine = await file('cat-admins', me!.id)
    const idor = await post('/api/resource/category/files', { ids: [mine], categoryId: id }, scoped.token)
    expect(idor.res.statusCode).toBe(404)
    const missing = await post('/api/resource/category/files', { ids: [mine], categoryId: 987654 })
    expect(missing.body.msg).toBe(mediaMessages.categoryNotFound)
  })
})
