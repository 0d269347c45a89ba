import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationLog, uploadGrant } from '../src/db/schema.ts'
import { grantSubject, SWEEP_GRACE_MS, sweepDirectUploads } from '../src/modules/upload/directRoutes.ts'
import { grantedAccount } from './grantedAccount.ts'
import { call, login, startTestApp, type TestApp } from './harness.ts'
import { startLocalS3 } from './localS3.ts'

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#0c0' } })
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

const signUrl = (name: string, kind: string, size: number, type = '') =>
  `/api/upload/vod/sign?${new URLSearchParams({ name, kind, size: String(size), type })}`
const confirmUrl = (key: string, token: string) =>
  `/api/upload/vod/url?${new URLSearchParams({ key, token })}`

/** A token for `key` signed like the server's, with any expiry (unix s). */
const tokenAt = (t: TestApp, adminId: number, kind: string, key: string, expires: number) =>
  `${kind}.${expires}.${t.ctx.urlSigner.sign(grantSubject(adminId, kind, key), expires)}`

describe('direct uploads on local storage', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await startTestApp('pglite')
    token = await login(t.app)
  })
  afterAll(() => t.close())

  /** PUT to a local grant's uploadUrl, as a browser would (no session: the signature is the authorisation). */
  const put = (uploadUrl: string, headers: Record<string, string>, data: Buffer) => {
    const u = new URL(uploadUrl)
    return t.app.inject({ method: 'PUT', url: u.pathname + u.search, headers, payload: data })
  }

  it('sign → PUT → url → the file is served', async () => {
    const data = await png(12, 9)
    const { body: grant } = await call(t.app, 'GET', signUrl('封面.PNG', 'image', data.length, 'image/png'), {
      token,
    })
    expect(grant.code).toBe(0)
    const g = grant.data
    expect(g.key).toMatch(/^image\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/)
    expect(g.method).toBe('PUT')
    expect(g.headers).toEqual({ 'content-type': 'image/png' })
    expect(g.expiredTime - g.startTime).toBeGreaterThan(899_000)
    expect(g.expiredTime - g.startTime).toBeLessThanOrEqual(900_000)
    expect(new URL(g.uploadUrl).pathname).toBe(`/api/upload/direct/${g.key}`)

    // Confirming before the bytes arrive: nothing there yet.
    expect((await call(t.app, 'GET', confirmUrl(g.key, g.token), { token })).res.statusCode).toBe(404)
    // A tampered upload URL (another kind) is refused.
    const tampered = g.uploadUrl.replace('kind=image', 'kind=attachment')
    const refused = await put(tampered, g.headers, data)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().msg).toBe('上传地址无效或已过期')

    // So is a body of another type than the grant's (S3 refuses it by the signature).
    expect((await put(g.uploadUrl, { 'content-type': 'text/html' }, data)).statusCode).toBe(403)

    const stored = await put(g.uploadUrl, g.headers, data)
    expect(stored.statusCode).toBe(200)
    expect(stored.json().data.key).toBe(g.key)
    // One upload per grant.
    expect((await put(g.uploadUrl, g.headers, data)).statusCode).toBe(409)

    const { body } = await call(t.app, 'GET', confirmUrl(g.key, g.token), { token })
    expect(body.code).toBe(0)
    expect(body.data).toMatchObject({
      status: 'success',
      key: g.key,
      size: data.length,
      contentType: 'image/png',
      response: { opt: { bucket: 'files', region: 'local', pathName: g.key } },
    })
    expect(body.data.response.url).toBe(body.data.url)
    expect(body.data.url).toBe(`/files/${g.key}`)
    const got = await t.app.inject({ method: 'GET', url: body.data.url })
    expect(got.statusCode).toBe(200)
    expect(got.rawPayload.equals(data)).toBe(true)
    const [logged] = await t.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, '确认直传文件'))
    expect(logged?.target).toBe(g.key)
  })

  it('the sweep removes objects never confirmed once their grant is long expired, and keeps confirmed ones', async () => {
    const upload = async (name: string) => {
      const data = await png(5, 5)
      const { body } = await call(t.app, 'GET', signUrl(name, 'image', data.length, 'image/png'), { token })
      expect((await put(body.data.uploadUrl, body.data.headers, data)).statusCode).toBe(200)
      return body.data as { key: string; token: string; expiredTime: number }
    }
    const confirmed = await upload('留下.png')
    const abandoned = await upload('丢弃.png')
    expect((await call(t.app, 'GET', confirmUrl(confirmed.key, confirmed.token), { token })).body.code).toBe(
      0,
    )
    // Within the grace after expiry a slow PUT may still land: nothing goes yet.
    expect(await sweepDirectUploads(t.ctx, new Date(abandoned.expiredTime + SWEEP_GRACE_MS - 1000))).toBe(0)
    expect(await t.ctx.storage.exists(abandoned.key)).toBe(true)
    expect(await sweepDirectUploads(t.ctx, new Date(abandoned.expiredTime + SWEEP_GRACE_MS + 1000))).toBe(1)
    expect(await t.ctx.storage.exists(abandoned.key)).toBe(false)
    expect(await t.ctx.storage.exists(confirmed.key)).toBe(true)
    expect(await t.database.db.select().from(uploadGrant).where(eq(uploadGrant.key, abandoned.key))).toEqual(
      [],
    )
  })

  it('refuses at sign time with the spec messages', async () => {
    const cases: [string, string, number, string, number, string][] = [
      ['a.bmp', 'image', 10, 'image/bmp', 422, '只支持上传图片格式'],
      ['a.png', 'image', 33 * 1024 * 1024, 'image/png', 422, '图片大小不能超过32MB'],
      ['v.mov', 'video', 10, 'video/quicktime', 422, '只支持上传mp4视频文件'],
      ['a.mp4', 'movie', 10, 'video/mp4', 400, '上传类型有误'],
    ]
    for (const [name, kind, size, type, status, msg] of cases) {
      const { res, body } = await call(t.app, 'GET', signUrl(name, kind, size, type), { token })
      expect(res.statusCode, name).toBe(status)
      expect(body.msg, name).toBe(msg)
    }
    expect((await call(t.app, 'GET', signUrl('a.mp4', 'video', 10))).res.statusCode).toBe(401)
  })

  it('a PUT whose bytes are not what the name says is refused and nothing is stored', async () => {
    const { body: grant } = await call(t.app, 'GET', signUrl('clip.mp4', 'video', 100), { token })
    const g = grant.data
    const res = await put(g.uploadUrl, g.headers, Buffer.from('not a video'))
    expect(res.statusCode).toBe(422)
    expect(res.json().msg).toBe('文件内容与格式不符')
    expect(await t.ctx.storage.exists(g.key)).toBe(false)
    // The same grant may then carry the right bytes.
    expect((await put(g.uploadUrl, g.headers, mp4)).statusCode).toBe(200)
  })

  it("another account's, an expired or a forged token confirms nothing", async () => {
    const { body: grant } = await call(t.app, 'GET', signUrl('clip.mp4', 'video', mp4.length), { token })
    const g = grant.data
    expect((await put(g.uploadUrl, g.headers, mp4)).statusCode).toBe(200)
    const other = await grantedAccount(t, 'directother', {})
    expect(
      (await call(t.app, 'GET', confirmUrl(g.key, g.token), { token: other.token })).res.statusCode,
    ).toBe(403)
    const [me] = await t.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, '申请直传凭证'))
    const adminId = me!.adminId as number
    const past = Math.floor(Date.now() / 1000) - 1
    const expired = tokenAt(t, adminId, 'video', g.key, past)
    expect((await call(t.app, 'GET', confirmUrl(g.key, expired), { token })).res.statusCode).toBe(403)
    const forged = g.token.replace(/\.[^.]+$/, '.AAAA')
    expect((await call(t.app, 'GET', confirmUrl(g.key, forged), { token })).res.statusCode).toBe(403)
    // A token is for its key only.
    const { body: other2 } = await call(t.app, 'GET', signUrl('b.mp4', 'video', 10), { token })
    expect((await call(t.app, 'GET', confirmUrl(g.key, other2.data.token), { token })).res.statusCode).toBe(
      403,
    )
    expect((await call(t.app, 'GET', confirmUrl(g.key, g.token), { token })).body.code).toBe(0)
  })

  it('caps the PUT body at the large-upload limit', async () => {
    const small = await startTestApp('pglite', { TUS_MAX_BYTES: '1024' })
    try {
      const tk = await login(small.app)
      const { body: grant } = await call(small.app, 'GET', signUrl('a.mp4', 'video', 100), { token: tk })
      const u = new URL(grant.data.uploadUrl)
      const res = await small.app.inject({
        method: 'PUT',
        url: u.pathname + u.search,
        headers: grant.data.headers,
        payload: Buffer.concat([mp4, Buffer.alloc(2048)]),
      })
      expect(res.statusCode).toBe(413)
      expect(res.json().msg).toBe('文件大小超出限制')
      expect(await small.ctx.storage.exists(grant.data.key)).toBe(false)
    } finally {
      await small.close()
    }
    // It boots a database of its own: slow on a busy two-core machine.
  }, 120_000)
})

