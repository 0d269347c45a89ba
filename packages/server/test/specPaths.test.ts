import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationLog } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

/** Spec §7 /api/subject/* and /api/discuss/* served by the engine's handlers (definition specPaths). */
describe.each(engines)('spec API paths of subjects and discussions (%s)', (engine) => {
  let t: TestApp
  let superToken: string
  const { post, get } = contentCalls(() => t)

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await login(t.app)
  })
  afterAll(() => t?.close())

  it('a discussion through its spec calls: add, POST detail, update, hidden/show, examination, revoke, list', async () => {
    const added = await post(superToken, '/api/discuss/add', { title: '规格路径热议', operateFollowNum: 3 })
    expect(added.body.code, added.body.msg).toBe(0)
    const id = added.body.data.id as number
    const detail = await post(superToken, '/api/discuss/detail', { id })
    expect(detail.body.code, detail.body.msg).toBe(0)
    expect(detail.body.data).toMatchObject({ id, kind: 'discuss', title: '规格路径热议' })
    expect(detail.body.data.fields.operateFollowNum).toBe(3)

    const updated = await post(superToken, '/api/discuss/update', { id, title: '规格路径热议（改）' })
    expect(updated.body.code, updated.body.msg).toBe(0)
    expect((await post(superToken, '/api/discuss/hidden', { ids: [id] })).body.data).toEqual({ updated: 1 })
    let row = (await get(superToken, `/api/content/detail?kind=discuss&id=${id}`)).body.data
    expect([row.title, row.showState]).toEqual(['规格路径热议（改）', false])
    await post(superToken, '/api/discuss/show', { ids: [id] })
    const submitted = await post(superToken, '/api/discuss/examination', { ids: [id] })
    expect(submitted.body.code, submitted.body.msg).toBe(0)
    row = (await get(superToken, `/api/content/detail?kind=discuss&id=${id}`)).body.data
    expect([row.showState, row.verifyState]).toEqual([true, 3])
    expect((await post(superToken, '/api/discuss/revoke', { ids: [id] })).body.code).toBe(0)

    const list = await get(superToken, '/api/discuss/list?type=draft&createdBy=')
    expect(list.body.code, list.body.msg).toBe(0)
    expect(list.body.data.items.map((i: { id: number }) => i.id)).toContain(id)
    // GET /discuss/delete (spec §7): ids in the query; first to the bin.
    const binned = await get(superToken, `/api/discuss/delete?ids=${id}`)
    expect(binned.body.data).toEqual({ recycled: 1, deleted: 0 })
  })

  it("GET /content/video: the subject modules' video picker, paged and searched by title", async () => {
    const title = `规格路径视频${engine}`
    const video = await post(superToken, '/api/content/add', {
      kind: 'video',
      title,
      videoUrl: 'https://media.example.com/s.mp4',
    })
    expect(video.body.code, video.body.msg).toBe(0)
    await post(superToken, '/api/content/add', { kind: 'article', title: `${title}文章` })
    const found = await get(
      superToken,
      `/api/content/video?title=${encodeURIComponent(title)}&page=1&pageSize=10`,
    )
    expect(found.body.code, found.body.msg).toBe(0)
    expect(found.body.data.items.map((i: { id: number; kind: string }) => [i.id, i.kind])).toEqual([
      [video.body.data.id, 'video'],
    ])
    expect(found.body.data.total).toBe(1)
  })

  it('the same validation, permissions and operation log as the engine calls; the kind cannot be swapped', async () => {
    const refused = await post(superToken, '/api/subject/add', { title: '' })
    expect(refused.res.statusCode).toBe(422)
    expect(refused.body.msg).toBe('请输入标题')
    const strict = await post(superToken, '/api/subject/add', { title: '多余字段', extra: 1 })
    expect(strict.res.statusCode).toBe(422)

    const viewer = await grantedAccount(t, 'specViewer', powerOf({ '内容-专题': ['查看'] }))
    expect((await post(viewer.token, '/api/subject/add', { title: '无权新增' })).res.statusCode).toBe(403)
    expect((await get(viewer.token, '/api/subject/list')).body.code).toBe(0)
    // A discussion reader may not reach subjects by naming another kind on a subject path.
    const reader = await grantedAccount(t, 'specDiscussReader', powerOf({ '内容-热议': ['查看'] }))
    expect((await get(reader.token, '/api/subject/list?kind=discuss')).res.statusCode).toBe(403)

    const made = await post(superToken, '/api/subject/add', { title: '规格路径专题', kind: 'article' })
    expect(made.body.code, made.body.msg).toBe(0)
    const id = made.body.data.id as number
    const info = await get(superToken, `/api/subject/detail?id=${id}`)
    expect(info.body.data.kind).toBe('subject')
    const moduled = await post(superToken, '/api/subject/update/module', {
      id,
      title: '规格路径专题',
      modules: [{ name: '要闻', items: [] }],
    })
    expect(moduled.body.code, moduled.body.msg).toBe(0)
    expect((await post(superToken, '/api/subject/publish', { ids: [id] })).body.code).toBe(0)
    const logs = await t.database.db.select().from(operationLog)
    const mine = logs.filter((l) => l.path.startsWith('/api/subject/') && l.target === `content:${id}`)
    expect(mine.map((l) => [l.path, l.action, l.page])).toEqual(
      expect.arrayContaining([
        ['/api/subject/add', '新增内容', '内容-专题'],
        ['/api/subject/update/module', '编辑内容', '内容-专题'],
      ]),
    )
  })
})
