import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../src/db/client.ts'
import { department, operationLog, verifyCode } from '../src/db/schema.ts'
import { appUser, portrait } from '../src/db/tables/community.ts'
import {
  redPacketLedger,
  redPacketRule,
  redPacketScope,
  redPacketWallet,
  redPacketWithdrawal,
} from '../src/db/tables/marketing.ts'
import { payReward } from '../src/modules/redPackets/redPacketRewards.ts'
import { moveRedPacket } from '../src/modules/redPackets/redPacketWallet.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, lastSmsCode, login, startTestApp, type TestApp } from './harness.ts'
import { appCalls } from './openCommunityCalls.ts'

/**
 * Red packets (decision 0048): rules with budgets on the console, the sign-up rewards (register to the new user,
 * invite to the inviter) once each and never over budget under concurrent sign-ups, eligibility by scope, the wallet
 * ledger that sums to the balance, withdrawals held at once (100 concurrent against one balance), approved or refused
 * with a refund once, and who may do what.
 */
describe.each(engines)('red packets (%s)', (engine) => {
  let t: TestApp
  let adminToken = ''
  const acct = {} as Record<'viewer' | 'stranger', { token: string }>
  const { post, get } = contentCalls(() => t)
  const app = appCalls(() => t)
  const ok = async (r: ReturnType<typeof post>) => {
    const { body } = await r
    expect(body.code, body.msg).toBe(0)
    return body.data
  }
  const db = () => t.database.db
  let phones = 0
  const nextPhone = () => `1381${String(++phones).padStart(7, '0')}`
  /** App users made in the table, each with an app session. */
  async function appUsers(n: number, values: Partial<typeof appUser.$inferInsert> = {}) {
    const rows = await db()
      .insert(appUser)
      .values(
        Array.from({ length: n }, (_, i) => ({ phone: nextPhone(), nickname: `红包用户${i}`, ...values })),
      )
      .returning({ id: appUser.id })
    const out: { id: number; token: string }[] = []
    for (const r of rows)
      out.push({ id: r.id, token: (await t.ctx.appSessions.create(db(), r.id, 'dev')).token })
    return out
  }
  let fakeInvitee = 1_000_000
  /** Puts money in a user's wallet (an invite reward for a made-up invitee). */
  const credit = (userId: number, amount: number) =>
    db().transaction((tx) =>
      moveRedPacket(tx as unknown as Db, { userId, delta: amount, kind: 'invite', inviteeId: ++fakeInvitee }),
    )
  const balanceOf = async (userId: number) =>
    (await db().select().from(redPacketWallet).where(eq(redPacketWallet.userId, userId)))[0]?.balance ?? 0
  const ledgerSum = async (userId: number) =>
    Number(
      (
        await db()
          .select({ s: sql<string>`coalesce(sum(${redPacketLedger.delta}), 0)` })
          .from(redPacketLedger)
          .where(eq(redPacketLedger.userId, userId))
      )[0]!.s,
    )
  /** Sign-ups prepared one by one (their SMS codes), then sent at once. */
  async function preparedSignUps(phonesToUse: string[], invitationCode: string) {
    const bodies = []
    for (const phone of phonesToUse) {
      await db().delete(verifyCode).where(eq(verifyCode.phone, phone))
      await app.ok(app.post(undefined, '/api/open/user/sendCode', { phone }))
      bodies.push({
        phone,
        code: await lastSmsCode(t.database, phone),
        deviceId: `d-${phone}`,
        platform: 'android',
        invitationCode,
      })
    }
    return bodies
  }
  const resetRules = async () => {
    await db().delete(redPacketScope)
    await db().update(redPacketRule).set({ showState: false })
  }
  const rule = (kind: 'invite' | 'register', values: Record<string, unknown>) =>
    ok(
      post(adminToken, `/api/${kind === 'invite' ? 'redPacketInviteRule' : 'redPacketRegisterRule'}/add`, {
        name: `${kind}规则`,
        amount: 100,
        budget: 10_000,
        ...values,
      }),
    )

  beforeAll(async () => {
    t = await startTestApp(engine, { API_RATE_LIMIT: '0', SMS_PHONE_RATE_LIMIT: '0' })
    adminToken = await login(t.app)
    const [d] = await db().insert(department).values({ name: '营销部' }).returning()
    acct.viewer = await scopedAccount(t, 'redPacketViewer', { '营销-红包': ['查看'] }, d!.id)
    acct.stranger = await scopedAccount(t, 'redPacketStranger', { '营销-优惠券': ['查看'] }, d!.id)
  }, 60_000)
  afterAll(() => t?.close())

  it('keeps rules in 分 with a budget never below what was spent, a window the right way round, 剩余 and 状态', async () => {
    await resetRules()
    const created = await rule('invite', { name: '邀请好友', amount: 520, budget: 100_000 })
    expect(created).toMatchObject({
      name: '邀请好友',
      amount: 520,
      budget: 100_000,
      spent: 0,
      showState: true,
    })
    const list = await ok(get(adminToken, '/api/redPacketInviteRule/list'))
    const row = list.items.find((r: { id: number }) => r.id === created.id)
    expect(row).toMatchObject({ remaining: 100_000, status: 'active' })
    // The register rules are another list over the same table.
    const reg = await ok(get(adminToken, '/api/redPacketRegisterRule/list'))
    expect(reg.items.some((r: { id: number }) => r.id === created.id)).toBe(false)

    const window = await post(adminToken, '/api/redPacketInviteRule/modify', {
      id: created.id,
      name: '邀请好友',
      amount: 520,
      budget: 100_000,
      startAt: new Date(Date.now() + 3_600_000).toISOString(),
      endAt: new Date().toISOString(),
    })
    expect([window.res.statusCode, window.body.msg]).toEqual([400, '结束时间须晚于开始时间'])
    await db().update(redPacketRule).set({ spent: 5200 }).where(eq(redPacketRule.id, created.id))
    const below = await post(adminToken, '/api/redPacketInviteRule/modify', {
      id: created.id,
      name: '邀请好友',
      amount: 520,
      budget: 5000,
    })
    expect([below.res.statusCode, below.body.msg]).toEqual([409, '总预算不能少于已发放金额（52.00元）'])
    const zero = await post(adminToken, '/api/redPacketInviteRule/add', {
      name: '零',
      amount: 0,
      budget: 100,
    })
    expect(zero.body.code).not.toBe(0)
    const off = await ok(
      post(adminToken, '/api/redPacketInviteRule/showState', { ids: [created.id], showState: false }),
    )
    expect(off).toBeTruthy()
    const detail = await ok(get(adminToken, `/api/redPacketInviteRule/detail?id=${created.id}`))
    expect(detail.fields).toMatchObject({ spent: 5200, remaining: 94_800, status: 'disabled' })
  })

  it('credits the register reward to a new user and the invite reward to the inviter once each, with their own invite code', async () => {
    await resetRules()
    const invite = await rule('invite', { name: '邀请奖励', amount: 300, budget: 3000 })
    const register = await rule('register', { name: '新人红包', amount: 150, budget: 3000 })
    const inviter = await app.user(nextPhone())
    const first = await app.ok(app.get(inviter.token, '/api/open/redPacket/invite'))
    expect(first).toMatchObject({ invitedCount: 0, earned: 0, rewardAmount: 300, eligible: true })
    expect(first.inviteCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/)
    // Asked again (and twice at once): the same code.
    const again = await Promise.all(
      [1, 2].map(() => app.ok(app.get(inviter.token, '/api/open/redPacket/invite'))),
    )
    expect(again.map((a) => a.inviteCode)).toEqual([first.inviteCode, first.inviteCode])

    // The same new phone signing up five times at once: one user (the code lets one through), one reward of each kind.
    const phone = nextPhone()
    const [body] = await preparedSignUps([phone], first.inviteCode)
    const results = await Promise.all(
      Array.from({ length: 5 }, () => app.post(undefined, '/api/open/user/login', body)),
    )
    const signedIn = results.filter((r) => r.body.code === 0)
    expect(signedIn.length).toBeGreaterThanOrEqual(1)
    const newId = signedIn[0]!.body.data.user.id as number
    expect(signedIn.every((r) => r.body.data.user.id === newId)).toBe(true)
    expect(await db().$count(appUser, eq(appUser.phone, phone))).toBe(1)
    const [made] = await db().select().from(appUser).where(eq(appUser.id, newId))
    expect(made!.inviterId).toBe(inviter.id)

    expect(await balanceOf(newId)).toBe(150)
    // The inviter signed up while the register rule paid too: 1.50 + 3.00.
    expect(await balanceOf(inviter.id)).toBe(450)
    const rows = await db().select().from(redPacketLedger).where(eq(redPacketLedger.inviteeId, newId))
    expect(rows.map((r) => [r.kind, r.userId, r.delta, r.balance, r.ruleId]).sort()).toEqual(
      [
        ['invite', inviter.id, 300, 450, invite.id],
        ['register', newId, 150, 150, register.id],
      ].sort(),
    )
    // Paying again, ten times at once, finds it paid (or meets the ledger's unique index): still one row each.
    const repaid = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        db().transaction((tx) =>
          payReward(tx as unknown as Db, i % 2 ? 'invite' : 'register', i % 2 ? inviter.id : newId, newId),
        ),
      ),
    )
    expect(repaid.filter((r) => r.status === 'fulfilled' && r.value > 0)).toHaveLength(0)
    expect(await db().$count(redPacketLedger, eq(redPacketLedger.inviteeId, newId))).toBe(2)
    const spent = await db().select().from(redPacketRule)
    expect(spent.find((r) => r.id === invite.id)!.spent).toBe(300)
    expect(spent.find((r) => r.id === register.id)!.spent).toBe(300)

    const summary = await app.ok(app.get(inviter.token, '/api/open/redPacket/invite'))
    expect(summary).toMatchObject({ inviteCode: first.inviteCode, invitedCount: 1, earned: 300 })
    const wallet = await app.ok(app.get(inviter.token, '/api/open/redPacket/wallet'))
    expect(wallet).toMatchObject({ balance: 450, total: 2 })
    expect(wallet.items[0]).toMatchObject({ kind: 'invite', delta: 300, balance: 450, inviteeId: newId })
    expect(wallet.items[1]).toMatchObject({
      kind: 'register',
      delta: 150,
      balance: 150,
      inviteeId: inviter.id,
    })
    // A platform invitation code gives no inviter, so only the register reward.
    const plain = await app.ok(app.signIn(nextPhone()))
    expect(await balanceOf(plain.user.id)).toBe(150)
  })

  it('never spends a rule beyond its budget under concurrent sign-ups, going on to the next rule', async () => {
    await resetRules()
    const small = await rule('invite', { name: '小预算', amount: 200, budget: 600 })
    const next = await rule('invite', { name: '第二档', amount: 100, budget: 250 })
    const inviter = (await appUsers(1))[0]!
    const code = (await app.ok(app.get(inviter.token, '/api/open/redPacket/invite'))).inviteCode
    const bodies = await preparedSignUps(
      Array.from({ length: 12 }, () => nextPhone()),
      code,
    )
    const results = await Promise.all(bodies.map((b) => app.post(undefined, '/api/open/user/login', b)))
    for (const r of results) expect(r.body.code, r.body.msg).toBe(0)
    const rules = await db().select().from(redPacketRule)
    expect(rules.find((r) => r.id === small.id)!.spent).toBe(600)
    expect(rules.find((r) => r.id === next.id)!.spent).toBe(200)
    const paid = await db()
      .select()
      .from(redPacketLedger)
      .where(and(eq(redPacketLedger.userId, inviter.id), eq(redPacketLedger.kind, 'invite')))
    expect(paid).toHaveLength(5)
    expect(await balanceOf(inviter.id)).toBe(800)
    expect(await ledgerSum(inviter.id)).toBe(800)
    expect((await app.ok(app.get(inviter.token, '/api/open/redPacket/invite'))).invitedCount).toBe(12)
    expect((await app.ok(app.get(inviter.token, '/api/open/redPacket/invite'))).rewardAmount).toBeNull()
  })

  it('pays only users a scope matches when any is enabled', async () => {
    await resetRules()
    await rule('register', { name: '范围测试', amount: 100, budget: 100_000 })
    const [inHz] = await appUsers(1, { region: '浙江省杭州市' })
    const [inNb] = await appUsers(1, { region: '浙江省宁波市' })
    const [tagged] = await appUsers(1, { region: '北京', level: 5 })
    const pay = (userId: number) =>
      db().transaction((tx) => payReward(tx as unknown as Db, 'register', userId, userId))
    const bare = await post(adminToken, '/api/redPacketScope/add', { name: '空范围' })
    expect([bare.res.statusCode, bare.body.msg]).toEqual([400, '请选择用户画像或填写地区'])
    const hz = await ok(post(adminToken, '/api/redPacketScope/add', { name: '杭州用户', region: '杭州' }))
    const [p] = await db()
      .insert(portrait)
      .values({ name: '高等级', levelMin: 5, createdBy: await app.adminId() })
      .returning()
    await ok(post(adminToken, '/api/redPacketScope/add', { name: '高等级用户', portraitId: p!.id }))
    await ok(
      post(adminToken, '/api/redPacketScope/add', { name: '停用的宁波', region: '宁波', showState: false }),
    )
    expect(await pay(inHz!.id)).toBe(100)
    expect(await pay(inNb!.id)).toBe(0)
    expect(await pay(tagged!.id)).toBe(100)
    expect((await app.ok(app.get(inNb!.token, '/api/open/redPacket/invite'))).eligible).toBe(false)
    expect((await app.ok(app.get(inHz!.token, '/api/open/redPacket/invite'))).eligible).toBe(true)
    // No enabled scope: everyone.
    await ok(post(adminToken, '/api/redPacketScope/showState', { ids: [hz.id], showState: false }))
    await db().update(redPacketScope).set({ showState: false })
    expect(await pay(inNb!.id)).toBe(100)
    // A locked user is outside the audience.
    const [locked] = await appUsers(1, { state: 'locked' })
    expect(await pay(locked!.id)).toBe(0)
  })

  it('holds 100 concurrent withdrawals against one balance: exactly as many as it covers, never below zero', async () => {
    const [u] = await appUsers(1)
    await credit(u!.id, 1050)
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        app.post(u!.token, '/api/open/redPacket/withdraw', {
          amount: 100,
          account: `alipay-${i}@example.com`,
          realName: '张三',
        }),
      ),
    )
    const okCount = results.filter((r) => r.body.code === 0).length
    expect(okCount).toBe(10)
    expect(results.filter((r) => r.res.statusCode === 409 && r.body.msg === '余额不足')).toHaveLength(90)
    expect(await balanceOf(u!.id)).toBe(50)
    expect(await ledgerSum(u!.id)).toBe(50)
    expect(await db().$count(redPacketWithdrawal, eq(redPacketWithdrawal.userId, u!.id))).toBe(10)
    // Every row's balance is the one before plus its delta.
    const rows = await db()
      .select()
      .from(redPacketLedger)
      .where(eq(redPacketLedger.userId, u!.id))
      .orderBy(redPacketLedger.id)
    let running = 0
    for (const r of rows) {
      running += r.delta
      expect(r.balance).toBe(running)
    }
    const mine = await app.ok(app.get(u!.token, '/api/open/redPacket/withdrawals'))
    expect(mine.total).toBe(10)
    expect(mine.items[0]).toMatchObject({ amount: 100, state: 'pending', realName: '张三' })
  })

  it('checks a withdrawal request: minimum, maximum, account and name, and the balance', async () => {
    const [u] = await appUsers(1)
    await credit(u!.id, 500)
    const send = (body: Record<string, unknown>) => app.post(u!.token, '/api/open/redPacket/withdraw', body)
    const low = await send({ amount: 99, account: 'a', realName: '李四' })
    expect([low.res.statusCode, low.body.msg]).toEqual([422, '单笔提现金额不能少于 1.00 元'])
    const high = await send({ amount: 500_001, account: 'a', realName: '李四' })
    expect(high.body.msg).toBe('单笔提现金额不能超过 5000.00 元')
    const noAccount = await send({ amount: 100, account: ' ', realName: '李四' })
    expect(noAccount.body.msg).toBe('请填写收款账号')
    const noName = await send({ amount: 100, account: 'a' })
    expect(noName.body.msg).toBe('请填写真实姓名')
    const short = await send({ amount: 600, account: 'a', realName: '李四' })
    expect([short.res.statusCode, short.body.msg]).toEqual([409, '余额不足'])
    const fine = await app.ok(send({ amount: 500, account: 'a', realName: '李四' }))
    expect(fine).toMatchObject({ balance: 0, withdrawal: { amount: 500, state: 'pending' } })
    expect(await db().$count(redPacketWithdrawal, eq(redPacketWithdrawal.userId, u!.id))).toBe(1)
    const anon = await app.post(undefined, '/api/open/redPacket/withdraw', {
      amount: 100,
      account: 'a',
      realName: 'b',
    })
    expect(anon.res.statusCode).toBe(401)
  })

  it('approves a pending request, refuses one with a reason and refunds it once; a decided request takes no other', async () => {
    const [u] = await appUsers(1)
    await credit(u!.id, 1000)
    const ask = async (amount: number) =>
      (
        await app.ok(
          app.post(u!.token, '/api/open/redPacket/withdraw', {
            amount,
            account: 'wx-openid',
            realName: '王五',
          }),
        )
      ).withdrawal.id as number
    const a = await ask(300)
    const b = await ask(200)
    expect(await balanceOf(u!.id)).toBe(500)

    const noReason = await post(adminToken, '/api/redPacketWithdrawal/reject', { ids: [b] })
    expect(noReason.body.code).not.toBe(0)
    await ok(post(adminToken, '/api/redPacketWithdrawal/approve', { ids: [a] }))
    // Two refusals at once: one refunds, the other finds it decided.
    const refusals = await Promise.all(
      [1, 2].map(() =>
        post(adminToken, '/api/redPacketWithdrawal/reject', { ids: [b], reason: '账号与姓名不符' }),
      ),
    )
    expect(refusals.filter((r) => r.body.code === 0)).toHaveLength(1)
    expect(refusals.filter((r) => r.res.statusCode === 409)).toHaveLength(1)
    expect(await balanceOf(u!.id)).toBe(700)
    const refunds = await db()
      .select()
      .from(redPacketLedger)
      .where(and(eq(redPacketLedger.kind, 'refund'), eq(redPacketLedger.withdrawalId, b)))
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({ delta: 200, balance: 700, remark: '账号与姓名不符' })
    const twice = await post(adminToken, '/api/redPacketWithdrawal/approve', { ids: [a] })
    expect([twice.res.statusCode, twice.body.msg]).toEqual([409, '「王五」 不是待审核的提现申请'])
    const late = await post(adminToken, '/api/redPacketWithdrawal/reject', { ids: [a], reason: '晚了' })
    expect(late.res.statusCode).toBe(409)
    expect(await balanceOf(u!.id)).toBe(700)

    const list = await ok(get(adminToken, '/api/redPacketWithdrawal/list?type=all'))
    const rowA = list.items.find((r: { id: number }) => r.id === a)
    const rowB = list.items.find((r: { id: number }) => r.id === b)
    // 通过 keeps the payout adapter's answer (the local one's number names the request); a refusal has none.
    expect(rowA).toMatchObject({
      state: 'approved',
      reviewerName: expect.any(String),
      payoutNo: `local-rpw-${a}`,
    })
    expect(Date.parse(rowA.paidAt)).not.toBeNaN()
    expect(rowB).toMatchObject({ state: 'rejected', reason: '账号与姓名不符', payoutNo: '', paidAt: null })
    const nums = await ok(get(adminToken, '/api/redPacketWithdrawal/nums'))
    expect(nums.pending).toBeGreaterThanOrEqual(0)

    // The console's ledger of the user: rows with their running balance, summing to the balance.
    const ledger = await ok(get(adminToken, `/api/redPacket/ledger?userId=${u!.id}`))
    expect(ledger).toMatchObject({ balance: 700, sum: 700, income: 1200, outgo: 500, total: 4 })
    expect(ledger.items.map((r: { kind: string }) => r.kind)).toEqual([
      'refund',
      'withdraw',
      'withdraw',
      'invite',
    ])
    const mine = await app.ok(app.get(u!.token, '/api/open/redPacket/withdrawals'))
    expect(mine.items.map((w: { state: string }) => w.state)).toEqual(['rejected', 'approved'])

    // The operation log names the decisions.
    const logged = await db()
      .select({ action: operationLog.action, target: operationLog.target })
      .from(operationLog)
      .where(inArray(operationLog.action, ['通过提现申请', '拒绝提现申请']))
    expect(logged).toEqual(
      expect.arrayContaining([
        { action: '通过提现申请', target: `redPacketWithdrawal:${a}` },
        { action: '拒绝提现申请', target: `redPacketWithdrawal:${b}` },
      ]),
    )
  })

  it('lets only 营销-红包 accounts see and decide, and an app user see only their own', async () => {
    const [u, other] = await appUsers(2)
    await credit(u!.id, 300)
    const w = (
      await app.ok(
        app.post(u!.token, '/api/open/redPacket/withdraw', { amount: 100, account: 'x', realName: '赵六' }),
      )
    ).withdrawal.id
    for (const path of [
      '/api/redPacketWithdrawal/list',
      '/api/redPacketInviteRule/list',
      '/api/redPacketScope/list',
      `/api/redPacket/ledger?userId=${u!.id}`,
    ])
      expect((await get(acct.stranger.token, path)).res.statusCode, path).toBe(403)
    expect((await get(acct.viewer.token, `/api/redPacket/ledger?userId=${u!.id}`)).res.statusCode).toBe(200)
    expect((await get(acct.viewer.token, '/api/redPacketWithdrawal/list')).res.statusCode).toBe(200)
    const viewerApprove = await post(acct.viewer.token, '/api/redPacketWithdrawal/approve', { ids: [w] })
    expect(viewerApprove.res.statusCode).toBe(403)
    const viewerRule = await post(acct.viewer.token, '/api/redPacketInviteRule/add', {
      name: 'x',
      amount: 1,
      budget: 1,
    })
    expect(viewerRule.res.statusCode).toBe(403)
    const viewerExport = await post(acct.viewer.token, '/api/redPacketWithdrawal/export', {})
    expect(viewerExport.res.statusCode).toBe(403)
    // Rules are never deleted (no route), and an app user cannot reach console calls.
    expect((await post(adminToken, '/api/redPacketInviteRule/delete', { ids: [1] })).res.statusCode).toBe(404)
    expect((await app.get(u!.token, '/api/redPacketWithdrawal/list')).res.statusCode).toBe(401)
    const theirs = await app.ok(app.get(other!.token, '/api/open/redPacket/withdrawals'))
    expect(theirs.total).toBe(0)
    const theirWallet = await app.ok(app.get(other!.token, '/api/open/redPacket/wallet'))
    expect(theirWallet).toMatchObject({ balance: 0, total: 0, items: [] })
    expect((await app.get(undefined, '/api/open/redPacket/wallet')).res.statusCode).toBe(401)
    expect((await app.get(undefined, '/api/open/redPacket/invite')).res.statusCode).toBe(401)
  })
})
