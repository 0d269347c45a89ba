import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { defaultEditorSettings, type EditorSettings, editorMessages } from '@moc/domain/api/editor'
import { and, desc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationLog } from '../src/db/schema.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { call, engines, login, startTestApp, type TestApp } from './harness.ts'

/** A stand-in static-map provider on loopback (allowed through DUMP_ALLOWED_PRIVATE, as an intranet server). */
function mapProvider(image: Buffer) {
  const hits: string[] = []
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '')
    if (req.url?.startsWith('/staticmap'))
      return res.writeHead(200, { 'content-type': 'image/png' }).end(image)
    return res.writeHead(500).end('down')
  })
  return new Promise<{ server: http.Server; port: number; hits: string[] }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, hits }),
    ),
  )
}

describe.each(engines)('editor services on %s', (engine) => {
  let t: TestApp
  let adminToken: string
  let provider: Awaited<ReturnType<typeof mapProvider>>
  let image: Buffer
  const settings = (value: EditorSettings, token = adminToken) =>
    call(t.app, 'POST', '/api/setting/update', { token, body: { key: 'editor', value } })

  beforeAll(async () => {
    image = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer()
    provider = await mapProvider(image)
    t = await startTestApp(engine, { DUMP_ALLOWED_PRIVATE: `127.0.0.1:${provider.port}` })
    adminToken = await login(t.app)
  })
  afterAll(async () => {
    await t?.close()
    provider?.server.close()
  })

  it('GET /api/editor/config: any signed-in account, defaults first, settings after a super admin saves them', async () => {
    const someone = await grantedAccount(t, 'cfgreader', powerOf({}))
    expect((await call(t.app, 'GET', '/api/editor/config')).res.statusCode).toBe(401)
    const first = await call(t.app, 'GET', '/api/editor/config', { token: someone.token })
    expect(first.body.data).toEqual({
      allowLocalImages: true,
      map: { enabled: true, staticImage: false },
      xiumi: null,
      editor135: null,
      embedOrigins: [],
      // Local files are paths (decision 0033); the absolute base is what older rows and copies carry.
      ownMediaOrigins: ['/files', 'http://localhost:8080/files'],
    })

    const value: EditorSettings = {
      allowLocalImages: false,
      embedOrigins: ['https://v.qq.com'],
      mapEnabled: true,
      mapImageUrl: 'https://maps.example/staticmap?center={lng},{lat}&key=secret',
      xiumi: { url: 'https://xiumi.us/studio/v5#/paper?openid={openId}', origins: ['https://xiumi.us'] },
      editor135: {
        url: 'https://www.135editor.com/beautify_editor.html',
        origins: ['https://www.135editor.com'],
      },
    }
    const refused = await settings(value, someone.token)
    expect(refused.res.statusCode).toBe(403)
    expect((await settings(value)).body).toMatchObject({ code: 0, msg: '保存成功' })
    const after = await call(t.app, 'GET', '/api/editor/config', { token: someone.token })
    expect(after.body.data).toMatchObject({
      allowLocalImages: false,
      map: { enabled: true, staticImage: true },
      xiumi: value.xiumi,
      editor135: value.editor135,
      embedOrigins: ['https://v.qq.com'],
    })
    // The provider's key stays with the administrators.
    expect(JSON.stringify(after.body.data)).not.toContain('secret')
    const [log] = await t.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.target, 'setting:editor'))
      .orderBy(desc(operationLog.id))
      .limit(1)
    expect(log).toMatchObject({ action: '修改系统设置', result: 'success', username: 'admin' })
    await settings(defaultEditorSettings)
  })

  it('validates the editor settings: origins https (or http://localhost) without a path', async () => {
    for (const [value, msg] of [
      [{ ...defaultEditorSettings, embedOrigins: ['http://v.qq.com'] }, editorMessages.originInvalid],
      [{ ...defaultEditorSettings, embedOrigins: ['https://v.qq.com/x'] }, editorMessages.originInvalid],
      [
        { ...defaultEditorSettings, xiumi: { url: 'https://xiumi.us', origins: [] } },
        editorMessages.originsRequired,
      ],
      [
        { ...defaultEditorSettings, editor135: { url: 'ftp://x', origins: ['https://x.cn'] } },
        editorMessages.urlInvalid,
      ],
      [
        { ...defaultEditorSettings, mapImageUrl: 'https://maps.example/s?c={lng}' },
        editorMessages.mapTemplateInvalid,
      ],
    ] as const) {
      const { body } = await settings(value as EditorSettings)
      expect(body.code, JSON.stringify(value)).not.toBe(0)
      expect(body.msg).toContain(msg)
    }
    const ok = await settings({ ...defaultEditorSettings, embedOrigins: ['http://localhost:5173'] })
    expect(ok.body.code).toBe(0)
    await settings(defaultEditorSettings)
  })

  it('embeds survive storing only from the configured origins', async () => {
    const body = '<p>视频</p><iframe src="https://v.qq.com/txp/iframe/player.html?vid=1"></iframe>'
    const store = async () =>
      (
        await call(t.app, 'POST', '/api/setting/update', {
          token: adminToken,
          body: { type: 'aboutus', content: body },
        })
      ).body.code
    const current = async () =>
      (await call(t.app, 'GET', '/api/setting/get?type=aboutus', { token: adminToken })).body.data.content
    expect(await store()).toBe(0)
    expect(await current()).toBe('<p>视频</p>')
    await settings({ ...defaultEditorSettings, embedOrigins: ['https://v.qq.com'] })
    expect(await store()).toBe(0)
    expect(await current()).toBe(body)
    await settings(defaultEditorSettings)
  })

  it('templates: each account lists and changes only its own; HTML sanitized; every change logged', async () => {
    const alice = await grantedAccount(t, 'tplalice', powerOf({}))
    const bob = await grantedAccount(t, 'tplbob', powerOf({}))
    const tpl = (path: string, token: string, body?: unknown) =>
      call(t.app, body === undefined ? 'GET' : 'POST', `/api/editor/template/${path}`, { token, body })

    const added = await tpl('add', alice.token, {
      name: ' 导语 ',
      html: '<p onclick="x()">导语<script>alert(1)</script></p><img src="/files/image/a.png" onerror="x()">',
    })
    expect(added.body).toMatchObject({ code: 0, msg: '保存成功' })
    expect(added.body.data).toMatchObject({
      name: '导语',
      html: '<p>导语</p><img src="/files/image/a.png" oncontextmenu="return false" />',
    })
    const id = added.body.data.id as number
    await tpl('add', bob.token, { name: '鲍勃的', html: '<p>b</p>' })

    expect((await tpl('list', alice.token)).body.data.map((x: { name: string }) => x.name)).toEqual(['导语'])
    expect((await tpl('list', bob.token)).body.data.map((x: { name: string }) => x.name)).toEqual(['鲍勃的'])

    // Bob cannot see, rename, replace or delete Alice's template by its id.
    for (const [path, body] of [
      ['modify', { id, name: '抢走' }],
      ['modify', { id, html: '<p>改</p>' }],
      ['delete', { id }],
    ] as const) {
      const r = await tpl(path, bob.token, body)
      expect([r.res.statusCode, r.body.msg]).toEqual([404, editorMessages.templateMissing])
    }
    expect((await tpl('list', alice.token)).body.data[0]).toMatchObject({ id, name: '导语' })

    const renamed = await tpl('modify', alice.token, { id, name: '新导语' })
    expect(renamed.body.data).toMatchObject({ id, name: '新导语' })
    const replaced = await tpl('modify', alice.token, {
      id,
      html: '<p style="position:fixed;color:red">正文</p>',
    })
    expect(replaced.body.data.html).toBe('<p style="color:red">正文</p>')

    for (const [body, msg] of [
      [{ name: '', html: '<p>x</p>' }, editorMessages.templateNameRequired],
      [{ name: 'x'.repeat(51), html: '<p>x</p>' }, editorMessages.templateNameTooLong],
      [{ name: '空', html: '<script>x</script>' }, editorMessages.templateEmpty],
      [{ name: 'x', html: '<p>x</p>', adminId: bob.id }, ''],
    ] as const) {
      const r = await tpl('add', alice.token, body)
      expect(r.body.code, JSON.stringify(body)).not.toBe(0)
      expect(r.body.msg).toContain(msg)
    }

    expect((await tpl('delete', alice.token, { id })).body).toMatchObject({ code: 0, msg: '删除成功' })
    expect((await tpl('list', alice.token)).body.data).toEqual([])
    expect((await tpl('list', bob.token)).body.data).toHaveLength(1)

    // The operation log is written once each response has gone (auditLog.ts onResponse): wait for the last one.
    const aliceLogs = () =>
      t.database.db
        .select()
        .from(operationLog)
        .where(and(eq(operationLog.username, 'tplalice'), eq(operationLog.result, 'success')))
    await expect.poll(async () => (await aliceLogs()).length).toBe(4)
    const logs = await aliceLogs()
    expect(logs.map((l) => l.action).sort()).toEqual(
      ['新增编辑器模板', '修改编辑器模板', '修改编辑器模板', '删除编辑器模板'].sort(),
    )
    expect(logs.find((l) => l.action === '删除编辑器模板')?.target).toBe(`新导语（${id}）`)
  })

  it('map card: text only without a provider; with one, the image is fetched and stored on our storage', async () => {
    const place = { name: '市民中心<b>', address: '福田区福中三路 1 号', lng: 114.0596, lat: 22.5431 }
    const textOnly = await call(t.app, 'POST', '/api/editor/map', { token: adminToken, body: place })
    expect(textOnly.body.data).toEqual({
      html: '<div class="map-card"><p><strong>📍 市民中心&lt;b&gt;</strong></p><p>福田区福中三路 1 号</p></div>',
      image: null,
    })

    await settings({
      ...defaultEditorSettings,
      mapImageUrl: `http://127.0.0.1:${provider.port}/staticmap?location={lng},{lat}&size=500*300`,
    })
    const withImage = await call(t.app, 'POST', '/api/editor/map', { token: adminToken, body: place })
    expect(withImage.body.code).toBe(0)
    expect(provider.hits).toContain('/staticmap?location=114.0596,22.5431&size=500*300')
    const url = withImage.body.data.image as string
    expect(url).toMatch(/^\/files\/image\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/)
    expect(withImage.body.data.html).toContain(
      `<img src="${url}" alt="市民中心&lt;b&gt;" width="500" oncontextmenu="return false" />`,
    )
    const stored = await t.app.inject({ method: 'GET', url })
    expect(stored.rawPayload.equals(image)).toBe(true)
    expect(stored.headers['access-control-allow-origin']).toBe('*')

    // Without coordinates, or when the provider fails, the card goes in without its picture.
    const noCoords = await call(t.app, 'POST', '/api/editor/map', {
      token: adminToken,
      body: { name: '图书馆', address: '福中一路' },
    })
    expect(noCoords.body.data.image).toBeNull()
    await settings({
      ...defaultEditorSettings,
      mapImageUrl: `http://127.0.0.1:${provider.port}/down?{lng},{lat}`,
    })
    const failed = await call(t.app, 'POST', '/api/editor/map', { token: adminToken, body: place })
    expect(failed.body).toMatchObject({ code: 0, msg: editorMessages.mapImageFailed, data: { image: null } })

    await settings({ ...defaultEditorSettings, mapEnabled: false })
    const off = await call(t.app, 'POST', '/api/editor/map', { token: adminToken, body: place })
    expect([off.res.statusCode, off.body.msg]).toEqual([403, editorMessages.mapOff])
    const invalid = await call(t.app, 'POST', '/api/editor/map', {
      token: adminToken,
      body: { name: '', address: 'x' },
    })
    expect(invalid.body.msg).toContain(editorMessages.mapNameRequired)
    await settings(defaultEditorSettings)
  })
})
