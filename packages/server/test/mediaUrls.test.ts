import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  admin,
  configureVersion,
  content,
  editorTemplate,
  mediaFile,
  resourceVersion,
  setting,
} from '../src/db/schema.ts'
import { mediaAccount } from '../src/db/tables/media.ts'
import { previewUrl } from '../src/engine/previewRoutes.ts'
import { MEDIA_URLS_REWRITTEN, rewriteMediaUrlsByPath } from '../src/platform/storage/mediaUrlsByPath.ts'
import { engines, startTestApp, type TestApp } from './harness.ts'
import { startLocalS3 } from './localS3.ts'

/** A Content-Security-Policy header as directive → values. */
const directives = (csp: string): Record<string, string[]> =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  )

const KEY = 'image/2026-01/0123456789abcdef0123456789abcdef.png'
const VIDEO = 'video/2026-01/fedcba9876543210fedcba9876543210'

/** Decision 0033: local files are addressed by path; rows written before hold absolute PUBLIC_URL addresses. */
describe.each(engines)('media URLs by path: older rows rewritten at start (%s)', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(engine)
  }, 60_000)
  afterAll(() => t?.close())

  it('rewrites our absolute file addresses to /files/… once, leaving other sites and other paths alone', async () => {
    const { db } = t.database
    const [me] = await db.select({ id: admin.id }).from(admin).where(eq(admin.username, 'admin'))
    const old = 'http://localhost:8080/files'
    // Another site's /files/ (https and http), a path of ours that is no stored file, an earlier PORT on loopback.
    const foreign = [
      `https://cdn.example.com/files/${KEY}`,
      `http://news.example.com/files/${KEY}`,
      'http://localhost:8080/files/readme.txt',
    ]
    const body = `<p>正文</p><img src="${old}/${KEY}" width="500"><video src="http://127.0.0.1:3000/files/${VIDEO}.mp4" poster="${old}/${VIDEO}/poster.jpg"></video>${foreign.map((u) => `<img src="${u}">`).join('')}`
    const [row] = await db
      .insert(content)
      .values({
        kind: 'article',
        title: '旧地址',
        cover: `${old}/${KEY}`,
        body,
        extra: { video: `${old}/${VIDEO}.mp4`, images: [`${old}/${KEY}`, foreign[0]] },
        createdBy: me!.id,
      })
      .returning()
    const untouched = await db
      .insert(content)
      .values({
        kind: 'article',
        title: '新地址',
        cover: `/files/${KEY}`,
        body: '<p>x</p>',
        createdBy: me!.id,
      })
      .returning()
    await db.insert(resourceVersion).values({
      resType: 'article',
      resId: row!.id,
      versionNo: 1,
      fields: { cover: `${old}/${KEY}`, body },
      createdBy: me!.id,
    })
    const [file] = await db
      .insert(mediaFile)
      .values({
        title: '库图',
        type: 'video',
        storageKey: `${VIDEO}.mp4`,
        url: `${old}/${VIDEO}.mp4`,
        transcodeUrl: `${old}/${VIDEO}/hls/index.m3u8`,
        coverUrl: `${old}/${VIDEO}/poster.jpg`,
      })
      .returning()
    const [account] = await db
      .insert(mediaAccount)
      .values({
        name: '旧头像号',
        createdBy: me!.id,
        avatar: `${old}/saas/image/media/2026-01/${KEY.slice(14)}`,
      })
      .returning()
    await db
      .insert(editorTemplate)
      .values({ adminId: me!.id, name: '旧模板', html: `<img src="${old}/${KEY}">` })
    await db.insert(configureVersion).values({ type: 'aboutus', content: `<img src="${old}/${KEY}">` })

    expect(await rewriteMediaUrlsByPath(db, 'http://localhost:8080')).toBe(6)

    const [after] = await db.select().from(content).where(eq(content.id, row!.id))
    expect(after!.cover).toBe(`/files/${KEY}`)
    expect(after!.body).toBe(
      `<p>正文</p><img src="/files/${KEY}" width="500"><video src="/files/${VIDEO}.mp4" poster="/files/${VIDEO}/poster.jpg"></video>${foreign.map((u) => `<img src="${u}">`).join('')}`,
    )
    expect(after!.extra).toEqual({ video: `/files/${VIDEO}.mp4`, images: [`/files/${KEY}`, foreign[0]] })
    expect(after!.updatedAt).toEqual(row!.updatedAt)
    const [other] = await db.select().from(content).where(eq(content.id, untouched[0]!.id))
    expect(other!.cover).toBe(`/files/${KEY}`)
    const [version] = await db.select().from(resourceVersion).where(eq(resourceVersion.resId, row!.id))
    expect(version!.fields).toEqual({ cover: `/files/${KEY}`, body: after!.body })
    const [lib] = await db.select().from(mediaFile).where(eq(mediaFile.id, file!.id))
    expect([lib!.url, lib!.transcodeUrl, lib!.coverUrl]).toEqual([
      `/files/${VIDEO}.mp4`,
      `/files/${VIDEO}/hls/index.m3u8`,
      `/files/${VIDEO}/poster.jpg`,
    ])
    const [acc] = await db.select().from(mediaAccount).where(eq(mediaAccount.id, account!.id))
    expect(acc!.avatar).toBe(`/files/saas/image/media/2026-01/${KEY.slice(14)}`)
    const [template] = await db.select().from(editorTemplate).where(eq(editorTemplate.name, '旧模板'))
    expect(template!.html).toBe(`<img src="/files/${KEY}">`)
    const [text] = await db.select().from(configureVersion).where(eq(configureVersion.type, 'aboutus'))
    expect(text!.content).toBe(`<img src="/files/${KEY}">`)

    // Done once per PUBLIC_URL: a second start finds it recorded; another PUBLIC_URL is rewritten once more.
    const [done] = await db.select().from(setting).where(eq(setting.key, MEDIA_URLS_REWRITTEN))
    expect(done!.value).toEqual(['http://localhost:8080'])
    expect(await rewriteMediaUrlsByPath(db, 'http://localhost:8080/')).toBe(0)
    await db
      .update(content)
      .set({ cover: `https://ops.example.cn/files/${KEY}` })
      .where(eq(content.id, row!.id))
    expect(await rewriteMediaUrlsByPath(db, 'https://ops.example.cn')).toBe(1)
    const [again] = await db.select().from(content).where(eq(content.id, row!.id))
    expect(again!.cover).toBe(`/files/${KEY}`)
  })
})

