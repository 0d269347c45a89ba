import { defaultLayout, type LayoutState } from '@moc/domain/api/session'
import { TABLE_SETTINGS_MAX_COLUMNS, TABLE_SETTINGS_MAX_SCREENS } from '@moc/domain/api/tableSettings'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setting } from '../src/db/schema.ts'
import { GRANTED_PASSWORD, grantedAccount, powerOf } from './grantedAccount.ts'
import { call, engines, login, startTestApp, type TestApp } from './harness.ts'

const boxedHorizontal: LayoutState = {
  layoutType: 'horizontal',
  layoutWidth: 'boxed',
  leftSidebarType: 'icon',
  topbar: 'colored',
  loader: true,
}

describe.each(engines)('样式设置 on %s', (engine) => {
  let t: TestApp
  let adminToken: string
  const getStyle = (token = adminToken) => call(t.app, 'GET', '/api/setting/style', { token })
  const setStyle = (body: unknown, token = adminToken) =>
    call(t.app, 'POST', '/api/setting/style/update', { token, body })
  const prefs = (token: string) => call(t.app, 'GET', '/api/admin/preferences', { token })

  beforeAll(async () => {
    t = await startTestApp(engine)
    adminToken = await login(t.app)
  })
  afterAll(() => t?.close())

  it('starts at the built-in defaults and saves new platform defaults', async () => {
    expect((await getStyle()).body.data).toEqual(defaultLayout)
    expect((await setStyle(boxedHorizontal)).body).toMatchObject({ code: 0, msg: '保存成功' })
    expect((await getStyle()).body.data).toEqual(boxedHorizontal)
    const [row] = await t.database.db.select().from(setting).where(eq(setting.key, 'style.defaults'))
    expect(row?.value).toEqual(boxedHorizontal)
  })

  it('refuses unknown fields, missing fields and values outside the theme panel choices', async () => {
    for (const body of [
      { ...boxedHorizontal, language: 'en' },
      { ...boxedHorizontal, layoutType: 'diagonal' },
      { ...boxedHorizontal, leftSidebarType: 'purple' },
      { ...boxedHorizontal, loader: 'yes' },
      { layoutType: 'vertical' },
    ]) {
      const { res } = await setStyle(body)
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
      expect(res.statusCode).toBeLessThan(500)
    }
    expect((await getStyle()).body.data).toEqual(boxedHorizontal)
    // The system-settings form cannot write the style defaults around this route's permission.
    const sideways = await call(t.app, 'POST', '/api/setting/update', {
      token: adminToken,
      body: { key: 'style.defaults', value: defaultLayout },
    })
    expect(sideways.res.statusCode).toBe(422)
    expect(
      (await call(t.app, 'GET', '/api/setting/get', { token: adminToken })).body.data,
    ).not.toHaveProperty('style.defaults')
  })

  it('gives an account without saved preferences the platform defaults; saved preferences win', async () => {
    const fresh = await grantedAccount(t, 'stylefresh', {})
    expect((await prefs(fresh.token)).body.data).toEqual({ layout: boxedHorizontal, language: 'zh' })

    const own: LayoutState = { ...defaultLayout, leftSidebarType: 'light' }
    await call(t.app, 'POST', '/api/admin/preferences', {
      token: fresh.token,
      body: { layout: own, language: 'en' },
    })
    expect((await prefs(fresh.token)).body.data).toEqual({ layout: own, language: 'en' })

    // New defaults reach accounts that still have none, not the ones that chose.
    const later = await grantedAccount(t, 'stylelater', {})
    await setStyle({ ...boxedHorizontal, topbar: 'dark' })
    expect((await prefs(later.token)).body.data.layout.topbar).toBe('dark')
    expect((await prefs(fresh.token)).body.data.layout).toEqual(own)
  })

  it('keeps every list’s column settings and the 多页签 switch per user, read back at sign-in (decision 0036)', async () => {
    const user = await grantedAccount(t, 'stylecolumns', {})
    const other = await grantedAccount(t, 'stylecolumns2', {})
    const save = (body: unknown, token = user.token) =>
      call(t.app, 'POST', '/api/admin/preferences', { token, body })
    const saved = {
      layout: defaultLayout,
      language: 'zh',
      pageTabs: false,
      tables: {
        '/contentArticle': { order: ['createdAt', 'title'], hidden: ['cover'], density: 'small' },
        '/auditProcess#processLibrary': { density: 'middle' },
      },
    }
    expect((await save(saved)).body.code).toBe(0)
    // A new sign-in (another browser) reads them back; another account keeps its own.
    const again = await login(t.app, 'stylecolumns', GRANTED_PASSWORD)
    expect((await prefs(again)).body.data).toEqual(saved)
    expect((await prefs(other.token)).body.data).not.toHaveProperty('tables')

    const base = { layout: defaultLayout, language: 'zh' }
    const manyColumns = Array.from({ length: TABLE_SETTINGS_MAX_COLUMNS + 1 }, (_, i) => `c${i}`)
    const manyLists = Object.fromEntries(
      Array.from({ length: TABLE_SETTINGS_MAX_SCREENS + 1 }, (_, i) => [`/s${i}`, { density: 'small' }]),
    )
    for (const body of [
      { ...base, tables: { contentArticle: { density: 'small' } } },
      { ...base, tables: { '/contentArticle': { density: 'roomy' } } },
      { ...base, tables: { '/contentArticle': { hidden: ['a b'] } } },
      { ...base, tables: { '/contentArticle': { widths: { title: 300 } } } },
      { ...base, tables: { '/contentArticle': { order: manyColumns } } },
      { ...base, tables: manyLists },
      { ...base, pageTabs: 'off' },
    ]) {
      const { res } = await save(body)
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(422)
    }
    expect((await prefs(again)).body.data).toEqual(saved)

    // Preferences saved before column settings existed still read as they are.
    await save(base)
    expect((await prefs(again)).body.data).toEqual(base)
  })

  it('gates by 系统-样式设置 查看 / 编辑', async () => {
    const viewer = await grantedAccount(t, 'styleviewer', powerOf({ '系统-样式设置': ['查看'] }))
    const editor = await grantedAccount(t, 'styleeditor', powerOf({ '系统-样式设置': ['查看', '编辑'] }))
    const outsider = await grantedAccount(t, 'stylenone', powerOf({ '系统-运营配置': ['查看', '编辑'] }))
    expect((await getStyle(viewer.token)).body.code).toBe(0)
    expect((await setStyle(defaultLayout, viewer.token)).res.statusCode).toBe(403)
    expect((await getStyle(outsider.token)).res.statusCode).toBe(403)
    expect((await setStyle(defaultLayout, outsider.token)).res.statusCode).toBe(403)
    expect((await setStyle(defaultLayout, editor.token)).body.code).toBe(0)
    expect((await getStyle(viewer.token)).body.data).toEqual(defaultLayout)
  })
})
