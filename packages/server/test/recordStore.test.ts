import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { department } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

const EDITOR = ['查看', '添加', '编辑', '删除', '提交审核', '撤销审核', '上线/下线']

/**
 * The record store (DESIGN §4, decision 0037) through the splash screen, a definition plus a table: the list, its
 * search and scope, the form's rules, show/hide, delete, and the review flow for a table of its own — versions,
 * the resource log, the queue, its records, the badge.
 */
describe.each(engines)('record store: 闪屏 (%s)', (engine) => {
  let t: TestApp
  let adminToken: string
  type Acct = { id: number; token: string; roleId: number }
  const acct: Record<'editor' | 'outsider' | 'reviewer', Acct> = {} as never
  const { post, get } = contentCalls(() => t)
  const splash = (title: string, extra: Record<string, unknown> = {}) => ({
    title,
    mediaType: 'image',
    image: '/files/image/2026-11/a.png',
    platforms: ['android', 'ios'],
    displayStart: '2026-01-01T00:00:00.000Z',
    displayEnd: '2036-01-01T00:00:00.000Z',
    frequency: 'daily',
    countdown: 5,
    ...extra,
  })
  const add = async (token: string, title: string, extra: Record<string, unknown> = {}) => {
    const r = await post(token, '/api/splash/add', splash(title, extra))
    expect(r.body.code, r.body.msg).toBe(0)
    return r.body.data.id as number
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    adminToken = await login(t.app)
    const [a] = await t.database.db.insert(department).values({ name: '新媒体部' }).returning()
    const [b] = await t.database.db.insert(department).values({ name: '外部' }).returning()
    acct.editor = await scopedAccount(t, 'splashEditor', { 'APP-闪屏': EDITOR }, a!.id)
    acct.outsider = await scopedAccount(t, 'splashOutsider', { 'APP-闪屏': EDITOR }, b!.id)
    acct.reviewer = await scopedAccount(t, 'splashReviewer', { 闪屏审核: ['查看', '审核'] }, a!.id)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('adds, lists, searches and reads a splash screen within the data scope', async () => {
    const id = await add(acct.editor.token, '春节闪屏', { platforms: ['ios'] })
    await add(acct.outsider.token, '外部闪屏')
    const list = await get(acct.editor.token, '/api/splash/list')
    expect(list.body.code, list.body.msg).toBe(0)
    expect(list.body.data.items.map((r: { title: string }) => r.title)).toEqual(['春节闪屏'])
    expect(list.body.data.total).toBe(1)
    const row = list.body.data.items[0]
    expect(row).toMatchObject({
      id,
      verifyState: 0,
      showState: true,
      creatorName: 'splashEditor',
      platforms: ['ios'],
    })
    const all = await get(adminToken, '/api/splash/list?title=闪屏')
    expect(all.body.data.total).toBe(2)
    const ios = await get(adminToken, '/api/splash/list?platforms=android')
    expect(ios.body.data.items.map((r: { title: string }) => r.title)).toEqual(['外部闪屏'])
    const detail = await get(acct.editor.token, `/api/splash/detail?id=${id}`)
    expect(detail.body.data.fields).toMatchObject({
      title: '春节闪屏',
      frequency: 'daily',
      countdown: 5,
      skippable: true,
    })
    const hidden = await get(acct.outsider.token, `/api/splash/detail?id=${id}`)
    expect(hidden.res.statusCode).toBe(404)
    const nums = await get(acct.editor.token, '/api/splash/nums')
    expect(nums.body.data).toEqual({ list: 1 })
  })

  it('refuses what the form refuses, with the same messages', async () => {
    const noImage = await post(acct.editor.token, '/api/splash/add', splash('缺图', { image: '' }))
    expect(noImage.res.statusCode).toBe(422)
    expect(noImage.body.msg).toContain('请上传图片')
    const video = await post(
      acct.editor.token,
      '/api/splash/add',
      splash('视频闪屏', { mediaType: 'video', image: '' }),
    )
    expect(video.body.msg).toContain('请上传视频')
    const noPlatform = await post(acct.editor.token, '/api/splash/add', splash('无平台', { platforms: [] }))
    expect(noPlatform.body.msg).toContain('请选择投放平台')
    const window = await post(
      acct.editor.token,
      '/api/splash/add',
      splash('倒置', { displayStart: '2030-01-01T00:00:00.000Z', displayEnd: '2029-01-01T00:00:00.000Z' }),
    )
    expect(window.res.statusCode).toBe(400)
    expect(window.body.msg).toBe('展示结束时间不能早于开始时间')
    const countdown = await post(acct.editor.token, '/api/splash/add', splash('倒计时', { countdown: 30 }))
    expect(countdown.body.msg).toContain('倒计时（秒）填写有误')
  })

  it('goes offline and online, and deletes for ever (APP-闪屏 has no 回收站)', async () => {
    const id = await add(acct.editor.token, '下线闪屏')
    const off = await post(acct.editor.token, '/api/splash/showState', { ids: [id], showState: false })
    expect(off.body.data).toEqual({ updated: 1 })
    expect((await get(acct.editor.token, `/api/splash/detail?id=${id}`)).body.data.showState).toBe(false)
    const gone = await post(acct.editor.token, '/api/splash/delete', { ids: [id] })
    expect(gone.body.data).toEqual({ recycled: 0, deleted: 1 })
    expect((await get(acct.editor.token, `/api/splash/detail?id=${id}`)).res.statusCode).toBe(404)
    const other = await add(acct.outsider.token, '别人的')
    const refused = await post(acct.editor.token, '/api/splash/delete', { ids: [other] })
    expect(refused.res.statusCode).toBe(404)
  })

  it('is reviewed like content: submit, reject with a reason, resubmit, approve; queue, records, versions, badge', async () => {
    const id = await add(acct.editor.token, '审核闪屏')
    const submitted = await post(acct.editor.token, '/api/splash/examination', { ids: [id] })
    expect(submitted.body.data).toEqual({ updated: 1 })
    const badge = await get(acct.reviewer.token, '/api/verify-center/pendingCounts')
    expect(badge.body.data.counts['/splashAudit']).toBe(1)
    const queue = await get(acct.reviewer.token, '/api/verify-center/splash?type=list')
    expect(queue.body.data.items).toMatchObject([
      { id, title: '审核闪屏', kind: 'splash', submitterName: 'splashEditor' },
    ])
    // 待我审核 across every type lists it too, with its queue, and counts as the badge does.
    const mine = await get(acct.reviewer.token, '/api/process/resource/list')
    expect(mine.body.data).toMatchObject({
      total: 1,
      items: [
        { id, title: '审核闪屏', resType: 'splash', queue: '/splashAudit', creatorName: 'splashEditor' },
      ],
    })
    const asAdmin = await get(adminToken, '/api/process/resource/list?resType=splash')
    expect(asAdmin.body.data.items.map((r: { id: number }) => r.id)).toContain(id)
    const rejected = await post(acct.reviewer.token, '/api/verify-center/rejection', {
      resType: 'splash',
      ids: [id],
      reason: '图片模糊',
    })
    expect(rejected.body.data).toEqual({ updated: 1 })
    const row = (await get(acct.editor.token, '/api/splash/list')).body.data.items.find(
      (r: { id: number }) => r.id === id,
    )
    expect(row).toMatchObject({ verifyState: 2, rejectReason: '图片模糊' })
    await post(acct.editor.token, '/api/splash/modify', { id, ...splash('审核闪屏（改）') })
    await post(acct.editor.token, '/api/splash/examination', { ids: [id] })
    const diff = await get(acct.reviewer.token, `/api/splash/versionDiff?id=${id}`)
    expect(diff.body.data.baseline.decision).toBe('reject')
    expect(diff.body.data.changes.map((c: { name: string }) => c.name)).toEqual(['title'])
    const approved = await post(acct.reviewer.token, '/api/verify-center/approved', {
      resType: 'splash',
      ids: [id],
    })
    expect(approved.body.data).toEqual({ updated: 1 })
    expect((await get(acct.editor.token, `/api/splash/detail?id=${id}`)).body.data.verifyState).toBe(1)
    const records = await get(acct.reviewer.token, '/api/verify-center/splash?type=wait')
    expect(
      records.body.data.items.map((r: { action: string; title: string }) => [r.action, r.title]),
    ).toEqual([
      ['pass', '审核闪屏（改）'],
      ['reject', '审核闪屏'],
    ])
    const log = await get(acct.editor.token, `/api/process/resource/log?resType=splash&resId=${id}`)
    expect(log.body.data.items.map((r: { action: string }) => r.action)).toEqual([
      'submit',
      'reject',
      'submit',
      'pass',
    ])
    const none = await get(acct.reviewer.token, '/api/verify-center/pendingCounts')
    expect(none.body.data.counts['/splashAudit']).toBe(0)
    // Another department's reviewer sees neither the item nor its count; an editor cannot decide.
    const decide = await post(acct.editor.token, '/api/verify-center/approved', {
      resType: 'splash',
      ids: [id],
    })
    expect(decide.res.statusCode).toBe(403)
  })
})
