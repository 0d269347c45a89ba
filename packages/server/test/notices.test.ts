import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { job, operationLog } from '../src/db/schema.ts'
import { appUser } from '../src/db/tables/community.ts'
import { notice, noticeMessage, pushOutbox } from '../src/db/tables/notices.ts'
import { sendNotice } from '../src/modules/notices/noticeSend.ts'
import { NOTICE_SEND_JOB } from '../src/modules/notices/noticeState.ts'
import { JobRunner } from '../src/platform/jobs/queue.ts'
import { contentCalls } from './contentCalls.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'
import { appCalls } from './openCommunityCalls.ts'

const MINUTE = 60_000
const inMinutes = (m: number) => new Date(Date.now() + m * MINUTE).toISOString()
type Row = Record<string, unknown>

/**
 * Notices (decision 0049): the review through /auditNotice (spec paths pushMessages / push, the badge), the send as
 * one durable job — exactly once per target when it runs twice or two workers race, at its time, after a restart —
 * targeting everyone, a portrait or listed users, withdrawal cancelling a scheduled send, edits refused once approved,
 * the app's inbox (only one's own), the push outbox, and who may do what.
 */
describe.each(engines)('notices (%s)', (engine) => {
  let t: TestApp
  let admin = ''
  const acct = {} as Record<'editor' | 'reviewer' | 'viewer', { token: string }>
  const { post, get } = contentCalls(() => t)
  const app = appCalls(() => t)
  const ok = async (r: ReturnType<typeof post>) => {
    const { body } = await r
    expect(body.code, body.msg).toBe(0)
    return body.data
  }
  const db = () => t.database.db
  let phones = 0
  const newUser = async (region = '') => {
    const u = await app.user(`1390000${String(++phones).padStart(4, '0')}`)
    if (region) await db().update(appUser).set({ region }).where(eq(appUser.id, u.id))
    return u
  }
  const users: Record<'a' | 'b' | 'c', { token: string; id: number }> = {} as never

  /** A runner of this app's database with the notice processor, as a fresh process would have. */
  const runner = () => {
    const r = new JobRunner(db())
    r.register(
      NOTICE_SEND_JOB,
      (t.ctx.quickJobs as unknown as { processors: Map<string, never> }).processors.get(NOTICE_SEND_JOB)!,
    )
    return r
  }
  /** Runs every due notice job once, as the runner would. */
  async function runDue() {
    const r = runner()
    for (;;) {
      const row = await r.claim()
      if (!row) return
      await r.run(row)
    }
  }
  const jobsOf = (id: number) =>
    db()
      .select()
      .from(job)
      .where(and(eq(job.type, NOTICE_SEND_JOB)))
      .then((rows) => rows.filter((r) => (r.payload as { noticeId: number }).noticeId === id))
  const row = async (id: number) => (await db().select().from(notice).where(eq(notice.id, id)))[0]!
  const messagesOf = (id: number) => db().select().from(noticeMessage).where(eq(noticeMessage.noticeId, id))
  const pushesOf = (id: number) => db().select().from(pushOutbox).where(eq(pushOutbox.noticeId, id))

  /** A notice saved by the editor, submitted and approved by the reviewer. */
  async function approved(body: Row) {
    const created = await ok(post(acct.editor.token, '/api/notice/add', { content: '正文', ...body }))
    await ok(post(acct.editor.token, '/api/notice/examination', { ids: [created.id] }))
    await ok(post(acct.reviewer.token, '/api/verify-center/push', { id: created.id, verifyState: 1 }))
    return created.id as number
  }

  beforeAll(async () => {
    t = await startTestApp(engine, { API_RATE_LIMIT: '0' })
    admin = await login(t.app)
    acct.editor = await grantedAccount(
      t,
      'noticeEditor',
      powerOf({ 通知中心: ['查看', '添加', '编辑', '删除', '提交审核', '撤销审核'] }),
    )
    acct.reviewer = await grantedAccount(t, 'noticeReviewer', powerOf({ 通知审核: ['查看', '审核'] }))
    acct.viewer = await grantedAccount(t, 'noticeViewer', powerOf({ 通知中心: ['查看'] }))
    users.a = await newUser('通知区')
    users.b = await newUser('通知区')
    users.c = await newUser('别处')
  })
  afterAll(() => t?.close())

  it('review: pending in /auditNotice (pushMessages, the badge), approved by push; the job sends once per target', async () => {
    const created = await ok(
      post(acct.editor.token, '/api/notice/add', {
        title: '系统维护',
        content: '今晚维护',
        channel: 'both',
        target: 'users',
        userIds: [users.a.id, users.b.id],
      }),
    )
    expect((await row(created.id)).sendState).toBe('waiting')
    await ok(post(acct.editor.token, '/api/notice/examination', { ids: [created.id] }))
    const queue = await ok(
      get(acct.reviewer.token, '/api/verify-center/pushMessages?type=list&page=1&pageSize=1'),
    )
    expect(queue.total).toBe(1)
    expect(queue.items[0].title).toBe('系统维护')
    const badge = await ok(get(acct.reviewer.token, '/api/verify-center/pendingCounts'))
    expect(badge.counts['/auditNotice']).toBe(1)
    // The editor cannot decide; the reviewer approves through the spec's push path.
    const refused = await post(acct.editor.token, '/api/verify-center/push', {
      id: created.id,
      verifyState: 1,
    })
    expect(refused.res.statusCode).toBe(403)
    await ok(post(acct.reviewer.token, '/api/verify-center/push', { id: created.id, verifyState: 1 }))
    expect(
      (await ok(get(acct.reviewer.token, '/api/verify-center/pendingCounts'))).counts['/auditNotice'] ?? 0,
    ).toBe(0)
    expect((await row(created.id)).sendState).toBe('scheduled')
    expect(await jobsOf(created.id)).toHaveLength(1)

    await runDue()
    const sent = await row(created.id)
    expect(sent).toMatchObject({ sendState: 'sent', sentCount: 2 })
    expect((await messagesOf(created.id)).map((m) => m.userId).sort()).toEqual(
      [users.a.id, users.b.id].sort(),
    )
    const pushes = await pushesOf(created.id)
    expect(pushes).toHaveLength(2)
    expect(pushes.find((p) => p.userId === users.a.id)?.deviceIds).toEqual(['device-13900000001'])

    // Run again (a retried job, a duplicate): nothing more.
    expect(await sendNotice(db(), t.ctx.push, created.id)).toMatchObject({ sent: false, skipped: 'sent' })
    expect(await messagesOf(created.id)).toHaveLength(2)
    expect(await pushesOf(created.id)).toHaveLength(2)

    // Sent: no edit, no withdrawal.
    const edit = await post(acct.editor.token, '/api/notice/modify', {
      id: created.id,
      title: '改了',
      content: '今晚维护',
      channel: 'both',
      target: 'users',
      userIds: [users.a.id, users.b.id],
    })
    expect(edit.res.statusCode).toBe(409)
    expect(edit.body.msg).toBe('通知已发送，不能修改')
    const back = await post(acct.editor.token, '/api/notice/withdraw', { id: created.id })
    expect(back.res.statusCode).toBe(409)
    expect(back.body.msg).toBe('通知已发送，不能撤回')

    // The console's delivery and the push outbox.
    const delivery = await ok(get(acct.viewer.token, `/api/notice/delivery?id=${created.id}`))
    expect(delivery).toMatchObject({
      sendState: 'sent',
      sentCount: 2,
      messages: 2,
      pushes: 2,
      read: 0,
      total: 2,
    })
    const outbox = await ok(get(admin, `/api/push/outbox?noticeId=${created.id}`))
    expect(outbox.total).toBe(2)
    expect(outbox.items[0]).toMatchObject({ title: '系统维护', body: '今晚维护' })
    expect((await get(acct.viewer.token, '/api/push/outbox')).res.statusCode).toBe(403)
  })

  it('exactly once when two workers race and a duplicate job runs', async () => {
    const id = await approved({ title: '并发', channel: 'both', target: 'all' })
    const audience = (
      await db()
        .select()
        .from(appUser)
        .where(and(eq(appUser.operator, false), eq(appUser.state, 'normal')))
    ).length
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => sendNotice(db(), t.ctx.push, id)))
    expect(outcomes.filter((o) => o.sent)).toHaveLength(1)
    await runDue()
    expect(await messagesOf(id)).toHaveLength(audience)
    expect(await pushesOf(id)).toHaveLength(audience)
    expect((await row(id)).sentCount).toBe(audience)
    // The queued job ran too and found nothing to do.
    const [j] = await jobsOf(id)
    expect(j).toMatchObject({ state: 'done', result: { sent: false, skipped: 'sent' } })
  })

  it('a scheduled notice runs at its time, survives a restart, and is cancelled by a withdrawal', async () => {
    const later = await approved({ title: '定时', channel: 'inApp', target: 'all', sendAt: inMinutes(10) })
    const [j] = await jobsOf(later)
    expect(j!.runAt.getTime()).toBeGreaterThan(Date.now() + 9 * MINUTE)
    await runDue()
    expect((await row(later)).sendState).toBe('scheduled')
    expect(await messagesOf(later)).toHaveLength(0)
    // Early runs (a job enqueued before a resubmission) do nothing.
    expect(await sendNotice(db(), t.ctx.push, later)).toMatchObject({ sent: false, skipped: 'notDue' })
    // Its time comes (moved into the past here): the queue claims it by run_at.
    await db()
      .update(notice)
      .set({ sendAt: new Date(Date.now() - 1000) })
      .where(eq(notice.id, later))
    await db()
      .update(job)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(job.id, j!.id))
    // A stopped runner had claimed it (running, its lease lapsed): a new runner takes it over.
    await db()
      .update(job)
      .set({ state: 'running', lockedBy: 'gone:1', attempts: 1, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(job.id, j!.id))
    const fresh = runner()
    const claimed = await fresh.claim()
    expect(claimed?.id).toBe(j!.id)
    await fresh.run(claimed!)
    expect((await row(later)).sendState).toBe('sent')
    expect((await messagesOf(later)).length).toBeGreaterThanOrEqual(3)

    // Withdrawn while scheduled: 已撤回; the job finds nothing.
    const withdrawn = await approved({ title: '撤回', channel: 'push', target: 'all', sendAt: inMinutes(5) })
    await ok(post(acct.editor.token, '/api/notice/withdraw', { id: withdrawn }))
    expect((await row(withdrawn)).sendState).toBe('cancelled')
    await db()
      .update(job)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(
        inArray(
          job.id,
          (await jobsOf(withdrawn)).map((x) => x.id),
        ),
      )
    await runDue()
    expect((await row(withdrawn)).sendState).toBe('cancelled')
    expect(await pushesOf(withdrawn)).toHaveLength(0)
    // Submitted again: 待审核; approved: sent.
    await ok(
      post(acct.editor.token, '/api/notice/modify', {
        id: withdrawn,
        title: '撤回',
        content: '正文',
        channel: 'push',
        target: 'all',
        sendAt: null,
      }),
    )
    await ok(post(acct.editor.token, '/api/notice/examination', { ids: [withdrawn] }))
    expect((await row(withdrawn)).sendState).toBe('waiting')
    await ok(post(acct.reviewer.token, '/api/verify-center/push', { id: withdrawn, verifyState: 1 }))
    await runDue()
    expect((await row(withdrawn)).sendState).toBe('sent')

    // The recycle bin cancels a scheduled one too; an approved one's fields cannot change.
    const binned = await approved({ title: '回收', channel: 'inApp', target: 'all', sendAt: inMinutes(5) })
    const change = await post(acct.editor.token, '/api/notice/modify', {
      id: binned,
      title: '回收改',
      content: '正文',
      channel: 'inApp',
      target: 'all',
      sendAt: inMinutes(5),
    })
    expect(change.res.statusCode).toBe(409)
    expect(change.body.msg).toBe('通知已审核通过待发送，请先撤回发布再修改')
    await ok(post(acct.editor.token, '/api/notice/delete', { ids: [binned] }))
    expect((await row(binned)).sendState).toBe('cancelled')
  })

  it('rules: the time in the future, listed users or a portrait named', async () => {
    const past = await post(acct.editor.token, '/api/notice/add', {
      title: '过去',
      content: '正文',
      channel: 'inApp',
      target: 'all',
      sendAt: inMinutes(-1),
    })
    expect(past.res.statusCode).toBe(400)
    expect(past.body.msg).toBe('定时发送时间须晚于当前时间')
    const none = await post(acct.editor.token, '/api/notice/add', {
      title: '无人',
      content: '正文',
      channel: 'inApp',
      target: 'users',
      userIds: [],
    })
    expect(none.res.statusCode).toBe(422)
    expect(none.body.msg).toBe('请选择指定用户')
    const noPortrait = await post(acct.editor.token, '/api/notice/add', {
      title: '无画像',
      content: '正文',
      channel: 'inApp',
      target: 'portrait',
    })
    expect(noPortrait.res.statusCode).toBe(422)
    expect(noPortrait.body.msg).toContain('用户画像')
  })

  it('a portrait: only the users it matches, read when the job runs', async () => {
    const p = await ok(post(admin, '/api/portrait/add', { name: '通知区用户', regions: '通知区' }))
    const id = await approved({ title: '画像通知', channel: 'both', target: 'portrait', portraitId: p.id })
    await runDue()
    expect((await messagesOf(id)).map((m) => m.userId).sort()).toEqual([users.a.id, users.b.id].sort())
    expect(await pushesOf(id)).toHaveLength(2)
    expect((await row(id)).sentCount).toBe(2)
  })

  it('the app inbox: own messages only, newest first, unread count, mark read one or all', async () => {
    const own = await app.ok(app.get(users.c.token, '/api/open/notice/messages'))
    expect(own.items.every((m: Row) => m.title !== '画像通知' && m.title !== '系统维护')).toBe(true)
    const a = await app.ok(app.get(users.a.token, '/api/open/notice/messages'))
    const titles = a.items.map((m: Row) => m.title)
    expect(titles[0]).toBe('画像通知')
    expect(titles).toContain('系统维护')
    expect(a.unread).toBe(a.total)
    // Someone else's message is not found; one's own is read once.
    const cMsg = own.items[0]
    const foreign = await app.post(users.a.token, '/api/open/notice/read', { id: cMsg.id })
    expect(foreign.res.statusCode).toBe(404)
    const one = await app.ok(app.post(users.a.token, '/api/open/notice/read', { id: a.items[0].id }))
    expect(one).toEqual({ updated: 1, unread: a.total - 1 })
    expect((await app.ok(app.get(users.a.token, '/api/open/notice/unread'))).unread).toBe(a.total - 1)
    const all = await app.ok(app.post(users.a.token, '/api/open/notice/read', { all: true }))
    expect(all).toEqual({ updated: a.total - 1, unread: 0 })
    expect((await app.ok(app.get(users.c.token, '/api/open/notice/unread'))).unread).toBe(own.total)
    const unreadOnly = await app.ok(app.get(users.a.token, '/api/open/notice/messages?unread=true'))
    expect(unreadOnly.items).toHaveLength(0)
    expect((await app.get(undefined, '/api/open/notice/messages')).res.statusCode).toBe(401)
    // The console's delivery shows the reads.
    const logs = await db().select().from(operationLog).where(eq(operationLog.target, 'noticeMessage:all'))
    expect(logs.length).toBeGreaterThanOrEqual(1)
  })

  it('authorisation: the viewer reads but writes nothing; the reviewer does not edit', async () => {
    const v = acct.viewer.token
    expect((await get(v, '/api/notice/list')).res.statusCode).toBe(200)
    expect(
      (await post(v, '/api/notice/add', { title: 'x', content: 'y', channel: 'inApp', target: 'all' })).res
        .statusCode,
    ).toBe(403)
    expect((await get(v, '/api/verify-center/pushMessages?type=list')).res.statusCode).toBe(403)
    const r = acct.reviewer.token
    expect(
      (await post(r, '/api/notice/add', { title: 'x', content: 'y', channel: 'inApp', target: 'all' })).res
        .statusCode,
    ).toBe(403)
    expect((await get(r, '/api/notice/delivery?id=1')).res.statusCode).toBe(403)
  })

  it('指定用户 is picked by the notice editor without 用户管理: names only (picks), not the user list', async () => {
    const nick = (await db().select().from(appUser).where(eq(appUser.id, users.a.id)))[0]!.nickname
    const picks = await ok(get(acct.editor.token, `/api/appUser/picks?keyword=${encodeURIComponent(nick)}`))
    expect(picks.items).toContainEqual({ id: users.a.id, title: nick })
    for (const item of picks.items) expect(Object.keys(item).sort()).toEqual(['id', 'title'])
    const named = await ok(get(acct.editor.token, `/api/appUser/picks?ids=${users.b.id},${users.c.id}`))
    expect(named.items.map((i: Row) => i.id).sort()).toEqual([users.b.id, users.c.id].sort())
    expect((await get(acct.editor.token, '/api/appUser/list')).res.statusCode).toBe(403)
    // Reading notices writes no 指定用户: the viewer and the reviewer pick nobody.
    expect((await get(acct.viewer.token, '/api/appUser/picks')).res.statusCode).toBe(403)
    expect((await get(acct.reviewer.token, '/api/appUser/picks')).res.statusCode).toBe(403)
  })
})
