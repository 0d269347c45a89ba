import { CONFIGURE_MAX_CHARS } from '@moc/domain/api/configure'
import { defaultEditorSettings } from '@moc/domain/api/editor'
import { defaultToolSettings } from '@moc/domain/api/tools'
import { errorCodes } from '@moc/domain/transport/errorCodes'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { configureVersion, operationLog } from '../src/db/schema.ts'
import { sanitizeRichText } from '../src/platform/richText.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { call, engines, login, startTestApp, type TestApp } from './harness.ts'

describe('rich-text sanitizer', () => {
  it.each([
    ['<p onclick="steal()">正文<script>alert(1)</script></p>', '<p>正文</p>'],
    [
      '<img src="https://a.example/x.png" onerror="alert(1)" alt="图">',
      '<img src="https://a.example/x.png" alt="图" oncontextmenu="return false" />',
    ],
    ['<a href="javascript:alert(1)">链接</a>', '<a>链接</a>'],
    ['<a href=" java\tscript:alert(1)">链接</a>', '<a>链接</a>'],
    [
      '<a href="https://a.example" target="_blank">新窗口</a>',
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">新窗口</a>',
    ],
    ['<iframe src="https://evil.example"></iframe><object data="x"></object>文字', '文字'],
    ['<svg><script>alert(1)</script></svg><style>body{display:none}</style>留下', '留下'],
    [
      '<p style="color:red;position:fixed;background:url(javascript:x)">样式</p>',
      '<p style="color:red">样式</p>',
    ],
    ['<form action="/x"><input name="a">表单</form>', '表单'],
    [
      '<table><tr><td colspan="2" onmouseover="x()">格</td></tr></table>',
      '<table><tr><td colspan="2">格</td></tr></table>',
    ],
  ])('sanitizes %s', (input, output) => {
    expect(sanitizeRichText(input)).toBe(output)
  })
})