describe('direct uploads to S3 (s3rver): presigned PUT, then confirmation', () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>
  let t: TestApp
  let token: string
  beforeAll(async () => {
    s3 = await startLocalS3('moc-direct')
    t = await startTestApp('pglite', s3.env)
    token = await login(t.app)
  })
  afterAll(async () => {
    await t.close()
    await s3.close()
  })

  it('the browser PUTs straight to the bucket; url checks it and answers the upload result', async () => {
    const data = await png(7, 5)
    const { body: grant } = await call(t.app, 'GET', signUrl('a.png', 'image', data.length, 'image/png'), {
      token,
    })
    const g = grant.data
    expect(g.bucket).toBe('moc-direct')
    const u = new URL(g.uploadUrl)
    expect(u.pathname).toBe(`/moc-direct/${g.key}`)
    expect(u.searchParams.get('X-Amz-Expires')).toBe('900')
    // The presigned PUT is for that content type only.
    // The presigned PUT is for that content type only (s3rver does not check signatures; S3, MinIO and Ceph
    // do, so what is signed is asserted here), and carries no checksum of an empty body.
    expect(u.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host')
    expect([...u.searchParams.keys()].some((k) => k.startsWith('x-amz-checksum'))).toBe(false)
    const put = await fetch(g.uploadUrl, { method: 'PUT', headers: g.headers, body: data })
    expect(put.status).toBe(200)
    const { body } = await call(t.app, 'GET', confirmUrl(g.key, g.token), { token })
    expect(body.code).toBe(0)
    expect(body.data.response.opt).toEqual({ bucket: 'moc-direct', region: g.region, pathName: g.key })
    expect(body.data.size).toBe(data.length)
    const res = await fetch(await t.ctx.storage.signedUrl(g.key, 60))
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true)
  })

  it('wrong content is deleted from the bucket and refused with the spec message', async () => {
    const { body: grant } = await call(t.app, 'GET', signUrl('clip.mp4', 'video', 20), { token })
    const g = grant.data
    const put = await fetch(g.uploadUrl, { method: 'PUT', headers: g.headers, body: 'this is not a video' })
    expect(put.status).toBe(200)
    expect(await t.ctx.storage.exists(g.key)).toBe(true)
    const { res, body } = await call(t.app, 'GET', confirmUrl(g.key, g.token), { token })
    expect(res.statusCode).toBe(422)
    expect(body.msg).toBe('文件内容与格式不符')
    expect(await t.ctx.storage.exists(g.key)).toBe(false)
  })

  it('an attachment grant requires the download disposition and yields a signed URL', async () => {
    const { body: grant } = await call(t.app, 'GET', signUrl('doc.html', 'attachment', 10), { token })
    const g = grant.data
    expect(g.headers).toEqual({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment',
    })
    expect((await fetch(g.uploadUrl, { method: 'PUT', headers: g.headers, body: '<p>x</p>' })).status).toBe(
      200,
    )
    const { body } = await call(t.app, 'GET', confirmUrl(g.key, g.token), { token })
    expect(body.code).toBe(0)
    expect(new URL(body.data.url).searchParams.get('X-Amz-Expires')).toBe('900')
  })
})
