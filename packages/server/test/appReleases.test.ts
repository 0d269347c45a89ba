import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { zipOf } from '../../../e2e/zipFile.ts'
import { department, operationLog } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

const CRUD = ['查看', '添加', '编辑', '删除']
const SUBMIT = ['提交审核', '撤销审核']
const REVIEW = ['查看', '审核']

/**
 * App configuration, what the app releases (decision 0038): versions (codes increase per platform, the .apk
 * upload, the review centre's version calls), pop-ups (rejected with a reason), help articles, adverts in their
 * manual order, and the splash queue's one-call decision.
 */
describe.each(engines)('App configuration: versions, pop-ups, help, adverts (%s)', (engine) => {
  let t: TestApp
  let adminToken: string
  type Acct = { id: number; token: string; roleId: number }
  const acct: Record<'editor' | 'reviewer' | 'adman' | 'viewer', Acct> = {} as never
  const { post, get } = contentCalls(() => t)

  const version = (platform: string, versionCode: number, extra: Record<string, unknown> = {}) => ({
    platform,
    versionName: '6.2.0',
    versionCode,
    packageType: 'store',
    storeUrl: 'https://apps.apple.com/cn/app/id1',
    releaseNotes: '修复已知问题',
    ...extra,
  })
  const added = async (url: string, body: Record<string, unknown>, token = acct.editor.token) => {
    const r = await post(token, url, body)
    expect(r.body.code, r.body.msg).toBe(0)
    return r.body.data.id as number
  }

  async function upload(token: string, kind: string, name: string, data: Buffer) {
    const form = new FormData()
    form.append('kind', kind)
    form.append('file', new Blob([new Uint8Array(data)], { type: 'application/octet-stream' }), name)
    const req = new Request('http://localhost/', { method: 'POST', body: form })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/file',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type') ?? '', 'x-auth-token': token },
    })
    return { res, body: res.json() }
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    adminToken = await login(t.app)
    const [a] = await t.database.db.insert(department).values({ name: 'App运营部' }).returning()
    acct.editor = await scopedAccount(
      t,
      'appEditor',
      {
        'APP-版本': [...CRUD, ...SUBMIT],
        'APP-弹窗': [...CRUD, ...SUBMIT, '上线/下线'],
        'APP-帮助文章': [...CRUD, ...SUBMIT, '显示/隐藏'],
        'APP-闪屏': [...CRUD, ...SUBMIT, '上线/下线'],
      },
      a!.id,
    )
    acct.reviewer = await scopedAccount(
      t,
      'appReviewer',
      { 版本审核: REVIEW, 弹窗审核: REVIEW, 帮助文章审核: REVIEW, 闪屏审核: REVIEW },
      a!.id,
    )
    acct.adman = await scopedAccount(t, 'appAdman', { 'APP-广告': [...CRUD, '排序', '上线/下线'] }, a!.id)
    acct.viewer = await scopedAccount(t, 'appViewer', { 'APP-广告': ['查看', '编辑'] }, a!.id)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('versions: the code must increase per platform; an older version stays editable; the name has a format', async () => {
    const ios = await added('/api/appVersion/add', version('ios', 60200))
    const lower = await post(acct.editor.token, '/api/appVersion/add', version('ios', 60100))
    expect(lower.res.statusCode).toBe(409)
    expect(lower.body.msg).toBe('版本号必须大于该平台已有的版本号（当前最大 60200）')
    const same = await post(acct.editor.token, '/api/appVersion/add', version('ios', 60200))
    expect(same.body.msg).toBe('版本号必须大于该平台已有的版本号（当前最大 60200）')
    // Another platform counts on its own.
    await added(
      '/api/appVersion/add',
      version('harmony', 100, { storeUrl: 'https://appgallery.huawei.com/app/C1' }),
    )
    const newer = await added('/api/appVersion/add', version('ios', 60300, { versionName: '6.3.0' }))
    // The older version's notes stay editable; its code cannot overtake or match the newer one's.
    const kept = await post(acct.editor.token, '/api/appVersion/modify', {
      id: ios,
      ...version('ios', 60200, { releaseNotes: '修复闪退' }),
    })
    expect(kept.body.code, kept.body.msg).toBe(0)
    const moved = await post(acct.editor.token, '/api/appVersion/modify', {
      id: ios,
      ...version('ios', 60250),
    })
    expect(moved.body.msg).toBe('版本号必须大于该平台已有的版本号（当前最大 60300）')
    const up = await post(acct.editor.token, '/api/appVersion/modify', {
      id: newer,
      ...version('ios', 60400, { versionName: '6.4.0' }),
    })
    expect(up.body.code, up.body.msg).toBe(0)

    const badName = await post(
      acct.editor.token,
      '/api/appVersion/add',
      version('ios', 70000, { versionName: 'v7' }),
    )
    expect(badName.res.statusCode).toBe(422)
    expect(badName.body.msg).toContain('版本名称应为数字和点，如 6.2.0')
    const noCode = await post(
      acct.editor.token,
      '/api/appVersion/add',
      version('ios', 70000, { versionCode: null }),
    )
    expect(noCode.res.statusCode).toBe(422)
    expect(noCode.body.msg).toContain('请输入版本号')
    const noStore = await post(
      acct.editor.token,
      '/api/appVersion/add',
      version('ios', 70000, { storeUrl: '' }),
    )
    expect(noStore.body.msg).toContain('请输入应用商店链接')
    const ratio = await post(
      acct.editor.token,
      '/api/appVersion/add',
      version('ios', 70000, { greyRatio: 0 }),
    )
    expect(ratio.body.msg).toContain('灰度比例(%)填写有误')

    const detail = await get(acct.editor.token, `/api/appVersion/detail?id=${ios}`)
    expect(detail.body.data).toMatchObject({ title: '6.2.0' })
    expect(detail.body.data.fields).toMatchObject({
      versionCode: 60200,
      releaseNotes: '修复闪退',
      greyRatio: 100,
      forceUpdate: false,
    })
    const list = await get(acct.editor.token, '/api/appVersion/list?platform=ios')
    expect(list.body.data.items.map((r: { versionCode: number }) => r.versionCode)).toEqual([60400, 60200])
  })

  it('versions: the .apk upload is accepted as a public download and other files are refused', async () => {
    const apk = zipOf({ 'AndroidManifest.xml': '<manifest/>', 'classes.dex': 'dex\n035' })
    const ok = await upload(acct.editor.token, 'apk', 'news-6.2.0.apk', apk)
    expect(ok.body.code, ok.body.msg).toBe(0)
    expect(ok.body.data.url).toMatch(/\/package\/\d{4}-\d{2}\/[0-9a-f]+\.apk$/)
    expect(ok.body.data.contentType).toBe('application/vnd.android.package-archive')
    const zip = await upload(acct.editor.token, 'apk', 'news.zip', zipOf({ 'a.txt': 'a' }))
    expect(zip.res.statusCode).toBe(422)
    expect(zip.body.msg).toBe('只支持上传apk安装包')
    const fake = await upload(acct.editor.token, 'apk', 'fake.apk', Buffer.from('not an archive at all'))
    expect(fake.res.statusCode).toBe(422)
    expect(fake.body.msg).toBe('文件内容与格式不符')

    const id = await added(
      '/api/appVersion/add',
      version('android', 60200, {
        packageType: 'apk',
        storeUrl: '',
        packageUrl: ok.body.data.url,
        forceUpdate: true,
      }),
    )
    const noApk = await post(
      acct.editor.token,
      '/api/appVersion/add',
      version('android', 60300, { packageType: 'apk' }),
    )
    expect(noApk.body.msg).toContain('请上传安装包')
    const file = await t.app.inject({ method: 'GET', url: new URL(ok.body.data.url, 'http://x').pathname })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-disposition']).toBe('attachment')
    expect(
      (await get(acct.editor.token, `/api/appVersion/detail?id=${id}`)).body.data.fields.packageUrl,
    ).toBe(ok.body.data.url)
  })

  it('versions: reviewed through the spec calls — GET /verify-center/versions, POST /verify-center/version', async () => {
    const id = await added('/api/appVersion/add', version('ios', 80000, { versionName: '8.0.0' }))
    await post(acct.editor.token, '/api/appVersion/examination', { ids: [id] })
    const badge = await get(acct.reviewer.token, '/api/verify-center/pendingCounts')
    expect(badge.body.data.counts['/versionAudit']).toBe(1)
    const queue = await get(acct.reviewer.token, '/api/verify-center/versions?type=list')
    expect(queue.body.code, queue.body.msg).toBe(0)
    expect(queue.body.data.items).toMatchObject([{ id, title: '8.0.0', kind: 'appVersion' }])
    const noReason = await post(acct.reviewer.token, '/api/verify-center/version', { pass: false, ids: [id] })
    expect(noReason.res.statusCode).toBe(422)
    const rejected = await post(acct.reviewer.token, '/api/verify-center/version', {
      pass: false,
      ids: [id],
      reason: '更新说明不完整',
    })
    expect(rejected.body.data).toEqual({ updated: 1 })
    await post(acct.editor.token, '/api/appVersion/examination', { ids: [id] })
    const approved = await post(acct.reviewer.token, '/api/verify-center/version', { pass: true, ids: [id] })
    expect(approved.body.data).toEqual({ updated: 1 })
    expect((await get(acct.editor.token, `/api/appVersion/detail?id=${id}`)).body.data.verifyState).toBe(1)
    // /versionAudited: the reviewer's records, newest first.
    const records = await get(acct.reviewer.token, '/api/verify-center/version?type=wait')
    expect(
      records.body.data.items.map((r: { action: string; comment: string }) => [r.action, r.comment]),
    ).toEqual([
      ['pass', ''],
      ['reject', '更新说明不完整'],
    ])
    const editor = await post(acct.editor.token, '/api/verify-center/version', { pass: true, ids: [id] })
    expect(editor.res.statusCode).toBe(403)
  })

  it('pop-ups: rejected with a reason, the list shows it and /popupAudit keeps the record', async () => {
    const popup = {
      title: '国庆弹窗',
      image: '/files/image/2026-11/p.png',
      platforms: ['android', 'ios'],
      displayStart: '2026-10-01T00:00:00.000Z',
      displayEnd: '2026-10-08T00:00:00.000Z',
      frequency: 'daily',
    }
    const noImage = await post(acct.editor.token, '/api/popup/add', { ...popup, image: '' })
    expect(noImage.body.msg).toContain('请上传弹窗图片')
    const noStart = await post(acct.editor.token, '/api/popup/add', { ...popup, displayStart: null })
    expect(noStart.res.statusCode).toBe(422)
    expect(noStart.body.msg).toContain('请选择开始时间')
    const id = await added('/api/popup/add', popup)
    await post(acct.editor.token, '/api/popup/examination', { ids: [id] })
    expect(
      (await get(acct.reviewer.token, '/api/verify-center/pendingCounts')).body.data.counts['/popupAudit'],
    ).toBe(1)
    const rejected = await post(acct.reviewer.token, '/api/verify-center/rejection', {
      resType: 'popup',
      ids: [id],
      reason: '图片含二维码',
    })
    expect(rejected.body.data).toEqual({ updated: 1 })
    const row = (await get(acct.editor.token, '/api/popup/list')).body.data.items.find(
      (r: { id: number }) => r.id === id,
    )
    expect(row).toMatchObject({ verifyState: 2, rejectReason: '图片含二维码', showState: true })
    const records = await get(acct.reviewer.token, '/api/verify-center/popup?type=wait')
    expect(records.body.data.items).toMatchObject([
      { id, title: '国庆弹窗', action: 'reject', comment: '图片含二维码', cover: popup.image },
    ])
    const off = await post(acct.editor.token, '/api/popup/showState', { ids: [id], showState: false })
    expect(off.body.data).toEqual({ updated: 1 })
    // The operation log is written once the answer is sent.
    await vi.waitFor(async () => {
      const logs = await t.database.db.select().from(operationLog)
      expect(logs.find((l) => l.path === '/api/popup/showState')).toMatchObject({
        action: '上线/下线弹窗',
        page: 'APP-弹窗',
        target: `popup:${id}`,
        targetName: '国庆弹窗',
      })
    })
  })

  it('help articles: rich text by section, reviewed on /auditHelpArticle, shown and hidden', async () => {
    const empty = await post(acct.editor.token, '/api/helpArticle/add', {
      title: '如何注销账号',
      category: 'account',
      body: '<p></p>',
    })
    expect(empty.body.msg).toContain('请输入正文')
    const id = await added('/api/helpArticle/add', {
      title: '如何注销账号',
      category: 'account',
      body: '<p>在“我的-设置-账号与安全”中申请注销。</p><script>alert(1)</script>',
    })
    const detail = await get(acct.editor.token, `/api/helpArticle/detail?id=${id}`)
    expect(detail.body.data.fields.body).not.toContain('<script')
    const list = await get(acct.editor.token, '/api/helpArticle/list?category=account')
    expect(list.body.data.items).toHaveLength(1)
    expect(list.body.data.items[0]).not.toHaveProperty('body')
    await post(acct.editor.token, '/api/helpArticle/examination', { ids: [id] })
    const queue = await get(acct.reviewer.token, '/api/verify-center/helpArticle?type=list')
    expect(queue.body.data.items.map((r: { id: number }) => r.id)).toEqual([id])
    const read = await get(acct.reviewer.token, `/api/verify-center/helpArticle/detail?id=${id}`)
    expect(read.body.data.fields.body).toContain('账号与安全')
    await post(acct.reviewer.token, '/api/verify-center/approved', { resType: 'helpArticle', ids: [id] })
    const hidden = await post(acct.editor.token, '/api/helpArticle/showState', {
      ids: [id],
      showState: false,
    })
    expect(hidden.body.data).toEqual({ updated: 1 })
    const row = (await get(acct.editor.token, `/api/helpArticle/detail?id=${id}`)).body.data
    expect([row.verifyState, row.showState]).toEqual([1, false])
  })

  it("help articles: one editor at a time (the record store's edit lock); a save past another's lock is refused", async () => {
    const id = await added('/api/helpArticle/add', {
      title: '积分规则',
      category: 'points',
      body: '<p>规则</p>',
    })
    const mine = await get(acct.editor.token, `/api/helpArticle/lock?id=${id}`)
    expect(mine.body.data).toMatchObject({ locked: true, holderName: 'appEditor' })
    const theirs = await get(adminToken, `/api/helpArticle/lock?id=${id}`)
    expect(theirs.body.data).toMatchObject({ locked: false, holderName: 'appEditor' })
    const save = await post(adminToken, '/api/helpArticle/modify', {
      id,
      title: '积分规则（改）',
      category: 'points',
      body: '<p>规则</p>',
    })
    expect(save.res.statusCode).toBe(409)
    expect(save.body.msg).toBe('appEditor 正在编辑')
    const notMine = await post(adminToken, '/api/helpArticle/unlock', { id })
    expect(notMine.res.statusCode).toBe(409)
    expect((await post(adminToken, '/api/helpArticle/unlock', { id, force: true })).body.data).toEqual({
      released: true,
    })
    expect((await get(adminToken, `/api/helpArticle/lock?id=${id}`)).body.data.locked).toBe(true)
    expect((await post(adminToken, '/api/helpArticle/unlock', { id })).body.data).toEqual({ released: true })
  })

  it('adverts: a position each, searched by position, in the manual order 排序 sets', async () => {
    const ad = (title: string, position: string) => ({
      title,
      position,
      image: `/files/image/2026-11/${title}.png`,
      link: 'https://m.example.com/ad',
      displayStart: '2026-01-01T00:00:00.000Z',
      displayEnd: '2027-01-01T00:00:00.000Z',
    })
    const a = await added('/api/advert/add', ad('甲', 'homeBanner'), acct.adman.token)
    const b = await added('/api/advert/add', ad('乙', 'homeBanner'), acct.adman.token)
    const c = await added('/api/advert/add', ad('丙', 'homeBanner'), acct.adman.token)
    await added('/api/advert/add', ad('丁', 'mine'), acct.adman.token)
    const noWindow = await post(acct.adman.token, '/api/advert/add', { ...ad('戊', 'mine'), displayEnd: '' })
    expect(noWindow.body.msg).toContain('请选择结束时间')
    const titles = async () =>
      (await get(acct.adman.token, '/api/advert/list?position=homeBanner')).body.data.items.map(
        (r: { title: string }) => r.title,
      )
    expect(await titles()).toEqual(['甲', '乙', '丙'])
    const sorted = await post(acct.adman.token, '/api/advert/sort', { ids: [c, a, b] })
    expect(sorted.body.data).toEqual({ updated: 3 })
    expect(await titles()).toEqual(['丙', '甲', '乙'])
    const refused = await post(acct.viewer.token, '/api/advert/sort', { ids: [a, c] })
    expect(refused.res.statusCode).toBe(403)
    const offline = await post(acct.viewer.token, '/api/advert/showState', { ids: [a], showState: false })
    expect(offline.res.statusCode).toBe(403)
    const ok = await post(acct.adman.token, '/api/advert/showState', { ids: [a], showState: false })
    expect(ok.body.data).toEqual({ updated: 1 })
    // APP-广告 has no review: no submit route.
    expect((await post(adminToken, '/api/advert/examination', { ids: [a] })).res.statusCode).toBe(404)
  })

  it('splash: the queue path decides in one call too (spec §7 POST variant "splash")', async () => {
    const id = await added('/api/splash/add', {
      title: '立冬闪屏',
      mediaType: 'image',
      image: '/files/image/2026-11/s.png',
      platforms: ['android'],
      displayStart: '2026-11-07T00:00:00.000Z',
      displayEnd: '2026-11-08T00:00:00.000Z',
      frequency: 'once',
    })
    expect((await get(acct.editor.token, `/api/splash/detail?id=${id}`)).body.data.fields.countdown).toBe(5)
    await post(acct.editor.token, '/api/splash/examination', { ids: [id] })
    // The spec's pending count names its source; the popup queue has its own path.
    const queue = await get(acct.reviewer.token, '/api/verify-center/splash?type=list&source=splansh')
    expect(queue.body.data.items.map((r: { id: number }) => r.id)).toEqual([id])
    const approved = await post(acct.reviewer.token, '/api/verify-center/splash', { pass: true, ids: [id] })
    expect(approved.body.data).toEqual({ updated: 1 })
    expect((await get(acct.editor.token, `/api/splash/detail?id=${id}`)).body.data.verifyState).toBe(1)
  })
})
