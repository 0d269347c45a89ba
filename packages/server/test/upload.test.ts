import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { pagAnimation } from '../../../e2e/pagFile.ts'
import { operationLog } from '../src/db/schema.ts'
import { mediaAccount } from '../src/db/tables/media.ts'
import { login, startTestApp, type TestApp } from './harness.ts'
import { startLocalS3 } from './localS3.ts'

/** A multipart body as a browser's FormData sends it (fields first, then the file). */
async function multipart(
  file: { name: string; type: string; data: Buffer },
  fields: Record<string, string> = {},
) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name)
  const req = new Request('http://localhost/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  }
}

async function upload(
  app: FastifyInstance,
  token: string | undefined,
  file: { name: string; type: string; data: Buffer },
  fields: Record<string, string> = {},
) {
  const { payload, headers } = await multipart(file, fields)
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload/file',
    payload,
    headers: { ...headers, ...(token ? { 'x-auth-token': token } : {}) },
  })
  return { res, body: res.json() }
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#c00' } })
    .png()
    .toBuffer()
// An ISO-BMFF header (ftyp isom) is what makes a file an mp4 to its magic-byte reader.
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.alloc(64),
])

/** A media file's derived objects go with it, and only they: a sibling stem that shares the prefix stays. */
async function expectDeleteTree(storage: TestApp['ctx']['storage']) {
  const dir = mkdtempSync(join(tmpdir(), 'moc-tree-'))
  const put = async (key: string) => {
    const path = join(dir, key.replaceAll('/', '_'))
    writeFileSync(path, key)
    await storage.putFile(key, path, 'application/octet-stream')
  }
  const derived = [
    'video/2026-11/abc/hls/index.m3u8',
    'video/2026-11/abc/hls/0.ts',
    'video/2026-11/abc/poster.jpg',
  ]
  for (const key of [...derived, 'video/2026-11/abcd/poster.jpg']) await put(key)
  await storage.deleteTree('video/2026-11/abc')
  for (const key of derived) expect(await storage.exists(key)).toBe(false)
  expect(await storage.exists('video/2026-11/abcd/poster.jpg')).toBe(true)
  rmSync(dir, { recursive: true, force: true })
}

