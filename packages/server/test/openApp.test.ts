import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appFeature } from '../src/db/tables/app.ts'
import { contentCalls } from './contentCalls.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

/**
 * The App configuration's app-facing API (DESIGN §6a, decision 0039) against items made in the console: only
 * approved, shown, in-window items reach the app, and a console change shows at once in this process.
 */
describe.each(engines)('app-facing API: app config and feedback (%s)', (engine) => {
  let t: TestApp
  let admin: string
  const { post, get } = contentCalls(() => t)
  const config = async (query: string) => {
    const r = await get('', `/api/open/app/config?${query}`)
    expect(r.body.code, r.body.msg).toBe(0)
    return r.body.data
  }
  const ok = async (url: string, body: unknown) => {
    const r = await post(admin, url, body)
    expect(r.body.code, `${url} ${r.body.msg}`).toBe(0)
    return r.body.data
  }
  const day = 86_400_000
  const window = (fromDays: number, toDays: number) => ({
    displayStart: new Date(Date.now() + fromDays * day).toISOString(),
    displayEnd: new Date(Date.now() + toDays * day).toISOString(),
  })

  beforeAll(async () => {
    t = await startTestApp(engine)
    admin = await login(t.app)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('shows an approved splash in its window on its platforms, and hides it when the window is past', async () => {
    const splash = {
      title: '开屏',
      mediaType: 'image',
      image: '/files/image/2026-11/s.png',
      platforms: ['android'],
      frequency: 'daily',
      countdown: 3,
      ...window(-1, 10),
    }
    const { id } = await ok('/api/splash/add', splash)
    expect((await config('platform=android')).splash).toBeNull()
    await ok('/api/splash/examination', { ids: [id] })
    expect((await config('platform=android')).splash).toBeNull()
    await ok('/api/verify-center/approved', { resType: 'splash', ids: [id] })
    const shown = await config('platform=android&version=100')
    expect(shown.splash).toMatchObject({ id, title: '开屏', url: '/files/image/2026-11/s.png', countdown: 3 })
    expect((await config('platform=ios')).splash).toBeNull()
    // 闪屏投放 shows the same choice per platform, and what comes later.
    const later = await ok('/api/splash/add', { ...splash, title: '下周开屏', ...window(7, 14) })
    await ok('/api/splash/examination', { ids: [later.id] })
    await ok('/api/verify-center/approved', { resType: 'splash', ids: [later.id] })
    const schedule = (await get(admin, '/api/splash/schedule')).body.data.platforms
    const android = schedule.find((p: { platform: string }) => p.platform === 'android')
    expect(android.currentId).toBe(id)
    expect(android.items.map((i: { title: string; status: string }) => [i.title, i.status])).toEqual([
      ['开屏', 'showing'],
      ['下周开屏', 'notStarted'],
    ])
    expect(schedule.find((p: { platform: string }) => p.platform === 'ios').items).toEqual([])
    await ok('/api/splash/modify', { id, ...splash, ...window(-10, -1) })
    expect((await config('platform=android')).splash).toBeNull()
  })

  it('answers ads by position, the theme (grey first), feature switches by version range, hot words', async () => {
    const ad = await ok('/api/advert/add', {
      title: '首页横幅',
      position: 'homeBanner',
      image: '/files/image/2026-11/a.png',
      ...window(-1, 5),
    })
    await ok('/api/appTheme/add', { name: '春节', mode: 'skin', primaryColor: '#CC0000', ...window(-1, 5) })
    await ok('/api/appTheme/add', { name: '哀悼', mode: 'grey', ...window(-1, 1) })
    const c = await config('platform=android&version=620')
    expect(c.ads.homeBanner).toEqual([
      { id: ad.id, title: '首页横幅', image: '/files/image/2026-11/a.png', link: '' },
    ])
    expect(c.theme).toMatchObject({ name: '哀悼', mode: 'grey' })
    expect(c.features).toMatchObject({ comment: true, live: true })
    // 直播 only from version 700 on Android.
    const [live] = await t.database.db.select().from(appFeature).where(eq(appFeature.key, 'live'))
    await ok('/api/featureSwitch/modify', {
      id: live!.id,
      description: '',
      showState: true,
      rules: [{ platform: 'android', minCode: 700, maxCode: null, enabled: true }],
    })
    expect((await config('platform=android&version=620')).features.live).toBe(false)
    expect((await config('platform=android&version=700')).features.live).toBe(true)
    expect((await config('platform=ios&version=620')).features.live).toBe(true)
    await ok('/api/featureSwitch/showState', { ids: [live!.id], showState: false })
    expect((await config('platform=android&version=700')).features.live).toBe(false)
    const word = await ok('/api/searchKeyword/add', { keyword: '春运' })
    expect((await config('platform=android')).hotWords).toEqual([])
    await ok('/api/searchKeyword/examination', { ids: [word.id] })
    await ok('/api/verify-center/approved', { resType: 'searchKeyword', ids: [word.id] })
    expect((await config('platform=android')).hotWords).toEqual([{ keyword: '春运', label: null, link: '' }])
  })

  it('offers the newest approved version, and says when the caller must update', async () => {
    const version = async (versionName: string, versionCode: number, forceUpdate: boolean) => {
      const { id } = await ok('/api/appVersion/add', {
        platform: 'android',
        versionName,
        versionCode,
        packageType: 'store',
        storeUrl: 'https://app.example.cn/download',
        forceUpdate,
        releaseNotes: `${versionName} 更新`,
      })
      await ok('/api/appVersion/examination', { ids: [id] })
      await ok('/api/verify-center/approved', { resType: 'version', ids: [id] })
    }
    await version('6.1.0', 610, true)
    await version('6.2.0', 620, false)
    const old = (await config('platform=android&version=600')).latestVersion
    expect(old).toMatchObject({
      versionCode: 620,
      updateAvailable: true,
      mustUpdate: true,
      forceUpdate: false,
    })
    const recent = (await config('platform=android&version=610')).latestVersion
    expect(recent).toMatchObject({ updateAvailable: true, mustUpdate: false })
    expect((await config('platform=android&version=620')).latestVersion.updateAvailable).toBe(false)
    expect((await config('platform=harmony')).latestVersion).toBeNull()
  })

  it('takes feedback from the app, and gives the reply back only with its ticket', async () => {
    const sent = await post('', '/api/open/feedback', {
      content: '视频播放卡顿',
      platform: 'ios',
      deviceId: 'device-1',
      contact: '13800000000',
    })
    expect(sent.body.code, sent.body.msg).toBe(0)
    const { id, ticket } = sent.body.data
    const empty = await post('', '/api/open/feedback', { content: ' ', platform: 'ios', deviceId: 'd' })
    expect(empty.res.statusCode).toBe(422)
    expect(empty.body.msg).toContain('请输入反馈内容')
    const row = (await get(admin, '/api/feedback/list?type=pending')).body.data.items[0]
    expect(row).toMatchObject({ id, content: '视频播放卡顿', state: 'pending' })
    expect(row.ticketHash).toBeUndefined()
    await ok('/api/feedback/reply', { ids: [id], reply: '已修复，请更新到最新版本' })
    const read = await get('', `/api/open/feedback/detail?id=${id}&ticket=${ticket}`)
    expect(read.body.data).toMatchObject({
      state: 'replied',
      stateName: '已回复',
      reply: '已修复，请更新到最新版本',
    })
    const wrong = await get('', `/api/open/feedback/detail?id=${id}&ticket=${'x'.repeat(32)}`)
    expect(wrong.res.statusCode).toBe(404)
  })

  it('lists approved, shown help articles only', async () => {
    const { id } = await ok('/api/helpArticle/add', {
      title: '如何修改密码',
      category: 'account',
      body: '<p>在我的页面…</p>',
    })
    expect((await get('', '/api/open/help/list')).body.data.items).toEqual([])
    await ok('/api/helpArticle/examination', { ids: [id] })
    await ok('/api/verify-center/approved', { resType: 'helpArticle', ids: [id] })
    expect((await get('', '/api/open/help/list?category=account')).body.data.items).toEqual([
      { id, title: '如何修改密码', category: 'account' },
    ])
    expect((await get('', `/api/open/help/detail?id=${id}`)).body.data.body).toContain('在我的页面')
    await ok('/api/helpArticle/showState', { ids: [id], showState: false })
    expect((await get('', `/api/open/help/detail?id=${id}`)).res.statusCode).toBe(404)
  })
})
