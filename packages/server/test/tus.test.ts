import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantedAccount } from './grantedAccount.ts'
import { login, startTestApp, type TestApp } from './harness.ts'
import { startLocalS3 } from './localS3.ts'

const b64 = (s: string) => Buffer.from(s).toString('base64')
const mp4 = (size: number) => {
  const buf = Buffer.alloc(size, 7)
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2'),
  ]).copy(buf)
  return buf
}

/** Speaks the tus 1.0 protocol as tus-js-client does, over a real socket. */
function tusClient(base: string, token: string) {
  const h = (extra: Record<string, string> = {}) => ({
    'tus-resumable': '1.0.0',
    'x-auth-token': token,
    ...extra,
  })
  return {
    create: (name: string, type: string, kind: string, length: number) =>
      fetch(`${base}/api/upload/tus`, {
        method: 'POST',
        headers: h({
          'upload-length': String(length),
          'upload-metadata': `filename ${b64(name)},filetype ${b64(type)},kind ${b64(kind)}`,
        }),
      }),
    patch: (location: string, offset: number, body: Buffer) =>
      fetch(new URL(location, base), {
        method: 'PATCH',
        headers: h({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
        body: new Uint8Array(body),
      }),
    head: (location: string) => fetch(new URL(location, base), { method: 'HEAD', headers: h() }),
    remove: (location: string) => fetch(new URL(location, base), { method: 'DELETE', headers: h() }),
  }
}

async function started(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
}

describe('tus resumable uploads on local storage', () => {
  let t: TestApp
  let base: string
  let token: string
  beforeAll(async () => {
    t = await startTestApp('pglite')
    base = await started(t)
    token = await login(t.app)
  })
  afterAll(() => t.close())

  it('uploads in slices, resumes from the offset the server reports, and lands under video/YYYY-MM', async () => {
    const tus = tusClient(base, token)
    const data = mp4(3 * 1024 * 1024 + 17)
    const created = await tus.create('节目.MP4', 'video/mp4', 'video', data.length)
    expect(created.status).toBe(201)
    const location = created.headers.get('location') as string
    expect(location).toMatch(/^\/api\/upload\/tus\/tus-[0-9a-f]{32}$/)
    const first = await tus.patch(location, 0, data.subarray(0, 1024 * 1024))
    expect(first.status).toBe(204)
    // "Page reload": the client asks where to continue instead of re-sending finished parts.
    const head = await tus.head(location)
    expect(head.headers.get('upload-offset')).toBe(String(1024 * 1024))
    // A stale offset is refused, so nothing is written twice.
    expect((await tus.patch(location, 0, data.subarray(0, 10))).status).toBe(409)
    const last = await tus.patch(location, 1024 * 1024, data.subarray(1024 * 1024))
    expect(last.status).toBe(204)
    const key = last.headers.get('upload-key') as string
    expect(key).toMatch(/^video\/\d{4}-\d{2}\/[0-9a-f]{32}\.mp4$/)
    expect(last.headers.get('upload-url')).toBe(`/files/${key}`)
    const got = await t.app.inject({ method: 'GET', url: `/files/${key}` })
    expect(got.statusCode).toBe(200)
    expect(got.rawPayload.equals(data)).toBe(true)
  })

  it('checks the widget rules at creation and the content at the end', async () => {
    const tus = tusClient(base, token)
    const mov = await tus.create('a.mov', 'video/quicktime', 'video', 100)
    expect(mov.status).toBe(422)
    expect(await mov.text()).toBe('只支持上传mp4视频文件')
    const big = await tus.create('a.png', 'image/png', 'image', 33 * 1024 * 1024)
    expect(await big.text()).toBe('图片大小不能超过32MB')
    const fake = Buffer.from('this is not a video at all')
    const created = await tus.create('fake.mp4', 'video/mp4', 'video', fake.length)
    const location = created.headers.get('location') as string
    const done = await tus.patch(location, 0, fake)
    expect(done.status).toBe(422)
    expect(await done.text()).toBe('文件内容与格式不符')
    expect((await tus.head(location)).status).toBe(404)
  })

  it('a name with a path, `..` or a trailing dot is kept as metadata only; the key is generated', async () => {
    const tus = tusClient(base, token)
    const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1')
    for (const [sent, kept] of [
      ['x./../../name', 'name'],
      ['../../etc/报告.pdf', '报告.pdf'],
      ['C:\\Users\\me\\稿件.pdf', '稿件.pdf'],
      ['a.pdf/..', ''],
      ['evil./', ''],
    ]) {
      const created = await tus.create(sent!, 'application/pdf', 'attachment', pdf.length)
      if (!kept) {
        expect(created.status, sent).toBe(400)
        expect(await created.text(), sent).toBe('缺少文件名')
        continue
      }
      expect(created.status, sent).toBe(201)
      const location = created.headers.get('location') as string
      const meta = (await tus.head(location)).headers.get('upload-metadata') ?? ''
      expect(meta, sent).toContain(`filename ${b64(kept)}`)
      const done = await tus.patch(location, 0, pdf)
      expect(done.status, `${sent}: ${await done.clone().text()}`).toBe(204)
      expect(done.headers.get('upload-key'), sent).toMatch(/^attachment\/\d{4}-\d{2}\/[0-9a-f]{32}(\.pdf)?$/)
    }
  })

  it('needs a session; another account cannot see, continue or cancel my upload', async () => {
    const anonymous = await fetch(`${base}/api/upload/tus`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    })
    expect(anonymous.status).toBe(401)
    const mine = tusClient(base, token)
    const created = await mine.create('a.mp4', 'video/mp4', 'video', 1000)
    const location = created.headers.get('location') as string
    const theirs = tusClient(base, (await grantedAccount(t, 'tusother', {})).token)
    expect((await theirs.head(location)).status).toBe(404)
    expect((await theirs.patch(location, 0, Buffer.alloc(10))).status).toBe(404)
    expect((await theirs.remove(location)).status).toBe(404)
    expect((await mine.remove(location)).status).toBe(204)
  })
})

describe('tus with the S3 store (s3rver, multipart parts of 8 MiB)', () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>
  let t: TestApp
  let base: string
  let token: string
  beforeAll(async () => {
    s3 = await startLocalS3('moc-tus')
    t = await startTestApp('pglite', s3.env)
    base = await started(t)
    token = await login(t.app)
  })
  afterAll(async () => {
    await t.close()
    await s3.close()
  })

  it('a 9 MiB video in two requests becomes one object under its final key', async () => {
    const tus = tusClient(base, token)
    const data = mp4(9 * 1024 * 1024)
    const created = await tus.create('clip.mp4', 'video/mp4', 'video', data.length)
    expect(created.status, await created.clone().text()).toBe(201)
    const location = created.headers.get('location') as string
    const half = 5 * 1024 * 1024
    expect((await tus.patch(location, 0, data.subarray(0, half))).status).toBe(204)
    expect((await tus.head(location)).headers.get('upload-offset')).toBe(String(half))
    const last = await tus.patch(location, half, data.subarray(half))
    expect(last.status).toBe(204)
    const key = last.headers.get('upload-key') as string
    const stored = await t.ctx.storage.get(key)
    expect(stored?.size).toBe(data.length)
    expect(stored?.contentType).toBe('video/mp4')
    const res = await fetch(await t.ctx.storage.signedUrl(key, 60))
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true)
  })
})
