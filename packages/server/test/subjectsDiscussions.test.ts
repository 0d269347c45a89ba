import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { department } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

const EDITOR = ['查看', '添加', '编辑', '删除', '提交审核', '显示/隐藏', '回收站']

/** 专题 (modules of any content) and 热议 as content definitions with their queues (decision 0022). */
describe.each(engines)('subjects and hot discussions (%s)', (engine) => {
  let t: TestApp
  let superToken: string
  type Acct = { id: number; token: string; roleId: number }
  const acct: Record<'editor' | 'outsider' | 'subjectReviewer' | 'discussReviewer' | 'viewer', Acct> =
    {} as never
  const { post, get, draft } = contentCalls(() => t)

  const account = (name: string, power: Record<string, string[]>, dept: number) =>
    scopedAccount(t, name, power, dept)
  const addSubject = (token: string, title: string, modules: unknown[]) =>
    post(token, '/api/content/add', { kind: 'subject', title, modules })

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await login(t.app)
    const [a] = await t.database.db.insert(department).values({ name: '专题部' }).returning()
    const [b] = await t.database.db.insert(department).values({ name: '外部' }).returning()
    const editorPower = { '内容-专题': EDITOR, '内容-热议': EDITOR, '内容-文章': EDITOR, '内容-视频': EDITOR }
    acct.editor = await account('subjectEditor', editorPower, a!.id)
    acct.outsider = await account('subjectOutsider', editorPower, b!.id)
    acct.subjectReviewer = await account('subjectReviewer', { 专题审核: ['查看', '审核'] }, a!.id)
    acct.discussReviewer = await account('discussReviewer', { 热议审核: ['查看', '审核'] }, a!.id)
    acct.viewer = await account('subjectViewer', { '内容-专题': ['查看'] }, a!.id)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('saves modules of content of any type, in order, and shows their titles in the detail', async () => {
    const art = await draft(acct.editor.token, '专题里的文章')
    const vid = await post(acct.editor.token, '/api/content/add', {
      kind: 'video',
      title: '专题里的视频',
      videoUrl: 'https://media.example.com/a.mp4',
    })
    const modules = [
      { name: '要闻', items: [vid.body.data.id, art] },
      { name: '  评论  ', items: [] },
    ]
    const r = await addSubject(acct.editor.token, '两会专题', modules)
    expect(r.body.code, r.body.msg).toBe(0)
    const id = r.body.data.id
    const detail = await get(acct.editor.token, `/api/content/detail?kind=subject&id=${id}`)
    expect(detail.body.data.fields.modules).toEqual([
      { name: '要闻', items: [vid.body.data.id, art] },
      { name: '评论', items: [] },
    ])
    expect(detail.body.data.relations.modules.map((x: { title: string }) => x.title)).toEqual([
      '专题里的视频',
      '专题里的文章',
    ])
    // Reorder modules and content, remove one (update of the module field).
    const moved = await post(acct.editor.token, '/api/content/modify', {
      kind: 'subject',
      id,
      title: '两会专题',
      modules: [
        { name: '评论', items: [art] },
        { name: '要闻', items: [vid.body.data.id] },
      ],
    })
    expect(moved.body.code, moved.body.msg).toBe(0)
    const after = await get(acct.editor.token, `/api/content/detail?kind=subject&id=${id}`)
    expect(after.body.data.fields.modules[0]).toEqual({ name: '评论', items: [art] })
    const drafts = await get(acct.editor.token, '/api/content/list?kind=subject&type=draft')
    expect(drafts.body.data.items.map((i: { id: number }) => i.id)).toContain(id)
  })

  it('refuses repeated content, nameless modules, unknown kinds and content outside the scope', async () => {
    const art = await draft(acct.editor.token, '重复的文章')
    const repeat = await addSubject(acct.editor.token, '重复', [
      { name: '一', items: [art] },
      { name: '二', items: [art] },
    ])
    expect(repeat.res.statusCode).toBe(400)
    expect(repeat.body.msg).toBe('专题模块中有重复的内容')
    const nameless = await addSubject(acct.editor.token, '无名', [{ name: ' ', items: [] }])
    expect(nameless.res.statusCode).toBe(422)
    expect(nameless.body.msg).toContain('请输入模块名称')
    const sub = await addSubject(acct.editor.token, '被引用的专题', [])
    const nested = await addSubject(acct.editor.token, '嵌套', [{ name: '一', items: [sub.body.data.id] }])
    expect(nested.res.statusCode).toBe(400)
    const foreign = await draft(acct.outsider.token, '外部文章')
    const out = await addSubject(acct.editor.token, '越权', [{ name: '一', items: [foreign] }])
    expect(out.res.statusCode).toBe(400)
    expect(out.body.msg).toBe('专题模块中有不存在、已删除、类型不符或不在数据范围内的内容')
  })

  it('offers module content of a chosen type in the picker, and titles across types by ids', async () => {
    const art = await draft(acct.editor.token, '可选文章')
    const pick = await get(
      acct.editor.token,
      '/api/content/relation?kind=subject&field=modules&related=article&title=可选',
    )
    expect(pick.body.data.items.map((x: { id: number }) => x.id)).toEqual([art])
    const noType = await get(acct.editor.token, '/api/content/relation?kind=subject&field=modules')
    expect(noType.res.statusCode).toBe(400)
    const vid = await post(acct.editor.token, '/api/content/add', {
      kind: 'video',
      title: '可选视频',
      videoUrl: 'https://media.example.com/b.mp4',
    })
    const byIds = await get(
      acct.editor.token,
      `/api/content/relation?kind=subject&field=modules&ids=${art},${vid.body.data.id}`,
    )
    expect(byIds.body.data.total).toBe(2)
    // The picker is guarded by 查看 on 内容-专题.
    const denied = await get(
      acct.discussReviewer.token,
      '/api/content/relation?kind=subject&field=modules&related=article',
    )
    expect(denied.res.statusCode).toBe(403)
  })

  it('reviews a subject on /subjectAudit: badge, approve, show/hide, view-only account', async () => {
    const id = (await addSubject(acct.editor.token, '待审专题', [])).body.data.id
    const denied = await post(acct.viewer.token, '/api/content/examination', { kind: 'subject', ids: [id] })
    expect(denied.res.statusCode).toBe(403)
    await post(acct.editor.token, '/api/content/examination', { kind: 'subject', ids: [id] })
    const counts = (await get(acct.subjectReviewer.token, '/api/verify-center/pendingCounts')).body.data
    expect(counts.counts['/subjectAudit']).toBe(1)
    expect(counts.counts).not.toHaveProperty('/auditHotDiscuss')
    const queue = await get(acct.subjectReviewer.token, '/api/verify-center/subject?type=list')
    expect(queue.body.data.items[0]).toMatchObject({ id, kind: 'subject' })
    const wrong = await post(acct.discussReviewer.token, '/api/verify-center/approved', {
      resType: 'subject',
      ids: [id],
    })
    expect(wrong.res.statusCode).toBe(403)
    const approved = await post(acct.subjectReviewer.token, '/api/verify-center/approved', {
      resType: 'subject',
      ids: [id],
    })
    expect(approved.body.data.updated).toBe(1)
    const hidden = await post(acct.editor.token, '/api/content/showState', {
      kind: 'subject',
      ids: [id],
      showState: false,
    })
    expect(hidden.body.data.updated).toBe(1)
    const noShow = await post(acct.viewer.token, '/api/content/showState', {
      kind: 'subject',
      ids: [id],
      showState: true,
    })
    expect(noShow.res.statusCode).toBe(403)
    const listed = await get(acct.editor.token, '/api/content/list?kind=subject&type=list')
    expect(listed.body.data.items.find((i: { id: number }) => i.id === id)).toMatchObject({
      verifyState: 1,
      showState: false,
    })
  })

  it('keeps a hot discussion with its follow count, comments on it, and rejects it on /auditHotDiscuss', async () => {
    const bad = await post(acct.editor.token, '/api/content/add', {
      kind: 'discuss',
      title: '坏关注数',
      operateFollowNum: -1,
    })
    expect(bad.res.statusCode).toBe(422)
    expect(bad.body.msg).toContain('运营关注数填写有误')
    const r = await post(acct.editor.token, '/api/content/add', {
      kind: 'discuss',
      title: '你怎么看早高峰限行？',
      summary: '说说你的看法',
      operateFollowNum: 120,
    })
    expect(r.body.code, r.body.msg).toBe(0)
    const id = r.body.data.id
    const comment = await post(superToken, '/api/comment/add', {
      kind: 'discuss',
      contentId: id,
      body: '官方：欢迎讨论',
    })
    expect(comment.body.code, comment.body.msg).toBe(0)
    const comments = await get(acct.editor.token, `/api/comment/list?kind=discuss&contentId=${id}`)
    expect(comments.res.statusCode).toBe(403)
    await post(acct.editor.token, '/api/content/examination', { kind: 'discuss', ids: [id] })
    const counts = (await get(acct.discussReviewer.token, '/api/verify-center/pendingCounts')).body.data
    expect(counts.counts['/auditHotDiscuss']).toBe(1)
    const rejected = await post(acct.discussReviewer.token, '/api/verify-center/rejection', {
      resType: 'discuss',
      ids: [id],
      reason: '话题不当',
    })
    expect(rejected.body.data.updated).toBe(1)
    const detail = await get(acct.editor.token, `/api/content/detail?kind=discuss&id=${id}`)
    expect(detail.body.data).toMatchObject({ verifyState: 2 })
    expect(detail.body.data.fields.operateFollowNum).toBe(120)
  })
})