describe('POST /api/upload/file on local storage', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await startTestApp('pglite')
    token = await login(t.app)
  })
  afterAll(() => t.close())

  it('needs a session', async () => {
    const { res } = await upload(t.app, undefined, {
      name: 'a.png',
      type: 'image/png',
      data: await png(4, 4),
    })
    expect(res.statusCode).toBe(401)
  })

  it('stores an image under image/YYYY-MM/<unique>.<lowercase ext> and serves it inline, public, with CORS', async () => {
    const data = await png(10, 8)
    const { body } = await upload(
      t.app,
      token,
      { name: '封面.PNG', type: 'image/png', data },
      { kind: 'image' },
    )
    expect(body.code).toBe(0)
    expect(body.data.key).toMatch(/^image\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/)
    expect(body.data.size).toBe(data.length)
    // A path, not an absolute address: the same file at whatever address the console is reached (decision 0033).
    const path = body.data.url as string
    expect(path).toBe(`/files/${body.data.key}`)
    const got = await t.app.inject({ method: 'GET', url: path })
    expect(got.statusCode).toBe(200)
    expect(got.headers['content-type']).toBe('image/png')
    expect(got.headers['content-disposition']).toBeUndefined()
    expect(got.headers['x-content-type-options']).toBe('nosniff')
    expect(got.headers['access-control-allow-origin']).toBe('*')
    expect(got.rawPayload.equals(data)).toBe(true)
    // Byte ranges, so video players can seek.
    const part = await t.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=0-3' } })
    expect(part.statusCode).toBe(206)
    expect(part.rawPayload.equals(data.subarray(0, 4))).toBe(true)
  })

  it('refuses each rule with the spec message and stores nothing', async () => {
    const cases: [{ name: string; type: string; data: Buffer }, string, string][] = [
      [{ name: 'a.bmp', type: 'image/bmp', data: await png(2, 2) }, 'image', '只支持上传图片格式'],
      [
        { name: 'a.png', type: 'image/png', data: await png(30_001, 1) },
        'image',
        '上传图片宽高不能超过30000 x 30000',
      ],
      [
        { name: 'a.png', type: 'image/png', data: Buffer.from('<html>not an image</html>') },
        'image',
        '文件内容与格式不符',
      ],
      [{ name: 'v.mov', type: 'video/quicktime', data: mp4 }, 'video', '只支持上传mp4视频文件'],
      [{ name: 'v.mp4', type: 'video/mp4', data: await png(2, 2) }, 'video', '文件内容与格式不符'],
      [{ name: 't.csv', type: 'text/csv', data: Buffer.from('a,b') }, 'excel', '只支持上传excel文件'],
      [{ name: 'm.gltf', type: '', data: Buffer.from('{}') }, 'glb', '只支持上传glb文件'],
      // mixed / directory: each file by its own rule.
      [
        { name: 'index.html', type: 'text/html', data: Buffer.from('<p>') },
        'directory',
        '不支持上传此格式文件',
      ],
      [{ name: 'v.mp4', type: 'video/mp4', data: await png(2, 2) }, 'mixed', '文件内容与格式不符'],
      // A .pag must open with libpag's "PAG" tag.
      [{ name: 'fake.pag', type: '', data: await png(2, 2) }, 'image', '文件内容与格式不符'],
    ]
    for (const [file, kind, msg] of cases) {
      const { res, body } = await upload(t.app, token, file, { kind })
      expect(res.statusCode, `${file.name} as ${kind}`).toBe(422)
      expect(body.msg).toBe(msg)
    }
    const images = await t.ctx.storage.exists('image')
    expect(images).toBe(false)
  })

  it('accepts a .pag animation (spec §5 ".pag allowed") by its PAG tag, as an image and as kind pag', async () => {
    const data = pagAnimation(32, 24, [[255, 0, 0]])
    for (const kind of ['image', 'pag']) {
      const { body } = await upload(t.app, token, { name: 'Like.PAG', type: '', data }, { kind })
      expect(body.code, body.msg).toBe(0)
      expect(body.data.key).toMatch(/^image\/\d{4}-\d{2}\/[0-9a-f]{32}\.pag$/)
    }
    const mixed = await upload(
      t.app,
      token,
      { name: 'a.png', type: 'image/png', data: await png(2, 2) },
      { kind: 'mixed' },
    )
    expect(mixed.body.data.key).toMatch(/^image\//)
    const png2 = await upload(
      t.app,
      token,
      { name: 'a.png', type: 'image/png', data: await png(2, 2) },
      { kind: 'pag' },
    )
    expect(png2.body.msg).toBe('不支持上传此格式文件')
  })

  it('refuses images over 32 MB', async () => {
    const big = Buffer.concat([await png(2, 2), Buffer.alloc(32 * 1024 * 1024)])
    const { body } = await upload(
      t.app,
      token,
      { name: 'big.png', type: 'image/png', data: big },
      { kind: 'image' },
    )
    expect(body.msg).toBe('图片大小不能超过32MB')
  })

  it('accepts an mp4 and serves it inline', async () => {
    const { body } = await upload(
      t.app,
      token,
      { name: 'clip.mp4', type: 'video/mp4', data: mp4 },
      { kind: 'video' },
    )
    expect(body.code).toBe(0)
    expect(body.data.key).toMatch(/^video\//)
    expect(body.data.contentType).toBe('video/mp4')
  })

  it('attachments are private: a signed URL that expires, downloaded never rendered', async () => {
    const html = Buffer.from('<script>alert(1)</script>')
    const { body } = await upload(t.app, token, { name: 'page.html', type: 'text/html', data: html })
    expect(body.code).toBe(0)
    expect(body.data.key).toMatch(/^attachment\/.*\.html$/)
    expect(body.data.url).toMatch(/^\/files\/attachment\/.*\.html\?expires=\d+&sig=/)
    const url = new URL(body.data.url, 'http://console.invalid')
    const ok = await t.app.inject({ method: 'GET', url: url.pathname + url.search })
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['content-disposition']).toBe('attachment')
    expect(ok.headers['content-type']).toBe('application/octet-stream')
    expect(String(ok.headers['content-security-policy'])).toContain('sandbox')
    // Without or with a forged/expired signature: not found.
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404)
    const forged = url.search.replace(/sig=[^&]+/, 'sig=AAAA')
    expect((await t.app.inject({ method: 'GET', url: url.pathname + forged })).statusCode).toBe(404)
    const key = body.data.key as string
    const past = Math.floor(Date.now() / 1000) - 1
    const expired = `?expires=${past}&sig=${t.ctx.urlSigner.sign(key, past)}`
    expect((await t.app.inject({ method: 'GET', url: url.pathname + expired })).statusCode).toBe(404)
    expect(t.ctx.urlSigner.verify(key, past + 901, t.ctx.urlSigner.sign(key, past + 901), past + 900)).toBe(
      true,
    )
  })

  it('a record keeps an attachment readable: its detail signs the stored URL anew (a certificate read days later)', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n')
    const { body } = await upload(t.app, token, { name: 'licence.pdf', type: 'application/pdf', data: pdf })
    const key = body.data.key as string
    const past = Math.floor(Date.now() / 1000) - 60
    const lapsed = `/files/${key}?expires=${past}&sig=${t.ctx.urlSigner.sign(key, past)}`
    expect((await t.app.inject({ method: 'GET', url: lapsed })).statusCode).toBe(404)
    const application = await t.app.inject({
      method: 'POST',
      url: '/api/mediaAccount/add',
      headers: { 'x-auth-token': token },
      payload: {
        name: '附件签名号',
        accountType: 'school',
        avatar: '/files/image/2026-11/a.png',
        certification: lapsed,
        contactName: '李老师',
        contactPhone: '13900000001',
      },
    })
    const id = application.json().data.id as number
    expect(id).toBeGreaterThan(0)
    // Stored without the lapsing signature: its address only.
    const [row] = await t.ctx.database.db.select().from(mediaAccount).where(eq(mediaAccount.id, id))
    expect(row!.certification).toBe(`/files/${key}`)
    for (const url of [
      `/api/mediaAccount/detail?id=${id}`,
      `/api/verify-center/mediaAccount/detail?id=${id}`,
    ]) {
      const detail = await t.app.inject({ method: 'GET', url, headers: { 'x-auth-token': token } })
      const fresh = detail.json().data.fields.certification as string
      expect(fresh).toMatch(new RegExp(`^/files/${key}\\?expires=\\d+&sig=`))
      const read = await t.app.inject({ method: 'GET', url: fresh })
      expect([read.statusCode, read.body]).toEqual([200, pdf.toString()])
    }
  })

  it('deletes a tree of derived objects', () => expectDeleteTree(t.ctx.storage))

  it('never serves outside the storage root', async () => {
    for (const p of ['/files/../package.json', '/files/%2e%2e/%2e%2e/etc/passwd', '/files/.hidden'])
      expect([403, 404]).toContain((await t.app.inject({ method: 'GET', url: p })).statusCode)
  })

  it('is written to the operation log with the stored key', async () => {
    const rows = await t.database.db.select().from(operationLog).where(eq(operationLog.action, '上传文件'))
    expect(rows.some((r) => r.result === 'success' && /^image\//.test(r.target))).toBe(true)
    expect(rows.some((r) => r.result === 'fail')).toBe(true)
  })

  it('is logged under the page of the screen it was made on (x-moc-screen)', async () => {
    const { payload, headers } = await multipart({ name: 'a.png', type: 'image/png', data: await png(4, 4) })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/file',
      payload,
      headers: { ...headers, 'x-auth-token': token, 'x-moc-screen': '/mediaLibrary' },
    })
    expect(res.json().code).toBe(0)
    await vi.waitFor(async () => {
      const [row] = await t.database.db
        .select()
        .from(operationLog)
        .where(eq(operationLog.target, res.json().data.key))
      expect(row).toMatchObject({ action: '上传文件', page: '媒体资源库管理' })
    })
  })
})

