import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.ts'
import type { Db } from '../src/db/client.ts'
import { operationLog } from '../src/db/schema.ts'
import { appUser } from '../src/db/tables/community.ts'
import { pointLog } from '../src/db/tables/marketing.ts'
import { signinRecord, taskProgress, userAward } from '../src/db/tables/tasks.ts'
import { grantPoints } from '../src/modules/points/grantPoints.ts'
import { AWARD_BACKFILL_JOB, awardBackfillJob } from '../src/modules/tasks/awardBackfill.ts'
import { signIn } from '../src/modules/tasks/signin.ts'
import { progressTask } from '../src/modules/tasks/taskProgress.ts'
import { JobRunner } from '../src/platform/jobs/queue.ts'
import { contentCalls } from './contentCalls.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { call, engines, login, startTestApp, type TestApp } from './harness.ts'
import { appCalls } from './openCommunityCalls.ts'

const DAY = 86_400_000
/** Noon in Beijing of a day counted from a fixed start: the day's sign-in instant. */
const day = (n: number) => new Date(Date.UTC(2026, 0, 10, 4) + n * DAY)

/**
 * Tasks, sign-in, medals and avatar frames (decision 0050): streak bonuses once per streak, one sign-in a day even
 * when concurrent, task periods completed once under concurrent reports, award rules and 发放, wearing a frame, the
 * console's calls and their authorisation, and the test clock.
 */
