import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { department } from '../src/db/schema.ts'
import { appUser, portrait } from '../src/db/tables/community.ts'
import { coupon, couponSend, couponWriteOff, userCoupon } from '../src/db/tables/marketing.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

const DAY = 86_400_000

/** An .xlsx of one column (a header, then the values), base64 as the send dialog uploads it. */
async function listFile(header: string, values: (string | number)[]) {
  const { default: ExcelJS } = await import('exceljs')
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('名单')
  ws.addRow([header])
  for (const v of values) ws.addRow([v])
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64')
}

/** The rows of an .xlsx reply, header first, cells as text. */
async function sheetRows(payload: Buffer) {
  const { default: ExcelJS } = await import('exceljs')
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(payload as unknown as ArrayBuffer)
  return wb.worksheets[0]!.getSheetValues()
    .slice(1)
    .map((r) =>
      ((r as unknown[]) ?? []).slice(1).map((c) => (c === undefined || c === null ? '' : String(c))),
    )
}

/**
 * Coupons (decision 0047): the coupon definition's rules, 发放 to users, a portrait and an imported list in one
 * transaction with the send row, the send's records and export, 核销 at the counter and in the app exactly once
 * (100 racing write-offs of one code), claims and sends never past the stock (1,000 racing grants) nor past the
 * per-user limit, and each route behind its page's action.
 */