describe('S3 storage driver against a local S3-compatible server (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>
  let t: TestApp
  let token: string
  beforeAll(async () => {
    s3 = await startLocalS3('moc-media')
    t = await startTestApp('pglite', s3.env)
    token = await login(t.app)
  })
  afterAll(async () => {
    await t.close()
    await s3.close()
  })

  it('uploads through the API into the bucket; the presigned URL reads it back', async () => {
    const data = await png(6, 6)
    const { body } = await upload(t.app, token, { name: 'a.png', type: 'image/png', data }, { kind: 'image' })
    expect(body.code).toBe(0)
    expect(await t.ctx.storage.exists(body.data.key)).toBe(true)
    const signed = await t.ctx.storage.signedUrl(body.data.key, 900)
    const res = await fetch(signed)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true)
    const stored = await t.ctx.storage.get(body.data.key)
    expect(stored?.size).toBe(data.length)
    await t.ctx.storage.delete(body.data.key)
    expect(await t.ctx.storage.exists(body.data.key)).toBe(false)
    expect(await t.ctx.storage.get(body.data.key)).toBeNull()
  })

  it('deletes a tree of derived objects', () => expectDeleteTree(t.ctx.storage))

  it('a refused file never reaches the bucket', async () => {
    const { body } = await upload(
      t.app,
      token,
      { name: 'x.png', type: 'image/png', data: Buffer.from('nope') },
      { kind: 'image' },
    )
    expect(body.msg).toBe('文件内容与格式不符')
  })
})
