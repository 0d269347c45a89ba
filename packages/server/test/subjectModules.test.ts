import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { content, department, operationLog } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

const EDITOR = ['查看', '添加', '编辑', '删除', '提交审核', '显示/隐藏', '回收站']

/** Spec §7 subject module-content calls: partial changes of `modules` saved as the form's modify (0023 §4). */
describe.each(engines)('subject module-content calls (%s)', (engine) => {
  let t: TestApp
  let superToken: string
  type Acct = { id: number; token: string }
  const acct: Record<'editor' | 'colleague' | 'outsider' | 'viewer', Acct> = {} as never
  const { post, get, draft } = contentCalls(() => t)
  let articles: number[] = []

  const detail = async (id: number) =>
    (await get(superToken, `/api/content/detail?kind=subject&id=${id}`)).body.data
  async function subject(title: string, modules: unknown[], token = acct.editor.token) {
    const r = await post(token, '/api/content/add', { kind: 'subject', title, summary: '摘要', modules })
    expect(r.body.code, r.body.msg).toBe(0)
    return r.body.data.id as number
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await login(t.app)
    const [a] = await t.database.db.insert(department).values({ name: '模块部' }).returning()
    const [b] = await t.database.db.insert(department).values({ name: '模块外部' }).returning()
    const power = { '内容-专题': EDITOR, '内容-文章': EDITOR }
    acct.editor = await scopedAccount(t, 'moduleEditor', power, a!.id)
    acct.colleague = await scopedAccount(t, 'moduleColleague', power, a!.id)
    acct.outsider = await scopedAccount(t, 'moduleOutsider', power, b!.id)
    acct.viewer = await scopedAccount(t, 'moduleViewer', { '内容-专题': ['查看'] }, a!.id)
    articles = []
    for (const title of ['模块文章一', '模块文章二', '模块文章三', '模块文章四'])
      articles.push(await draft(acct.editor.token, title))
  })
  afterAll(() => t?.close())

  it('lists, adds, removes and reorders a module’s content and reorders the modules; other fields kept', async () => {
    const [a1, a2, a3, a4] = articles as [number, number, number, number]
    const id = await subject('模块调用专题', [
      { name: '要闻', items: [a1] },
      { name: '评论', items: [a2] },
    ])
    const tok = acct.editor.token
    const list = await get(tok, `/api/subject/moduleContent/list?subjectId=${id}&moduleIndex=0`)
    expect(list.body.code, list.body.msg).toBe(0)
    expect(list.body.data).toMatchObject({
      moduleIndex: 0,
      name: '要闻',
      items: [{ id: a1, title: '模块文章一' }],
    })
    expect(list.body.data.items[0].kind).toBe('article')

    const added = await post(tok, '/api/subject/moduleContent/add', {
      subjectId: id,
      moduleIndex: 0,
      ids: [a3, a4],
    })
    expect(added.body.code, added.body.msg).toBe(0)
    expect(added.body.data).toEqual({ id })
    expect((await detail(id)).fields.modules[0].items).toEqual([a1, a3, a4])

    const sorted = await post(tok, '/api/subject/moduleContent/sortOrder', {
      subjectId: id,
      moduleIndex: 0,
      ids: [a4, a1, a3],
    })
    expect(sorted.body.code, sorted.body.msg).toBe(0)
    const removed = await post(tok, '/api/subject/moduleContent/delete', {
      subjectId: id,
      moduleIndex: 0,
      ids: [a1],
    })
    expect(removed.body.code, removed.body.msg).toBe(0)
    const moved = await post(tok, '/api/subject/subjectModuleSort', { subjectId: id, order: [1, 0] })
    expect(moved.body.code, moved.body.msg).toBe(0)

    const after = await detail(id)
    expect(after.fields.modules).toEqual([
      { name: '评论', items: [a2] },
      { name: '要闻', items: [a4, a3] },
    ])
    expect([after.title, after.fields.summary]).toEqual(['模块调用专题', '摘要'])
    const titles = (await get(tok, `/api/subject/moduleContent/list?subjectId=${id}&moduleIndex=1`)).body.data
      .items
    expect(titles.map((i: { title: string }) => i.title)).toEqual(['模块文章四', '模块文章三'])

    const repeat = await get(tok, `/api/subject/repeatContent?subjectId=${id}&ids=${a1},${a3},${a2}`)
    expect(repeat.body.code, repeat.body.msg).toBe(0)
    expect(repeat.body.data.items).toEqual([
      { id: a2, moduleIndex: 0, moduleName: '评论' },
      { id: a3, moduleIndex: 1, moduleName: '要闻' },
    ])

    // Operation log: each change under its spec path, 内容-专题.
    const logs = await t.database.db.select().from(operationLog)
    const mine = logs.filter((l) => l.path.startsWith('/api/subject/') && l.target === `content:${id}`)
    expect(mine.map((l) => [l.path, l.action, l.page])).toEqual(
      expect.arrayContaining([
        ['/api/subject/moduleContent/add', '编辑专题模块', '内容-专题'],
        ['/api/subject/subjectModuleSort', '编辑专题模块', '内容-专题'],
      ]),
    )
  })

  it('refuses repeats, bad indexes and orders, and content outside the rules, changing nothing', async () => {
    const [a1, a2, a3] = articles as [number, number, number, number]
    const id = await subject('模块校验专题', [
      { name: '一', items: [a1, a2] },
      { name: '二', items: [] },
    ])
    const tok = acct.editor.token
    const refused = async (url: string, body: unknown, status: number, msg: string) => {
      const r = await post(tok, `/api/subject/${url}`, body)
      expect([url, r.res.statusCode, r.body.msg]).toEqual([url, status, msg])
    }
    const m = (moduleIndex: number, ids: number[]) => ({ subjectId: id, moduleIndex, ids })
    const cases: [string, unknown, string][] = [
      ['moduleContent/add', m(1, [a1]), '专题模块中有重复的内容'],
      ['moduleContent/add', m(1, [a3, a3]), '专题模块中有重复的内容'],
      ['moduleContent/add', m(2, [a3]), '模块不存在'],
      ['moduleContent/add', m(1, [id]), '专题模块中有不存在、已删除、类型不符或不在数据范围内的内容'],
      ['moduleContent/delete', m(1, [a1]), '模块中没有该内容'],
      ['moduleContent/sortOrder', m(0, [a2]), '排序须包含该模块的全部内容'],
      ['moduleContent/sortOrder', m(0, [a2, a2]), '排序须包含该模块的全部内容'],
      ['subjectModuleSort', { subjectId: id, order: [0, 0] }, '排序须包含全部模块'],
      ['subjectModuleSort', { subjectId: id, order: [1] }, '排序须包含全部模块'],
    ]
    for (const [url, body, msg] of cases) await refused(url, body, 400, msg)
    const missing = await get(tok, `/api/subject/moduleContent/list?subjectId=${id}&moduleIndex=5`)
    expect([missing.res.statusCode, missing.body.msg]).toEqual([400, '模块不存在'])
    // The whole form is validated as its save is: a stored nameless module refuses the change.
    const [row] = await t.database.db.select().from(content).where(eq(content.id, id))
    const extra = row!.extra as { modules: { name: string; items: number[] }[] }
    const nameless = { ...extra, modules: [extra.modules[0], { name: '', items: [] }] }
    await t.database.db.update(content).set({ extra: nameless }).where(eq(content.id, id))
    await refused('moduleContent/add', m(0, [a3]), 422, '请输入模块名称')
    await t.database.db.update(content).set({ extra }).where(eq(content.id, id))
    expect((await detail(id)).fields.modules).toEqual([
      { name: '一', items: [a1, a2] },
      { name: '二', items: [] },
    ])
  })

  it('needs 编辑 on 内容-专题 and the data scope; the edit lock of another refuses the change', async () => {
    const [a1, a2] = articles as [number, number, number, number]
    const id = await subject('模块权限专题', [{ name: '一', items: [a1] }])
    const body = { subjectId: id, moduleIndex: 0, ids: [a2] }
    expect((await post(acct.viewer.token, '/api/subject/moduleContent/add', body)).res.statusCode).toBe(403)
    expect(
      (await get(acct.viewer.token, `/api/subject/moduleContent/list?subjectId=${id}&moduleIndex=0`)).body
        .code,
    ).toBe(0)
    const outside = await post(acct.outsider.token, '/api/subject/moduleContent/add', body)
    expect([outside.res.statusCode, outside.body.msg]).toEqual([404, '内容不存在'])
    expect(
      (await get(acct.outsider.token, `/api/subject/repeatContent?subjectId=${id}&ids=${a1}`)).res.statusCode,
    ).toBe(404)

    const lock = await get(acct.colleague.token, `/api/content/subject/lock?id=${id}`)
    expect(lock.body.data.locked).toBe(true)
    const blocked = await post(acct.editor.token, '/api/subject/moduleContent/add', body)
    expect([blocked.res.statusCode, blocked.body.msg]).toEqual([409, 'moduleColleague 正在编辑'])
    expect((await post(acct.colleague.token, '/api/subject/moduleContent/add', body)).body.code).toBe(0)
    expect((await detail(id)).fields.modules[0].items).toEqual([a1, a2])
  })

  it('a change to a published subject keeps a version; a draft keeps none', async () => {
    const [a1, a2] = articles as [number, number, number, number]
    const id = await subject('模块版本专题', [{ name: '一', items: [a1] }])
    await post(acct.editor.token, '/api/subject/moduleContent/add', {
      subjectId: id,
      moduleIndex: 0,
      ids: [a2],
    })
    const versions = async () =>
      (await get(superToken, `/api/content/versions?kind=subject&id=${id}`)).body.data
    expect((await versions()).total).toBe(0)
    const published = await post(superToken, '/api/content/publish/noExamine', { kind: 'subject', ids: [id] })
    expect(published.body.code, published.body.msg).toBe(0)
    const before = (await versions()).total as number
    const state = (await detail(id)).verifyState
    const r = await post(acct.editor.token, '/api/subject/moduleContent/sortOrder', {
      subjectId: id,
      moduleIndex: 0,
      ids: [a2, a1],
    })
    expect(r.body.code, r.body.msg).toBe(0)
    expect((await versions()).total).toBe(before + 1)
    const row = await detail(id)
    expect([row.verifyState, row.fields.modules[0].items]).toEqual([state, [a2, a1]])
  })
})
