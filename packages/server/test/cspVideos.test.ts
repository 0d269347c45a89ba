import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { department } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, startTestApp, type TestApp } from './harness.ts'

const EDITOR = ['查看', '添加', '编辑', '删除', '提交审核', '撤销审核']

/** 晨视频 (CSP video reports) as a content definition with its queue /cspNewsAudit (decision 0023). */
describe.each(engines)('CSP morning videos (%s)', (engine) => {
  let t: TestApp
  type Acct = { id: number; token: string; roleId: number }
  const acct: Record<'editor' | 'outsider' | 'reviewer' | 'otherReviewer' | 'viewer', Acct> = {} as never
  const { post, get } = contentCalls(() => t)
  const add = async (token: string, title: string, extra: Record<string, unknown> = {}) =>
    post(token, '/api/content/add', {
      kind: 'csp',
      title,
      videoUrl: 'https://media.example.com/morning.mp4',
      provider: '城东融媒',
      ...extra,
    })
  const ids = (r: { body: { data: { items: { id: number }[] } } }) => r.body.data.items.map((i) => i.id)

  beforeAll(async () => {
    t = await startTestApp(engine)
    const [a] = await t.database.db.insert(department).values({ name: '晨视频部' }).returning()
    const [b] = await t.database.db.insert(department).values({ name: '外部' }).returning()
    acct.editor = await scopedAccount(t, 'cspEditor', { '内容-晨视频': EDITOR }, a!.id)
    acct.outsider = await scopedAccount(t, 'cspOutsider', { '内容-晨视频': EDITOR }, b!.id)
    acct.reviewer = await scopedAccount(t, 'cspReviewer', { 晨视频审核: ['查看', '审核'] }, a!.id)
    acct.otherReviewer = await scopedAccount(t, 'cspOtherReviewer', { 文章审核: ['查看', '审核'] }, a!.id)
    acct.viewer = await scopedAccount(t, 'cspViewer', { '内容-晨视频': ['查看'] }, a!.id)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('adds a report as a draft with its provider, and refuses one without video or provider', async () => {
    const noProvider = await add(acct.editor.token, '缺供稿单位', { provider: '' })
    expect(noProvider.res.statusCode).toBe(422)
    expect(noProvider.body.msg).toContain('请输入供稿单位')
    const noVideo = await add(acct.editor.token, '缺视频', { videoUrl: '' })
    expect(noVideo.res.statusCode).toBe(422)
    expect(noVideo.body.msg).toContain('请上传视频')
    const r = await add(acct.editor.token, '早高峰实况', {
      reporter: '张记者',
      location: '东二环',
      shotAt: '2026-11-25T06:30:00.000Z',
      duration: 95,
    })
    expect(r.body.code, r.body.msg).toBe(0)
    const id = r.body.data.id
    const detail = await get(acct.editor.token, `/api/content/detail?kind=csp&id=${id}`)
    expect(detail.body.data.fields).toMatchObject({
      provider: '城东融媒',
      reporter: '张记者',
      location: '东二环',
      duration: 95,
    })
    const drafts = await get(acct.editor.token, '/api/content/list?kind=csp&type=draft')
    expect(ids(drafts)).toContain(id)
    expect(drafts.body.data.items.find((i: { id: number }) => i.id === id)).toMatchObject({
      provider: '城东融媒',
    })
    const nums = await get(acct.editor.token, '/api/content/nums?kind=csp&createdBy=')
    expect(nums.body.data).toEqual({ csp: 0, draft: 1 })
    const denied = await add(acct.viewer.token, '无权新增')
    expect(denied.res.statusCode).toBe(403)
  })

  it('goes through /cspNewsAudit: badge, queue, approval, the published tab', async () => {
    const id = (await add(acct.editor.token, '晨间路况')).body.data.id
    const sent = await post(acct.editor.token, '/api/content/examination', { kind: 'csp', ids: [id] })
    expect(sent.body.code, sent.body.msg).toBe(0)
    const counts = (await get(acct.reviewer.token, '/api/verify-center/pendingCounts')).body.data
    expect(counts.counts['/cspNewsAudit']).toBe(1)
    expect(counts.total).toBe(1)
    const none = (await get(acct.otherReviewer.token, '/api/verify-center/pendingCounts')).body.data
    expect(none.counts).not.toHaveProperty('/cspNewsAudit')
    const queue = await get(acct.reviewer.token, '/api/verify-center/csp?type=list')
    expect(queue.body.data.items[0]).toMatchObject({ id, kind: 'csp', title: '晨间路况' })
    const read = await get(acct.reviewer.token, `/api/verify-center/csp/detail?kind=csp&id=${id}`)
    expect(read.body.data.fields.provider).toBe('城东融媒')
    const wrong = await post(acct.otherReviewer.token, '/api/verify-center/approved', {
      resType: 'csp',
      ids: [id],
    })
    expect(wrong.res.statusCode).toBe(403)
    const ok = await post(acct.reviewer.token, '/api/verify-center/approved', { resType: 'csp', ids: [id] })
    expect(ok.body.data.updated).toBe(1)
    const records = await get(acct.reviewer.token, '/api/verify-center/csp?type=wait')
    expect(ids(records)).toContain(id)
    const listed = await get(acct.editor.token, '/api/content/list?kind=csp&type=csp')
    expect(listed.body.data.items.find((i: { id: number }) => i.id === id)).toMatchObject({ verifyState: 1 })
    const after = (await get(acct.reviewer.token, '/api/verify-center/pendingCounts')).body.data
    expect(after.counts['/cspNewsAudit']).toBe(0)
  })

  it('keeps other departments out, and serves no show/hide, recycle bin or comments (not on its page)', async () => {
    const id = (await add(acct.editor.token, '部门内的晨视频')).body.data.id
    const foreign = await get(acct.outsider.token, `/api/content/detail?kind=csp&id=${id}`)
    expect(foreign.res.statusCode).toBe(404)
    const foreignSubmit = await post(acct.outsider.token, '/api/content/examination', {
      kind: 'csp',
      ids: [id],
    })
    expect(foreignSubmit.res.statusCode).toBe(404)
    const outsiderList = await get(acct.outsider.token, '/api/content/list?kind=csp&type=draft&createdBy=')
    expect(ids(outsiderList)).not.toContain(id)
    for (const [url, body] of [
      ['/api/content/showState', { kind: 'csp', ids: [id], showState: false }],
      ['/api/content/restore', { kind: 'csp', ids: [id] }],
      ['/api/comment/add', { kind: 'csp', contentId: id, body: '评论' }],
    ] as const) {
      const r = await post(acct.editor.token, url, body)
      expect(r.res.statusCode, url).toBe(400)
      expect(r.body.msg).toBe('该内容类型不支持此操作')
    }
  })

  it('deletes for ever (no recycle bin) and publishes without review only with 免审发布', async () => {
    const gone = (await add(acct.editor.token, '要删除的晨视频')).body.data.id
    const del = await post(acct.editor.token, '/api/content/csp/delete', { ids: [gone] })
    expect(del.body.data).toEqual({ recycled: 0, deleted: 1 })
    const read = await get(acct.editor.token, `/api/content/detail?kind=csp&id=${gone}`)
    expect(read.res.statusCode).toBe(404)
    const id = (await add(acct.editor.token, '免审的晨视频')).body.data.id
    const refused = await post(acct.editor.token, '/api/content/publish/noExamine', {
      kind: 'csp',
      ids: [id],
    })
    expect(refused.res.statusCode).toBe(403)
    const chief = await scopedAccount(
      t,
      'cspChief',
      { '内容-晨视频': [...EDITOR, '免审发布'] },
      (await t.database.db.select().from(department))[0]!.id,
    )
    const published = await post(chief.token, '/api/content/publish/noExamine', { kind: 'csp', ids: [id] })
    expect(published.body.data.updated).toBe(1)
  })
})
