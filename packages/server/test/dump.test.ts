import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isBlockedAddress } from '../src/platform/storage/fetchExternal.ts'
import { call, login, startTestApp, type TestApp } from './harness.ts'

/** A stand-in for "the internet": an image host the test allows by host:port, and a second, private one. */
function listen(handler: http.RequestListener) {
  const server = http.createServer(handler)
  return new Promise<{ server: http.Server; port: number }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port })),
  )
}

describe('POST /api/upload/dump: external images under the SSRF guard', () => {
  let t: TestApp
  let token: string
  let allowed: { server: http.Server; port: number }
  let internal: { server: http.Server; port: number }
  let internalHits = 0
  let image: Buffer

  beforeAll(async () => {
    image = await sharp({ create: { width: 12, height: 7, channels: 3, background: '#08f' } })
      .jpeg()
      .toBuffer()
    internal = await listen((_req, res) => {
      internalHits++
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(image)
    })
    allowed = await listen((req, res) => {
      const to = (location: string) => res.writeHead(302, { location }).end()
      switch (req.url) {
        case '/photo':
          return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(image)
        case '/redirect-ok':
          return to('/photo')
        case '/redirect-internal':
          return to(`http://127.0.0.1:${internal.port}/x.jpg`)
        case '/redirect-metadata':
          return to('http://169.254.169.254/latest/meta-data/')
        case '/loop':
          return to('/loop')
        case '/redirect-malformed':
          return to('http://[::1')
        case '/redirect-nowhere':
          return to('http://no-such-host.invalid/a.jpg')
        case '/slow':
          return // never answers
        case '/big': {
          res.writeHead(200, { 'content-type': 'image/jpeg' })
          const chunk = Buffer.alloc(1024 * 1024)
          let sent = 0
          const more = () => {
            while (sent < 40) {
              sent++
              if (!res.write(chunk)) return res.once('drain', more)
            }
            res.end()
          }
          return more()
        }
        case '/page.html':
          return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>hi</body></html>')
        default:
          return res.writeHead(404).end()
      }
    })
    t = await startTestApp('pglite', {
      DUMP_ALLOWED_PRIVATE: `127.0.0.1:${allowed.port}`,
      DUMP_TIMEOUT_MS: '1500',
    })
    token = await login(t.app)
  })
  afterAll(async () => {
    await t.close()
    allowed.server.closeAllConnections()
    allowed.server.close()
    internal.server.close()
  })

  const dump = (url: string, path = '/api/upload/dump') => call(t.app, 'POST', path, { token, body: { url } })

  it('re-hosts an image (also through a same-origin redirect) and names it by its bytes', async () => {
    for (const path of ['/photo', '/redirect-ok']) {
      const { body } = await dump(`http://127.0.0.1:${allowed.port}${path}`)
      expect(body.code, path).toBe(0)
      expect(body.data.key).toMatch(/^image\/\d{4}-\d{2}\/[0-9a-f]{32}\.jpg$/)
      expect(body.data.source).toBe(`http://127.0.0.1:${allowed.port}/photo`)
      expect(body.data.url).toBe(`/files/${body.data.key}`)
      const got = await t.app.inject({ method: 'GET', url: body.data.url })
      expect(got.rawPayload.equals(image)).toBe(true)
    }
    const { body } = await dump(`http://127.0.0.1:${allowed.port}/photo`, '/api/resource/dump')
    expect(body.code).toBe(0)
  })

  it('refuses schemes other than http/https, credentials in the URL and nonsense', async () => {
    for (const url of [
      'ftp://example.com/a.jpg',
      'file:///etc/passwd',
      'data:image/png;base64,AAAA',
      'gopher://x',
      'not a url',
    ])
      expect((await dump(url)).body.code, url).not.toBe(0)
    const creds = await dump(`http://user:pw@127.0.0.1:${allowed.port}/photo`)
    expect(creds.body.msg).toContain('账号密码')
  })

  it('refuses loopback, private, link-local and metadata addresses, by name or number', async () => {
    const before = internalHits
    for (const url of [
      `http://127.0.0.1:${internal.port}/x.jpg`,
      `http://localhost:${internal.port}/x.jpg`,
      `http://[::1]:${internal.port}/x.jpg`,
      `http://[::ffff:127.0.0.1]:${internal.port}/x.jpg`,
      'http://10.1.2.3/x.jpg',
      'http://192.168.1.1/x.jpg',
      'http://172.16.0.1/x.jpg',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/x.jpg',
      'http://2130706433/x.jpg',
    ]) {
      const { res, body } = await dump(url)
      expect(res.statusCode, url).toBe(422)
      expect(body.msg, url).toContain('图片转存失败')
    }
    expect(internalHits).toBe(before)
  })

  it('re-checks every redirect and stops after 3', async () => {
    const before = internalHits
    expect((await dump(`http://127.0.0.1:${allowed.port}/redirect-internal`)).body.msg).toContain('内网')
    expect((await dump(`http://127.0.0.1:${allowed.port}/redirect-metadata`)).body.msg).toContain('内网')
    expect(internalHits).toBe(before)
    expect((await dump(`http://127.0.0.1:${allowed.port}/loop`)).body.msg).toContain('重定向次数过多')
  })

  it('a malformed redirect or a host that does not resolve is a refusal with a message, not a server error', async () => {
    for (const [url, msg] of [
      [`http://127.0.0.1:${allowed.port}/redirect-malformed`, '重定向地址无效'],
      [`http://127.0.0.1:${allowed.port}/redirect-nowhere`, '无法解析地址'],
      ['http://no-such-host.invalid/a.jpg', '无法解析地址'],
    ]) {
      const { res, body } = await dump(url!)
      expect(res.statusCode, url).toBe(422)
      expect(body.msg, url).toBe(`图片转存失败：${msg}`)
    }
  })

  it('caps time and size, and takes images only', async () => {
    expect((await dump(`http://127.0.0.1:${allowed.port}/slow`)).body.msg).toContain('超时')
    expect((await dump(`http://127.0.0.1:${allowed.port}/big`)).body.msg).toContain('文件过大')
    expect((await dump(`http://127.0.0.1:${allowed.port}/page.html`)).body.msg).toBe('只支持上传图片格式')
    expect((await dump(`http://127.0.0.1:${allowed.port}/missing`)).body.msg).toContain('HTTP 404')
  })

  it('blocks the reserved ranges, v4 and v6', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '100.64.0.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '64:ff9b:1::a00:1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2002:a00:1::1',
      'fec0::1',
    ])
      expect(isBlockedAddress(a), a).toBe(true)
    for (const a of ['93.184.216.34', '2606:2800:220:1::1']) expect(isBlockedAddress(a), a).toBe(false)
  })
})
