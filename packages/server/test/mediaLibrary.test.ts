import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mediaMessages } from '@moc/domain/api/mediaLibrary'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, mediaFile, operationLog, role } from '../src/db/schema.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { call, login, startTestApp, type TestApp } from './harness.ts'

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#08c' } })
    .png()
    .toBuffer()

describe('媒体资源库 /api/resource/*', () => {
  let t: TestApp
  let token: string
  const post = (url: string, body: unknown, as = token) => call(t.app, 'POST', url, { token: as, body })
  const get = (url: string, as = token) => call(t.app, 'GET', url, { token: as })

  /** Uploads a PNG through /api/upload/file (as the library screen does) and returns its storage key. */
  async function uploadPng(as = token, w = 12, h = 9) {
    const form = new FormData()
    form.append('kind', 'image')
    form.append('target', 'mediaLibrary')
    form.append('file', new Blob([new Uint8Array(await png(w, h))], { type: 'image/png' }), 'a.png')
    const req = new Request('http://localhost/', { method: 'POST', body: form })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/file',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type') ?? '', 'x-auth-token': as },
    })
    expect(res.json().code).toBe(0)
    return res.json().data as { key: string; url: string }
  }

  async function addImage(title: string, parentId = 0, as = token) {
    const { key } = await uploadPng(as)
    const r = await post('/api/resource/add/file', { path: key, title, type: 'image', parentId }, as)
    expect(r.body.code, r.body.msg).toBe(0)
    return r.body.data as { id: number; path: string; state: string; width: number; height: number }
  }

  async function folder(title: string, parentId = 0, folderType = 'image', as = token) {
    const r = await post('/api/resource/add/file', { title, type: 'dir', parentId, folderType }, as)
    expect(r.body.code, r.body.msg).toBe(0)
    return r.body.data.id as number
  }

  beforeAll(async () => {
    t = await startTestApp('pglite')
    token = await login(t.app)
  })
  afterAll(() => t.close())

  it('seeds the recording categories 1–4 as the top of the category tree', async () => {
    const { body } = await get('/api/resource/category?page=1&size=1000')
    expect(body.code).toBe(0)
    expect(body.data.items.map((c: { id: number; name: string }) => [c.id, c.name])).toEqual([
      [1, '直播收录'],
      [2, '电视收录'],
      [3, '广播收录'],
      [4, '可视广播收录'],
    ])
  })

  it('adds an uploaded image under saas/image/media, measures it and lists it in its folder', async () => {
    const dir = await folder('活动图片')
    const item = await addImage('开幕式', dir)
    expect(item.path).toMatch(/\/files\/saas\/image\/media\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/)
    expect(item).toMatchObject({ state: 'ready', width: 12, height: 9 })

    const root = await get('/api/resource/files?type=image&page=1&pageSize=28')
    expect(root.body.data.items.find((i: { id: number }) => i.id === dir)).toMatchObject({
      type: 'dir',
      title: '活动图片',
    })
    expect(root.body.data.items.some((i: { id: number }) => i.id === item.id)).toBe(false)

    const inside = await get(`/api/resource/files?type=image&parentId=${dir}`)
    expect(inside.body.data).toMatchObject({
      total: 1,
      items: [{ id: item.id, title: '开幕式', parentId: dir }],
    })
    const crumbs = await get(`/api/resource/folder/path?id=${dir}`)
    expect(crumbs.body.data).toEqual([{ id: dir, title: '活动图片' }])
  })

  it('pages folders first, then files, with the total of both; filters by keyword and date range', async () => {
    const dir = await folder('分页')
    const sub = await folder('子文件夹', dir)
    for (const n of [1, 2, 3]) await addImage(`分页图${n}`, dir)
    const page1 = await get(`/api/resource/files?type=image&parentId=${dir}&page=1&pageSize=2`)
    expect(page1.body.data.total).toBe(4)
    expect(page1.body.data.items.map((i: { title: string }) => i.title)).toEqual(['子文件夹', '分页图3'])
    const page2 = await get(`/api/resource/files?type=image&parentId=${dir}&page=2&pageSize=2`)
    expect(page2.body.data.items.map((i: { title: string }) => i.title)).toEqual(['分页图2', '分页图1'])

    const keyword = await get(
      `/api/resource/files?type=image&parentId=${dir}&content=${encodeURIComponent('图2')}`,
    )
    expect(keyword.body.data).toMatchObject({ total: 1, items: [{ title: '分页图2' }] })
    const future = new Date(Date.now() + 3600_000).toISOString()
    const none = await get(`/api/resource/files?type=image&parentId=${dir}&startTime=${future}`)
    expect(none.body.data).toEqual({ items: [], total: 0 })
    const other = await get(`/api/resource/files?type=video&parentId=${dir}`)
    expect(other.body.data.total).toBe(0)
    expect(sub).toBeGreaterThan(dir)
  })

  it('renames and moves files and folders; refuses moving a folder into itself and deleting a non-empty one', async () => {
    const a = await folder('甲')
    const b = await folder('乙', a)
    const file = await addImage('待移动')
    expect(
      (await post('/api/resource/modify', { id: file.id, title: '已改名', parentId: b })).body.code,
    ).toBe(0)
    const inB = await get(`/api/resource/files?type=image&parentId=${b}`)
    expect(inB.body.data.items).toMatchObject([{ id: file.id, title: '已改名' }])
    const path = await get(`/api/resource/folder/path?id=${b}`)
    expect(path.body.data.map((f: { title: string }) => f.title)).toEqual(['甲', '乙'])

    const loop = await post('/api/resource/modify', { id: a, parentId: b })
    expect(loop.body.msg).toBe(mediaMessages.moveIntoSelf)
    const videoDir = await folder('视频夹', 0, 'video')
    const wrongType = await post('/api/resource/modify', { id: file.id, parentId: videoDir })
    expect(wrongType.body.msg).toBe(mediaMessages.folderTypeMismatch)

    const notEmpty = await post('/api/resource/delete/file', { ids: [a] })
    expect(notEmpty.res.statusCode).toBe(409)
    expect(notEmpty.body.msg).toBe(mediaMessages.folderNotEmpty)
    expect((await post('/api/resource/delete/file', { ids: [file.id] })).body.code).toBe(0)
    expect((await post('/api/resource/delete/file', { ids: [b] })).body.code).toBe(0)
    expect((await post('/api/resource/delete/file', { ids: [a] })).body.code).toBe(0)
    const [log] = await t.database.db.select().from(operationLog).where(eq(operationLog.action, '删除媒资'))
    expect(log).toBeTruthy()
  })

  it('records which articles use a file and refuses deleting it unless confirmed, naming the article', async () => {
    const file = await addImage('封面图')
    const add = await post('/api/content/add', {
      kind: 'article',
      title: '使用媒资的文章',
      cover: file.path,
      body: '<p>正文</p>',
    })
    expect(add.body.code, add.body.msg).toBe(0)
    const usage = await get(`/api/resource/usage?ids=${file.id}`)
    expect(usage.body.data).toEqual([
      { fileId: file.id, contentId: add.body.data.id, kind: 'article', title: '使用媒资的文章' },
    ])
    const listed = await get('/api/resource/files?type=image&content=封面图')
    expect(listed.body.data.items[0]).toMatchObject({ id: file.id, usedNum: 1 })

    const refused = await post('/api/resource/delete/file', { ids: [file.id] })
    expect(refused.res.statusCode).toBe(409)
    expect(refused.body.msg).toBe(mediaMessages.inUse(['使用媒资的文章']))
    expect(refused.body.data).toHaveLength(1)

    // Saving the article without the file frees it.
    const other = await addImage('正文图')
    const modify = await post('/api/content/modify', {
      kind: 'article',
      id: add.body.data.id,
      title: '使用媒资的文章',
      cover: '',
      body: `<p><img src="${other.path}"></p>`,
    })
    expect(modify.body.code, modify.body.msg).toBe(0)
    expect((await get(`/api/resource/usage?ids=${file.id},${other.id}`)).body.data).toMatchObject([
      { fileId: other.id },
    ])
    expect((await post('/api/resource/delete/file', { ids: [file.id] })).body.code).toBe(0)
    const confirmed = await post('/api/resource/delete/file', { ids: [other.id], confirm: true })
    expect(confirmed.body.code).toBe(0)
    expect(await t.database.db.select().from(mediaFile).where(eq(mediaFile.id, other.id))).toEqual([])
  })

  it('refuses a path that is not a stored file or whose type differs', async () => {
    const missing = await post('/api/resource/add/file', {
      path: 'image/2026-01/0123456789abcdef0123456789abcdef.png',
      title: '不存在',
      type: 'image',
    })
    expect(missing.body.msg).toBe(mediaMessages.stored)
    const { key } = await uploadPng()
    const wrong = await post('/api/resource/add/file', { path: key, title: '类型不符', type: 'video' })
    expect(wrong.body.msg).toBe(mediaMessages.typeMismatch)
    const empty = await post('/api/resource/add/file', { path: key, title: ' ', type: 'image' })
    expect(empty.body.msg).toBe(mediaMessages.titleRequired)
  })

  it('image editor: finds a library file by its URL, and 修改原图 points the file at the edited picture', async () => {
    const item = await addImage('待编辑')
    const found = await get(`/api/resource/find?path=${encodeURIComponent(item.path)}`)
    expect(found.body.data).toMatchObject({ id: item.id, title: '待编辑', width: 12, height: 9 })
    for (const other of [
      'https://example.com/a.png',
      '/files/image/2026-01/0123456789abcdef0123456789abcdef.png',
    ])
      expect((await get(`/api/resource/find?path=${encodeURIComponent(other)}`)).body).toMatchObject({
        code: 0,
        data: null,
      })

    const edited = await uploadPng(token, 30, 20)
    const modified = await post('/api/resource/modify', { id: item.id, path: edited.key })
    expect(modified.body.code, modified.body.msg).toBe(0)
    const now = await get(`/api/resource/find?path=${encodeURIComponent(edited.url)}`)
    expect(now.body.data).toMatchObject({
      id: item.id,
      title: '待编辑',
      state: 'ready',
      width: 30,
      height: 20,
    })
    expect(now.body.data.path).toBe(edited.url)
    // The absolute PUBLIC_URL address older rows and copies carry names the same file (decision 0033).
    const legacy = await get(
      `/api/resource/find?path=${encodeURIComponent(`http://localhost:8080${edited.url}`)}`,
    )
    expect(legacy.body.data).toMatchObject({ id: item.id })
    expect((await get(`/api/resource/find?path=${encodeURIComponent(item.path)}`)).body.data).toBeNull()

    // Only a file's content can be replaced, by a stored file of its own type.
    const dir = await folder('编辑文件夹')
    expect((await post('/api/resource/modify', { id: dir, path: edited.key })).body.msg).toBe(
      mediaMessages.typeMismatch,
    )
    const missing = 'saas/image/media/2026-01/0123456789abcdef0123456789abcdef.png'
    expect((await post('/api/resource/modify', { id: item.id, path: missing })).body.msg).toBe(
      mediaMessages.stored,
    )
  })

  it('"only mine" lists the caller\'s files; counts by type; permissions and data scope hold', async () => {
    const viewer = await grantedAccount(t, 'media-viewer', powerOf({ 媒体资源库管理: ['查看', '添加'] }))
    const mine = await addImage('我的图', 0, viewer.token)
    const onlyMine = await get(`/api/resource/files?type=image&adminId=${viewer.id}`, viewer.token)
    expect(onlyMine.body.data).toMatchObject({
      total: 1,
      items: [{ id: mine.id, createdByName: 'media-viewer' }],
    })
    const [me] = await t.database.db.select().from(admin).where(eq(admin.username, 'admin'))
    const adminsFiles = await get(`/api/resource/files?type=image&adminId=${me!.id}`)
    expect(adminsFiles.body.data.items.some((i: { id: number }) => i.id === mine.id)).toBe(false)

    // The viewer's role has an empty department list: unrestricted. A role scoped to no department sees only its own.
    const all = await get('/api/resource/count?type=image')
    expect(all.body.data).toBeGreaterThan(1)
    const scoped = await grantedAccount(t, 'media-scoped', powerOf({ 媒体资源库管理: ['查看', '删除'] }))
    await t.database.db.update(role).set({ permissionDepartment: '999999' }).where(eq(role.id, scoped.roleId))
    const seen = await get('/api/resource/count?type=image', scoped.token)
    expect(seen.body.data).toBe(0)
    const idor = await post('/api/resource/delete/file', { ids: [mine.id] }, scoped.token)
    expect(idor.res.statusCode).toBe(404)

    const noEdit = await post('/api/resource/modify', { id: mine.id, title: 'x' }, viewer.token)
    expect(noEdit.res.statusCode).toBe(403)
    const noDownload = await post('/api/resource/download', { id: mine.id }, viewer.token)
    expect(noDownload.res.statusCode).toBe(403)
  })

  it('downloads a file under its title', async () => {
    const file = await addImage('下载图')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/resource/download',
      headers: { 'x-auth-token': token },
      payload: { id: file.id },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('下载图.png'))
    expect((await sharp(res.rawPayload).metadata()).width).toBe(12)
  })

  it('processes media in the job queue: image thumbnail; video probe, HLS transcode and poster', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'media-'))
    const clip = join(dir, 'clip.mp4')
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=10:duration=2'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-shortest', '-pix_fmt', 'yuv420p', clip],
    ])
    const form = new FormData()
    form.append('kind', 'video')
    form.append('file', new Blob([new Uint8Array(readFileSync(clip))], { type: 'video/mp4' }), 'clip.mp4')
    const req = new Request('http://localhost/', { method: 'POST', body: form })
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/upload/file',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type') ?? '', 'x-auth-token': token },
    })
    const added = await post('/api/resource/add/file', {
      path: up.json().data.key,
      title: '测试片',
      type: 'video',
    })
    expect(added.body.data).toMatchObject({ state: 'processing', transcodeUrl: '' })
    const image = await addImage('缩略图')

    for (let row = await t.ctx.jobs.claim(); row; row = await t.ctx.jobs.claim()) await t.ctx.jobs.run(row)
    const [video] = await t.database.db.select().from(mediaFile).where(eq(mediaFile.id, added.body.data.id))
    expect(video).toMatchObject({ state: 'ready', width: 320, height: 180, error: '' })
    expect(video!.duration).toBeCloseTo(2, 0)
    expect(video!.transcodeUrl).toMatch(/^\/files\/video\/\d{4}-\d{2}\/[0-9a-f]{32}\/hls\/index\.m3u8$/)
    expect(video!.coverUrl).toMatch(/\/poster\.jpg$/)
    const playlist = await t.app.inject({ method: 'GET', url: video!.transcodeUrl })
    expect(playlist.body).toContain('#EXTM3U')
    const [thumbed] = await t.database.db.select().from(mediaFile).where(eq(mediaFile.id, image.id))
    expect(thumbed!.coverUrl).toMatch(/\/thumb\.jpg$/)
    // 重新转码: back to processing and queued again.
    expect((await post('/api/resource/process', { id: video!.id })).body.code).toBe(0)
    const [again] = await t.database.db.select().from(mediaFile).where(eq(mediaFile.id, video!.id))
    expect(again!.state).toBe('processing')
    for (let row = await t.ctx.jobs.claim(); row; row = await t.ctx.jobs.claim()) await t.ctx.jobs.run(row)
    const listed = await get('/api/resource/files?type=video')
    expect(listed.body.data.items.find((i: { id: number }) => i.id === video!.id).transcodeUrl).toBe(
      video!.transcodeUrl,
    )
    // 视频剪辑: refused spans and files, then a clip that becomes a ready library video of its own.
    const clipOf = (body: Record<string, unknown>) =>
      post('/api/resource/clip', { id: video!.id, title: '片段', ...body })
    expect((await clipOf({ start: 1, end: 1 })).body.msg).toBe(mediaMessages.clipOrder)
    expect((await clipOf({ start: 1, end: 1.5 })).body.msg).toBe(mediaMessages.clipTooShort)
    expect((await clipOf({ start: 0, end: 9 })).body.msg).toBe(mediaMessages.clipBeyond)
    expect((await clipOf({ start: 0, end: 1.5, title: ' ' })).body.msg).toBe(mediaMessages.titleRequired)
    expect((await clipOf({ id: image.id, start: 0, end: 1.5 })).body.msg).toBe(mediaMessages.clipNotVideo)
    const cut = await clipOf({ start: 0.5, end: 1.8 })
    expect(cut.body).toMatchObject({
      code: 0,
      msg: mediaMessages.clipSubmitted,
      data: { title: '片段', state: 'processing' },
    })
    for (let row = await t.ctx.jobs.claim(); row; row = await t.ctx.jobs.claim()) await t.ctx.jobs.run(row)
    const [clipped] = await t.database.db.select().from(mediaFile).where(eq(mediaFile.id, cut.body.data.id))
    expect(clipped).toMatchObject({ state: 'ready', type: 'video', width: 320, error: '' })
    expect(clipped!.duration).toBeCloseTo(1.3, 0)
    expect(clipped!.transcodeUrl).toMatch(/\/hls\/index\.m3u8$/)
    expect(clipped!.storageKey).not.toBe(video!.storageKey)

    // Deleting the file takes its playlist, segments and poster with it.
    expect((await post('/api/resource/delete/file', { ids: [video!.id] })).body.code).toBe(0)
    const gone = await t.app.inject({ method: 'GET', url: video!.transcodeUrl })
    expect(gone.statusCode).toBe(404)
    expect(await t.ctx.storage.exists(video!.coverUrl.replace('/files/', ''))).toBe(false)
  }, 60_000)
})
