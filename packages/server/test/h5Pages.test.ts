import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { zipOf } from '../../../e2e/zipFile.ts'
import { department } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, startTestApp, type TestApp } from './harness.ts'

const EDITOR = ['查看', '添加', '编辑', '删除', '提交审核', '撤销审核', '显示/隐藏']

/** H5 pages (a link or an uploaded zip package) with show state and the /auditH5 queue (decision 0024). */
describe.each(engines)('H5 pages (%s)', (engine) => {
  let t: TestApp
  type Acct = { id: number; token: string; roleId: number }
  const acct: Record<'editor' | 'outsider' | 'reviewer' | 'viewer', Acct> = {} as never
  const { post, get } = contentCalls(() => t)
  const add = (token: string, title: string, extra: Record<string, unknown> = {}) =>
    post(token, '/api/content/add', {
      kind: 'h5',
      title,
      linkType: 'url',
      url: 'https://h5.example.com/vote/',
      ...extra,
    })

  async function uploadZip(token: string, name: string, data: Buffer) {
    const form = new FormData()
    form.append('kind', 'package')
    form.append('file', new Blob([new Uint8Array(data)], { type: 'application/zip' }), name)
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
    const [a] = await t.database.db.insert(department).values({ name: 'H5部' }).returning()
    const [b] = await t.database.db.insert(department).values({ name: '外部' }).returning()
    acct.editor = await scopedAccount(t, 'h5Editor', { '内容-H5': EDITOR }, a!.id)
    acct.outsider = await scopedAccount(t, 'h5Outsider', { '内容-H5': EDITOR }, b!.id)
    acct.reviewer = await scopedAccount(t, 'h5Reviewer', { H5审核: ['查看', '审核'] }, a!.id)
    acct.viewer = await scopedAccount(t, 'h5Viewer', { '内容-H5': ['查看'] }, a!.id)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('keeps a link page, and asks for the address its link type needs', async () => {
    const noUrl = await add(acct.editor.token, '缺地址', { url: '' })
    expect(noUrl.res.statusCode).toBe(422)
    expect(noUrl.body.msg).toContain('请输入链接地址')
    const badUrl = await add(acct.editor.token, '坏地址', { url: 'javascript:alert(1)' })
    expect(badUrl.res.statusCode).toBe(422)
    expect(badUrl.body.msg).toContain('链接地址填写有误')
    const noPackage = await add(acct.editor.token, '缺包', { linkType: 'package', url: '' })
    expect(noPackage.res.statusCode).toBe(422)
    expect(noPackage.body.msg).toContain('请上传H5包')
    const r = await add(acct.editor.token, '年度投票页', { summary: '投票活动' })
    expect(r.body.code, r.body.msg).toBe(0)
    const listed = await get(acct.editor.token, '/api/content/list?kind=h5')
    expect(listed.body.data.items.find((i: { id: number }) => i.id === r.body.data.id)).toMatchObject({
      linkType: 'url',
      showState: true,
      verifyState: 0,
    })
    const nums = await get(acct.editor.token, '/api/content/nums?kind=h5&createdBy=')
    expect(nums.body.data).toEqual({ list: 1 })
  })

  it('takes an uploaded zip package, refusing other files and a zip that is not one', async () => {
    const notZip = await uploadZip(acct.editor.token, 'page.html', Buffer.from('<html></html>'))
    expect(notZip.res.statusCode).toBe(422)
    expect(notZip.body.msg).toBe('只支持上传zip压缩包')
    const fake = await uploadZip(acct.editor.token, 'fake.zip', Buffer.from('<html>not a zip</html>'))
    expect(fake.res.statusCode).toBe(422)
    const up = await uploadZip(acct.editor.token, 'vote.zip', zipOf({ 'index.html': '<h1>投票</h1>' }))
    expect(up.body.code, up.body.msg).toBe(0)
    expect(up.body.data.url).toMatch(/\/package\/\d{4}-\d{2}\/[0-9a-f]+\.zip$/)
    // A package is a public download, never a page of the console's origin.
    const file = await t.app.inject({ method: 'GET', url: new URL(up.body.data.url, 'http://x').pathname })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-disposition']).toBe('attachment')
    const r = await add(acct.editor.token, '打包的H5', {
      linkType: 'package',
      url: '',
      packageUrl: up.body.data.url,
    })
    expect(r.body.code, r.body.msg).toBe(0)
    const detail = await get(acct.editor.token, `/api/content/detail?kind=h5&id=${r.body.data.id}`)
    expect(detail.body.data.fields).toMatchObject({ linkType: 'package', packageUrl: up.body.data.url })
  })

  it('is reviewed on /auditH5 (badge), shown and hidden, and kept to its department', async () => {
    const id = (await add(acct.editor.token, '待审H5')).body.data.id
    // Spec §7 path of the submission.
    const sent = await post(acct.editor.token, '/api/content/h5/examine', { ids: [id] })
    expect(sent.body.code, sent.body.msg).toBe(0)
    const counts = (await get(acct.reviewer.token, '/api/verify-center/pendingCounts')).body.data
    expect(counts.counts['/auditH5']).toBe(1)
    const queue = await get(acct.reviewer.token, '/api/verify-center/h5?type=list')
    expect(queue.body.data.items[0]).toMatchObject({ id, kind: 'h5' })
    const foreign = await post(acct.outsider.token, '/api/content/showState', {
      kind: 'h5',
      ids: [id],
      showState: false,
    })
    expect(foreign.res.statusCode).toBe(404)
    const approved = await post(acct.reviewer.token, '/api/verify-center/approved', {
      resType: 'h5',
      ids: [id],
    })
    expect(approved.body.data.updated).toBe(1)
    const hidden = await post(acct.editor.token, '/api/content/showState', {
      kind: 'h5',
      ids: [id],
      showState: false,
    })
    expect(hidden.body.data.updated).toBe(1)
    const noRight = await post(acct.viewer.token, '/api/content/showState', {
      kind: 'h5',
      ids: [id],
      showState: true,
    })
    expect(noRight.res.statusCode).toBe(403)
    const detail = await get(acct.editor.token, `/api/content/detail?kind=h5&id=${id}`)
    expect(detail.body.data).toMatchObject({ verifyState: 1, showState: false })
    const restore = await post(acct.editor.token, '/api/content/restore', { kind: 'h5', ids: [id] })
    expect(restore.res.statusCode).toBe(400)
    const del = await post(acct.editor.token, '/api/content/h5/delete', { ids: [id] })
    expect(del.body.data).toEqual({ recycled: 0, deleted: 1 })
  })
})