describe.each(engines)('coupons (%s)', (engine) => {
  let t: TestApp
  let adminToken = ''
  const acct = {} as Record<'manager' | 'sender' | 'clerk' | 'viewer', { token: string; id: number }>
  const { post, get } = contentCalls(() => t)
  const ok = async (r: ReturnType<typeof post>) => {
    const { body } = await r
    expect(body.code, body.msg).toBe(0)
    return body.data
  }
  const db = () => t.database.db
  let phones = 0
  /** App users made in the table (the SMS sign-in is not what these tests are about), with an app session each. */
  async function appUsers(n: number, values: Partial<typeof appUser.$inferInsert> = {}) {
    const rows = await db()
      .insert(appUser)
      .values(
        Array.from({ length: n }, (_, i) => ({
          phone: `1360${String(++phones).padStart(7, '0')}`,
          nickname: `券友${phones}-${i}`,
          ...values,
        })),
      )
      .returning({ id: appUser.id, phone: appUser.phone })
    return Promise.all(
      rows.map(async (r) => ({
        ...r,
        token: (await t.ctx.appSessions.create(db(), r.id, `device-${r.id}`)).token,
      })),
    )
  }
  const appCall = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app
      .inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      })
      .then((res) => ({ res, body: res.json() }))

  /** A cash coupon (满50减10) online, valid for a week, made through the engine's add. */
  async function newCoupon(values: Record<string, unknown> = {}, token = adminToken) {
    const c = await ok(
      post(token, '/api/coupon/add', {
        name: `券${Math.random().toString(36).slice(2, 8)}`,
        kind: 'cash',
        value: 1000,
        threshold: 5000,
        stock: 10,
        perUserLimit: 1,
        validType: 'range',
        validStart: new Date(Date.now() - DAY).toISOString(),
        validEnd: new Date(Date.now() + 7 * DAY).toISOString(),
        claimable: true,
        ...values,
      }),
    )
    return c.id as number
  }
  const send = (body: Record<string, unknown>, token = adminToken) =>
    post(token, '/api/couponSend/send', { remark: '', ...body })
  const codesOf = async (couponId: number) =>
    db().select().from(userCoupon).where(eq(userCoupon.couponId, couponId)).orderBy(userCoupon.id)
  const couponRow = async (id: number) => (await db().select().from(coupon).where(eq(coupon.id, id)))[0]!

  beforeAll(async () => {
    t = await startTestApp(engine, { API_RATE_LIMIT: '0' })
    adminToken = await login(t.app)
    const [d] = await db().insert(department).values({ name: '市场部' }).returning()
    acct.manager = await scopedAccount(
      t,
      'couponManager',
      { '营销-优惠券': ['查看', '添加', '编辑', '删除', '上线/下线'] },
      d!.id,
    )
    acct.sender = await scopedAccount(
      t,
      'couponSender',
      { '营销-优惠券发放': ['查看', '发放', '导出'], '营销-优惠券核销': ['查看', '核销', '导出'] },
      d!.id,
    )
    acct.clerk = await scopedAccount(t, 'couponClerk', { '营销-优惠券核销': ['查看', '核销'] }, d!.id)
    acct.viewer = await scopedAccount(
      t,
      'couponViewer',
      { '营销-优惠券': ['查看'], '营销-优惠券发放': ['查看'], '营销-优惠券核销': ['查看'] },
      d!.id,
    )
  }, 60_000)
  afterAll(() => t?.close())

  it('keeps a coupon’s rules, lists it by 上线/下线 with what it gives, and refuses to delete one given out', async () => {
    const m = acct.manager.token
    const backwards = await post(m, '/api/coupon/add', {
      name: '倒着的券',
      kind: 'cash',
      value: 500,
      threshold: 0,
      stock: 5,
      perUserLimit: 1,
      validType: 'range',
      validStart: new Date(Date.now() + 2 * DAY).toISOString(),
      validEnd: new Date(Date.now() + DAY).toISOString(),
    })
    expect([backwards.res.statusCode, backwards.body.msg]).toEqual([400, '结束时间须晚于开始时间'])
    const cheap = await post(m, '/api/coupon/add', {
      name: '门槛太低',
      kind: 'cash',
      value: 2000,
      threshold: 1000,
      stock: 5,
      perUserLimit: 1,
      validType: 'days',
      validDays: 7,
    })
    expect([cheap.res.statusCode, cheap.body.msg]).toEqual([400, '使用门槛不能低于面额'])
    const noDiscount = await post(m, '/api/coupon/add', {
      name: '没折扣',
      kind: 'discount',
      stock: 5,
      perUserLimit: 1,
      validType: 'days',
      validDays: 7,
    })
    expect(noDiscount.res.statusCode).toBe(422)

    const id = await newCoupon({ name: '满50减10' }, m)
    const discount = await newCoupon(
      { name: '八五折', kind: 'discount', discount: 85, threshold: 0, validType: 'days', validDays: 30 },
      m,
    )
    const list = await ok(get(m, '/api/coupon/list?pageSize=50'))
    const row = (cid: number) => list.items.find((r: { id: number }) => r.id === cid)
    expect(row(id)).toMatchObject({ benefit: '满50.00元减10.00元', status: 'active', issued: 0, stock: 10 })
    expect(row(discount)).toMatchObject({ benefit: '无门槛8.5折', validity: '领取后30天' })

    await ok(post(m, '/api/coupon/showState', { ids: [discount], showState: false }))
    const offline = await ok(get(m, '/api/coupon/list?type=offline'))
    expect(offline.items.map((r: { id: number }) => r.id)).toEqual([discount])
    expect(offline.items[0].status).toBe('offline')

    const [u] = await appUsers(1)
    await ok(send({ couponId: id, target: 'users', userIds: [u!.id] }))
    const lower = await post(m, '/api/coupon/modify', {
      id,
      ...(await ok(get(m, `/api/coupon/detail?id=${id}`))).fields,
      benefit: undefined,
      validity: undefined,
      status: undefined,
      issued: undefined,
      usedCount: undefined,
      stock: 0,
    })
    expect(lower.res.statusCode).toBe(422)
    const gone = await post(m, '/api/coupon/delete', { ids: [id] })
    expect([gone.res.statusCode, gone.body.msg]).toEqual([
      409,
      `优惠券「满50减10」已发放，不能删除，可将其下线`,
    ])
    await ok(post(m, '/api/coupon/delete', { ids: [discount] }))
  })

  it('sends to chosen users, a portrait and an imported list in one transaction with the send row; refuses offline, short and empty sends', async () => {
    const s = acct.sender.token
    const id = await newCoupon({ stock: 6, perUserLimit: 1 }, acct.manager.token)
    const users = await appUsers(3)
    const first = await ok(send({ couponId: id, target: 'users', userIds: [users[0]!.id, users[1]!.id] }, s))
    expect(first).toMatchObject({ sentCount: 2, skippedCount: 0, limited: 0, unknown: [] })

    // A portrait of users in a region of their own; one of them holds the coupon already (skipped at the limit).
    const region = `券城${engine}`
    const local = await appUsers(2, { region })
    await db().update(appUser).set({ region }).where(eq(appUser.id, users[0]!.id))
    const [p] = await db()
      .insert(portrait)
      .values({ name: `券城画像${engine}`, regions: region, createdBy: acct.sender.id })
      .returning({ id: portrait.id })
    const byPortrait = await ok(
      send({ couponId: id, target: 'portrait', portraitId: p!.id, remark: '画像' }, s),
    )
    expect(byPortrait).toMatchObject({ sentCount: 2, skippedCount: 1, limited: 1 })
    const [row] = await db().select().from(couponSend).where(eq(couponSend.id, byPortrait.id))
    expect(row).toMatchObject({
      target: 'portrait',
      portraitId: p!.id,
      sentCount: 2,
      skippedCount: 1,
      remark: '画像',
    })
    expect((await couponRow(id)).issued).toBe(4)
    expect(
      (await codesOf(id))
        .filter((c) => c.sendId === byPortrait.id)
        .map((c) => c.userId)
        .sort(),
    ).toEqual(local.map((u) => u.id).sort())

    const [empty] = await db()
      .insert(portrait)
      .values({ name: `空画像${engine}`, regions: '无人之地', createdBy: acct.sender.id })
      .returning({ id: portrait.id })
    const none = await send({ couponId: id, target: 'portrait', portraitId: empty!.id }, s)
    expect([none.res.statusCode, none.body.msg]).toEqual([
      409,
      `用户画像「空画像${engine}」当前没有匹配的用户`,
    ])

    // An imported list: a phone, a user id, a number that is nobody, a word; the unknown rows are named.
    const file = await listFile('手机号', [users[2]!.phone, String(users[1]!.id), '13999999999', '某人'])
    const imported = await ok(send({ couponId: id, target: 'import', fileName: '名单.xlsx', file }, s))
    expect(imported).toMatchObject({ sentCount: 1, limited: 1, skippedCount: 3 })
    expect(imported.unknown).toEqual([
      { row: 4, value: '13999999999' },
      { row: 5, value: '某人' },
    ])
    const notExcel = await send(
      { couponId: id, target: 'import', fileName: '名单.xlsx', file: 'bm90IGEgemlw' },
      s,
    )
    expect([notExcel.res.statusCode, notExcel.body.msg]).toEqual([400, '只支持上传excel文件'])

    // Five of six are out: three more are short of stock, and nothing of the refused send is written.
    const more = await appUsers(3)
    const short = await send({ couponId: id, target: 'users', userIds: more.map((u) => u.id) }, s)
    expect([short.res.statusCode, short.body.msg]).toEqual([409, '优惠券库存不足：剩余 1 张，需发放 3 张'])
    const sends = await db().select({ n: count() }).from(couponSend).where(eq(couponSend.couponId, id))
    expect(sends[0]!.n).toBe(3)

    await ok(post(acct.manager.token, '/api/coupon/showState', { ids: [id], showState: false }))
    const c = await couponRow(id)
    const offline = await send({ couponId: id, target: 'users', userIds: [more[0]!.id] }, s)
    expect([offline.res.statusCode, offline.body.msg]).toEqual([409, `优惠券「${c.name}」已下线，不能发放`])
    expect((await couponRow(id)).issued).toBe(5)

    // The options the dialog picks from: online coupons first (offline ones marked), users by phone, portraits with their count.
    const live = await newCoupon({}, acct.manager.token)
    const coupons = await ok(get(s, '/api/couponSend/options?kind=coupon'))
    expect(coupons.items[0]).toMatchObject({ id: live, extra: '剩余 10 张' })
    expect(coupons.items.find((o: { id: number }) => o.id === id)).toMatchObject({ extra: '已下线' })
    const found = await ok(get(s, `/api/couponSend/options?kind=user&keyword=${users[0]!.phone}`))
    expect(found.items).toEqual([{ id: users[0]!.id, label: expect.any(String), extra: users[0]!.phone }])
    const portraits = await ok(
      get(s, `/api/couponSend/options?kind=portrait&keyword=${encodeURIComponent('券城画像')}`),
    )
    expect(portraits.items[0]).toMatchObject({ id: p!.id, extra: '匹配 3 人' })
  })

  it('lists and exports a send’s codes, writes a code off once at the counter and in the app, and logs each write-off', async () => {
    const s = acct.sender.token
    const id = await newCoupon({ stock: 5 }, acct.manager.token)
    const users = await appUsers(3)
    const sent = await ok(send({ couponId: id, target: 'users', userIds: users.map((u) => u.id) }, s))
    const records = await ok(get(s, `/api/couponSend/records?id=${sent.id}`))
    expect(records.total).toBe(3)
    expect(records.items.map((r: { userId: number }) => r.userId)).toEqual(users.map((u) => u.id))
    const [a, b, c] = records.items as { code: string; userId: number; phone: string; nickname: string }[]

    // The app user uses theirs; another's code is no code of theirs.
    const mine = await appCall(users[0]!.token, 'GET', '/api/open/coupon/mine?state=unused')
    expect(mine.body.data.items.map((x: { code: string }) => x.code)).toEqual([a!.code])
    const theirs = await appCall(users[0]!.token, 'POST', '/api/open/coupon/redeem', { code: b!.code })
    expect([theirs.res.statusCode, theirs.body.msg]).toEqual([404, '券码不存在'])
    const redeemed = await appCall(users[0]!.token, 'POST', '/api/open/coupon/redeem', { code: a!.code })
    expect(redeemed.body.code, redeemed.body.msg).toBe(0)
    const used = await appCall(users[0]!.token, 'GET', '/api/open/coupon/mine?state=used')
    expect(used.body.data.items[0]).toMatchObject({ code: a!.code, state: 'used' })

    // The counter: look up (any case, spaces), write off, a second time refused with the time of the first.
    const typed = `${b!.code.slice(0, 4).toLowerCase()} ${b!.code.slice(4)}`
    const look = await ok(
      get(acct.clerk.token, `/api/couponWriteOff/lookup?code=${encodeURIComponent(typed)}`),
    )
    expect(look).toMatchObject({
      code: b!.code,
      userId: b!.userId,
      state: 'unused',
      benefit: '满50.00元减10.00元',
    })
    await ok(post(acct.clerk.token, '/api/couponWriteOff/writeOff', { code: typed, remark: '门店一' }))
    const again = await post(acct.clerk.token, '/api/couponWriteOff/writeOff', { code: b!.code })
    expect(again.res.statusCode).toBe(409)
    expect(again.body.msg).toMatch(/^该券码已核销（核销时间 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d）$/)
    const unknown = await post(acct.clerk.token, '/api/couponWriteOff/writeOff', { code: 'NOSUCHCODE22' })
    expect([unknown.res.statusCode, unknown.body.msg]).toEqual([404, '券码不存在'])

    // Expired: past its window. An offline coupon's codes stay usable (decision 0047).
    await db()
      .update(userCoupon)
      .set({ validEnd: new Date(Date.now() - 1000) })
      .where(eq(userCoupon.code, c!.code))
    const expired = await post(acct.clerk.token, '/api/couponWriteOff/writeOff', { code: c!.code })
    expect([expired.res.statusCode, expired.body.msg]).toEqual([409, '该券已过期'])
    expect(
      (await ok(get(s, `/api/couponSend/records?id=${sent.id}`))).items.map(
        (r: { state: string }) => r.state,
      ),
    ).toEqual(['used', 'used', 'expired'])
    expect((await couponRow(id)).usedCount).toBe(2)

    // The send's export: its rows as the records list them.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/couponSend/records/export',
      headers: { 'x-auth-token': s },
      payload: { id: sent.id },
    })
    expect(res.statusCode).toBe(200)
    const rows = await sheetRows(res.rawPayload)
    expect(rows[0]).toEqual(['用户ID', '昵称', '手机号', '优惠券', '券码', '状态', '领取时间', '核销时间'])
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[4], r[5]])).toEqual([
      [String(a!.userId), a!.nickname, a!.phone, a!.code, '已使用'],
      [String(b!.userId), b!.nickname, b!.phone, b!.code, '已使用'],
      [String(c!.userId), c!.nickname, c!.phone, c!.code, '已过期'],
    ])
    expect(rows[1]![7]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)

    // The log: both write-offs, by channel, searchable, exported.
    const log = await ok(get(s, `/api/couponWriteOff/list?couponId=${id}`))
    expect(
      log.items.map((r: { code: string; channel: string; remark: string }) => [r.code, r.channel, r.remark]),
    ).toEqual([
      [b!.code, 'console', '门店一'],
      [a!.code, 'app', ''],
    ])
    expect(log.items[0].operator).toBe('couponClerk')
    const appOnly = await ok(get(s, `/api/couponWriteOff/list?couponId=${id}&channel=app`))
    expect(appOnly.total).toBe(1)
    const byCode = await ok(get(s, `/api/couponWriteOff/list?keyword=${b!.code.slice(2, 9)}`))
    expect(byCode.items.map((r: { code: string }) => r.code)).toEqual([b!.code])
    const logFile = await t.app.inject({
      method: 'POST',
      url: '/api/couponWriteOff/export',
      headers: { 'x-auth-token': s },
      payload: { couponId: id },
    })
    const logRows = await sheetRows(logFile.rawPayload)
    expect(logRows[0]).toEqual(['核销时间', '券码', '优惠券', '用户ID', '用户', '核销渠道', '操作人', '备注'])
    expect(logRows.slice(1).map((r) => [r[1], r[5], r[6]])).toEqual([
      [b!.code, '后台', 'couponClerk'],
      [a!.code, 'App', '用户本人'],
    ])
  })

  it('lets app users claim a claimable coupon within the per-user limit, lists what they may claim, and refuses an offline one', async () => {
    const id = await newCoupon({ stock: 10, perUserLimit: 2 }, acct.manager.token)
    const notClaimable = await newCoupon({ claimable: false }, acct.manager.token)
    const [u] = await appUsers(1)
    const list = await appCall(u!.token, 'GET', '/api/open/coupon/list?pageSize=50')
    const ids = list.body.data.items.map((c: { id: number }) => c.id)
    expect(ids).toContain(id)
    expect(ids).not.toContain(notClaimable)
    const refused = await appCall(u!.token, 'POST', '/api/open/coupon/claim', { couponId: notClaimable })
    expect([refused.res.statusCode, refused.body.msg]).toEqual([409, '该优惠券不可领取'])

    // 50 racing claims of one user with a limit of 2: exactly 2.
    const claims = await Promise.all(
      Array.from({ length: 50 }, () => appCall(u!.token, 'POST', '/api/open/coupon/claim', { couponId: id })),
    )
    expect(claims.filter((c) => c.body.code === 0)).toHaveLength(2)
    expect(new Set(claims.filter((c) => c.body.code !== 0).map((c) => c.body.msg))).toEqual(
      new Set(['每人限领 2 张，您已领满']),
    )
    expect((await codesOf(id)).filter((c) => c.userId === u!.id)).toHaveLength(2)
    const after = await appCall(u!.token, 'GET', '/api/open/coupon/list?pageSize=50')
    expect(after.body.data.items.find((c: { id: number }) => c.id === id)).toMatchObject({
      held: 2,
      canClaim: false,
    })

    await ok(post(acct.manager.token, '/api/coupon/showState', { ids: [id], showState: false }))
    const [v] = await appUsers(1)
    const offline = await appCall(v!.token, 'POST', '/api/open/coupon/claim', { couponId: id })
    expect(offline.res.statusCode).toBe(409)
    expect(offline.body.msg).toMatch(/已下线，不能领取$/)
  })

  it('writes one code off exactly once under 100 racing write-offs from the app and the counter', async () => {
    const id = await newCoupon({ stock: 3 }, acct.manager.token)
    const [u] = await appUsers(1)
    const sent = await ok(send({ couponId: id, target: 'users', userIds: [u!.id] }, acct.sender.token))
    const [code] = (await ok(get(acct.sender.token, `/api/couponSend/records?id=${sent.id}`))).items
    const tries = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2
          ? appCall(u!.token, 'POST', '/api/open/coupon/redeem', { code: code.code })
          : post(acct.clerk.token, '/api/couponWriteOff/writeOff', { code: code.code }),
      ),
    )
    expect(tries.filter((r) => r.body.code === 0)).toHaveLength(1)
    for (const r of tries.filter((x) => x.body.code !== 0)) {
      expect(r.res.statusCode).toBe(409)
      expect(r.body.msg).toMatch(/^该券码已核销（核销时间 /)
    }
    const logged = await db().select().from(couponWriteOff).where(eq(couponWriteOff.code, code.code))
    expect(logged).toHaveLength(1)
    expect((await couponRow(id)).usedCount).toBe(1)
  }, 60_000)

  it('never gives out more than the stock under 1,000 racing grants: claims of many users and sends', async () => {
    const id = await newCoupon({ stock: 100, perUserLimit: 1 }, acct.manager.token)
    const users = await appUsers(1000)
    const extra = await appUsers(45)
    // Five codes out before the race, written off during it (the write-off's locks meet the grants').
    const early = await ok(send({ couponId: id, target: 'users', userIds: extra.slice(40).map((u) => u.id) }))
    const earlyCodes = (await ok(get(adminToken, `/api/couponSend/records?id=${early.id}`))).items
    const [grants, writeOffs] = await Promise.all([
      Promise.all([
        ...users.map((u) => appCall(u.token, 'POST', '/api/open/coupon/claim', { couponId: id })),
        ...Array.from({ length: 4 }, (_, i) =>
          send({ couponId: id, target: 'users', userIds: extra.slice(i * 10, i * 10 + 10).map((u) => u.id) }),
        ),
      ]),
      Promise.all(
        earlyCodes.map((r: { code: string }) =>
          post(adminToken, '/api/couponWriteOff/writeOff', { code: r.code }),
        ),
      ),
    ])
    expect(writeOffs.map((w) => w.body.code)).toEqual([0, 0, 0, 0, 0])
    const granted = grants.filter((g) => g.body.code === 0)
    const refused = grants.filter((g) => g.body.code !== 0)
    for (const r of refused) {
      expect(r.res.statusCode).toBe(409)
      expect(r.body.msg).toMatch(/库存不足/)
    }
    const c = await couponRow(id)
    expect(c.issued).toBe(100)
    expect(await codesOf(id)).toHaveLength(100)
    const bySends = await db()
      .select({ n: count() })
      .from(userCoupon)
      .where(and(eq(userCoupon.couponId, id)))
    expect(bySends[0]!.n).toBe(100)
    // Every accepted send gave its 10, every accepted claim its 1.
    const sendsOk = granted.filter((g) => 'sentCount' in (g.body.data ?? {})).length
    expect(granted.length - sendsOk + sendsOk * 10).toBe(95)
    expect(c.usedCount).toBe(5)
    const holders = new Set((await codesOf(id)).map((r) => r.userId))
    expect(holders.size).toBe(100)
  }, 180_000)

  it('guards each route by its page’s action', async () => {
    const id = await newCoupon({}, acct.manager.token)
    const [u] = await appUsers(1)
    const v = acct.viewer.token
    expect((await send({ couponId: id, target: 'users', userIds: [u!.id] }, v)).res.statusCode).toBe(403)
    expect((await post(v, '/api/couponWriteOff/writeOff', { code: 'ABCDEFGHJKMN' })).res.statusCode).toBe(403)
    expect((await post(v, '/api/couponWriteOff/export', {})).res.statusCode).toBe(403)
    expect((await post(v, '/api/couponSend/records/export', { id: 1 })).res.statusCode).toBe(403)
    expect((await post(v, '/api/coupon/showState', { ids: [id], showState: false })).res.statusCode).toBe(403)
    expect((await get(v, '/api/couponWriteOff/list')).res.statusCode).toBe(200)
    expect((await get(acct.manager.token, '/api/couponWriteOff/list')).res.statusCode).toBe(403)
    expect((await get(acct.clerk.token, '/api/couponSend/list')).res.statusCode).toBe(403)
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/open/coupon/mine' })
    expect(anonymous.statusCode).toBe(401)
  })
})
