import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { department, operationLog } from '../src/db/schema.ts'
import { activity, activityEnroll } from '../src/db/tables/activities.ts'
import { appUser } from '../src/db/tables/community.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'
import { appCalls } from './openCommunityCalls.ts'

const HOUR = 3_600_000
const at = (h: number) => new Date(Date.now() + h * HOUR).toISOString()
type Row = Record<string, unknown>

/**
 * Activities (decision 0045): every spec §7 Activities path, review through /activityAudit, the stage and 取消,
 * enrolments and entries through the app-facing API with the form's rules, max_enrolls under 100 concurrent
 * enrolments, decisions, statistics, the enrolment export and 确认收款 of a paid activity.
 */
describe.each(engines)('activities (%s)', (engine) => {
  let t: TestApp
  let adminToken = ''
  const acct = {} as Record<'manager' | 'reviewer' | 'viewer' | 'payer', { token: string }>
  const { post, get } = contentCalls(() => t)
  const app = appCalls(() => t)
  const ok = async (r: ReturnType<typeof post>) => {
    const { body } = await r
    expect(body.code, body.msg).toBe(0)
    return body.data
  }
  const db = () => t.database.db
  let phones = 0
  const newUser = () => app.user(`1380000${String(++phones).padStart(4, '0')}`)

  /** An activity's add body: a window around now, two form fields. */
  const body = (title: string, values: Row = {}) => ({
    title,
    kind: 'essay',
    startAt: at(-1),
    endAt: at(48),
    entriesPerUser: 2,
    formFields: [
      { label: '姓名', kind: 'text', required: true },
      { label: '组别', kind: 'select', required: true, options: '少年组\n成人组' },
    ],
    ...values,
  })
  /** An activity published without review; its id and form field ids. */
  async function published(title: string, values: Row = {}) {
    const m = acct.manager.token
    const created = await ok(post(m, '/api/activity/add', body(title, values)))
    await ok(post(m, '/api/activity/publish', { id: created.id }))
    const detail = await ok(get(m, `/api/activity/detail?id=${created.id}`))
    return {
      id: created.id as number,
      fields: (detail.fields.formFields as { id: number }[]).map((f) => f.id),
    }
  }

  beforeAll(async () => {
    t = await startTestApp(engine, { API_RATE_LIMIT: '0' })
    adminToken = await login(t.app)
    const [d] = await db().insert(department).values({ name: '活动部' }).returning()
    acct.manager = await scopedAccount(
      t,
      'activityManager',
      {
        '活动-活动列表': [
          '查看',
          '添加',
          '编辑',
          '删除',
          '提交审核',
          '撤销审核',
          '显示/隐藏',
          '免审发布',
          '导出',
        ],
      },
      d!.id,
    )
    acct.reviewer = await scopedAccount(t, 'activityReviewer', { 活动审核: ['查看', '审核'] }, d!.id)
    acct.viewer = await scopedAccount(t, 'activityViewer', { '活动-活动列表': ['查看'] }, d!.id)
    acct.payer = await scopedAccount(
      t,
      'activityPayer',
      { '活动-活动列表': ['查看'], '活动-付费活动': ['查看', '编辑'] },
      d!.id,
    )
  }, 60_000)
  afterAll(() => t?.close())

  it('adds, updates, submits (examination), reviews in /activityAudit and publishes an activity; the stage follows', async () => {
    const m = acct.manager.token
    // The rules across fields: windows and the fee by kind.
    const cases: [Row, string][] = [
      [{ startAt: null }, '请选择活动开始时间'],
      [{ startAt: at(5), endAt: at(2) }, '活动结束时间须晚于活动开始时间'],
      [{ enrollStart: at(3), enrollEnd: at(2) }, '报名截止时间须晚于报名开始时间'],
      [{ enrollEnd: at(100) }, '报名时间须在活动结束之前'],
      [{ kind: 'pay', fee: 0 }, '付费活动的报名费须大于 0'],
      [{ kind: 'normal', fee: 100 }, '只有付费活动可以设置报名费'],
      [
        { formFields: [{ label: '组别', kind: 'select', required: true, options: '' }] },
        '报名表单「组别」为下拉选择，请填写选项',
      ],
    ]
    for (const [values, msg] of cases) {
      const r = await post(m, '/api/activity/add', body('坏活动', values))
      expect([r.res.statusCode, r.body.msg]).toEqual([400, msg])
    }
    const created = await ok(post(m, '/api/activity/add', body('春季征文')))
    let detail = await ok(get(m, `/api/activity/detail?id=${created.id}`))
    expect(detail.fields).toMatchObject({ title: '春季征文', kind: 'essay', stage: 'draft', enrollCount: 0 })
    expect(detail.fields.formFields.map((f: Row) => [f.label, f.kind])).toEqual([
      ['姓名', 'text'],
      ['组别', 'select'],
    ])
    await ok(
      post(m, '/api/activity/update', {
        ...body('春季征文大赛'),
        id: created.id,
        formFields: [
          ...detail.fields.formFields,
          { label: '手机', kind: 'phone', required: false, options: '' },
        ],
      }),
    )
    detail = await ok(get(m, `/api/activity/detail?id=${created.id}`))
    expect(detail.fields.title).toBe('春季征文大赛')
    expect(detail.fields.formFields).toHaveLength(3)

    // 取消 is for live activities only: a draft answers 409 (GET /api/activity/cancel, the spec's).
    const early = await get(m, `/api/activity/cancel?id=${created.id}&reason=${encodeURIComponent('测试')}`)
    expect([early.res.statusCode, early.body.msg]).toEqual([409, '活动草稿，不能取消'])

    // examination (提交审核) → pending; revoke returns it to draft; submitted again, the reviewer approves.
    await ok(post(m, '/api/activity/examination', { ids: [created.id] }))
    expect((await ok(get(m, `/api/activity/detail?id=${created.id}`))).fields.stage).toBe('pending')
    await ok(post(m, '/api/activity/revoke', { id: created.id }))
    expect((await ok(get(m, `/api/activity/detail?id=${created.id}`))).fields.stage).toBe('draft')
    await ok(post(m, '/api/activity/examination', { ids: [created.id] }))
    const badge = await get(acct.reviewer.token, '/api/verify-center/pendingCounts')
    expect(badge.body.data.counts['/activityAudit']).toBe(1)
    const queue = await ok(get(acct.reviewer.token, '/api/verify-center/activity?type=list'))
    expect(queue.items.map((r: Row) => r.title)).toEqual(['春季征文大赛'])
    await ok(post(acct.reviewer.token, '/api/verify-center/activity', { pass: true, ids: [created.id] }))
    detail = await ok(get(m, `/api/activity/detail?id=${created.id}`))
    expect([detail.verifyState, detail.fields.stage]).toEqual([1, 'ongoing'])

    // The list (all kinds, filtered by kind), hidden and shown again, deleted to the recycle bin.
    const list = await ok(get(m, '/api/activity/list?kind=essay'))
    expect(list.items.map((r: Row) => [r.title, r.stage])).toEqual([['春季征文大赛', 'ongoing']])
    await ok(post(m, '/api/activity/hidden', { id: created.id }))
    expect((await ok(get(m, `/api/activity/detail?id=${created.id}`))).showState).toBe(false)
    await ok(post(m, '/api/activity/show', { id: created.id }))
    expect((await ok(get(m, `/api/activity/detail?id=${created.id}`))).showState).toBe(true)
    const later = await ok(post(m, '/api/activity/add', body('秋季征文', { startAt: at(24), endAt: at(48) })))
    await ok(post(m, '/api/activity/publish', { id: later.id }))
    expect((await ok(get(m, `/api/activity/detail?id=${later.id}`))).fields.stage).toBe('published')
    await ok(post(m, '/api/activity/delete', { ids: [later.id] }))
    expect((await ok(get(m, '/api/activity/list?type=recycle'))).items.map((r: Row) => r.id)).toEqual([
      later.id,
    ])
  })

  it('enrols and takes entries through the app API with the form rules, decides, counts and exports them', async () => {
    const { id, fields } = await published('校园征文', { maxEnrolls: 5 })
    const [name, group] = fields as [number, number]
    const [u1, u2, u3] = [await newUser(), await newUser(), await newUser()]
    const listed = await ok(app.get(u1.token, '/api/open/activity/list'))
    expect(listed.items.map((a: Row) => a.id)).toContain(id)
    const open = await ok(app.get(u1.token, `/api/open/activity/detail?id=${id}`))
    expect(open.fields.map((f: Row) => f.label)).toEqual(['姓名', '组别'])
    expect(open.mine).toBeNull()

    const enrol = (u: { token: string }, answers: Row) =>
      app.post(u.token, '/api/open/activity/enroll', { activityId: id, answers })
    const refused: [Row, string][] = [
      [{ [group]: '少年组' }, '请填写姓名'],
      [{ [name]: '张三', [group]: '老年组' }, '组别须为给出的选项之一'],
      [{ [name]: '张三', [group]: '少年组', 999: 'x' }, '报名表单中有未知的项目'],
    ]
    for (const [answers, msg] of refused) {
      const r = await enrol(u1, answers)
      expect([r.res.statusCode, r.body.msg]).toEqual([400, msg])
    }
    // Entries need an enrolment.
    const before = await app.post(u1.token, '/api/open/activity/article', {
      activityId: id,
      title: '我的家乡',
      body: '家乡的河',
    })
    expect([before.res.statusCode, before.body.msg]).toEqual([409, '请先报名该活动'])
    const e1 = await app.ok(enrol(u1, { [name]: '张三', [group]: '少年组' }))
    expect(e1).toMatchObject({ state: 'enrolled', payState: 'none', fee: 0 })
    const again = await enrol(u1, { [name]: '张三', [group]: '少年组' })
    expect([again.res.statusCode, again.body.msg]).toEqual([409, '您已报名该活动'])
    const e2 = await app.ok(enrol(u2, { [name]: '李四', [group]: '成人组' }))
    await app.ok(enrol(u3, { [name]: '王五', [group]: '成人组' }))

    const submit = (u: { token: string }, title: string) =>
      app.post(u.token, '/api/open/activity/article', { activityId: id, title, body: `${title}的正文` })
    const a1 = await app.ok(submit(u1, '我的家乡'))
    await app.ok(submit(u1, '我的学校'))
    const third = await submit(u1, '我的老师')
    expect([third.res.statusCode, third.body.msg]).toEqual([409, '每人最多投稿 2 篇'])
    const a2 = await app.ok(submit(u2, '远方'))

    // The console: lists with search and paging, decisions (GET paths, guarded and logged), detail, edits.
    const m = acct.manager.token
    const enrolls = await ok(get(m, `/api/activity/enroll/list?activityId=${id}&pageSize=2`))
    expect(enrolls.total).toBe(3)
    expect(enrolls.items).toHaveLength(2)
    expect(enrolls.fields.map((f: Row) => f.label)).toEqual(['姓名', '组别'])
    const byPhone = await ok(
      get(m, `/api/activity/enroll/list?activityId=${id}&keyword=0000${String(phones - 1).padStart(2, '0')}`),
    )
    expect(byPhone.items.map((r: Row) => r.id)).toEqual([e2.id])
    const articles = await ok(get(m, `/api/activity/articles/list?activityId=${id}`))
    expect(articles.total).toBe(3)
    expect(
      (await ok(get(m, `/api/activity/articles/list?activityId=${id}&keyword=远方`))).items,
    ).toHaveLength(1)
    const art = await ok(get(m, `/api/activity/articles/detail?id=${a1.id}`))
    expect(art).toMatchObject({
      title: '我的家乡',
      body: '我的家乡的正文',
      activityTitle: '校园征文',
      state: 'pending',
    })

    const noReason = await get(m, `/api/activity/disqualify?id=${e2.id}&reason=`)
    expect([noReason.res.statusCode, noReason.body.msg]).toEqual([422, '请输入不合格原因'])
    const viewerTry = await get(acct.viewer.token, `/api/activity/qualify?id=${e1.id}`)
    expect(viewerTry.res.statusCode).toBe(403)
    await ok(get(m, `/api/activity/disqualify?id=${e2.id}&reason=${encodeURIComponent('作品抄袭')}`))
    const awardBad = await get(m, `/api/activity/award?id=${e2.id}&prize=${encodeURIComponent('一等奖')}`)
    expect([awardBad.res.statusCode, awardBad.body.msg]).toEqual([409, '不合格的不能颁奖，请先设为合格'])
    await ok(get(m, `/api/activity/qualify?id=${e1.id}`))
    await ok(get(m, `/api/activity/award?id=${e1.id}&prize=${encodeURIComponent('一等奖')}`))
    await ok(get(m, `/api/activity/award?id=${a1.id}&target=article&prize=${encodeURIComponent('二等奖')}`))
    await ok(
      get(m, `/api/activity/disqualify?id=${a2.id}&target=article&reason=${encodeURIComponent('跑题')}`),
    )
    const logged = await db().select().from(operationLog).where(eq(operationLog.action, '活动颁奖'))
    expect(logged.length).toBeGreaterThanOrEqual(2)
    // A disqualified user submits no more.
    const blocked = await submit(u2, '再来一篇')
    expect([blocked.res.statusCode, blocked.body.msg]).toEqual([409, '您的报名未通过审核，不能投稿'])

    await ok(post(m, '/api/activity/articles/update', { id: a1.id, title: '我的家乡（修订）' }))
    expect((await ok(get(m, `/api/activity/articles/detail?id=${a1.id}`))).title).toBe('我的家乡（修订）')
    const kept = await ok(
      post(m, '/api/activity/articles/preserve', {
        activityId: id,
        userId: u3.id,
        title: '补录作品',
        body: '正文',
      }),
    )
    expect(kept).toMatchObject({ title: '补录作品', state: 'pending', userId: u3.id })
    await ok(post(m, '/api/activity/articles/remove', { ids: [kept.id] }))
    expect((await get(m, `/api/activity/articles/detail?id=${kept.id}`)).res.statusCode).toBe(404)

    const stats = await ok(get(m, `/api/activity/detail/stats?id=${id}`))
    expect(stats).toMatchObject({
      enrollCount: 3,
      entryCount: 3,
      enrollsByState: { awarded: 1, disqualified: 1, enrolled: 1 },
      entriesByState: { awarded: 1, disqualified: 1, pending: 1 },
    })
    expect(stats.enrollsByDay.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(3)

    // The export: one row per enrolment, the form's labels as columns.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/activity/export?activityId=${id}`,
      headers: { 'x-auth-token': m },
    })
    expect(res.statusCode).toBe(200)
    const { default: ExcelJS } = await import('exceljs')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]!
    const rows = ws
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1))
    expect(rows[0]).toEqual(['用户', '手机号', '姓名', '组别', '状态', '不合格原因', '奖项', '报名时间'])
    expect(rows.slice(1).map((r) => [2, 3, 4, 5, 6].map((i) => r[i] ?? ''))).toEqual([
      ['张三', '少年组', '已获奖', '', '一等奖'],
      ['李四', '成人组', '不合格', '作品抄袭', ''],
      ['王五', '成人组', '已报名', '', ''],
    ])

    // 我的活动: the user's results.
    const mine = await ok(app.get(u1.token, '/api/open/activity/mine'))
    expect(mine.items[0]).toMatchObject({ state: 'awarded', prize: '一等奖', activity: { id } })
    expect(mine.items[0].articles).toHaveLength(2)

    // Cancelled: gone from the app, no more enrolments; a second cancel is a 409.
    await ok(get(m, `/api/activity/cancel?id=${id}&reason=${encodeURIComponent('场地调整')}`))
    const cancelled = await ok(get(m, `/api/activity/detail?id=${id}`))
    expect(cancelled.fields).toMatchObject({ stage: 'cancelled', cancelReason: '场地调整' })
    expect((await app.get(u1.token, `/api/open/activity/detail?id=${id}`)).res.statusCode).toBe(404)
    const twice = await post(m, '/api/activity/cancel', { ids: [id], reason: '再取消' })
    expect([twice.res.statusCode, twice.body.msg]).toEqual([409, '活动已取消，不能取消'])
    const late = await enrol(await newUser(), { [name]: '赵六', [group]: '少年组' })
    expect(late.res.statusCode).toBe(404)
  })

  it('holds max_enrolls exactly under 100 concurrent enrolments, and the enrolment window', async () => {
    const { id } = await published('限额活动', { kind: 'normal', maxEnrolls: 10, formFields: [] })
    const users = await db()
      .insert(appUser)
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          phone: `1360${String(i).padStart(7, '0')}`,
          nickname: `报名人${i}`,
        })),
      )
      .returning({ id: appUser.id })
    const tokens: string[] = []
    for (const u of users) tokens.push((await t.ctx.appSessions.create(db(), u.id, 'test-device')).token)
    const results = await Promise.all(
      tokens.map((tok) => app.post(tok, '/api/open/activity/enroll', { activityId: id, answers: {} })),
    )
    const codes = results.map((r) => r.res.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(10)
    expect(results.filter((r) => r.body.msg === '报名人数已满')).toHaveLength(90)
    const [row] = await db().select().from(activity).where(eq(activity.id, id))
    expect(row!.enrollCount).toBe(10)
    expect(await db().$count(activityEnroll, eq(activityEnroll.activityId, id))).toBe(10)

    const { id: notYet } = await published('未开始报名', {
      kind: 'normal',
      enrollStart: at(1),
      enrollEnd: at(2),
      formFields: [],
    })
    const u = await newUser()
    const early = await app.post(u.token, '/api/open/activity/enroll', { activityId: notYet, answers: {} })
    expect([early.res.statusCode, early.body.msg]).toEqual([409, '报名尚未开始'])
  })

  it('records a paid enrolment unpaid and lets the console confirm the payment (确认收款); cancelling refunds it', async () => {
    const { id } = await published('付费讲座', { kind: 'pay', fee: 990, formFields: [] })
    const u = await newUser()
    const e = await app.ok(app.post(u.token, '/api/open/activity/enroll', { activityId: id, answers: {} }))
    expect(e).toMatchObject({ fee: 990, payState: 'unpaid' })
    expect(e.orderNo).toMatch(/^A\d{24}$/)
    const viewer = await post(acct.viewer.token, '/api/activity/enroll/confirmPay', { id: e.id })
    expect(viewer.res.statusCode).toBe(403)
    const paid = await ok(post(acct.payer.token, '/api/activity/enroll/confirmPay', { id: e.id }))
    expect(paid.payState).toBe('paid')
    const again = await post(acct.payer.token, '/api/activity/enroll/confirmPay', { id: e.id })
    expect([again.res.statusCode, again.body.msg]).toEqual([409, '该报名已支付'])
    const essay = await post(adminToken, '/api/activity/articles/preserve', {
      activityId: id,
      userId: u.id,
      title: 'x',
      body: 'y',
    })
    expect([essay.res.statusCode, essay.body.msg]).toEqual([409, '该活动不接受投稿'])
    await ok(post(adminToken, '/api/activity/cancel', { ids: [id], reason: '讲师请假' }))
    const [row] = await db().select().from(activityEnroll).where(eq(activityEnroll.id, e.id))
    expect(row!.payState).toBe('refunded')
  })
})