describe.each(engines)('tasks (%s)', (engine) => {
  let t: TestApp
  let adminToken = ''
  const { post, get } = contentCalls(() => t)
  const app = appCalls(() => t)
  const ok = async (r: ReturnType<typeof post>) => {
    const { body } = await r
    expect(body.code, body.msg).toBe(0)
    return body.data
  }
  const db = () => t.database.db
  const inTx = <T>(fn: (tx: Db) => Promise<T>) => db().transaction((tx) => fn(tx as unknown as Db))
  let phones = 0
  async function appUsers(n: number) {
    const rows = await db()
      .insert(appUser)
      .values(
        Array.from({ length: n }, (_, i) => ({
          phone: `1360${String(++phones).padStart(7, '0')}`,
          nickname: `任务用户${phones}-${i}`,
        })),
      )
      .returning({ id: appUser.id })
    return rows.map((r) => r.id)
  }
  const logOf = (userId: number, source?: string) =>
    db()
      .select()
      .from(pointLog)
      .where(and(eq(pointLog.userId, userId), source ? eq(pointLog.source, source) : undefined))
  const pointsOf = async (userId: number) =>
    (await db().select({ p: appUser.points }).from(appUser).where(eq(appUser.id, userId)))[0]!.p
  let medalId = 0

  beforeAll(async () => {
    t = await startTestApp(engine)
    adminToken = await login(t.app)
    // 签到设置: 5 points a day; a 3-day streak pays 20 and a medal.
    await ok(post(adminToken, '/api/task/signinSetting', { points: 5, showState: true }))
    medalId = (
      await ok(
        post(adminToken, '/api/medal/add', {
          name: '坚持三天',
          image: 'https://img.example.com/m3.png',
          rule: 'manual',
        }),
      )
    ).id
    await ok(
      post(adminToken, '/api/signinRule/add', { days: 3, points: 20, awardId: medalId, remark: '三天' }),
    )
  }, 120_000)
  afterAll(async () => {
    await t?.close()
  })

  it('a 3-day streak pays its bonus and medal once; a 4th day does not pay it again; a broken streak starts over', async () => {
    const [u] = await appUsers(1)
    const results = []
    for (const n of [0, 1, 2, 3]) results.push(await inTx((tx) => signIn(tx, u!, day(n))))
    expect(results.map((r) => r.streak)).toEqual([1, 2, 3, 4])
    expect(results.map((r) => r.bonus)).toEqual([0, 0, 20, 0])
    expect(results[2]!.awards.map((a) => a.id)).toEqual([medalId])
    expect(results[3]!.balance).toBe(4 * 5 + 20)
    expect(await logOf(u!, 'signin')).toHaveLength(4)
    const streak = await logOf(u!, 'streak')
    expect(streak).toHaveLength(1)
    expect(streak[0]!.delta).toBe(20)
    expect(await pointsOf(u!)).toBe(40)
    // The ledger adds up to the balance.
    const all = await logOf(u!)
    expect(all.reduce((s, r) => s + r.delta, 0)).toBe(40)
    expect(await db().select().from(userAward).where(eq(userAward.userId, u!))).toHaveLength(1)
    // Day 5 skipped: day 6 starts a new streak, whose 3rd day pays the bonus again (the medal is held already).
    const again = []
    for (const n of [5, 6, 7]) again.push(await inTx((tx) => signIn(tx, u!, day(n))))
    expect(again.map((r) => r.streak)).toEqual([1, 2, 3])
    expect(again[2]!.bonus).toBe(20)
    expect(again[2]!.awards).toEqual([])
    expect(await logOf(u!, 'streak')).toHaveLength(2)
  })

  it('one sign-in a day: a second is refused with 今天已签到, also when 20 race', async () => {
    const [u] = await appUsers(1)
    const racing = await Promise.allSettled(
      Array.from({ length: 20 }, () => inTx((tx) => signIn(tx, u!, day(20)))),
    )
    expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refused = racing.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(refused.every((r) => (r.reason as Error).message === '今天已签到')).toBe(true)
    const [n] = await db().select({ n: count() }).from(signinRecord).where(eq(signinRecord.userId, u!))
    expect(n!.n).toBe(1)
    expect(await logOf(u!, 'signin')).toHaveLength(1)

    // Through the app call: the first succeeds, the second answers 409.
    const me = await app.user('13800000001')
    const first = await app.post(me.token, '/api/open/signin', {})
    expect(first.body.code, first.body.msg).toBe(0)
    expect(first.body.data.streak).toBe(1)
    const second = await app.post(me.token, '/api/open/signin', {})
    expect(second.res.statusCode).toBe(409)
    expect(second.body.msg).toBe('今天已签到')
    const state = await app.ok(app.get(me.token, '/api/open/signin'))
    expect(state).toMatchObject({ open: true, signedToday: true, streak: 1, points: 5 })
    expect(state.days).toEqual([state.today])
    expect(state.rules).toEqual([{ days: 3, points: 20, award: expect.objectContaining({ id: medalId }) }])
  })

  it('sign-in is closed while the sign-in task is off; one sign-in task, daily, once a day', async () => {
    await ok(post(adminToken, '/api/task/signinSetting', { points: 5, showState: false }))
    const [u] = await appUsers(1)
    await expect(inTx((tx) => signIn(tx, u!, day(30)))).rejects.toThrow('签到未开启')
    await ok(post(adminToken, '/api/task/signinSetting', { points: 5, showState: true }))
    const second = await post(adminToken, '/api/task/add', {
      name: '又一个签到',
      action: 'signin',
      period: 'daily',
      target: 1,
      points: 1,
    })
    expect(second.body.msg).toBe('只能有一个签到任务')
    const once = await post(adminToken, '/api/task/add', {
      name: '签到一次',
      action: 'signin',
      period: 'once',
      target: 1,
      points: 1,
    })
    expect(once.body.msg).toBe('签到任务须为每日任务，需完成次数为 1')
    const setting = await ok(get(adminToken, '/api/task/signinSetting'))
    expect(setting.task).toMatchObject({ name: '每日签到', points: 5, showState: true })
  })

  it('a daily task completes once a day under concurrent reports; a one-off once ever', async () => {
    const daily = await ok(
      post(adminToken, '/api/task/add', {
        name: '阅读两篇',
        action: 'read',
        period: 'daily',
        target: 2,
        points: 7,
      }),
    )
    const once = await ok(
      post(adminToken, '/api/task/add', {
        name: '首次分享',
        action: 'share',
        period: 'once',
        target: 1,
        points: 3,
      }),
    )
    const [u] = await appUsers(1)
    const race = (n: number, action: 'read' | 'share') =>
      Promise.all(Array.from({ length: 30 }, () => inTx((tx) => progressTask(tx, u!, action, day(n)))))
    const first = (await race(40, 'read')).flat()
    expect(first.map((c) => c.taskId)).toEqual([daily.id])
    await race(40, 'read')
    expect((await race(41, 'read')).flat()).toHaveLength(1)
    const rows = await db()
      .select()
      .from(taskProgress)
      .where(and(eq(taskProgress.userId, u!), eq(taskProgress.taskId, daily.id)))
    expect(rows.map((r) => [r.periodKey, r.count, r.completedAt !== null]).sort()).toEqual([
      ['2026-02-19', 2, true],
      ['2026-02-20', 2, true],
    ])
    expect(await logOf(u!, 'task')).toHaveLength(2)
    expect((await race(40, 'share')).flat()).toHaveLength(1)
    expect((await race(45, 'share')).flat()).toHaveLength(0)
    expect(await pointsOf(u!)).toBe(7 + 7 + 3)

    // The app's calls: report a read twice today, the list shows it done.
    const me = await app.user('13800000002')
    const r1 = await app.ok(app.post(me.token, '/api/open/task/report', { action: 'read', refId: 12 }))
    expect(r1.completed).toEqual([])
    const r2 = await app.ok(app.post(me.token, '/api/open/task/report', { action: 'read' }))
    expect(r2.completed).toEqual([{ taskId: daily.id, name: '阅读两篇', points: 7 }])
    const bad = await app.post(me.token, '/api/open/task/report', { action: 'signin' })
    expect(bad.res.statusCode).toBe(422)
    const list = await app.ok(app.get(me.token, '/api/open/tasks'))
    expect(list.items.find((i: { id: number }) => i.id === daily.id)).toMatchObject({
      count: 2,
      completed: true,
      target: 2,
    })
    // 下线 tasks neither count nor show.
    await ok(post(adminToken, '/api/task/showState', { ids: [once.id], showState: false }))
    const after = await app.ok(app.get(me.token, '/api/open/tasks'))
    expect(after.items.some((i: { id: number }) => i.id === once.id)).toBe(false)
    expect(
      (await app.ok(app.post(me.token, '/api/open/task/report', { action: 'share' }))).completed,
    ).toEqual([])
  })

  it('app posts and comments complete their tasks once a day; held ones when approved, rejected ones never', async () => {
    const postTask = await ok(
      post(adminToken, '/api/task/add', {
        name: '发一篇帖子',
        action: 'post',
        period: 'daily',
        target: 1,
        points: 4,
      }),
    )
    const commentTask = await ok(
      post(adminToken, '/api/task/add', {
        name: '评论两次',
        action: 'comment',
        period: 'daily',
        target: 2,
        points: 6,
      }),
    )
    const me = await app.user('13800000006')
    const circleId = await app.makeCircle('任务圈')
    await app.ok(app.post(me.token, '/api/open/circle/join', { circleId }))
    const made = await app.ok(app.post(me.token, '/api/open/post/add', { circleId, body: '第一帖' }))
    await app.ok(app.post(me.token, '/api/open/post/add', { circleId, body: '第二帖' }))
    for (const body of ['好', '赞', '再评'])
      await app.ok(app.post(me.token, '/api/open/comment/add', { postId: made.id, parentId: null, body }))
    const paid = (await logOf(me.id, 'task')).map((l) => [l.refId, l.delta]).sort()
    expect(paid).toEqual(
      [
        [postTask.id, 4],
        [commentTask.id, 6],
      ].sort(),
    )
    const list = await app.ok(app.get(me.token, '/api/open/tasks'))
    expect(list.items.find((i: { id: number }) => i.id === commentTask.id)).toMatchObject({
      count: 2,
      completed: true,
    })

    // Held ones count when approved, on approval, once; a rejected one never.
    const other = await app.user('13800000016')
    const reviewed = await app.makeCircle('审核任务圈', { postReview: true })
    await app.ok(app.post(other.token, '/api/open/circle/join', { circleId: reviewed }))
    const refused = await app.ok(
      app.post(other.token, '/api/open/post/add', { circleId: reviewed, body: '待审一' }),
    )
    const held = await app.ok(
      app.post(other.token, '/api/open/post/add', { circleId: reviewed, body: '待审二' }),
    )
    expect([refused.verifyState, held.verifyState]).toEqual([3, 3])
    expect(await logOf(other.id, 'task')).toEqual([])
    await ok(
      post(adminToken, '/api/verify-center/post', { pass: false, ids: [refused.id], reason: '无关内容' }),
    )
    expect(await logOf(other.id, 'task')).toEqual([])
    await ok(post(adminToken, '/api/verify-center/post', { pass: true, ids: [held.id] }))
    expect((await logOf(other.id, 'task')).map((l) => [l.refId, l.delta])).toEqual([[postTask.id, 4]])

    await ok(post(adminToken, '/api/sensitive-word/add', { word: '任务审核词', level: 'review' }))
    const heldComment = await app.ok(
      app.post(other.token, '/api/open/comment/add', { postId: made.id, parentId: null, body: '任务审核词' }),
    )
    expect(heldComment.verifyState).toBe(3)
    await app.ok(
      app.post(other.token, '/api/open/comment/add', { postId: made.id, parentId: null, body: '好帖' }),
    )
    expect(await logOf(other.id, 'task')).toHaveLength(1) // one shown comment of two
    await ok(post(adminToken, '/api/verify-center/comment', { pass: true, ids: [heldComment.id] }))
    expect((await logOf(other.id, 'task')).map((l) => [l.refId, l.delta]).sort()).toEqual(
      [
        [postTask.id, 4],
        [commentTask.id, 6],
      ].sort(),
    )
  })

  it('rules grant medals once: points, completed tasks, invites (with the invite task)', async () => {
    const rich = await ok(
      post(adminToken, '/api/medal/add', {
        name: '积分达人',
        image: 'https://img.example.com/p.png',
        rule: 'points',
        threshold: 30,
      }),
    )
    const zero = await post(adminToken, '/api/medal/add', {
      name: '无门槛',
      image: 'https://img.example.com/z.png',
      rule: 'tasks',
      threshold: 0,
    })
    expect(zero.body.msg).toBe('获得方式不是手动发放时，请填写大于 0 的门槛')
    const dup = await post(adminToken, '/api/medal/add', {
      name: '积分达人',
      image: 'https://img.example.com/p.png',
      rule: 'manual',
    })
    expect(dup.body.msg).toBe('勋章名称已存在')
    const [u] = await appUsers(1)
    await inTx((tx) => grantPoints(tx, { userId: u!, delta: 20, source: 'grant' }))
    expect(await db().select().from(userAward).where(eq(userAward.userId, u!))).toHaveLength(0)
    await Promise.all(
      [1, 2, 3].map(() => inTx((tx) => grantPoints(tx, { userId: u!, delta: 10, source: 'grant' }))),
    )
    const held = await db().select().from(userAward).where(eq(userAward.userId, u!))
    expect(held.map((h) => [h.awardId, h.source])).toEqual([[rich.id, 'rule']])
    const detail = await ok(get(adminToken, `/api/medal/detail?id=${rich.id}`))
    expect(detail.fields.grantedCount).toBe(1)

    // Invites: the inviter's own code; the invite task and the 邀请人数 frame.
    const frame = await ok(
      post(adminToken, '/api/avatarFrame/add', {
        name: '邀请之星',
        image: 'https://img.example.com/f.png',
        rule: 'invites',
        threshold: 1,
      }),
    )
    const invite = await ok(
      post(adminToken, '/api/task/add', {
        name: '邀请好友',
        action: 'invite',
        period: 'once',
        target: 1,
        points: 50,
      }),
    )
    const inviter = await app.user('13800000003')
    await db().update(appUser).set({ inviteCode: 'INVITE01' }).where(eq(appUser.id, inviter.id))
    await app.ok(app.signIn('13800000004', { invitationCode: 'INVITE01' }))
    const log = await logOf(inviter.id, 'task')
    expect(log.map((l) => [l.refId, l.delta])).toEqual([[invite.id, 50]])
    const awards = await app.ok(app.get(inviter.token, '/api/open/awards'))
    expect(awards.frames.find((f: { id: number }) => f.id === frame.id)).toMatchObject({
      held: true,
      progress: 1,
    })
    // The invite task's 50 points passed the 积分达人 threshold too (the points rule follows every change).
    expect(awards.medals.find((m: { id: number }) => m.id === rich.id)).toMatchObject({
      held: true,
      threshold: 30,
      progress: 50,
    })
  })

  it('a rule award made, lowered or switched on is earned by what users did before (the backfill job), once each', async () => {
    const runBackfills = async () => {
      const r = new JobRunner(db())
      r.register(AWARD_BACKFILL_JOB, awardBackfillJob(db()))
      for (let row = await r.claim(); row; row = await r.claim()) await r.run(row)
    }
    const [a, b] = await appUsers(2)
    const [c] = await appUsers(1)
    // Among this test's users (earlier tests' users have points too).
    const holders = async (awardId: number) =>
      (await db().select().from(userAward).where(eq(userAward.awardId, awardId)))
        .map((h) => h.userId)
        .filter((u) => [a, b, c].includes(u))
        .sort((x, y) => x - y)
    await inTx((tx) => grantPoints(tx, { userId: a!, delta: 70, source: 'grant' }))
    await inTx((tx) => grantPoints(tx, { userId: b!, delta: 40, source: 'grant' }))
    const fields = { name: '老用户', image: 'https://img.example.com/old.png', rule: 'points' }
    const medal = await ok(post(adminToken, '/api/medal/add', { ...fields, threshold: 60 }))
    expect(await holders(medal.id)).toEqual([]) // the job, after the save
    await runBackfills()
    expect(await holders(medal.id)).toEqual([a])
    await ok(post(adminToken, '/api/medal/modify', { id: medal.id, ...fields, threshold: 30 }))
    await Promise.all([runBackfills(), runBackfills()])
    expect(await holders(medal.id)).toEqual([a!, b!].sort((x, y) => x - y))
    // The holders' count follows, each counted once however many runs raced.
    const all = await db().select().from(userAward).where(eq(userAward.awardId, medal.id))
    expect((await ok(get(adminToken, `/api/medal/detail?id=${medal.id}`))).fields.grantedCount).toBe(
      all.length,
    )
    const [held] = await db().select().from(userAward).where(eq(userAward.userId, b!))
    expect(held).toMatchObject({ source: 'rule', reason: '累计积分达到 30' })

    // Switched off, nobody new gets it; switched on, they do.
    await inTx((tx) => grantPoints(tx, { userId: c!, delta: 35, source: 'grant' }))
    expect(await holders(medal.id)).toContain(c) // the points rule at the event itself
    const off = await ok(post(adminToken, '/api/medal/add', { ...fields, name: '停用勋章', threshold: 10 }))
    await ok(post(adminToken, '/api/medal/showState', { ids: [off.id], showState: false }))
    await runBackfills()
    expect(await holders(off.id)).toEqual([])
    await ok(post(adminToken, '/api/medal/showState', { ids: [off.id], showState: true }))
    await runBackfills()
    expect(await holders(off.id)).toEqual(expect.arrayContaining([a, b, c]))
  })

  it('发放 gives a frame once per user; a disabled one is refused; only a held frame is worn', async () => {
    const frame = await ok(
      post(adminToken, '/api/avatarFrame/add', {
        name: '春节限定',
        image: 'https://img.example.com/s.png',
        rule: 'manual',
      }),
    )
    const other = await ok(
      post(adminToken, '/api/avatarFrame/add', {
        name: '未发放',
        image: 'https://img.example.com/o.png',
        rule: 'manual',
      }),
    )
    const me = await app.user('13800000005')
    const [u2] = await appUsers(1)
    const given = await ok(
      post(adminToken, '/api/avatarFrame/grant', {
        ids: [frame.id],
        userIds: [me.id, u2],
        reason: '春节活动',
      }),
    )
    expect(given).toEqual({ granted: 2, already: 0 })
    const again = await ok(
      post(adminToken, '/api/avatarFrame/grant', { ids: [frame.id], userIds: [me.id], reason: '再发' }),
    )
    expect(again).toEqual({ granted: 0, already: 1 })
    const holders = await ok(get(adminToken, `/api/avatarFrame/holders?id=${frame.id}`))
    expect(holders.total).toBe(2)
    expect(holders.items[0]).toMatchObject({ source: 'grant', reason: '春节活动', grantedByName: 'admin' })
    const wrongKind = await get(adminToken, `/api/medal/holders?id=${frame.id}`)
    expect(wrongKind.res.statusCode).toBe(404)
    const notUser = await post(adminToken, '/api/avatarFrame/grant', {
      ids: [frame.id],
      userIds: [999_999],
      reason: 'x',
    })
    expect(notUser.body.msg).toBe('发放用户不存在或不是 App 用户')
    await ok(post(adminToken, '/api/avatarFrame/showState', { ids: [other.id], showState: false }))
    const off = await post(adminToken, '/api/avatarFrame/grant', {
      ids: [other.id],
      userIds: [me.id],
      reason: 'x',
    })
    expect(off.res.statusCode).toBe(409)
    expect(off.body.msg).toBe('「未发放」已禁用，不能发放')

    const notHeld = await app.post(me.token, '/api/open/avatarFrame/wear', { awardId: other.id })
    expect(notHeld.body.msg).toBe('未获得该头像框')
    const aMedal = await app.post(me.token, '/api/open/avatarFrame/wear', { awardId: medalId })
    expect(aMedal.res.statusCode).toBe(409)
    expect(
      (await app.ok(app.post(me.token, '/api/open/avatarFrame/wear', { awardId: frame.id }))).wornFrameId,
    ).toBe(frame.id)
    const panel = await ok(get(adminToken, `/api/appUser/awards?id=${me.id}`))
    expect(panel.wornFrameId).toBe(frame.id)
    expect(panel.items).toEqual([
      expect.objectContaining({ awardId: frame.id, kind: 'avatarFrame', reason: '春节活动' }),
    ])
    expect(
      (await app.ok(app.post(me.token, '/api/open/avatarFrame/wear', { awardId: null }))).wornFrameId,
    ).toBe(null)
  })

  it('the points history of /userDetail: newest first, paged, with the sources named', async () => {
    const [u] = await appUsers(1)
    for (const n of [50, 51, 52]) await inTx((tx) => signIn(tx, u!, day(n)))
    const page1 = await ok(get(adminToken, `/api/appUser/pointLog?id=${u}&page=1&pageSize=2`))
    expect(page1.total).toBe(4)
    expect(page1.items.map((i: { sourceName: string }) => i.sourceName)).toEqual(['连续签到奖励', '签到'])
    expect(page1.items[0].balance).toBe(35)
    const missing = await get(adminToken, '/api/appUser/pointLog?id=999999')
    expect(missing.res.statusCode).toBe(404)
  })

  it('authorisation: console calls need their page and action; app calls an app session', async () => {
    const viewer = await grantedAccount(
      t,
      'task-viewer',
      powerOf({ 任务管理: ['查看'], '任务-勋章': ['查看'] }),
    )
    expect((await get(viewer.token, '/api/task/signinSetting')).body.code).toBe(0)
    expect(
      (await post(viewer.token, '/api/task/signinSetting', { points: 1, showState: true })).res.statusCode,
    ).toBe(403)
    expect(
      (await post(viewer.token, '/api/medal/grant', { ids: [medalId], userIds: [1], reason: 'x' })).res
        .statusCode,
    ).toBe(403)
    expect((await get(viewer.token, '/api/appUser/pointLog?id=1')).res.statusCode).toBe(403)
    expect((await get(viewer.token, `/api/medal/holders?id=${medalId}`)).body.code).toBe(0)
    expect((await get(viewer.token, `/api/avatarFrame/holders?id=${medalId}`)).res.statusCode).toBe(403)
    expect((await app.post(undefined, '/api/open/signin', {})).res.statusCode).toBe(401)
    expect((await app.get(undefined, '/api/open/awards')).res.statusCode).toBe(401)
    // A console session is no app session.
    expect(
      (await call(t.app, 'POST', '/api/open/signin', { token: adminToken, body: {} })).res.statusCode,
    ).toBe(401)
    // The test clock is not served here (flag off).
    expect((await post(adminToken, '/api/test/clock', { days: 1 })).res.statusCode).toBe(404)
  })
})

