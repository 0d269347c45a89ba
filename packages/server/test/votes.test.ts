import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { department } from '../src/db/schema.ts'
import { appUser } from '../src/db/tables/community.ts'
import { vote, voteCast, voteOption, voteVoter } from '../src/db/tables/votes.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'
import { appCalls } from './openCommunityCalls.ts'

const HOUR = 3_600_000

/**
 * Votes (decision 0044): the spec §7 paths over the record engine, review to published in /voteAudit, casting through
 * the app-facing API within the window and the per-user limits (also under 1,000 concurrent casts), the results and
 * their export, and the text check of /platform/violation/examine.
 */
describe.each(engines)('votes (%s)', (engine) => {
  let t: TestApp
  let adminToken = ''
  const acct = {} as Record<'manager' | 'reviewer', { token: string }>
  const { post, get } = contentCalls(() => t)
  const app = appCalls(() => t)
  const ok = async (r: ReturnType<typeof post>) => {
    const { body } = await r
    expect(body.code, body.msg).toBe(0)
    return body.data
  }
  const db = () => t.database.db
  let phones = 0
  const newUser = () => app.user(`1390000${String(++phones).padStart(4, '0')}`)
  /** App users made in the table (many at once: the SMS sign-in is not what these tests are about). */
  async function appUsers(n: number) {
    const rows = await db()
      .insert(appUser)
      .values(
        Array.from({ length: n }, (_, i) => ({
          phone: `1370${String(++phones).padStart(7, '0')}`,
          nickname: `投票人${i}`,
        })),
      )
      .returning({ id: appUser.id })
    return rows.map((r) => r.id)
  }

  /** A vote with two modules of two options each, published without review; its ids. */
  async function publishedVote(title: string, values: Record<string, unknown> = {}) {
    const created = await ok(
      post(adminToken, '/api/vote/add', {
        title,
        startAt: new Date(Date.now() - HOUR).toISOString(),
        endAt: new Date(Date.now() + 24 * HOUR).toISOString(),
        dailyLimit: 3,
        totalLimit: 0,
        ...values,
      }),
    )
    const options: number[] = []
    for (const name of ['第一组', '第二组']) {
      const m = await ok(post(adminToken, '/api/voteModule/add', { voteId: created.id, name }))
      for (const o of ['甲', '乙'])
        options.push(
          (
            await ok(
              post(adminToken, '/api/voteOption/add', {
                voteId: created.id,
                moduleId: m.id,
                title: `${name}${o}`,
              }),
            )
          ).id,
        )
    }
    await ok(post(adminToken, '/api/vote/publish/noExamine', { ids: [created.id] }))
    return { id: created.id as number, options }
  }

  beforeAll(async () => {
    t = await startTestApp(engine, { API_RATE_LIMIT: '0' })
    adminToken = await login(t.app)
    const [d] = await db().insert(department).values({ name: '活动运营部' }).returning()
    acct.manager = await scopedAccount(
      t,
      'voteManager',
      {
        '活动-投票活动': [
          '查看',
          '添加',
          '编辑',
          '删除',
          '提交审核',
          '撤销审核',
          '显示/隐藏',
          '导出',
          '评论',
        ],
      },
      d!.id,
    )
    acct.reviewer = await scopedAccount(t, 'voteReviewer', { 投票审核: ['查看', '审核'] }, d!.id)
  }, 60_000)
  afterAll(() => t?.close())

  it('makes a vote with modules and options through the spec paths, reviews it in /voteAudit and publishes it', async () => {
    const m = acct.manager.token
    const bad = await post(m, '/api/vote/add', {
      title: '倒着的时间',
      startAt: new Date(Date.now() + 2 * HOUR).toISOString(),
      endAt: new Date(Date.now() + HOUR).toISOString(),
      dailyLimit: 1,
      totalLimit: 0,
    })
    expect([bad.res.statusCode, bad.body.msg]).toEqual([400, '投票结束时间须晚于开始时间'])
    const zero = await post(m, '/api/vote/add', { title: '零票', dailyLimit: 0, totalLimit: 0 })
    expect(zero.res.statusCode).toBe(422)

    const created = await ok(
      post(m, '/api/vote/add', {
        title: '最美乡村评选',
        rules: '<p>每人每天可投 2 票</p><script>x</script>',
        startAt: new Date(Date.now() - HOUR).toISOString(),
        endAt: new Date(Date.now() + 48 * HOUR).toISOString(),
        dailyLimit: 2,
        totalLimit: 5,
      }),
    )
    expect(created).toMatchObject({ title: '最美乡村评选', verifyState: 0, voteCount: 0 })
    const {
      recommended: _r,
      voteCount: _c,
      ...saved
    } = (await ok(get(m, `/api/vote/detail?id=${created.id}`))).fields
    await ok(post(m, '/api/vote/update', { id: created.id, ...saved, title: '最美乡村' }))
    const detail = await ok(get(m, `/api/vote/detail?id=${created.id}`))
    expect(detail.fields).toMatchObject({ title: '最美乡村', dailyLimit: 2, totalLimit: 5, showResult: true })
    expect(detail.fields.rules).toBe('<p>每人每天可投 2 票</p>')

    const east = await ok(post(m, '/api/voteModule/add', { voteId: created.id, name: '东片' }))
    const west = await ok(post(m, '/api/voteModule/add', { voteId: created.id, name: '西片' }))
    const twice = await post(m, '/api/voteModule/add', { voteId: created.id, name: '东片' })
    expect([twice.res.statusCode, twice.body.msg]).toEqual([409, '同一投票活动中模块名称不能重复'])
    expect(await ok(get(m, `/api/vote/module/detail?id=${east.id}`))).toMatchObject({
      fields: { name: '东片', voteId: created.id },
    })
    // An option names its module; its vote is the module's whatever the form sent.
    const other = await ok(post(m, '/api/vote/add', { title: '另一个', dailyLimit: 1, totalLimit: 0 }))
    const a = await ok(
      post(m, '/api/voteOption/add', {
        voteId: other.id,
        moduleId: east.id,
        title: '桃花村',
        media: '/files/image/a.png',
      }),
    )
    const [stored] = await db()
      .select({ voteId: voteOption.voteId })
      .from(voteOption)
      .where(eq(voteOption.id, a.id))
    expect(stored!.voteId).toBe(created.id)
    await ok(post(m, '/api/voteOption/add', { voteId: created.id, moduleId: east.id, title: '杏花村' }))
    await ok(post(m, '/api/voteOption/add', { voteId: created.id, moduleId: west.id, title: '梨花村' }))
    const eastList = await ok(get(m, `/api/vote/module/detail/list?moduleId=${east.id}`))
    expect(eastList.items.map((o: { title: string }) => o.title).sort()).toEqual(['杏花村', '桃花村'])
    expect((await ok(get(m, `/api/vote/module/detail/list?id=${west.id}`))).total).toBe(1)
    await ok(post(m, '/api/vote/module/detail/update', { id: a.id, description: '千亩桃园' }))
    const after = await ok(get(m, `/api/voteOption/detail?id=${a.id}`))
    expect(after.fields).toMatchObject({ title: '桃花村', description: '千亩桃园', moduleId: east.id })
    await ok(post(m, '/api/vote/module/detail/comment', { id: a.id, comment: '风景优美' }))
    expect((await ok(get(m, `/api/voteOption/detail?id=${a.id}`))).fields.comment).toBe('风景优美')

    // Submitted: pending (verifyState 3), counted on the /voteAudit badge; the reviewer approves.
    await ok(post(m, '/api/vote/examination', { ids: [created.id] }))
    const pending = await ok(get(m, '/api/vote/verifyState?verifyState=3&page=1&pageSize=1'))
    expect(pending.total).toBe(1)
    const badge = await get(acct.reviewer.token, '/api/verify-center/pendingCounts')
    expect(badge.body.data.counts['/voteAudit']).toBe(1)
    const queue = await ok(get(acct.reviewer.token, '/api/verify-center/vote?type=list'))
    expect(queue.items.map((r: { title: string }) => r.title)).toEqual(['最美乡村'])
    await ok(post(acct.reviewer.token, '/api/verify-center/vote', { pass: true, ids: [created.id] }))
    expect((await ok(get(m, `/api/vote/detail?id=${created.id}`))).verifyState).toBe(1)
    const notRecommended = await ok(get(m, '/api/vote/notAddRecommend'))
    expect(notRecommended.items.map((r: { id: number }) => r.id)).toContain(created.id)

    // The app lists it; hidden (updateShowState 0) it is gone.
    const listed = await ok(app.get(undefined, '/api/open/vote/list'))
    expect(listed.items.map((v: { id: number }) => v.id)).toContain(created.id)
    const open = await ok(app.get(undefined, `/api/open/vote/detail?id=${created.id}`))
    expect(open).toMatchObject({ title: '最美乡村', state: 'ongoing', dailyLimit: 2, totalLimit: 5 })
    expect(open.modules.map((x: { name: string; options: unknown[] }) => [x.name, x.options.length])).toEqual(
      [
        ['东片', 2],
        ['西片', 1],
      ],
    )
    expect(open.modules[0].options.find((o: { title: string }) => o.title === '桃花村').comment).toBe(
      '风景优美',
    )
    await ok(post(m, '/api/vote/updateShowState', { id: created.id, state: 0 }))
    expect((await app.get(undefined, `/api/open/vote/detail?id=${created.id}`)).res.statusCode).toBe(404)
    await ok(post(m, '/api/vote/updateShowState', { id: created.id, state: 1 }))
    // A draft is never the app's.
    expect((await app.get(undefined, `/api/open/vote/detail?id=${other.id}`)).res.statusCode).toBe(404)
  })

  it('casts within the window and the daily and total limits, with clear refusals', async () => {
    const v = await publishedVote('限票投票', { dailyLimit: 2, totalLimit: 3 })
    const u = await newUser()
    const cast = (optionId: number) => app.post(u.token, '/api/open/vote/cast', { optionId })
    expect(
      (await app.post(undefined, '/api/open/vote/cast', { optionId: v.options[0] })).res.statusCode,
    ).toBe(401)
    expect(await app.ok(cast(v.options[0]!))).toMatchObject({ optionVoteCount: 1, today: 1, total: 1 })
    expect(await app.ok(cast(v.options[1]!))).toMatchObject({ today: 2, total: 2 })
    const third = await cast(v.options[0]!)
    expect([third.res.statusCode, third.body.msg]).toEqual([409, '今日投票次数已用完'])
    // The next day (the tally's day moved back), one more: then the total is used up.
    await db().update(voteVoter).set({ day: '2000-01-01' }).where(eq(voteVoter.voteId, v.id))
    expect(await app.ok(cast(v.options[2]!))).toMatchObject({ today: 1, total: 3 })
    await db().update(voteVoter).set({ day: '2000-01-02' }).where(eq(voteVoter.voteId, v.id))
    const over = await cast(v.options[2]!)
    expect([over.res.statusCode, over.body.msg]).toEqual([409, '投票次数已用完'])

    const soon = await publishedVote('未开始', {
      startAt: new Date(Date.now() + HOUR).toISOString(),
      endAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    })
    const early = await cast(soon.options[0]!)
    expect([early.res.statusCode, early.body.msg]).toEqual([409, '投票未开始'])
    const past = await publishedVote('已结束', {
      startAt: new Date(Date.now() - 2 * HOUR).toISOString(),
      endAt: new Date(Date.now() - HOUR).toISOString(),
    })
    const late = await cast(past.options[0]!)
    expect([late.res.statusCode, late.body.msg]).toEqual([409, '投票已结束'])
    expect((await app.ok(app.get(undefined, `/api/open/vote/detail?id=${past.id}`))).state).toBe('ended')
    // A hidden option takes no votes.
    await ok(post(adminToken, '/api/voteOption/showState', { ids: [v.options[3]], showState: false }))
    const hidden = await app.post((await newUser()).token, '/api/open/vote/cast', { optionId: v.options[3] })
    expect([hidden.res.statusCode, hidden.body.msg]).toEqual([404, '投票选项不存在'])

    const [counted] = await db().select({ voteCount: vote.voteCount }).from(vote).where(eq(vote.id, v.id))
    expect(counted!.voteCount).toBe(3)
  })

  it('1,000 concurrent casts of one user never pass the total limit', async () => {
    const v = await publishedVote('并发单人', { dailyLimit: 1000, totalLimit: 37 })
    const [userId] = await appUsers(1)
    const { token } = await t.ctx.appSessions.create(db(), userId!, 'bench-device')
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () => app.post(token, '/api/open/vote/cast', { optionId: v.options[0] })),
    )
    const accepted = answers.filter((a) => a.body.code === 0).length
    const refused = answers.filter((a) => a.body.msg === '投票次数已用完').length
    expect([accepted, refused]).toEqual([37, 963])
    const [casts] = await db().select({ n: count() }).from(voteCast).where(eq(voteCast.voteId, v.id))
    const [o] = await db()
      .select({ n: voteOption.voteCount })
      .from(voteOption)
      .where(eq(voteOption.id, v.options[0]!))
    const [tally] = await db().select().from(voteVoter).where(eq(voteVoter.voteId, v.id))
    expect([casts!.n, o!.n, tally!.total, tally!.dayCount]).toEqual([37, 37, 37, 37])
  }, 120_000)

  it('1,000 concurrent casts of many users keep vote_count equal to the casts', async () => {
    const v = await publishedVote('并发多人', { dailyLimit: 3, totalLimit: 0 })
    const users = await appUsers(250)
    const tokens = await Promise.all(
      users.map(async (id) => (await t.ctx.appSessions.create(db(), id, 'd')).token),
    )
    // 250 users × 4 tries = 1,000 casts at once over two options: each user gets 3, the fourth is refused.
    const answers = await Promise.all(
      tokens.flatMap((token, i) =>
        [0, 1, 2, 3].map((k) => app.post(token, '/api/open/vote/cast', { optionId: v.options[(i + k) % 2] })),
      ),
    )
    expect(answers.filter((a) => a.body.code === 0).length).toBe(750)
    expect(answers.filter((a) => a.body.msg === '今日投票次数已用完').length).toBe(250)
    const [casts] = await db().select({ n: count() }).from(voteCast).where(eq(voteCast.voteId, v.id))
    const [kept] = await db().select({ n: vote.voteCount }).from(vote).where(eq(vote.id, v.id))
    const [sum] = await db()
      .select({ n: sql<number>`sum(${voteOption.voteCount})::int` })
      .from(voteOption)
      .where(eq(voteOption.voteId, v.id))
    expect([casts!.n, kept!.n, sum!.n]).toEqual([750, 750, 750])
  }, 120_000)

  it('answers the results per module, option and day, and exports them', async () => {
    const v = await publishedVote('结果投票', { dailyLimit: 5 })
    const u1 = await newUser()
    const u2 = await newUser()
    for (const [u, o] of [
      [u1, 0],
      [u1, 0],
      [u1, 2],
      [u2, 0],
      [u2, 3],
    ] as const)
      await app.ok(app.post(u.token, '/api/open/vote/cast', { optionId: v.options[o] }))
    // The manager's scope does not hold the admin's vote.
    expect((await get(acct.manager.token, `/api/vote/module/data?id=${v.id}`)).res.statusCode).toBe(404)
    const r = await ok(get(adminToken, `/api/vote/module/data?voteId=${v.id}`))
    expect(r).toMatchObject({ title: '结果投票', voteCount: 5, voters: 2 })
    expect(r.modules.map((m: { name: string; voteCount: number }) => [m.name, m.voteCount])).toEqual([
      ['第一组', 3],
      ['第二组', 2],
    ])
    expect(
      r.modules[0].options.map((o: { title: string; voteCount: number }) => [o.title, o.voteCount]),
    ).toEqual([
      ['第一组甲', 3],
      ['第一组乙', 0],
    ])
    expect(r.days).toEqual([{ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), count: 5 }])

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vote/module/data/export',
      headers: { 'x-auth-token': adminToken },
      payload: { id: v.id },
    })
    expect(res.statusCode).toBe(200)
    const { default: ExcelJS } = await import('exceljs')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const rows = wb.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1))
    expect(wb.worksheets[1]!.name).toBe('每日投票')
    expect(rows[0]).toEqual(['模块', '选项', '票数', '占比'])
    expect(rows.slice(1, 5)).toEqual([
      ['第一组', '第一组甲', 3, '60.0%'],
      ['第一组', '第一组乙', 0, '0.0%'],
      ['第二组', '第二组甲', 1, '20.0%'],
      ['第二组', '第二组乙', 1, '20.0%'],
    ])
  })

  it('checks a text against the sensitive words (GET /platform/violation/examine)', async () => {
    await ok(post(adminToken, '/api/sensitive-word/add', { word: '刷票', level: 'block' }))
    await ok(post(adminToken, '/api/sensitive-word/add', { word: '傻瓜', level: 'replace' }))
    const hit = await get(
      acct.manager.token,
      `/api/platform/violation/examine?text=${encodeURIComponent('快来刷票吧傻瓜')}`,
    )
    expect(hit.body.data).toMatchObject({ pass: false, text: '快来刷票吧**' })
    expect(hit.body.msg).toBe('含有违规词：刷票')
    const clean = await ok(
      get(acct.manager.token, `/api/platform/violation/examine?text=${encodeURIComponent('美丽乡村')}`),
    )
    expect(clean).toEqual({ pass: true, words: [], text: '美丽乡村' })
  })
})