describe.each(engines)('运营配置 on %s', (engine) => {
  let t: TestApp
  let adminToken: string
  const get = (type: string, token = adminToken) =>
    call(t.app, 'GET', `/api/setting/get?type=${type}`, { token })
  const save = (body: unknown, token = adminToken) =>
    call(t.app, 'POST', '/api/setting/update', { token, body })

  beforeAll(async () => {
    t = await startTestApp(engine)
    adminToken = await login(t.app)
  })
  afterAll(() => t?.close())

  it('starts empty, stores sanitized HTML as a new version, and says 保存成功', async () => {
    const empty = await get('privacy')
    expect(empty.body.data).toEqual({
      type: 'privacy',
      content: '',
      updatedAt: null,
      updatedBy: null,
      versions: [],
    })

    const saved = await save({
      type: 'privacy',
      content: '<h2>隐私政策</h2><p onclick="x()">我们<script>1</script>重视</p>',
    })
    expect(saved.body).toMatchObject({ code: 0, msg: '保存成功' })
    const [row] = await t.database.db
      .select()
      .from(configureVersion)
      .where(eq(configureVersion.id, saved.body.data.id))
    expect(row).toMatchObject({
      type: 'privacy',
      content: '<h2>隐私政策</h2><p>我们重视</p>',
      username: 'admin',
    })

    const doc = (await get('privacy')).body.data
    expect(doc).toMatchObject({
      type: 'privacy',
      content: '<h2>隐私政策</h2><p>我们重视</p>',
      updatedBy: 'admin',
    })
    expect(Date.parse(doc.updatedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(doc.versions).toEqual([
      {
        id: saved.body.data.id,
        username: 'admin',
        createdAt: doc.updatedAt,
        size: Buffer.byteLength(doc.content),
      },
    ])
    // Other types are separate.
    expect((await get('agreement')).body.data.content).toBe('')

    await vi.waitFor(async () => {
      const [log] = await t.database.db
        .select()
        .from(operationLog)
        .where(and(eq(operationLog.action, '修改运营配置'), eq(operationLog.username, 'admin')))
      expect(log).toMatchObject({
        page: '系统-运营配置',
        result: 'success',
        target: `隐私政策（privacy） 版本 ${saved.body.data.id}`,
      })
    })
  })

  it('refuses unknown fields, unknown types, mixed forms and over-long text', async () => {
    for (const body of [
      { type: 'aboutus', content: '<p>x</p>', adminId: 1 },
      { type: 'aboutus', content: '<p>x</p>', key: 'security.singleSession' },
      { type: 'terms', content: '<p>x</p>' },
      { type: 'aboutus' },
      { type: 'aboutus', content: 5 },
      { key: 'security.singleSession', value: true, type: 'aboutus' },
      { key: 'security.singleSession', value: 'yes' },
      { key: 'style.defaults', value: {} },
      { key: 'admin.password', value: 'x' },
    ]) {
      const { res, body: env } = await save(body)
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500)
      expect(env.code).not.toBe(0)
    }
    const long = await save({ type: 'aboutus', content: 'x'.repeat(CONFIGURE_MAX_CHARS + 1) })
    expect([long.res.statusCode, long.body.code]).toEqual([422, errorCodes.VALIDATION.code])
    expect((await get('aboutus')).body.data.versions).toEqual([])
    expect(
      (await call(t.app, 'GET', '/api/setting/get?type=terms', { token: adminToken })).res.statusCode,
    ).toBe(422)
  })

  it('lists versions newest first, shows one, and restores it as a new version', async () => {
    const ids: number[] = []
    for (const text of ['第一版', '第二版', '第三版'])
      ids.push((await save({ type: 'agreement', content: `<p>${text}</p>` })).body.data.id)
    const versions = await call(t.app, 'GET', '/api/setting/versions?type=agreement', { token: adminToken })
    expect(versions.body.data.total).toBe(3)
    expect(versions.body.data.items.map((v: { id: number }) => v.id)).toEqual([...ids].reverse())
    expect(versions.body.data.items[0]).toMatchObject({
      username: 'admin',
      size: Buffer.byteLength('<p>第三版</p>'),
    })
    const pageTwo = await call(t.app, 'GET', '/api/setting/versions?type=agreement&page=2&pageSize=2', {
      token: adminToken,
    })
    expect(pageTwo.body.data.items.map((v: { id: number }) => v.id)).toEqual([ids[0]])

    const one = await call(t.app, 'GET', `/api/setting/version?type=agreement&id=${ids[0]}`, {
      token: adminToken,
    })
    expect(one.body.data).toMatchObject({ id: ids[0], type: 'agreement', content: '<p>第一版</p>' })
    // A version of another type is not reachable through this one.
    const other = await call(t.app, 'GET', `/api/setting/version?type=aboutus&id=${ids[0]}`, {
      token: adminToken,
    })
    expect([other.res.statusCode, other.body.msg]).toEqual([404, '该版本不存在'])

    const restored = await call(t.app, 'POST', '/api/setting/restore', {
      token: adminToken,
      body: { type: 'agreement', id: ids[0] },
    })
    expect(restored.body).toMatchObject({ code: 0, msg: '已恢复该版本' })
    const doc = (await get('agreement')).body.data
    expect(doc.content).toBe('<p>第一版</p>')
    expect(doc.versions.map((v: { id: number }) => v.id)).toEqual([
      restored.body.data.id,
      ...[...ids].reverse(),
    ])
    expect(restored.body.data.id).toBeGreaterThan(ids[2]!)

    const wrongType = await call(t.app, 'POST', '/api/setting/restore', {
      token: adminToken,
      body: { type: 'privacy', id: ids[1] },
    })
    expect(wrongType.res.statusCode).toBe(404)
    const extra = await call(t.app, 'POST', '/api/setting/restore', {
      token: adminToken,
      body: { type: 'agreement', id: ids[1], username: 'someone' },
    })
    expect(extra.res.statusCode).toBeGreaterThanOrEqual(400)
    expect((await get('agreement')).body.data.content).toBe('<p>第一版</p>')
  })

  it('gates by 系统-运营配置 查看 / 编辑; system settings need a super admin', async () => {
    const viewer = await grantedAccount(t, 'cfgviewer', powerOf({ '系统-运营配置': ['查看'] }))
    const editor = await grantedAccount(t, 'cfgwriter', powerOf({ '系统-运营配置': ['查看', '编辑'] }))
    const outsider = await grantedAccount(t, 'cfgnone', powerOf({ '系统-操作日志': ['查看'] }))

    expect((await get('cancel', viewer.token)).body.code).toBe(0)
    expect((await save({ type: 'cancel', content: '<p>注销</p>' }, viewer.token)).res.statusCode).toBe(403)
    expect(
      (
        await call(t.app, 'POST', '/api/setting/restore', {
          token: viewer.token,
          body: { type: 'cancel', id: 1 },
        })
      ).res.statusCode,
    ).toBe(403)
    expect((await get('cancel', outsider.token)).res.statusCode).toBe(403)
    expect(
      (await call(t.app, 'GET', '/api/setting/versions?type=cancel', { token: outsider.token })).res
        .statusCode,
    ).toBe(403)

    const written = await save({ type: 'cancel', content: '<p>注销协议</p>' }, editor.token)
    expect(written.body.code).toBe(0)
    expect((await get('cancel', viewer.token)).body.data).toMatchObject({
      content: '<p>注销协议</p>',
      updatedBy: 'cfgwriter',
    })

    // The key form keeps working: everyone with 查看 reads the settings, only a super admin changes them.
    const settings = await call(t.app, 'GET', '/api/setting/get', { token: viewer.token })
    expect(settings.body.data).toEqual({
      'security.singleSession': false,
      'security.allowRegistration': true,
      'log.retentionDays': 180,
      editor: defaultEditorSettings,
      tools: defaultToolSettings,
    })
    const refused = await save({ key: 'security.allowRegistration', value: false }, editor.token)
    expect([refused.res.statusCode, refused.body.msg]).toEqual([403, '只有超级管理员可以修改系统设置'])
    expect((await save({ key: 'security.allowRegistration', value: false })).body).toMatchObject({
      code: 0,
      msg: '保存成功',
    })
    expect(
      (await call(t.app, 'GET', '/api/setting/get', { token: adminToken })).body.data[
        'security.allowRegistration'
      ],
    ).toBe(false)
    await save({ key: 'security.allowRegistration', value: true })

    await vi.waitFor(async () => {
      const logs = await t.database.db
        .select()
        .from(operationLog)
        .where(eq(operationLog.target, 'setting:security.allowRegistration'))
      expect(logs.map((l) => [l.action, l.username, l.result])).toEqual([
        ['修改系统设置', 'cfgwriter', 'fail'],
        ['修改系统设置', 'admin', 'success'],
        ['修改系统设置', 'admin', 'success'],
      ])
    })
  })
})
