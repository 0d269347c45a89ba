import { mediaAccountMessages } from '@moc/domain/api/mediaAccounts'
import { formatLockTime } from '@moc/domain/rules/appUserLock'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { department } from '../src/db/schema.ts'
import { appUser } from '../src/db/tables/community.ts'
import { mediaAccount } from '../src/db/tables/media.ts'
import { endExpiredMediaLocks } from '../src/modules/mediaAccounts/mediaAccountUsable.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'
import { approvedMediaAccount, MEDIA_APPLICATION } from './mediaAccountCalls.ts'
import { appCalls } from './openCommunityCalls.ts'

/**
 * Media accounts (issue 23, decision 0043): an application with its certification reviewed in /mediaAudit, 冻结 and
 * 锁定 with their reasons, content under an account refused while it cannot take any, the app hiding a frozen
 * account's content, sub-accounts, operators with media roles, columns and operating presets.
 */
describe.each(engines)('media accounts (%s)', (engine) => {
  let t: TestApp
  let superToken = ''
  const acct = {} as Record<'manager' | 'reviewer' | 'editor', { token: string }>
  const { post: call, get } = contentCalls(() => t)
  const app = appCalls(() => t)
  const ok = async (r: ReturnType<typeof call>) => {
    const { body } = await r
    expect(body.code, body.msg).toBe(0)
    return body.data
  }
  /** An account's detail: its values and the review state beside them. */
  const detail = async (id: number) => {
    const d = await ok(get(superToken, `/api/mediaAccount/detail?id=${id}`))
    return { verifyState: d.verifyState, ...d.fields }
  }
  const apply = (token: string, name: string, extra: Record<string, unknown> = {}) =>
    call(token, '/api/mediaAccount/insert', { ...MEDIA_APPLICATION, name, ...extra })
  const pending = async () =>
    (await ok(get(acct.reviewer.token, '/api/verify-center/pendingCounts'))).counts['/mediaAudit']
  const article = (token: string, title: string, mediaAccountId: number | null) =>
    call(token, '/api/content/add', { kind: 'article', title, body: `<p>${title}</p>`, mediaAccountId })
  let users = 0
  const appUserId = async () => {
    const [u] = await t.database.db
      .insert(appUser)
      .values({ phone: `1591111${String(++users).padStart(4, '0')}`, nickname: `运营者${users}` })
      .returning({ id: appUser.id })
    return u!.id
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await login(t.app)
    const [d] = await t.database.db.insert(department).values({ name: '媒体运营部' }).returning()
    acct.manager = await scopedAccount(
      t,
      'mediaManager',
      {
        媒体号管理: [
          '查看',
          '添加',
          '编辑',
          '删除',
          '提交审核',
          '撤销审核',
          '锁定/解锁',
          '冻结/解冻',
          '启用/禁用',
        ],
        '媒体号-栏目': ['查看', '添加', '编辑'],
        '媒体号-角色': ['查看', '添加'],
        '媒体号-运营预置': ['查看', '添加', '编辑', '启用/禁用'],
      },
      d!.id,
    )
    acct.reviewer = await scopedAccount(t, 'mediaReviewer', { 媒体号审核: ['查看', '审核'] }, d!.id)
    acct.editor = await scopedAccount(t, 'mediaEditor', { '内容-文章': ['查看', '添加', '编辑'] }, d!.id)
  }, 60_000)
  afterAll(() => t?.close())

  it('applies with a certification, waits in /mediaAudit with a badge, is rejected with a reason and approved', async () => {
    const noCert = await apply(acct.manager.token, '缺资质号', { certification: '' })
    expect([noCert.res.statusCode, noCert.body.msg]).toEqual([422, '请上传资质证明'])
    const applied = await ok(apply(acct.manager.token, '西湖区融媒体中心', { region: '浙江省杭州市西湖区' }))
    expect(applied).toMatchObject({
      verifyState: 0,
      state: 'normal',
      certification: MEDIA_APPLICATION.certification,
    })
    const id = applied.id as number
    expect(await pending()).toBe(0)
    await ok(call(acct.manager.token, '/api/mediaAccount/examination', { ids: [id] }))
    expect(await pending()).toBe(1)
    const queue = await ok(get(acct.reviewer.token, '/api/verify-center/mediaList'))
    expect(queue.items.map((r: { title: string }) => r.title)).toEqual(['西湖区融媒体中心'])
    // The applicant cannot decide; a rejection needs its reason.
    expect(
      (await call(acct.manager.token, '/api/verify-center/mediaVerify', { id, verifyState: 1 })).res
        .statusCode,
    ).toBe(403)
    const bare = await call(acct.reviewer.token, '/api/verify-center/mediaVerify', {
      id,
      verifyState: 2,
      reason: ' ',
    })
    expect([bare.res.statusCode, bare.body.msg]).toEqual([422, '请输入驳回原因'])
    await ok(
      call(acct.reviewer.token, '/api/verify-center/mediaVerify', {
        id,
        verifyState: 2,
        reason: '资质证明不清晰',
      }),
    )
    expect(await detail(id)).toMatchObject({ verifyState: 2 })
    expect(await pending()).toBe(0)
    const log = await ok(get(acct.reviewer.token, '/api/verify-center/mediaVerifyLog'))
    expect(log.items.map((r: { title: string }) => r.title)).toContain('西湖区融媒体中心')

    // Fixed and submitted again: approved through the spec's examine.
    await ok(
      call(acct.manager.token, '/api/mediaAccount/update', {
        ...MEDIA_APPLICATION,
        id,
        name: '西湖区融媒体中心',
        certification: '/files/attachment/2026-11/licence-clear.pdf',
      }),
    )
    await ok(call(acct.manager.token, '/api/mediaAccount/examination', { ids: [id] }))
    await ok(call(acct.reviewer.token, '/api/mediaAccount/examine', { id, verifyState: 1 }))
    // A private attachment reads through a fresh signed URL (freshFileUrls).
    expect(await detail(id)).toMatchObject({
      verifyState: 1,
      certification: expect.stringMatching(
        /^\/files\/attachment\/2026-11\/licence-clear\.pdf\?expires=\d+&sig=/,
      ),
    })

    // Several at once through updateBatch.
    const more = [
      (await ok(apply(acct.manager.token, '滨江区教育局'))).id,
      (await ok(apply(acct.manager.token, '余杭区融媒体中心'))).id,
    ]
    await ok(call(acct.manager.token, '/api/mediaAccount/examination', { ids: more }))
    expect(await pending()).toBe(2)
    await ok(call(acct.reviewer.token, '/api/mediaAccount/updateBatch', { ids: more, verifyState: 1 }))
    expect(await pending()).toBe(0)
    for (const m of more) expect(await detail(m)).toMatchObject({ verifyState: 1 })
  })

  it('freezes, unfreezes, locks and unlocks with a reason, one by one or through operate/batch', async () => {
    const a = await approvedMediaAccount(t, superToken, '市教育局')
    const b = await approvedMediaAccount(t, superToken, '市卫健委')
    const m = acct.manager.token
    const noReason = await call(m, '/api/mediaAccount/frozen', { id: a })
    expect([noReason.res.statusCode, noReason.body.msg]).toEqual([422, '冻结原因填写有误'])
    await ok(call(m, '/api/mediaAccount/frozen', { id: a, reason: '资质过期' }))
    expect(await detail(a)).toMatchObject({ state: 'frozen', stateReason: '资质过期' })
    const lockFrozen = await call(m, '/api/mediaAccount/lock', { ids: [a], reason: '违规', duration: '1' })
    expect([lockFrozen.res.statusCode, lockFrozen.body.msg]).toEqual([
      409,
      '已冻结的媒体号不能锁定：「市教育局」',
    ])
    await ok(call(m, '/api/mediaAccount/unfrozen', { id: a }))
    expect(await detail(a)).toMatchObject({ state: 'normal', stateReason: '' })
    const again = await call(m, '/api/mediaAccount/unfrozen', { id: a })
    expect([again.res.statusCode, again.body.msg]).toEqual([409, '「市教育局」未被冻结'])

    const batch = (operate: string, extra: Record<string, unknown> = {}) =>
      call(m, '/api/mediaAccount/operate/batch', { ids: [a, b], operate, ...extra })
    expect((await batch('lock', { duration: '7' })).body.msg).toBe('锁定原因填写有误')
    await ok(batch('lock', { reason: '发布不实信息', duration: '7' }))
    const locked = await detail(b)
    expect(locked).toMatchObject({ state: 'locked', stateReason: '发布不实信息' })
    const days = (new Date(locked.lockedUntil).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThanOrEqual(7)
    await ok(batch('unlock'))
    await ok(batch('frozen', { reason: '停止运营' }))
    expect(await detail(b)).toMatchObject({ state: 'frozen' })
    await ok(batch('unfrozen'))
    expect([(await detail(a)).state, (await detail(b)).state]).toEqual(['normal', 'normal'])
    expect((await batch('nope')).res.statusCode).toBe(400)
    // Without 冻结/解冻 the guard refuses.
    expect(
      (await call(acct.editor.token, '/api/mediaAccount/frozen', { id: a, reason: 'x' })).res.statusCode,
    ).toBe(403)
    await ok(call(m, '/api/mediaAccount/operate/batch', { ids: [b], operate: 'delete' }))
    expect((await get(superToken, `/api/mediaAccount/detail?id=${b}`)).res.statusCode).toBe(404)
  })

  it('refuses new content under a frozen, locked or unapproved account; an older item keeps saving', async () => {
    const name = '区融媒号'
    const id = await approvedMediaAccount(t, superToken, name)
    const older = await ok(article(acct.editor.token, '冻结前的文章', id))
    const other = await ok(article(acct.editor.token, '无媒体号的文章', null))
    await ok(call(superToken, '/api/mediaAccount/frozen', { id, reason: '资质过期' }))
    const frozen = await article(acct.editor.token, '冻结后的文章', id)
    expect([frozen.res.statusCode, frozen.body.msg]).toEqual([400, mediaAccountMessages.frozen(name)])
    // The older item saves as it is; moving another item under the account is refused.
    const fieldsOf = async (contentId: number) =>
      (await ok(get(acct.editor.token, `/api/content/detail?kind=article&id=${contentId}`))).fields
    await ok(
      call(acct.editor.token, '/api/content/modify', {
        kind: 'article',
        id: older.id,
        ...(await fieldsOf(older.id)),
        title: '冻结前的文章（改）',
      }),
    )
    const moved = await call(acct.editor.token, '/api/content/modify', {
      kind: 'article',
      id: other.id,
      ...(await fieldsOf(other.id)),
      mediaAccountId: id,
    })
    expect(moved.body.msg).toBe(mediaAccountMessages.frozen(name))
    await ok(call(superToken, '/api/mediaAccount/unfrozen', { id }))

    await ok(call(superToken, '/api/mediaAccount/lock', { ids: [id], reason: '违规转载', duration: '1' }))
    const until = formatLockTime((await detail(id)).lockedUntil)
    expect((await article(acct.editor.token, '锁定后的文章', id)).body.msg).toBe(
      mediaAccountMessages.locked(name, '违规转载', until),
    )
    await ok(
      call(superToken, '/api/mediaAccount/lock', { ids: [id], reason: '严重违规', duration: 'forever' }),
    )
    expect((await article(acct.editor.token, '永久锁定后的文章', id)).body.msg).toBe(
      mediaAccountMessages.locked(name, '严重违规', '永久'),
    )

    // A lock whose end has passed is over: ended when content names the account…
    const past = new Date(Date.now() - 60_000)
    await t.database.db.update(mediaAccount).set({ lockedUntil: past }).where(eq(mediaAccount.id, id))
    await ok(article(acct.editor.token, '解锁后的文章', id))
    expect(await detail(id)).toMatchObject({ state: 'normal', lockedUntil: null, stateReason: '' })
    // …or by the sweep.
    await ok(call(superToken, '/api/mediaAccount/lock', { ids: [id], reason: '再次违规', duration: '1' }))
    await t.database.db.update(mediaAccount).set({ lockedUntil: past }).where(eq(mediaAccount.id, id))
    expect(await endExpiredMediaLocks(t.database.db)).toBe(1)
    expect(await detail(id)).toMatchObject({ state: 'normal' })

    const draft = await ok(apply(superToken, '未审核号'))
    expect((await article(acct.editor.token, '未审核号的文章', draft.id)).body.msg).toBe(
      mediaAccountMessages.notApproved('未审核号'),
    )
    expect((await article(acct.editor.token, '不存在的号', 999_999)).body.msg).toBe(
      mediaAccountMessages.notFound,
    )
  })

  it("hides a frozen account's content from the app and shows it again once unfrozen", async () => {
    const id = await approvedMediaAccount(t, superToken, '城市之声')
    const published = await ok(article(superToken, '城市之声的报道', id))
    await ok(call(superToken, '/api/content/publish/noExamine', { kind: 'article', ids: [published.id] }))
    const titles = async () =>
      (
        (await app.ok(app.get(undefined, '/api/open/content/list?type=article'))).items as { title: string }[]
      ).map((i) => i.title)
    const read = () => app.get(undefined, `/api/open/content/detail?id=${published.id}`)
    expect(await titles()).toContain('城市之声的报道')
    await ok(call(superToken, '/api/mediaAccount/frozen', { id, reason: '资质过期' }))
    expect(await titles()).not.toContain('城市之声的报道')
    expect((await read()).res.statusCode).toBe(404)
    await ok(call(superToken, '/api/mediaAccount/unfrozen', { id }))
    expect(await titles()).toContain('城市之声的报道')
    expect((await app.ok(read())).title).toBe('城市之声的报道')
  })

  it('keeps sub-accounts through /mediaSon', async () => {
    const id = await approvedMediaAccount(t, superToken, '市政府')
    const m = acct.manager.token
    const son = await ok(
      call(m, '/api/mediaSon/insert', {
        mediaAccountId: id,
        name: '市政府办公厅',
        contactPhone: '13800001111',
      }),
    )
    const twice = await call(m, '/api/mediaSon/insert', { mediaAccountId: id, name: '市政府办公厅' })
    expect([twice.res.statusCode, twice.body.msg]).toEqual([409, '该媒体号下已有同名子账号'])
    expect(
      (await call(m, '/api/mediaSon/insert', { mediaAccountId: id, name: 'x', contactPhone: '123' })).body
        .msg,
    ).toBe('请输入正确的手机号')
    await ok(call(m, '/api/mediaSon/updateById', { id: son.id, mediaAccountId: id, name: '市政府办公室' }))
    const page = await ok(get(m, `/api/mediaSon/pageList?mediaAccountId=${id}`))
    expect(page.items.map((r: { name: string }) => r.name)).toEqual(['市政府办公室'])
    expect((await ok(get(m, `/api/mediaSon/detailById?id=${son.id}`))).fields).toMatchObject({
      name: '市政府办公室',
      mediaAccountId: id,
      contactPhone: '',
    })
    await ok(call(m, '/api/mediaSon/showState', { ids: [son.id], showState: false }))
    expect((await detail(id)).sons).toBe(1)
    await ok(call(m, '/api/mediaSon/deleteById', { id: son.id }))
    expect((await ok(get(m, `/api/mediaSon/pageList?mediaAccountId=${id}`))).total).toBe(0)
  })

  it('runs an account with operators (app users) holding media roles; columns through /relationMediaColumn', async () => {
    const id = await approvedMediaAccount(t, superToken, '市文旅局')
    const m = acct.manager.token
    const editorRole = await ok(
      call(m, '/api/mediaRole/add', { name: '主编', permissions: ['publish', 'edit'] }),
    )
    await ok(call(m, '/api/mediaRole/add', { name: '数据员', permissions: ['data'] }))
    const roles = await ok(get(m, '/api/mediaAccount/roles'))
    expect(roles.items.map((r: { name: string }) => r.name).sort()).toEqual(['主编', '数据员'])
    const user = await appUserId()
    const op = await ok(
      call(m, '/api/mediaOperator/add', {
        mediaAccountId: id,
        userId: user,
        roleId: editorRole.id,
        remark: '小编',
      }),
    )
    const twice = await call(m, '/api/mediaOperator/add', {
      mediaAccountId: id,
      userId: user,
      roleId: editorRole.id,
    })
    expect([twice.res.statusCode, twice.body.msg]).toEqual([409, '该用户已是此媒体号的运营者'])
    const list = await ok(get(m, `/api/mediaAccount/operateList?id=${id}`))
    expect(list.items.map((r: { id: number }) => r.id)).toEqual([op.id])
    expect(list.items[0].refs).toMatchObject({ roleId: '主编', mediaAccountId: '市文旅局' })
    expect((await detail(id)).operators).toBe(1)
    await ok(call(m, '/api/mediaOperator/showState', { ids: [op.id], showState: false }))

    const columns = [
      (await ok(call(m, '/api/mediaColumn/add', { name: '文旅' }))).id,
      (await ok(call(m, '/api/mediaColumn/add', { name: '民生' }))).id,
    ]
    await ok(call(m, '/api/relationMediaColumn', { mediaAccountId: id, columnIds: columns }))
    expect((await detail(id)).columns).toEqual(columns)
    const filed = await ok(get(m, `/api/relationMediaColumn?columnId=${columns[1]}`))
    expect(filed.items.map((r: { name: string }) => r.name)).toEqual(['市文旅局'])
  })

  it('operating presets: default columns on approval, the roles operators may hold, a disabled preset refused', async () => {
    const m = acct.manager.token
    const column = (await ok(call(m, '/api/mediaColumn/add', { name: '教育' }))).id
    const allowed = (await ok(call(m, '/api/mediaRole/add', { name: '发布员', permissions: ['publish'] }))).id
    const other = (await ok(call(m, '/api/mediaRole/add', { name: '回复员', permissions: ['reply'] }))).id
    const preset = await ok(
      call(m, '/api/operatingPreset/add', {
        name: '学校套餐',
        columns: [column],
        roles: [allowed],
        recommendSlots: 1,
      }),
    )
    const id = await approvedMediaAccount(t, m, '实验中学', { presetId: preset.id }, acct.reviewer.token)
    expect(await detail(id)).toMatchObject({ columns: [column], presetId: preset.id })
    // An account approved with columns of its own keeps them.
    const own = (await ok(call(m, '/api/mediaColumn/add', { name: '校园' }))).id
    const kept = await approvedMediaAccount(
      t,
      m,
      '第二中学',
      { presetId: preset.id, columns: [own] },
      acct.reviewer.token,
    )
    expect((await detail(kept)).columns).toEqual([own])

    const user = await appUserId()
    const refused = await call(m, '/api/mediaOperator/add', {
      mediaAccountId: id,
      userId: user,
      roleId: other,
    })
    expect([refused.res.statusCode, refused.body.msg]).toEqual([400, mediaAccountMessages.roleNotInPreset])
    await ok(call(m, '/api/mediaOperator/add', { mediaAccountId: id, userId: user, roleId: allowed }))

    // A pending application whose preset is then disabled can still be decided; a new one cannot choose it.
    const waiting = (await ok(apply(m, '第三中学', { presetId: preset.id }))).id
    await ok(call(m, '/api/mediaAccount/examination', { ids: [waiting] }))
    await ok(call(m, '/api/operatingPreset/showState', { ids: [preset.id], showState: false }))
    await ok(
      call(acct.reviewer.token, '/api/verify-center/mediaVerify', {
        id: waiting,
        verifyState: 2,
        reason: '材料不全',
      }),
    )
    const disabled = await apply(m, '第四中学', { presetId: preset.id })
    expect([disabled.res.statusCode, disabled.body.msg]).toEqual([400, mediaAccountMessages.presetDisabled])
    expect((await ok(get(m, `/api/operatingPreset/detail?id=${preset.id}`))).fields.accounts).toBe(3)
  })
})
