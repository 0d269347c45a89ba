import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { department } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

/** The comment review queue /commentAudit: comments held by the matcher, decided in batch (decision 0022). */
describe.each(engines)('comment review queue (%s)', (engine) => {
  let t: TestApp
  let superToken: string
  type Acct = { id: number; token: string; roleId: number }
  const acct: Record<'reviewer' | 'outsideReviewer' | 'editor', Acct> = {} as never
  const { post, get, draft } = contentCalls(() => t)
  let article: number

  const account = (name: string, power: Record<string, string[]>, dept: number) =>
    scopedAccount(t, name, power, dept)
  const comment = async (body: string, contentId = article, kind = 'article') => {
    const r = await post(superToken, '/api/comment/add', { kind, contentId, body })
    expect(r.body.code, r.body.msg).toBe(0)
    return r.body.data as { id: number; verifyState: number }
  }
  const pending = async (token: string) =>
    (await get(token, '/api/verify-center/pendingCounts')).body.data.counts['/commentAudit']

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await login(t.app)
    const [a] = await t.database.db.insert(department).values({ name: '评论部' }).returning()
    const [b] = await t.database.db.insert(department).values({ name: '别处' }).returning()
    acct.editor = await account('commentEditor', { '内容-文章': ['查看', '添加', '评论'] }, a!.id)
    acct.reviewer = await account('commentReviewer', { 评论审核: ['查看', '审核'] }, a!.id)
    acct.outsideReviewer = await account('commentReviewerB', { 评论审核: ['查看', '审核'] }, b!.id)
    article = await draft(acct.editor.token, '待审评论的文章')
    expect(
      (await post(superToken, '/api/sensitive-word/add', { word: '待审词', level: 'review' })).body.code,
    ).toBe(0)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('holds a comment with a review-level word and lists it on the queue with its badge', async () => {
    const ok = await comment('普通评论')
    expect(ok.verifyState).toBe(1)
    const held = await comment('含待审词的评论')
    expect(held.verifyState).toBe(3)
    expect(await pending(acct.reviewer.token)).toBe(1)
    expect(await pending(acct.editor.token)).toBeUndefined()
    // Outside the reviewer's scope (the article's department): not counted, not listed.
    expect(await pending(acct.outsideReviewer.token)).toBe(0)
    const queue = await get(acct.reviewer.token, '/api/verify-center/comments?type=list')
    expect(queue.body.data.total).toBe(1)
    expect(queue.body.data.items[0]).toMatchObject({
      id: held.id,
      targetTitle: '待审评论的文章',
      contentKind: 'article',
      verifyState: 3,
    })
    const detail = await get(acct.reviewer.token, `/api/verify-center/comment/detail?id=${held.id}`)
    expect(detail.body.data).toMatchObject({ body: '含待审词的评论', contentId: article })
    const hidden = await get(acct.outsideReviewer.token, `/api/verify-center/comment/detail?id=${held.id}`)
    expect(hidden.res.statusCode).toBe(404)
    expect((await get(acct.editor.token, '/api/verify-center/comments')).res.statusCode).toBe(403)
  })

  it('approves and rejects in batch, all or nothing; records the decision under 审核记录', async () => {
    const a = await comment('第一条待审词')
    const b = await comment('第二条待审词')
    const c = await comment('第三条待审词')
    const passed = await comment('已通过的评论')
    const mixed = await post(acct.reviewer.token, '/api/verify-center/comment', {
      pass: true,
      ids: [a.id, passed.id],
    })
    expect(mixed.res.statusCode).toBe(409)
    const noReason = await post(acct.reviewer.token, '/api/verify-center/comment', {
      pass: false,
      ids: [b.id],
      reason: ' ',
    })
    expect(noReason.res.statusCode).toBe(422)
    const outside = await post(acct.outsideReviewer.token, '/api/verify-center/comment', {
      pass: true,
      ids: [a.id],
    })
    expect(outside.res.statusCode).toBe(404)
    const before = await pending(acct.reviewer.token)
    const approved = await post(acct.reviewer.token, '/api/verify-center/comment', {
      pass: true,
      ids: [a.id],
    })
    expect(approved.body).toMatchObject({ code: 0, msg: '审核通过', data: { updated: 1 } })
    const rejected = await post(acct.reviewer.token, '/api/verify-center/comment', {
      pass: false,
      ids: [b.id, c.id],
      reason: '含不当言论',
    })
    expect(rejected.body.data.updated).toBe(2)
    expect(await pending(acct.reviewer.token)).toBe(before - 3)
    const records = await get(acct.reviewer.token, '/api/verify-center/comments?type=wait')
    expect(records.body.data.items.map((i: { id: number }) => i.id).sort()).toEqual([a.id, b.id, c.id].sort())
    expect(records.body.data.items.find((i: { id: number }) => i.id === b.id)).toMatchObject({
      verifyState: 2,
      reviewReason: '含不当言论',
      reviewerName: 'commentReviewer',
    })
    const again = await post(acct.reviewer.token, '/api/verify-center/comment', { pass: true, ids: [b.id] })
    expect(again.res.statusCode).toBe(409)
    // Decisions are in the operation log.
    const log = await get(superToken, '/api/system/syslog/list?page=1&pageSize=5')
    expect(JSON.stringify(log.body.data.items)).toContain('评论审核')
  })
})
