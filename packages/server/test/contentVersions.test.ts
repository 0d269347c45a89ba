import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, operationLog, resourceVersion } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

const EDITOR = ['查看', '添加', '编辑', '提交审核']

describe.each(engines)('content versions, diff and edit lock (%s)', (engine) => {
  let t: TestApp
  let superToken: string
  let editor: { id: number; token: string }
  let colleague: { id: number; token: string }
  let reviewer: { id: number; token: string }
  let stranger: { id: number; token: string }
  const { post, get, draft } = contentCalls(() => t)

  const submit = (token: string, id: number) =>
    post(token, '/api/content/examination', { kind: 'article', ids: [id] })
  const approve = (token: string, id: number) =>
    post(token, '/api/verify-center/approved', { resType: 'article', ids: [id] })
  const reject = (token: string, id: number) =>
    post(token, '/api/verify-center/rejection', { resType: 'article', ids: [id], reason: '标题不准确' })
  const modify = (token: string, id: number, fields: Record<string, unknown>) =>
    post(token, '/api/content/modify', { kind: 'article', id, title: '地铁延长运营', ...fields })
  const versions = async (token: string, id: number) =>
    get(token, `/api/content/versions?kind=article&id=${id}`)
  const diff = (token: string, id: number, extra = '') =>
    get(token, `/api/content/versionDiff?kind=article&id=${id}${extra}`)
  const ok = (r: { body: { code: number; msg: string } }) => expect(r.body.code, r.body.msg).toBe(0)

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await login(t.app)
    editor = await grantedAccount(t, 'ver-editor', powerOf({ '内容-文章': EDITOR }))
    colleague = await grantedAccount(t, 'ver-colleague', powerOf({ '内容-文章': EDITOR }))
    reviewer = await grantedAccount(t, 'ver-reviewer', powerOf({ 文章审核: ['审核'] }))
    stranger = await grantedAccount(t, 'ver-stranger', powerOf({ '内容-视频': ['查看'] }))
  })
  afterAll(() => t?.close())

  it('keeps no version for drafts, one at submission, one per later save; diffs against the last decision', async () => {
    const id = await draft(editor.token, '地铁延长运营')
    ok(await modify(editor.token, id, { body: '<p>草稿</p>' }))
    expect((await versions(editor.token, id)).body.data).toEqual({ items: [], total: 0 })

    ok(await modify(editor.token, id, { body: '<p>地铁三号线春节期间延长运营。</p>' }))
    ok(await submit(editor.token, id))
    let list = (await versions(editor.token, id)).body.data
    expect(list.items.map((v: { versionNo: number; decision: null }) => [v.versionNo, v.decision])).toEqual([
      [1, null],
    ])
    expect(list.items[0].creatorName).toBe('ver-editor')

    // First submission: nothing to compare with.
    let d = await diff(reviewer.token, id)
    ok(d)
    expect(d.body.data).toEqual({ baseline: null, changes: [] })

    // Rejected: the submitted snapshot becomes the rejected version; the editor's save is version 2.
    ok(await reject(reviewer.token, id))
    ok(
      await modify(editor.token, id, {
        title: '地铁三号线延长运营',
        body: '<p>地铁三号线春节期间<b>延长</b>运营至凌晨。</p>',
      }),
    )
    ok(await submit(editor.token, id)) // same fields as version 2: no third version
    list = (await versions(editor.token, id)).body.data
    expect(
      list.items.map((v: { versionNo: number; decision: string | null }) => [v.versionNo, v.decision]),
    ).toEqual([
      [2, null],
      [1, 'reject'],
    ])
    d = await diff(reviewer.token, id)
    ok(d)
    expect(d.body.data.baseline).toMatchObject({ versionNo: 1, decision: 'reject' })
    expect(d.body.data.changes.map((c: { name: string }) => c.name)).toEqual(['title', 'body'])
    expect(d.body.data.changes[0].parts).toEqual([
      { op: 'equal', text: '地铁' },
      { op: 'insert', text: '三号线' },
      { op: 'equal', text: '延长运营' },
    ])
    expect(d.body.data.changes[1].parts).toEqual([
      { op: 'equal', text: '地铁三号线春节期间延长运营' },
      { op: 'insert', text: '至凌晨' },
      { op: 'equal', text: '。' },
    ])

    // Approval marks the current snapshot approved (inside the approve transaction).
    ok(await approve(reviewer.token, id))
    list = (await versions(editor.token, id)).body.data
    expect(list.items[0]).toMatchObject({ versionNo: 2, decision: 'pass' })
    expect((await diff(reviewer.token, id)).body.data).toMatchObject({
      baseline: { versionNo: 2 },
      changes: [],
    })

    // Saving the published item keeps a version; the diff is against the approved one, not the rejected.
    ok(
      await modify(editor.token, id, {
        title: '地铁三号线延长运营通知',
        body: '<p>地铁三号线春节期间<b>延长</b>运营至凌晨。</p>',
      }),
    )
    d = await diff(reviewer.token, id)
    expect(d.body.data.baseline.versionNo).toBe(2)
    expect(d.body.data.changes.map((c: { name: string }) => c.name)).toEqual(['title'])
    // Against a chosen version instead.
    d = await diff(editor.token, id, '&versionNo=1')
    expect(d.body.data.baseline.versionNo).toBe(1)
    expect((await diff(editor.token, id, '&versionNo=99')).body.code).not.toBe(0)
    const rows = await t.database.db.select().from(resourceVersion).where(eq(resourceVersion.resId, id))
    expect(rows).toHaveLength(3)
  })

  it('publishing without review marks the snapshot approved', async () => {
    const id = await draft(editor.token, '免审的稿件')
    ok(await post(superToken, '/api/content/publish/noExamine', { kind: 'article', ids: [id] }))
    const list = (await versions(superToken, id)).body.data
    expect(list.items).toHaveLength(1)
    expect(list.items[0]).toMatchObject({ versionNo: 1, decision: 'pass' })
  })

  it('reads versions and diffs with 查看 on the page or 审核 on the queue, in data scope', async () => {
    const id = await draft(editor.token, '权限检查')
    expect((await versions(colleague.token, id)).body.code).toBe(0)
    expect((await versions(reviewer.token, id)).body.code).toBe(0)
    expect((await versions(stranger.token, id)).res.statusCode).toBe(403)
    expect((await diff(stranger.token, id)).res.statusCode).toBe(403)
    expect((await get(editor.token, `/api/content/versions?kind=nosuchkind&id=${id}`)).res.statusCode).toBe(
      400,
    )
    expect((await get(editor.token, '/api/content/versions?kind=article&id=999999')).res.statusCode).toBe(404)
  })

  it('edit lock: holder named to others, released by its holder, forced only by the super administrator', async () => {
    const id = await draft(editor.token, '编辑锁')
    const lock = (token: string, force = false) =>
      get(token, `/api/content/article/lock?id=${id}${force ? '&force=true' : ''}`)
    const unlock = (token: string, force?: boolean) =>
      post(token, '/api/content/article/unlock', { id, force })
    expect((await lock(editor.token)).body.data).toMatchObject({ locked: true, holderId: editor.id })
    expect((await lock(colleague.token)).body.data).toMatchObject({ locked: false, holderName: 'ver-editor' })
    // Another editor can neither release nor force it.
    expect((await unlock(colleague.token)).res.statusCode).toBe(409)
    expect((await unlock(colleague.token, true)).res.statusCode).toBe(403)
    // The holder releases on leaving; then the colleague takes it.
    expect((await unlock(editor.token)).body.data).toEqual({ released: true })
    expect((await lock(colleague.token)).body.data).toMatchObject({ locked: true, holderId: colleague.id })
    // The super administrator breaks it; the breaking is in the operation log.
    expect((await unlock(superToken, true)).body.data).toEqual({ released: true })
    expect((await lock(editor.token)).body.data).toMatchObject({ locked: true, holderId: editor.id })
    const [superAdmin] = await t.database.db
      .select({ id: admin.id })
      .from(admin)
      .where(eq(admin.username, 'admin'))
    const logged = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, '解除文章编辑锁'), eq(operationLog.target, `content:${id}`)))
    expect(logged.map((l) => l.adminId)).toContain(superAdmin!.id)
  })

  it('refuses a display window that ends before it starts', async () => {
    const id = await draft(editor.token, '展示窗口')
    const r = await modify(editor.token, id, {
      displayStart: '2026-07-01T00:00:00.000Z',
      displayEnd: '2026-06-01T00:00:00.000Z',
    })
    expect(r.res.statusCode).toBe(400)
    expect(r.body.msg).toBe('展示结束时间不能早于开始时间')
  })
})
