import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { department } from '../src/db/schema.ts'
import { appFeature, appFeedback } from '../src/db/tables/app.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'
import { rowXml, xlsxOf } from './xlsxFile.ts'

const CRUD = ['查看', '添加', '编辑', '删除']

/**
 * App configuration, what the app is set to (decision 0038): feedback through its state machine, feature switches
 * with version ranges per platform (seeded), themes 启用/禁用, hot words (unique, imported from Excel), mini
 * programs (AppID unique per platform), floating buttons and web resources.
 */
describe.each(engines)(
  'App configuration: feedback, features, themes, hot words, mini programs (%s)',
  (engine) => {
    let t: TestApp
    let adminToken: string
    type Acct = { id: number; token: string; roleId: number }
    const acct: Record<'operator' | 'themer' | 'designer' | 'outsider' | 'feedbackViewer', Acct> = {} as never
    const { post, get } = contentCalls(() => t)
    const ok = async (r: Promise<{ body: { code: number; msg: string; data: unknown } }>) => {
      const { body } = await r
      expect(body.code, body.msg).toBe(0)
      return body.data as Record<string, unknown>
    }

    beforeAll(async () => {
      t = await startTestApp(engine)
      adminToken = await login(t.app)
      const [a] = await t.database.db.insert(department).values({ name: 'App运营部' }).returning()
      const [b] = await t.database.db.insert(department).values({ name: '外部' }).returning()
      const grants = {
        'APP-反馈': ['查看', '编辑', '删除', '导出'],
        'APP-功能管理': ['查看', '编辑', '启用/禁用'],
        'APP-搜索推荐': [...CRUD, '排序', '提交审核', '撤销审核', '导入'],
        'APP-小程序': [...CRUD, '上线/下线'],
        'APP-浮标': [...CRUD, '上线/下线'],
        'APP-网页资源': CRUD,
      }
      acct.operator = await scopedAccount(t, 'appOperator', grants, a!.id)
      acct.outsider = await scopedAccount(t, 'appOutsider', grants, b!.id)
      acct.feedbackViewer = await scopedAccount(t, 'feedbackViewer', { 'APP-反馈': ['查看'] }, b!.id)
      acct.themer = await scopedAccount(t, 'appThemer', { 'APP-主题管理': ['查看', '启用/禁用'] }, a!.id)
      acct.designer = await scopedAccount(t, 'appDesigner', { 'APP-主题管理': CRUD }, a!.id)
    })
    afterAll(async () => {
      await t?.close()
    })

    it('feedback: every operator sees it; handle, reply (stamped), close; an illegal transition names the item', async () => {
      const long = '视频播放到一半就卡住，重启 App 也没有用，希望尽快修复这个问题'
      const [one, two] = await t.database.db
        .insert(appFeedback)
        .values([
          {
            content: long,
            images: ['/files/image/2026-11/shot.png'],
            contact: '13800000000',
            platform: 'android',
            appVersion: '6.2.0',
            deviceId: 'dev-1',
          },
          { content: '希望增加深色模式', platform: 'ios', appVersion: '6.1.0', deviceId: 'dev-2' },
        ])
        .returning()
      // No data scope: another department's operator sees both, newest first; tabs over the state.
      const list = await get(acct.outsider.token, '/api/feedback/list')
      expect(list.body.data.items.map((r: { id: number }) => r.id)).toEqual([two!.id, one!.id])
      expect(list.body.data.items[1]).toMatchObject({
        state: 'pending',
        images: ['/files/image/2026-11/shot.png'],
      })
      expect((await get(acct.operator.token, '/api/feedback/nums')).body.data).toEqual({
        all: 2,
        pending: 2,
        processing: 0,
        replied: 0,
        closed: 0,
      })

      expect(await ok(post(acct.operator.token, '/api/feedback/handle', { ids: [one!.id] }))).toEqual({
        updated: 1,
      })
      const empty = await post(acct.operator.token, '/api/feedback/reply', { ids: [one!.id], reply: ' ' })
      expect(empty.res.statusCode).toBe(422)
      expect(empty.body.msg).toContain('请输入回复内容')
      await ok(
        post(acct.operator.token, '/api/feedback/reply', {
          ids: [one!.id],
          reply: '已在 6.2.1 修复，请升级',
        }),
      )
      const detail = (await get(acct.feedbackViewer.token, `/api/feedback/detail?id=${one!.id}`)).body.data
      expect(detail.fields).toMatchObject({ state: 'replied', reply: '已在 6.2.1 修复，请升级' })
      expect(Date.now() - new Date(detail.fields.repliedAt).getTime()).toBeLessThan(60_000)
      // The stamp's account is kept in the row (not a field: the console shows only fields and trait columns).
      const [stamped] = await t.database.db.select().from(appFeedback).where(eq(appFeedback.id, one!.id))
      expect(stamped!.repliedBy).toBe(acct.operator.id)
      expect(detail.repliedBy).toBeUndefined()

      const again = await post(acct.operator.token, '/api/feedback/handle', { ids: [one!.id] })
      expect(again.res.statusCode).toBe(409)
      expect(again.body.msg).toBe(`「${[...long].slice(0, 20).join('')}…」 当前状态不能处理`)
      await ok(post(acct.operator.token, '/api/feedback/close', { ids: [one!.id, two!.id] }))
      const closed = await post(acct.operator.token, '/api/feedback/reply', { ids: [two!.id], reply: '好的' })
      expect(closed.body.msg).toBe('「希望增加深色模式」 当前状态不能回复')
      const tab = await get(acct.operator.token, '/api/feedback/list?type=closed&platform=ios')
      expect(tab.body.data.items.map((r: { id: number }) => r.id)).toEqual([two!.id])

      // Only 编辑 moves it; the form saves the internal remark and nothing the user sent.
      const viewer = await post(acct.feedbackViewer.token, '/api/feedback/close', { ids: [one!.id] })
      expect(viewer.res.statusCode).toBe(403)
      await ok(post(acct.operator.token, '/api/feedback/modify', { id: two!.id, remark: '已记入需求池' }))
      const smuggled = await post(acct.operator.token, '/api/feedback/modify', { id: two!.id, reply: '改写' })
      expect(smuggled.res.statusCode).toBe(422)
      expect((await post(adminToken, '/api/feedback/add', { remark: 'x' })).res.statusCode).toBe(404)
      const sheet = await t.app.inject({
        method: 'POST',
        url: '/api/feedback/export',
        headers: { 'x-auth-token': acct.operator.token },
        payload: { type: 'all' },
      })
      expect(sheet.statusCode).toBe(200)
      expect(sheet.headers['content-type']).toContain('spreadsheetml')
      expect(await ok(post(acct.operator.token, '/api/feedback/delete', { ids: [two!.id] }))).toEqual({
        recycled: 0,
        deleted: 1,
      })
    })

    it('features: seeded, switched 启用/禁用, version ranges per platform without overlaps, ids kept on edit', async () => {
      const list = await get(acct.outsider.token, '/api/featureSwitch/list?pageSize=50')
      const keys = list.body.data.items.map((r: { key: string }) => r.key)
      expect(keys).toEqual(
        expect.arrayContaining([
          'comment',
          'like',
          'share',
          'live',
          'circle',
          'pointsShop',
          'darkMode',
          'download',
        ]),
      )
      const live = list.body.data.items.find((r: { key: string }) => r.key === 'live')
      expect(live).toMatchObject({ title: '直播', showState: true })
      // No 添加 or 删除 on APP-功能管理.
      expect((await post(adminToken, '/api/featureSwitch/add', { description: 'x' })).res.statusCode).toBe(
        404,
      )
      expect((await post(adminToken, '/api/featureSwitch/delete', { ids: [live.id] })).res.statusCode).toBe(
        404,
      )

      const rules = [
        { platform: 'android', minCode: 60000, maxCode: 60999, enabled: true },
        { platform: 'android', minCode: 61000, enabled: false },
        { platform: 'ios', minCode: 60500, maxCode: null, enabled: true },
      ]
      await ok(
        post(acct.operator.token, '/api/featureSwitch/modify', {
          id: live.id,
          description: '直播频道',
          rules,
        }),
      )
      const saved = (await get(acct.operator.token, `/api/featureSwitch/detail?id=${live.id}`)).body.data
        .fields
      expect(saved.rules).toMatchObject(rules.map((r) => ({ maxCode: null, ...r })))
      const ids = saved.rules.map((r: { id: number }) => r.id)

      const overlap = await post(acct.operator.token, '/api/featureSwitch/modify', {
        id: live.id,
        rules: [...saved.rules, { platform: 'android', minCode: 60500, maxCode: 60600, enabled: false }],
      })
      expect(overlap.res.statusCode).toBe(422)
      expect(overlap.body.msg).toContain('同一平台的版本范围不能重叠')
      // Rows edited keep their ids; a row left out goes, a new one is added.
      await ok(
        post(acct.operator.token, '/api/featureSwitch/modify', {
          id: live.id,
          rules: [
            { ...saved.rules[0], maxCode: 60899 },
            saved.rules[2],
            { platform: 'harmony', minCode: 1, enabled: true },
          ],
        }),
      )
      const edited = (await get(acct.operator.token, `/api/featureSwitch/detail?id=${live.id}`)).body.data
        .fields.rules
      expect(edited.map((r: { id: number }) => r.id).slice(0, 2)).toEqual([ids[0], ids[2]])
      expect(edited.map((r: { maxCode: number | null }) => r.maxCode)).toEqual([60899, null, null])
      expect(edited).toHaveLength(3)

      // The key and the name are the app's: the form does not take them.
      const renamed = await post(acct.operator.token, '/api/featureSwitch/modify', { id: live.id, key: 'tv' })
      expect(renamed.res.statusCode).toBe(422)
      const off = await ok(
        post(acct.operator.token, '/api/featureSwitch/showState', { ids: [live.id], showState: false }),
      )
      expect(off).toEqual({ updated: 1 })
      const [row] = await t.database.db.select().from(appFeature).where(eq(appFeature.id, live.id))
      expect([row!.key, row!.name, row!.showState]).toEqual(['live', '直播', false])
    })

    it('themes: scheduled, the colour checked, 启用/禁用 needs its own right', async () => {
      const theme = {
        name: '春节红',
        mode: 'skin',
        primaryColor: '#D4302B',
        topImage: '/files/image/2026-11/spring.png',
        displayStart: '2027-02-05T16:00:00.000Z',
        displayEnd: '2027-02-12T16:00:00.000Z',
      }
      const badColour = await post(acct.designer.token, '/api/appTheme/add', {
        ...theme,
        primaryColor: 'red',
      })
      expect(badColour.res.statusCode).toBe(422)
      expect(badColour.body.msg).toContain('主色应为 #RRGGBB 格式，如 #D4302B')
      const noColour = await post(acct.designer.token, '/api/appTheme/add', { ...theme, primaryColor: '' })
      expect(noColour.body.msg).toContain('请输入主色')
      const unscheduled = await post(acct.designer.token, '/api/appTheme/add', {
        ...theme,
        displayStart: null,
      })
      expect(unscheduled.body.msg).toContain('请选择开始时间')
      const id = (await ok(post(acct.designer.token, '/api/appTheme/add', theme))).id as number
      // A mourning grey needs no colour.
      await ok(
        post(acct.designer.token, '/api/appTheme/add', {
          name: '哀悼日',
          mode: 'grey',
          displayStart: '2027-04-04T00:00:00.000Z',
          displayEnd: '2027-04-05T00:00:00.000Z',
        }),
      )
      const refused = await post(acct.designer.token, '/api/appTheme/showState', {
        ids: [id],
        showState: false,
      })
      expect(refused.res.statusCode).toBe(403)
      expect(
        await ok(post(acct.themer.token, '/api/appTheme/showState', { ids: [id], showState: false })),
      ).toEqual({
        updated: 1,
      })
      const row = (await get(acct.themer.token, `/api/appTheme/detail?id=${id}`)).body.data
      expect([row.title, row.showState, row.fields.primaryColor]).toEqual(['春节红', false, '#D4302B'])
      const docs = t.app.swagger() as { paths: Record<string, { post?: { summary?: string } }> }
      expect(docs.paths['/api/appTheme/showState']?.post?.summary).toBe('批量启用/禁用主题')
    })

    it('hot words: unique, sorted, imported from Excel all or nothing, reviewed', async () => {
      const first = (
        await ok(post(acct.operator.token, '/api/searchKeyword/add', { keyword: '两会', label: 'hot' }))
      ).id as number
      const dup = await post(acct.operator.token, '/api/searchKeyword/add', { keyword: '两会' })
      expect(dup.res.statusCode).toBe(409)
      expect(dup.body.msg).toBe('该热搜词已存在')
      const long = await post(acct.operator.token, '/api/searchKeyword/add', { keyword: '词'.repeat(31) })
      expect(long.body.msg).toContain('热搜词不能超过30个字')

      const importFile = (rows: string[][]) => ({
        fileName: '热搜词.xlsx',
        file: xlsxOf(rows.map((cells, i) => rowXml(i + 1, cells)).join('')).toString('base64'),
      })
      const bad = await post(
        acct.operator.token,
        '/api/searchKeyword/import',
        importFile([
          ['热搜词', '角标', '跳转链接'],
          ['世界杯', '热', ''],
          ['', '新', ''],
          ['冬奥', '爆', 'javascript:alert(1)'],
        ]),
      )
      expect(bad.res.statusCode).toBe(422)
      expect(bad.body.data.failed).toEqual([
        { row: 3, messages: ['请输入热搜词'] },
        { row: 4, messages: ['角标填写有误', '跳转链接填写有误'] },
      ])
      const words = async () =>
        (await get(acct.operator.token, '/api/searchKeyword/list')).body.data.items.map(
          (r: { keyword: string }) => r.keyword,
        )
      expect(await words()).toEqual(['两会'])
      const imported = await post(
        acct.operator.token,
        '/api/searchKeyword/import',
        importFile([
          ['热搜词', '角标', '跳转链接'],
          ['世界杯', '热', ''],
          ['冬奥', '新', 'https://m.example.com/winter'],
        ]),
      )
      expect(imported.body.data).toEqual({ added: 2 })
      expect(await words()).toEqual(['两会', '世界杯', '冬奥'])
      const again = await post(
        acct.operator.token,
        '/api/searchKeyword/import',
        importFile([
          ['热搜词', '角标', '跳转链接'],
          ['春运', '', ''],
          ['冬奥', '', ''],
        ]),
      )
      expect(again.res.statusCode).toBe(409)
      expect(again.body.msg).toBe('第 3 行：该热搜词已存在')
      expect(await words()).toEqual(['两会', '世界杯', '冬奥'])

      const items = (await get(acct.operator.token, '/api/searchKeyword/list')).body.data.items as {
        id: number
      }[]
      await ok(post(acct.operator.token, '/api/searchKeyword/sort', { ids: [items[2]!.id, items[0]!.id] }))
      expect(await words()).toEqual(['冬奥', '世界杯', '两会'])
      const submitted = await ok(
        post(acct.operator.token, '/api/searchKeyword/examination', { ids: [first] }),
      )
      expect(submitted).toEqual({ updated: 1 })
      const queue = await get(adminToken, '/api/verify-center/searchKeyword?type=list')
      expect(queue.body.data.items).toMatchObject([{ id: first, title: '两会', kind: 'searchKeyword' }])
    })

    it('mini programs: the AppID is unique within a platform; 上线/下线', async () => {
      const mp = {
        name: '掌上政务',
        platform: 'wechat',
        appId: 'wx1234567890abcdef',
        path: 'pages/index/index',
      }
      const id = (
        await ok(post(acct.operator.token, '/api/miniProgram/add', { ...mp, originalId: 'gh_abc123' }))
      ).id as number
      const dup = await post(acct.outsider.token, '/api/miniProgram/add', { ...mp, name: '另一个' })
      expect(dup.res.statusCode).toBe(409)
      expect(dup.body.msg).toBe('该平台已有相同 AppID 的小程序')
      await ok(post(acct.operator.token, '/api/miniProgram/add', { ...mp, platform: 'alipay' }))
      const self = await post(acct.operator.token, '/api/miniProgram/modify', {
        id,
        ...mp,
        name: '掌上政务服务',
      })
      expect(self.body.code, self.body.msg).toBe(0)
      const badOriginal = await post(acct.operator.token, '/api/miniProgram/add', {
        ...mp,
        appId: 'wx2',
        originalId: 'abc',
      })
      expect(badOriginal.body.msg).toContain('原始ID应以 gh_ 开头')
      expect(
        await ok(post(acct.operator.token, '/api/miniProgram/showState', { ids: [id], showState: false })),
      ).toEqual({
        updated: 1,
      })
      const list = await get(acct.operator.token, '/api/miniProgram/list?platform=wechat')
      expect(list.body.data.items).toMatchObject([{ id, title: '掌上政务服务', showState: false }])
    })

    it('floating buttons and web resources: their forms, kept to their department', async () => {
      const buoy = {
        title: '答题赢积分',
        image: '/files/image/2026-11/buoy.png',
        link: 'https://m.example.com/quiz',
        position: 'right',
        pages: ['home', 'mine'],
      }
      const noPages = await post(acct.operator.token, '/api/buoy/add', { ...buoy, pages: [] })
      expect(noPages.body.msg).toContain('请选择展示页面')
      const b = (await ok(post(acct.operator.token, '/api/buoy/add', buoy))).id as number
      expect((await get(acct.operator.token, '/api/buoy/list?pages=mine')).body.data.items).toMatchObject([
        { id: b, closable: true, displayStart: null },
      ])
      expect((await get(acct.outsider.token, '/api/buoy/list')).body.data.total).toBe(0)

      const noUrl = await post(acct.operator.token, '/api/webResource/add', {
        name: '用户协议',
        sourceType: 'url',
      })
      expect(noUrl.body.msg).toContain('请输入网页地址')
      const noPackage = await post(acct.operator.token, '/api/webResource/add', {
        name: '离线活动页',
        sourceType: 'package',
      })
      expect(noPackage.body.msg).toContain('请上传离线包')
      const w = (
        await ok(
          post(acct.operator.token, '/api/webResource/add', {
            name: '用户协议',
            sourceType: 'url',
            url: 'https://m.example.com/agreement.html',
          }),
        )
      ).id as number
      const detail = await get(acct.operator.token, `/api/webResource/detail?id=${w}`)
      expect(detail.body.data).toMatchObject({
        title: '用户协议',
        fields: { sourceType: 'url', packageUrl: '' },
      })
      expect((await get(acct.outsider.token, `/api/webResource/detail?id=${w}`)).res.statusCode).toBe(404)
    })
  },
)
