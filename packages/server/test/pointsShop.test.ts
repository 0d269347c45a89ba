import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../src/db/client.ts'
import { admin, department, operationLog } from '../src/db/schema.ts'
import { appUser } from '../src/db/tables/community.ts'
import { coupon, pointLog, shopItem, shopOrder, userCoupon } from '../src/db/tables/marketing.ts'
import { award, userAward } from '../src/db/tables/tasks.ts'
import { grantPoints } from '../src/modules/points/grantPoints.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { call, engines, startTestApp, type TestApp } from './harness.ts'
import { appCalls } from './openCommunityCalls.ts'

type Row = Record<string, unknown>

/**
 * 积分商城 (decision 0051): the entrance setting (spec §7 GET /create-platform/shop and its save), items and records
 * on the engine (兑换内容, the save rules, 发货, 积分调整, 导出), and redemption through the app-facing API — exactly
 * once under concurrency (stock across users, one user's points), coupons and frames, the refusals, authorisation.
 */
describe.each(engines)('points shop (%s)', (engine) => {
  let t: TestApp
  const acct = {} as Record<'editor' | 'viewer' | 'other', { token: string }>
  const { post, get } = contentCalls(() => t)
  const app = appCalls(() => t)
  const ok = async (r: ReturnType<typeof post>) => {
    const { body } = await r
    expect(body.code, body.msg).toBe(0)
    return body.data
  }
  const db = () => t.database.db
  let phones = 0

  /** App users with tokens (made in the table; signing in is the community's, tested there), each with `points`. */
  async function users(n: number, points: number) {
    const rows = await db()
      .insert(appUser)
      .values(
        Array.from({ length: n }, () => {
          const i = ++phones
          return { phone: `1377${String(i).padStart(7, '0')}`, nickname: `积分用户${i}` }
        }),
      )
      .returning({ id: appUser.id })
    const out: { id: number; token: string }[] = []
    for (const u of rows) {
      if (points)
        await db().transaction((tx) =>
          grantPoints(tx as unknown as Db, { userId: u.id, delta: points, source: 'grant', remark: '测试' }),
        )
      out.push({ id: u.id, token: (await t.ctx.appSessions.create(db(), u.id, 'test-device')).token })
    }
    return out
  }
  /** An item added through the console; its id. */
  async function item(values: Row) {
    const created = await ok(
      post(acct.editor.token, '/api/shopItem/add', {
        name: '测试商品',
        kind: 'goods',
        points: 10,
        stock: 10,
        perUserLimit: 0,
        showState: true,
        ...values,
      }),
    )
    return created.id as number
  }
  const redeem = (token: string, itemId: number) => app.post(token, '/api/open/shop/redeem', { itemId })
  const pointsOf = async (id: number) =>
    (await db().select({ p: appUser.points }).from(appUser).where(eq(appUser.id, id)))[0]!.p
  const ledgerSum = async (id: number) =>
    Number(
      (
        await db()
          .select({ s: sql<number>`coalesce(sum(${pointLog.delta}), 0)::int` })
          .from(pointLog)
          .where(eq(pointLog.userId, id))
      )[0]!.s,
    )

  beforeAll(async () => {
    t = await startTestApp(engine, { API_RATE_LIMIT: '0' })
    const [d] = await db().insert(department).values({ name: '营销部' }).returning()
    acct.editor = await scopedAccount(t, 'shopEditor', { '营销-积分商城': ['查看', '编辑'] }, d!.id)
    acct.viewer = await scopedAccount(t, 'shopViewer', { '营销-积分商城': ['查看'] }, d!.id)
    acct.other = await scopedAccount(t, 'shopOther', { 用户管理: ['查看'] }, d!.id)
  }, 60_000)
  afterAll(() => t?.close())

  it('keeps the entrance setting (spec GET /create-platform/shop and its save) and shows it to the app', async () => {
    const first = await ok(get(acct.viewer.token, '/api/create-platform/shop'))
    expect(first).toEqual({ show: false, name: '积分商城', icon: '', link: '' })
    const entrance = { show: true, name: '积分好礼', icon: 'https://img.example.com/shop.png', link: '/shop' }
    // 查看 alone may not save; another page's holder may not read; nobody signed out either.
    expect((await post(acct.viewer.token, '/api/create-platform/shop', entrance)).res.statusCode).toBe(403)
    expect((await get(acct.other.token, '/api/create-platform/shop')).res.statusCode).toBe(403)
    expect((await call(t.app, 'GET', '/api/create-platform/shop')).res.statusCode).toBe(401)
    // The shared rules: a shown entrance needs its link; a link is a web address or an app path; a name.
    const bad: [Row, string][] = [
      [{ link: '' }, '显示入口时请填写跳转链接'],
      [
        { link: 'javascript:alert(1)' },
        '跳转链接须为 http:// 或 https:// 开头的网址，或以 / 开头的 App 内页面路径',
      ],
      [{ name: ' ' }, '请输入入口名称'],
      [{ name: '一二三四五六七八九十一' }, '入口名称不能超过 10 个字'],
    ]
    for (const [values, msg] of bad) {
      const r = await post(acct.editor.token, '/api/create-platform/shop', { ...entrance, ...values })
      expect([r.res.statusCode, r.body.msg]).toEqual([422, msg])
    }
    const saved = await post(acct.editor.token, '/api/create-platform/shop', entrance)
    expect([saved.body.code, saved.body.msg]).toEqual([0, '保存成功'])
    expect(await ok(get(acct.viewer.token, '/api/create-platform/shop'))).toEqual(entrance)
    const logs = await db().select().from(operationLog).where(eq(operationLog.action, '修改积分商城入口'))
    expect(logs.filter((l) => l.target === 'setting:shop.entrance').map((l) => l.username)).toEqual([
      'shopEditor',
    ])

    const [u] = await users(1, 0)
    const shop = await app.ok(app.get(u!.token, '/api/open/shop'))
    expect(shop.entrance).toEqual({
      name: '积分好礼',
      icon: 'https://img.example.com/shop.png',
      link: '/shop',
    })
    await ok(post(acct.editor.token, '/api/create-platform/shop', { ...entrance, show: false, link: '' }))
    expect((await app.ok(app.get(u!.token, '/api/open/shop'))).entrance).toBeNull()
    // The app's calls are for signed-in app users.
    expect((await app.get(undefined, '/api/open/shop')).res.statusCode).toBe(401)
  })

  it('adds items with the save rules, lists shelf items in order for the app, and takes nothing off the shelf', async () => {
    const e = acct.editor.token
    const noCoupon = await post(e, '/api/shopItem/add', { name: '券', kind: 'coupon', points: 5, stock: 1 })
    expect([noCoupon.res.statusCode, noCoupon.body.msg]).toEqual([422, '请选择优惠券'])
    const ghost = await post(e, '/api/shopItem/add', {
      name: '券',
      kind: 'coupon',
      couponId: 999999,
      points: 5,
      stock: 1,
    })
    expect([ghost.res.statusCode, ghost.body.msg]).toEqual([400, '优惠券不存在或已删除'])
    const [medal] = await db()
      .insert(award)
      .values({ kind: 'medal', name: '勋章', createdBy: await adminId() })
      .returning()
    const notFrame = await post(e, '/api/shopItem/add', {
      name: '框',
      kind: 'avatarFrame',
      awardId: medal!.id,
      points: 5,
      stock: 1,
    })
    expect([notFrame.res.statusCode, notFrame.body.msg]).toEqual([400, '头像框不存在或已删除'])
    // 查看 alone adds nothing.
    expect(
      (await post(acct.viewer.token, '/api/shopItem/add', { name: 'x', kind: 'goods', points: 1, stock: 1 }))
        .res.statusCode,
    ).toBe(403)

    const a = await item({ name: '保温杯', points: 30, stock: 5 })
    const b = await item({ name: '帆布袋', points: 20, stock: 3, perUserLimit: 1 })
    const hidden = await item({ name: '下架品', showState: false })
    const detail = await ok(get(acct.viewer.token, `/api/shopItem/detail?id=${a}`))
    expect(detail.fields).toMatchObject({ name: '保温杯', kind: 'goods', reward: '—', redeemed: 0 })
    // 排序: b before a.
    await ok(post(e, '/api/shopItem/sort', { ids: [b, a] }))
    const [u] = await users(1, 100)
    const shop = await app.ok(app.get(u!.token, '/api/open/shop'))
    const names = shop.items.map((i: Row) => i.name)
    expect(names.indexOf('帆布袋')).toBeLessThan(names.indexOf('保温杯'))
    expect(names).not.toContain('下架品')
    expect(shop.points).toBe(100)
    expect(shop.items.find((i: Row) => i.id === a)).toMatchObject({ left: 5, mine: 0, perUserLimit: 0 })
    const off = await redeem(u!.token, hidden)
    expect([off.res.statusCode, off.body.msg]).toEqual([409, '商品已下架'])
    const none = await redeem(u!.token, 999999)
    expect([none.res.statusCode, none.body.msg]).toEqual([404, '商品不存在'])

    // Redeem b once (limit 1): the second is refused; 库存 may not go below 已兑换.
    const r = await app.ok(redeem(u!.token, b))
    expect(r).toMatchObject({ points: 20, balance: 80, state: 'done', couponCode: null })
    const twice = await redeem(u!.token, b)
    expect([twice.res.statusCode, twice.body.msg]).toEqual([409, '每人限兑 1 件，您已达到兑换上限'])
    const low = await post(e, '/api/shopItem/modify', {
      id: b,
      name: '帆布袋',
      kind: 'goods',
      points: 20,
      stock: 0,
      perUserLimit: 1,
    })
    expect([low.res.statusCode, low.body.msg]).toEqual([409, '库存不能少于已兑换数量（1）'])
    const after = await app.ok(app.get(u!.token, '/api/open/shop'))
    expect(after.items.find((i: Row) => i.id === b)).toMatchObject({ left: 2, redeemed: 1, mine: 1 })
    const short = await redeem((await users(1, 5))[0]!.token, a)
    expect([short.res.statusCode, short.body.msg]).toEqual([409, '积分不足'])
    expect((await db().select().from(shopItem).where(eq(shopItem.id, a)))[0]!.redeemed).toBe(0)
  })

  it('gives exactly N of an item with stock N to many users redeeming at once', async () => {
    const id = await item({ name: '限量徽章', points: 10, stock: 7 })
    const many = await users(40, 50)
    const results = await Promise.all(many.map((u) => redeem(u.token, id)))
    expect(results.filter((r) => r.res.statusCode === 200)).toHaveLength(7)
    expect(results.filter((r) => r.body.msg === '商品已兑完')).toHaveLength(33)
    const [row] = await db().select().from(shopItem).where(eq(shopItem.id, id))
    expect(row!.redeemed).toBe(7)
    expect(await db().$count(shopOrder, eq(shopOrder.itemId, id))).toBe(7)
    for (const u of many) expect(await pointsOf(u.id)).toBe(await ledgerSum(u.id))
    const spent = await db().select().from(pointLog).where(eq(pointLog.source, 'shop'))
    expect(spent.filter((l) => many.some((u) => u.id === l.userId))).toHaveLength(7)
  })

  it('lets a user with points for 3 redeem exactly 3 of 10 concurrent attempts, never below zero', async () => {
    const id = await item({ name: '小礼品', points: 10, stock: 100 })
    const other = await item({ name: '另一礼品', points: 10, stock: 100 })
    const [u] = await users(1, 30)
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => redeem(u!.token, i % 2 ? other : id)),
    )
    expect(results.filter((r) => r.res.statusCode === 200)).toHaveLength(3)
    expect(results.filter((r) => r.body.msg === '积分不足')).toHaveLength(7)
    expect(await pointsOf(u!.id)).toBe(0)
    expect(await ledgerSum(u!.id)).toBe(0)
    expect(await db().$count(shopOrder, eq(shopOrder.userId, u!.id))).toBe(3)
    const items = await db().select().from(shopItem).where(sql`${shopItem.id} in (${id}, ${other})`)
    expect(items.reduce((s, r) => s + r.redeemed, 0)).toBe(3)
    const mine = await app.ok(app.get(u!.token, '/api/open/points?pageSize=5'))
    expect(mine.points).toBe(0)
    expect(mine.total).toBe(4)
    expect(mine.items[0]).toMatchObject({ delta: -10, source: 'shop', sourceLabel: '积分兑换' })
    expect(mine.items.at(-1)).toMatchObject({ delta: 30, source: 'grant', balance: 30 })

    // 每人限兑 is counted after the item's lock: 10 concurrent attempts against a limit of 2 give exactly 2.
    const limited = await item({ name: '限兑礼品', points: 1, stock: 100, perUserLimit: 2 })
    const [rich] = await users(1, 100)
    const raced = await Promise.all(Array.from({ length: 10 }, () => redeem(rich!.token, limited)))
    expect(raced.filter((r) => r.res.statusCode === 200)).toHaveLength(2)
    expect(raced.filter((r) => r.body.msg === '每人限兑 2 件，您已达到兑换上限')).toHaveLength(8)
    expect(await pointsOf(rich!.id)).toBe(98)
  })

  it('gives a coupon for a coupon item (its stock consumed, its refusals undo the redemption) and grants a frame once', async () => {
    const by = await adminId()
    const [c] = await db()
      .insert(coupon)
      .values({
        name: '满50减10',
        kind: 'cash',
        value: 1000,
        stock: 2,
        perUserLimit: 1,
        validType: 'days',
        validDays: 30,
        createdBy: by,
      })
      .returning()
    const id = await item({ name: '兑优惠券', kind: 'coupon', couponId: c!.id, points: 10, stock: 10 })
    expect((await ok(get(acct.viewer.token, `/api/shopItem/detail?id=${id}`))).fields.reward).toBe(
      '优惠券「满50减10」',
    )
    const [u1, u2, u3] = await users(3, 100)
    const r = await app.ok(redeem(u1!.token, id))
    expect(r.couponCode).toMatch(/^[2-9A-Z]{12}$/)
    const [held] = await db().select().from(userCoupon).where(eq(userCoupon.userId, u1!.id))
    expect(held).toMatchObject({ couponId: c!.id, code: r.couponCode, sendId: null })
    expect((await db().select().from(coupon).where(eq(coupon.id, c!.id)))[0]!.issued).toBe(1)
    const orders = await app.ok(app.get(u1!.token, '/api/open/shop/orders'))
    expect(orders.items[0]).toMatchObject({
      itemName: '兑优惠券',
      kind: 'coupon',
      couponCode: r.couponCode,
      points: 10,
    })
    // The coupon's per-user limit (1): refused with its message, nothing spent, nothing recorded.
    const again = await redeem(u1!.token, id)
    expect([again.res.statusCode, again.body.msg]).toEqual([
      409,
      '优惠券「满50减10」已达到每人限领数量，不能兑换',
    ])
    expect(await pointsOf(u1!.id)).toBe(90)
    await app.ok(redeem(u2!.token, id))
    // The coupon's stock (2) is gone: the third user is refused with the coupon's message, points kept.
    const out = await redeem(u3!.token, id)
    expect([out.res.statusCode, out.body.msg]).toEqual([409, '优惠券库存不足：剩余 0 张，需发放 1 张'])
    expect(await pointsOf(u3!.id)).toBe(100)
    expect((await db().select().from(shopItem).where(eq(shopItem.id, id)))[0]!.redeemed).toBe(2)
    expect(await db().$count(shopOrder, eq(shopOrder.itemId, id))).toBe(2)

    const [frame] = await db()
      .insert(award)
      .values({ kind: 'avatarFrame', name: '金色头像框', createdBy: by })
      .returning()
    const f = await item({ name: '兑头像框', kind: 'avatarFrame', awardId: frame!.id, points: 20, stock: 10 })
    await app.ok(redeem(u3!.token, f))
    expect(await db().$count(userAward, eq(userAward.userId, u3!.id))).toBe(1)
    expect((await db().select().from(award).where(eq(award.id, frame!.id)))[0]!.grantedCount).toBe(1)
    const dup = await redeem(u3!.token, f)
    expect([dup.res.statusCode, dup.body.msg]).toEqual([409, '您已拥有该头像框，无需重复兑换'])
    expect(await pointsOf(u3!.id)).toBe(80)
    // Changing the kind clears the other kind's id.
    await ok(
      post(acct.editor.token, '/api/shopItem/modify', {
        id: f,
        name: '兑头像框',
        kind: 'goods',
        points: 20,
        stock: 10,
        perUserLimit: 0,
      }),
    )
    expect((await db().select().from(shopItem).where(eq(shopItem.id, f)))[0]!.awardId).toBeNull()
  })

  it('lists records for 查看, ships goods once (发货, 编辑), exports them, and adjusts points (积分调整)', async () => {
    const id = await item({ name: '纪念T恤', points: 10, stock: 5 })
    const [u] = await users(1, 10)
    const r = await app.ok(
      app.post(u!.token, '/api/open/shop/redeem', { itemId: id, remark: '张三 13800000000 杭州' }),
    )
    const list = await ok(get(acct.viewer.token, `/api/shopOrder/list?itemId=${id}`))
    expect(list.total).toBe(1)
    expect(list.items[0]).toMatchObject({
      id: r.orderId,
      userId: u!.id,
      state: 'done',
      delivery: 'pending',
      itemKind: 'goods',
    })
    expect(list.items[0].refs).toMatchObject({ itemId: '纪念T恤' })
    expect((await post(acct.viewer.token, '/api/shopOrder/ship', { ids: [r.orderId] })).res.statusCode).toBe(
      403,
    )
    await ok(post(acct.editor.token, '/api/shopOrder/ship', { ids: [r.orderId], express: '顺丰 SF100' }))
    const shipped = await ok(get(acct.viewer.token, `/api/shopOrder/detail?id=${r.orderId}`))
    expect(shipped.fields).toMatchObject({
      state: 'shipped',
      delivery: 'shipped',
      remark: '张三 13800000000 杭州；物流：顺丰 SF100',
    })
    const twice = await post(acct.editor.token, '/api/shopOrder/ship', { ids: [r.orderId] })
    expect([twice.res.statusCode, twice.body.msg]).toEqual([409, '该兑换记录已发货'])
    const mine = await app.ok(app.get(u!.token, '/api/open/shop/orders'))
    expect(mine.items[0]).toMatchObject({ state: 'shipped', itemName: '纪念T恤' })
    const sheet = await t.app.inject({
      method: 'POST',
      url: '/api/shopOrder/export',
      headers: { 'x-auth-token': acct.viewer.token },
      payload: { itemId: String(id) },
    })
    expect(sheet.statusCode).toBe(200)
    const { default: ExcelJS } = await import('exceljs')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]!
    expect(ws.rowCount).toBe(2)
    expect((ws.getRow(1).values as unknown[]).join('|')).toContain('消耗积分')
    expect((await post(acct.other.token, '/api/shopOrder/list', {})).res.statusCode).toBe(403)

    // 积分调整: give and take with a reason through the ledger; never below zero; 编辑 needed.
    const give = await ok(
      post(acct.editor.token, '/api/shopOrder/adjustPoints', {
        userId: u!.id,
        delta: 25,
        reason: '活动补偿',
      }),
    )
    expect(give).toMatchObject({ balance: 25 })
    const tooMuch = await post(acct.editor.token, '/api/shopOrder/adjustPoints', {
      userId: u!.id,
      delta: -26,
      reason: '扣减',
    })
    expect([tooMuch.res.statusCode, tooMuch.body.msg]).toEqual([409, '积分不足'])
    await ok(
      post(acct.editor.token, '/api/shopOrder/adjustPoints', {
        userId: u!.id,
        delta: -5,
        reason: '违规扣减',
      }),
    )
    expect(await pointsOf(u!.id)).toBe(20)
    expect(await ledgerSum(u!.id)).toBe(20)
    expect(
      (await post(acct.viewer.token, '/api/shopOrder/adjustPoints', { userId: u!.id, delta: 5, reason: 'x' }))
        .res.statusCode,
    ).toBe(403)
    const [log] = await db()
      .select()
      .from(operationLog)
      .where(eq(operationLog.target, `appUser:${u!.id}`))
    expect(log).toMatchObject({
      username: 'shopEditor',
      targetName: expect.stringContaining('+25：活动补偿'),
    })
  })

  async function adminId() {
    const [row] = await db().select({ id: admin.id }).from(admin).where(eq(admin.username, 'admin'))
    return row!.id
  }
})
