import { LEVEL_ORDER_MESSAGE } from '@moc/domain/resources/community/userLevel'
import { type PortraitRules, portraitMessages } from '@moc/domain/rules/portrait'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationLog } from '../src/db/schema.ts'
import { appUser, invitationCode } from '../src/db/tables/community.ts'
import { recomputeUserLevels } from '../src/modules/community/levels.ts'
import { insertAppUsers, insertPost, insertPostComment } from './communityUsersFixture.ts'
import { contentCalls } from './contentCalls.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'
import { appCalls } from './openCommunityCalls.ts'

const DAY = 86_400_000

/**
 * Users and growth in the console (decision 0040): locking and unlocking app users, operator accounts, levels that
 * follow points, portraits' audience counts, invitation codes generated in batches, network commentators' counts.
 */
describe.each(engines)('community users and growth (%s)', (engine) => {
  let t: TestApp
  let admin: string
  const { post, get } = contentCalls(() => t)
  const app = appCalls(() => t)
  const ok = async (url: string, body?: unknown, token = admin) => {
    const r = body === undefined ? await get(token, url) : await post(token, url, body)
    expect(r.body.code, `${url} ${r.body.msg}`).toBe(0)
    return r.body.data
  }
  // Fixture ids come destructured from a list (number | undefined to the compiler).
  const userRow = async (id: number | undefined) =>
    (await t.database.db.select().from(appUser).where(eq(appUser.id, id!)))[0]!

  beforeAll(async () => {
    t = await startTestApp(engine)
    admin = await login(t.app)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('locks users for a duration with a reason, shows who did it, logs it, and unlocks them', async () => {
    const [a, b, gone, op] = await insertAppUsers(t, [
      { nickname: '张三', phone: '13800000001' },
      { nickname: '李四', phone: '13800000002' },
      { nickname: '王五', phone: '13800000003', state: 'cancelled' },
      { nickname: '官方小编', operator: true },
    ])
    const noReason = await post(admin, '/api/appUser/lock', { ids: [a], reason: ' ', duration: '1' })
    expect(noReason.res.statusCode).toBe(422)
    expect(noReason.body.msg).toBe('请输入锁定原因')
    const before = Date.now()
    const locked = await ok('/api/appUser/lock', { ids: [a, b], reason: '发布广告', duration: '1' })
    expect(locked.updated).toBe(2)
    const until = new Date(locked.lockedUntil).getTime()
    expect(until).toBeGreaterThanOrEqual(before + DAY)
    expect(until).toBeLessThan(Date.now() + DAY + 1000)
    const detail = await ok(`/api/appUser/detail?id=${a}`)
    expect(detail.fields).toMatchObject({
      state: 'locked',
      lockReason: '发布广告',
      lockedUntil: locked.lockedUntil,
    })
    expect((await ok(`/api/appUser/activity?id=${a}`)).lockedByName).toBe('admin')
    const [log] = await t.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, '锁定用户'))
      .orderBy(desc(operationLog.id))
    expect(log).toMatchObject({
      page: '用户管理',
      result: 'success',
      targetName: expect.stringContaining('张三'),
    })
    expect((await ok('/api/appUser/list?type=locked')).items.map((r: { id: number }) => r.id).sort()).toEqual(
      [a, b].sort(),
    )
    expect(await ok('/api/appUser/nums')).toMatchObject({ locked: 2, cancelled: 1 })
    // 永久: no end; a cancelled account refuses; an operator account is not an app user here.
    const forever = await ok('/api/appUser/lock', { ids: [b], reason: '辱骂他人', duration: 'forever' })
    expect(forever.lockedUntil).toBeNull()
    expect((await userRow(b)).lockedUntil).toBeNull()
    const cancelled = await post(admin, '/api/appUser/lock', { ids: [gone], reason: '违规', duration: '7' })
    expect(cancelled.res.statusCode).toBe(409)
    expect(cancelled.body.msg).toContain('王五')
    expect(
      (await post(admin, '/api/appUser/lock', { ids: [op], reason: 'x', duration: '1' })).res.statusCode,
    ).toBe(404)
    // 解锁: the locked ones of a batch; a batch with none locked refuses.
    const [c] = await insertAppUsers(t, [{ nickname: '赵六' }])
    expect((await ok('/api/appUser/unlock', { ids: [a, c] })).updated).toBe(1)
    expect(await userRow(a)).toMatchObject({
      state: 'normal',
      lockReason: '',
      lockedUntil: null,
      lockedByAdmin: null,
    })
    const none = await post(admin, '/api/appUser/unlock', { ids: [c] })
    expect(none.res.statusCode).toBe(409)
    expect(none.body.msg).toBe('「赵六」未被锁定')
  })

  it('needs 锁定/解锁 to lock, and 查看 to list; searches phone, nickname and level', async () => {
    const viewer = await grantedAccount(t, 'userViewer', powerOf({ 用户管理: ['查看'] }))
    const [id] = await insertAppUsers(t, [{ nickname: '搜索用户', phone: '13912345678', level: 7 }])
    expect(
      (await post(viewer.token, '/api/appUser/lock', { ids: [id], reason: 'x', duration: '1' })).res
        .statusCode,
    ).toBe(403)
    const byPhone = await ok('/api/appUser/list?phone=1391234', undefined, viewer.token)
    expect(byPhone.items.map((r: { nickname: string }) => r.nickname)).toEqual(['搜索用户'])
    expect((await ok('/api/appUser/list?level=7')).items.map((r: { id: number }) => r.id)).toEqual([id])
    expect((await ok('/api/appUser/list?nickname=搜索')).total).toBe(1)
    const operators = await ok('/api/appUser/list?nickname=官方小编')
    expect(operators.total).toBe(0)
  })

  it('sets user tags on users (a ref to userTag rows): named in the list, searched by tag, user tags only', async () => {
    const { id: vip } = await ok('/api/userTag/add', { name: '高价值' })
    const { id: contentTagId } = await ok('/api/contentTag/add', { name: '时政' })
    const [id] = await insertAppUsers(t, [{ nickname: '打标签' }])
    const save = (tags: number[]) => post(admin, '/api/appUser/modify', { id, nickname: '打标签', tags })
    expect((await save([vip])).body.code).toBe(0)
    expect((await ok(`/api/appUser/detail?id=${id}`)).fields.tags).toEqual([vip])
    const tagged = await ok(`/api/appUser/list?tags=${vip}`)
    expect(
      tagged.items.map((r: { id: number; refs: Record<string, string> }) => [r.id, r.refs.tags]),
    ).toEqual([[id, '高价值']])
    const wrong = await save([contentTagId])
    expect(wrong.res.statusCode).toBe(400)
    expect(wrong.body.msg).toBe('用户标签不存在或已删除')
    expect((await ok(`/api/appUser/detail?id=${id}`)).fields.tags).toEqual([vip])
  })

  it('lists users by registration time', async () => {
    const [recent] = await insertAppUsers(t, [{ nickname: '新注册', registeredDaysAgo: 1 }])
    const [old] = await insertAppUsers(t, [{ nickname: '老用户', registeredDaysAgo: 60 }])
    const since = new Date(Date.now() - 7 * 86_400_000).toISOString()
    const found = await ok(`/api/appUser/list?startTime=${encodeURIComponent(since)}&pageSize=100`)
    const ids = found.items.map((r: { id: number }) => r.id)
    expect(ids).toContain(recent)
    expect(ids).not.toContain(old)
  })

  it('makes operator accounts, unique by nickname, lockable, never among app users', async () => {
    const made = await ok('/api/operatorUser/add', {
      nickname: '融媒小助手',
      gender: 'female',
      region: '杭州',
    })
    expect(made).toMatchObject({ nickname: '融媒小助手', state: 'normal' })
    expect((await userRow(made.id)).operator).toBe(true)
    const twice = await post(admin, '/api/operatorUser/add', { nickname: '融媒小助手' })
    expect(twice.res.statusCode).toBe(409)
    expect(twice.body.msg).toBe('已有同名的运营用户')
    const badPhone = await post(admin, '/api/operatorUser/add', { nickname: '另一个', phone: '123' })
    expect(badPhone.res.statusCode).toBe(422)
    // A phone an app user already has is refused kindly, not by the database's index.
    await insertAppUsers(t, [{ nickname: '有号码', phone: '13912340000' }])
    const taken = await post(admin, '/api/operatorUser/add', { nickname: '另一个', phone: '13912340000' })
    expect(taken.res.statusCode).toBe(409)
    expect(taken.body.msg).toBe('该手机号已被使用')
    await ok('/api/operatorUser/lock', { ids: [made.id], reason: '暂停使用', duration: '30' })
    expect((await ok(`/api/operatorUser/detail?id=${made.id}`)).fields.state).toBe('locked')
    expect((await get(admin, `/api/appUser/detail?id=${made.id}`)).res.statusCode).toBe(404)
    expect((await get(admin, `/api/appUser/activity?id=${made.id}`)).res.statusCode).toBe(404)
    await ok('/api/operatorUser/delete', { ids: [made.id] })
    expect((await get(admin, `/api/operatorUser/detail?id=${made.id}`)).res.statusCode).toBe(404)
  })

  it("keeps every user's level on their points as the levels change", async () => {
    const [poor, mid, rich] = await insertAppUsers(t, [
      { nickname: '新人', points: 0, level: 9 },
      { nickname: '活跃', points: 150 },
      { nickname: '达人', points: 600 },
    ])
    const l1 = await ok('/api/userLevel/add', { level: 1, name: '新手', minPoints: 10 })
    await ok('/api/userLevel/add', { level: 2, name: '进阶', minPoints: 100 })
    await ok('/api/userLevel/add', { level: 3, name: '达人', minPoints: 500 })
    const levels = async () => Promise.all([poor, mid, rich].map(async (id) => (await userRow(id)).level))
    // Below the lowest level's points is the lowest level.
    expect(await levels()).toEqual([1, 2, 3])
    const bad = await post(admin, '/api/userLevel/add', { level: 4, name: '大师', minPoints: 300 })
    expect(bad.res.statusCode).toBe(409)
    expect(bad.body.msg).toBe(LEVEL_ORDER_MESSAGE)
    expect((await ok('/api/userLevel/list')).total).toBe(3)
    const spec = await ok('/api/user/level/get')
    expect(spec.map((l: { level: number; name: string }) => `${l.level}${l.name}`)).toEqual([
      '1新手',
      '2进阶',
      '3达人',
    ])
    const two = spec[1]
    await ok('/api/user/level/update', { id: two.id, minPoints: 200 })
    expect(await levels()).toEqual([1, 1, 3])
    await ok('/api/userLevel/delete', { ids: [l1.id] })
    expect(await levels()).toEqual([2, 2, 3])
    // The app-facing side, after a user's points change.
    await t.database.db.update(appUser).set({ points: 700 }).where(eq(appUser.id, mid!))
    expect(await recomputeUserLevels(t.database.db, [mid!])).toBe(1)
    expect(await levels()).toEqual([2, 3, 3])
  })

  it('counts the users a portrait matches, saved and unsaved, with the same rules', async () => {
    const { id: tag } = await ok('/api/userTag/add', { name: '画像标签' })
    // Region 宁波 is unique to this test's users, so earlier tests' users do not count.
    await insertAppUsers(t, [
      {
        nickname: 'p1',
        region: '浙江省宁波市',
        level: 3,
        tags: [tag],
        activeDaysAgo: 1,
        registeredDaysAgo: 2,
      },
      { nickname: 'p2', region: '宁波', level: 5, activeDaysAgo: 20, registeredDaysAgo: 40 },
      { nickname: 'p3', region: '宁波', level: 1, activeDaysAgo: null, registeredDaysAgo: 100 },
      { nickname: 'p4', region: '宁波', level: 3, state: 'locked', activeDaysAgo: 1 },
      { nickname: 'p5', region: '宁波', level: 3, operator: true, activeDaysAgo: 1 },
    ])
    const rules: PortraitRules = {
      tags: [],
      levelMin: null,
      levelMax: null,
      regions: '宁波',
      activeDays: null,
      registeredDays: null,
    }
    const preview = async (r: Partial<PortraitRules>) =>
      (await ok('/api/portrait/preview', { ...rules, ...r })).total
    expect(await preview({})).toBe(3)
    expect(await preview({ tags: [tag] })).toBe(1)
    expect(await preview({ levelMin: 2, levelMax: 5 })).toBe(2)
    expect(await preview({ activeDays: 7 })).toBe(1)
    expect(await preview({ activeDays: 30 })).toBe(2)
    expect(await preview({ registeredDays: 30 })).toBe(1)
    expect(await preview({ regions: '宁波，温州' })).toBe(3)
    const inverted = await post(admin, '/api/portrait/preview', { ...rules, levelMin: 5, levelMax: 2 })
    expect(inverted.res.statusCode).toBe(422)
    expect(inverted.body.msg).toBe(portraitMessages.levelRange)

    const saved = await ok('/api/portrait/add', { name: '宁波活跃', regions: '宁波', activeDays: 30 })
    await ok('/api/portrait/add', { name: '宁波全部', regions: '宁波' })
    const list = await ok('/api/portrait/list?name=宁波')
    expect(
      Object.fromEntries(list.items.map((r: { name: string; matchCount: number }) => [r.name, r.matchCount])),
    ).toEqual({ 宁波活跃: 2, 宁波全部: 3 })
    await ok('/api/portrait/modify', {
      id: saved.id,
      name: '宁波活跃',
      regions: '宁波',
      activeDays: 30,
      tags: [tag],
    })
    expect((await ok(`/api/portrait/detail?id=${saved.id}`)).fields).toMatchObject({
      tags: [tag],
      matchCount: 1,
    })
    const wrong = await post(admin, '/api/portrait/modify', {
      id: saved.id,
      name: '宁波活跃',
      levelMin: 4,
      levelMax: 2,
    })
    expect(wrong.res.statusCode).toBe(400)
    expect(wrong.body.msg).toBe(portraitMessages.levelRange)
  })

  it('counts and locks users who signed up through the app-facing API', async () => {
    const users = [await app.user('13700000011'), await app.user('13700000012')]
    for (const u of users)
      await app.ok(app.post(u.token, '/api/open/user/profile', { region: '浙江省绍兴市' }))
    const rules: PortraitRules = {
      tags: [],
      levelMin: null,
      levelMax: null,
      regions: '绍兴',
      activeDays: 1,
      registeredDays: 1,
    }
    expect((await ok('/api/portrait/preview', rules)).total).toBe(2)
    await ok('/api/appUser/lock', { ids: [users[0]!.id], reason: '刷屏', duration: '3' })
    expect((await ok('/api/portrait/preview', rules)).total).toBe(1)
    const refused = await app.get(users[0]!.token, '/api/open/user/profile')
    expect(refused.res.statusCode).toBe(403)
    expect(refused.body.msg).toMatch(/^账号已被锁定，原因：刷屏，解锁时间：/)
    const activity = await ok(`/api/appUser/activity?id=${users[0]!.id}`)
    expect(activity.devices).toMatchObject([
      { deviceId: 'device-13700000011', platform: 'android', model: 'Pixel 8' },
    ])
    await ok('/api/appUser/unlock', { ids: [users[0]!.id] })
    expect((await app.get(users[0]!.token, '/api/open/user/profile')).body.code).toBe(0)
  })

  it('generates a batch of unique codes, adds one, tracks uses and state, exports them', async () => {
    const bad = await post(admin, '/api/invitationCode/generate', { prefix: 'vip', count: 5, maxUses: 1 })
    expect(bad.res.statusCode).toBe(422)
    expect(bad.body.msg).toBe('前缀只能是 8 位以内的大写字母或数字')
    expect(
      (await post(admin, '/api/invitationCode/generate', { count: 1001, maxUses: 1 })).res.statusCode,
    ).toBe(422)
    const inverted = await post(admin, '/api/invitationCode/generate', {
      count: 1,
      maxUses: 1,
      validStart: '2026-02-01T00:00:00.000Z',
      validEnd: '2026-01-01T00:00:00.000Z',
    })
    expect(inverted.res.statusCode).toBe(400)
    const made = await ok('/api/invitationCode/generate', {
      prefix: 'VIP',
      count: 50,
      maxUses: 2,
      remark: '春节活动',
    })
    expect(made.created).toBe(50)
    expect(made.batchNo).toMatch(/^VIP-\d{14}$/)
    const rows = await t.database.db
      .select()
      .from(invitationCode)
      .where(eq(invitationCode.batchNo, made.batchNo))
    expect(rows).toHaveLength(50)
    expect(new Set(rows.map((r) => r.code)).size).toBe(50)
    for (const r of rows) expect(r.code).toMatch(/^VIP[A-HJ-NP-Z2-9]{8}$/)
    const [log] = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, '批量生成邀请码'), eq(operationLog.result, 'success')))
    expect(log?.targetName).toBe(`批次 ${made.batchNo}，50 个`)
    // 新增 one: its code is drawn on save.
    const one = await ok('/api/invitationCode/add', { maxUses: 1 })
    const [single] = await t.database.db.select().from(invitationCode).where(eq(invitationCode.id, one.id))
    expect(single!.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/)

    const code = rows[0]!
    // Two sign-ups with it through the app-facing API (decision 0041) use it up.
    await app.ok(app.signIn('13700000001', { invitationCode: code.code }))
    await app.ok(app.signIn('13700000002', { invitationCode: code.code }))
    const third = await app.signIn('13700000003', { invitationCode: code.code })
    expect(third.body.msg).toBe('邀请码已被使用完')
    const uses = await ok(`/api/invitationCode/uses?id=${code.id}`)
    expect(uses.total).toBe(2)
    expect(
      uses.items.map((u: { nickname: string; phone: string; code: string }) => [u.nickname, u.phone, u.code]),
    ).toEqual([
      ['用户0002', '13700000002', code.code],
      ['用户0001', '13700000001', code.code],
    ])
    expect((await ok(`/api/invitationCode/uses?code=${code.code.toLowerCase()}`)).total).toBe(2)
    const status = async (id: number) =>
      (await ok(`/api/invitationCode/list?ids=${id}`)).items[0] as { status: string; usedCount: number }
    expect(await status(code.id)).toMatchObject({ status: 'usedUp', usedCount: 2 })
    // 可用次数 never below 已用次数.
    const lower = await post(admin, '/api/invitationCode/modify', {
      id: code.id,
      maxUses: 1,
      showState: true,
    })
    expect(lower.res.statusCode).toBe(409)
    expect(lower.body.msg).toBe('可用次数不能少于已用次数（2）')
    const other = rows[1]!
    expect((await status(other.id)).status).toBe('usable')
    await ok('/api/invitationCode/showState', { ids: [other.id], showState: false })
    expect((await status(other.id)).status).toBe('disabled')

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/invitationCode/export',
      headers: { 'x-auth-token': admin },
      payload: { batchNo: made.batchNo },
    })
    expect(res.statusCode).toBe(200)
    const { default: ExcelJS } = await import('exceljs')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]!
    expect((ws.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['ID', '邀请码'])
    expect(ws.rowCount).toBe(51)
    const noExport = await grantedAccount(t, 'codeViewer', powerOf({ 邀请码: ['查看'] }))
    expect((await post(noExport.token, '/api/invitationCode/export', {})).res.statusCode).toBe(403)
    expect(
      (await post(noExport.token, '/api/invitationCode/generate', { count: 1, maxUses: 1 })).res.statusCode,
    ).toBe(403)
  })

  it("counts a network commentator's posts and comments by the operator account bound to them", async () => {
    const [acct] = await insertAppUsers(t, [{ nickname: '网评账号', operator: true }])
    const [reader] = await insertAppUsers(t, [{ nickname: '读者' }])
    const recent = await insertPost(t, acct!, '近期帖子', 1)
    await insertPost(t, acct!, '上月帖子', 20)
    await insertPost(t, acct!, '更早帖子', 40)
    await insertPostComment(t, acct!, recent, '评论一', 0)
    await insertPostComment(t, acct!, recent, '评论二', 10)
    await insertPostComment(t, reader!, recent, '别人的评论', 0)
    const person = await ok('/api/networkCommentator/add', {
      name: '陈网评',
      unit: '宣传部',
      area: '鄞州区',
      userId: acct,
    })
    const row = (await ok(`/api/networkCommentator/list?ids=${person.id}`)).items[0]
    expect(row).toMatchObject({
      comments7d: 1,
      comments30d: 2,
      posts7d: 1,
      posts30d: 2,
      refs: { userId: '网评账号' },
    })
    const taken = await post(admin, '/api/networkCommentator/add', { name: '重复', userId: acct })
    expect(taken.res.statusCode).toBe(409)
    expect(taken.body.msg).toBe('该运营用户已绑定其他网评员')
    const activity = await ok(`/api/operatorUser/activity?id=${acct}`)
    expect(activity.posts.total).toBe(3)
    expect(
      activity.comments.items.map((c: { body: string; targetTitle: string }) => [c.body, c.targetTitle]),
    ).toEqual([
      ['评论一', '近期帖子'],
      ['评论二', '近期帖子'],
    ])
  })

  it('keeps default avatars in order, 启用 and 禁用', async () => {
    const a = await ok('/api/defaultAvatar/add', { name: '熊猫', image: '/files/image/2026-11/panda.png' })
    const b = await ok('/api/defaultAvatar/add', { name: '小猫', image: '/files/image/2026-11/cat.png' })
    await ok('/api/defaultAvatar/sort', { ids: [b.id, a.id] })
    expect((await ok('/api/defaultAvatar/list')).items.map((r: { name: string }) => r.name)).toEqual([
      '小猫',
      '熊猫',
    ])
    await ok('/api/defaultAvatar/showState', { ids: [b.id], showState: false })
    expect((await ok(`/api/defaultAvatar/list?ids=${b.id}`)).items[0].showState).toBe(false)
  })
})
