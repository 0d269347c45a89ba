import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentCalls } from './contentCalls.ts'
import { login, startTestApp, type TestApp } from './harness.ts'

describe('preview page (the list’s 预览 drawer)', () => {
  let t: TestApp
  let token: string
  const { post, get } = contentCalls(() => t)
  beforeAll(async () => {
    t = await startTestApp('pglite')
    token = await login(t.app)
  })
  afterAll(() => t.close())

  it('lists carry a signed preview link; the page shows the item, sanitized, script-free and frameable only by us', async () => {
    const added = await post(token, '/api/content/add', {
      kind: 'article',
      title: '预览<标题>',
      author: '记者甲',
      summary: '摘要文字',
      body: '<p>正文段落</p><script>alert(1)</script><img src="https://img.example.cn/a.jpg" onerror="alert(2)">',
    })
    expect(added.body.code, added.body.msg).toBe(0)
    const list = await get(token, '/api/content/list?kind=article&type=draft&page=1&pageSize=30')
    const row = list.body.data.items.find((r: { id: number }) => r.id === added.body.data.id)
    expect(row.previewUrl).toMatch(/^\/preview\/content\/\d+\?expires=\d+&sig=/)
    const page = await t.app.inject({ method: 'GET', url: row.previewUrl })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('预览&lt;标题&gt;')
    expect(page.body).toContain('记者甲')
    expect(page.body).toContain('<p>正文段落</p>')
    expect(page.body).not.toContain('<script>')
    expect(page.body).not.toContain('onerror')
    // The clean-up's fixed handler on pictures would be refused by the script-free policy (and reported).
    expect(page.body).toContain('<img src="https://img.example.cn/a.jpg" />')
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("frame-ancestors 'self'")
    expect(csp).not.toContain('script-src')
  })

  it('a forged, expired or unsigned link shows nothing', async () => {
    const list = await get(token, '/api/content/list?kind=article&type=draft&page=1&pageSize=30')
    const url: string = list.body.data.items[0].previewUrl
    const id = Number(/content\/(\d+)/.exec(url)![1])
    for (const bad of [
      `/preview/content/${id}`,
      url.replace(/sig=[^&]+/, 'sig=forged'),
      url.replace(/content\/\d+/, `content/${id + 1}`),
      `/preview/content/${id}?expires=1&sig=${t.ctx.urlSigner.sign(`preview:${id}`, 1)}`,
    ]) {
      const page = await t.app.inject({ method: 'GET', url: bad })
      expect(page.statusCode, bad).toBe(404)
      expect(page.body).toContain('预览链接已失效')
      expect(page.body).not.toContain('标题')
    }
  })
})