describe('the test clock', () => {
  it('refuses to start in production', () => {
    expect(() => loadConfig({ MOC_TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/MOC_TEST_CLOCK/)
    expect(loadConfig({ MOC_TEST_CLOCK: '1', NODE_ENV: 'test' }).testClock).toBe(true)
    expect(loadConfig({}).testClock).toBe(false)
  })

  it('on a test-mode server the super administrator moves the day of sign-ins (audited); others may not', async () => {
    const t = await startTestApp('pglite', { MOC_TEST_CLOCK: '1' })
    try {
      const admin = await login(t.app)
      const other = await grantedAccount(t, 'clock-user', powerOf({ 任务管理: ['查看', '编辑'] }))
      const { post } = contentCalls(() => t)
      const app = appCalls(() => t)
      expect((await post(other.token, '/api/test/clock', { days: 1 })).res.statusCode).toBe(403)
      await post(admin, '/api/task/signinSetting', { points: 2, showState: true })
      const me = await app.user('13800000009')
      const before = await app.ok(app.get(me.token, '/api/open/signin'))
      await app.ok(app.post(me.token, '/api/open/signin', {}))
      const moved = await post(admin, '/api/test/clock', { days: 1 })
      expect(moved.body.code, moved.body.msg).toBe(0)
      expect(moved.body.data.offsetDays).toBe(1)
      const next = await app.ok(app.get(me.token, '/api/open/signin'))
      expect(next.today > before.today).toBe(true)
      expect(next.signedToday).toBe(false)
      expect((await app.ok(app.post(me.token, '/api/open/signin', {}))).streak).toBe(2)
      await expect
        .poll(async () =>
          (
            await t.database.db.select().from(operationLog).where(eq(operationLog.action, '调整测试时钟'))
          ).map((r) => [r.target, r.status]),
        )
        .toEqual(
          expect.arrayContaining([
            ['testClock', 200],
            ['', 403],
          ]),
        )
      await post(admin, '/api/test/clock', { days: -1 })
    } finally {
      await t.close()
    }
  }, 120_000)
})