describe('media URLs: the console allows the storage origin (S3 public URL / CDN)', () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>
  let t: TestApp
  const CDN = 'http://cdn.newsroom.lan:8081'
  beforeAll(async () => {
    s3 = await startLocalS3('moc-csp')
    t = await startTestApp('pglite', { ...s3.env, S3_PUBLIC_URL: `${CDN}/media` })
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await s3?.close()
  })

  it('the console and the preview page load images, media and playlists from the storage origin', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/contentArticle' })
    const console = directives(String(page.headers['content-security-policy']))
    for (const name of ['img-src', 'media-src', 'connect-src']) expect(console[name], name).toContain(CDN)
    expect(console['img-src']).toContain('https:')
    expect(console['script-src']?.[0]).toBe("'self'")

    const preview = await t.app.inject({ method: 'GET', url: previewUrl(t.ctx, 2_000_000) })
    const policy = directives(String(preview.headers['content-security-policy']))
    for (const name of ['img-src', 'media-src'])
      expect(policy[name], name).toEqual(["'self'", 'https:', CDN, ...(name === 'img-src' ? ['data:'] : [])])

    // Its files are addressed on the CDN, as before.
    expect(t.ctx.storage.publicUrl(KEY)).toBe(`${CDN}/media/${KEY}`)
  })
})

describe('media URLs: local storage adds no origin', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite')
  }, 60_000)
  afterAll(() => t?.close())

  it('files are paths; the policy names no other origin', async () => {
    expect(t.ctx.storage.publicUrl(KEY)).toBe(`/files/${KEY}`)
    expect(await t.ctx.storage.signedUrl('attachment/2026-01/a.pdf', 60)).toMatch(
      /^\/files\/attachment\/2026-01\/a\.pdf\?expires=\d+&sig=/,
    )
    const page = await t.app.inject({ method: 'GET', url: '/contentArticle' })
    const csp = directives(String(page.headers['content-security-policy']))
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:'])
    expect(csp['media-src']).toEqual(["'self'", 'blob:', 'https:'])
    expect(csp['connect-src']).toEqual(["'self'"])
  })
})
