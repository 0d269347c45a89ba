import { createServer, type Server } from 'node:http'
import type { Locator } from '@playwright/test'
import { E2E_IMAGE_PORT } from '../playwright.config.ts'
import { expect, signInAsAdmin, test, unique } from './fixtures.ts'
import { editorToolbar, newArticle, richSource, saveAndReopen } from './richTextHelpers.ts'
import { png } from './uploadHelpers.ts'

const EXTERNAL = `http://127.0.0.1:${E2E_IMAGE_PORT}`
let server: Server
const served: string[] = []

// Another site's pictures, on loopback (DUMP_ALLOWED_PRIVATE lets the server's re-hosting reach it).
test.beforeAll(async () => {
  server = createServer((req, res) => {
    served.push(req.url ?? '')
    res.writeHead(200, { 'content-type': 'image/png' })
    res.end(png(40, 30, true))
  })
  await new Promise<void>((resolve) => server.listen(E2E_IMAGE_PORT, '127.0.0.1', resolve))
})
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Pastes clipboard data into the editor as the browser would (a paste event carrying a DataTransfer). */
async function paste(body: Locator, data: Record<string, string>) {
  await body.evaluate((el, items) => {
    const clipboard = new DataTransfer()
    for (const [type, value] of Object.entries(items)) clipboard.setData(type, value)
    el.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }),
    )
  }, data)
}

test('富文本: pasted HTML with an external picture is re-hosted; Word HTML is cleaned; a link over a selection', async ({
  page,
}) => {
  test.setTimeout(400_000)
  await signInAsAdmin(page)
  const title = unique('粘贴稿')
  await newArticle(page, title)
  const body = page.getByLabel('正文')
  await body.click()

  // Native HTML with another site's picture and a script: the picture comes from our storage afterwards.
  await paste(body, {
    'text/html': `<div><h2>外网转载</h2><p>转载正文<img src="${EXTERNAL}/news/photo.png" onerror="alert(1)"></p><script>alert(2)</script></div>`,
    'text/plain': '外网转载 转载正文',
  })
  await expect(body.getByRole('heading', { name: '外网转载' })).toBeVisible()
  const img = body.locator('img:not(.ProseMirror-separator)')
  await expect(img).toHaveAttribute('src', /\/files\/image\/.+\.png$/)
  expect(served).toContain('/news/photo.png')

  // Word's clipboard: Office markup and styles go, the text and its bold stay.
  await page.keyboard.press('Control+End')
  await paste(body, {
    'text/html': `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta name=Generator content="Microsoft Word 15"><!--[if gte mso 9]><xml><w:WordDocument></w:WordDocument></xml><![endif]--></head><body><p class=MsoNormal style='mso-line-height-alt:12pt;text-align:center'><b>防汛<o:p></o:p></b>通知正文</p></body></html>`,
    'text/plain': '防汛通知正文',
  })
  await expect(body.getByText('通知正文')).toBeVisible()

  // A link alone, pasted over a selection, links the selection.
  await body.getByText('转载正文').dblclick()
  await paste(body, {
    'text/html': '<a href="https://example.com/source">https://example.com/source</a>',
    'text/plain': 'https://example.com/source',
  })
  await expect(body.getByRole('link')).toHaveAttribute('href', 'https://example.com/source')

  const html = await richSource(page)
  expect(html).not.toContain(EXTERNAL)
  expect(html).not.toMatch(/onerror|<script|alert|mso-|MsoNormal|o:p/)
  expect(html).toMatch(/<p style="text-align: ?center"><strong>防汛<\/strong>通知正文<\/p>/)
  expect(html).toMatch(/<img src="[^"]*\/files\/image\/[^"]+\.png"[^>]*oncontextmenu="return false"/)

  // Saved: the same document after opening it again.
  await saveAndReopen(page, title)
  expect(await richSource(page)).toBe(html)
})

test('富文本: a .docx is imported with its picture uploaded', async ({ page }) => {
  test.setTimeout(400_000)
  await signInAsAdmin(page)
  await newArticle(page, unique('Word导入'))
  const body = page.getByLabel('正文')
  await body.click()
  await editorToolbar(page).getByLabel('选择 Word 文档').setInputFiles('e2e/fixtures/notice.docx')
  await expect(body.getByRole('heading', { name: '防汛通知' })).toBeVisible()
  await expect(body.locator('strong')).toHaveText('各区县：')
  await expect(body.locator('img:not(.ProseMirror-separator)')).toHaveAttribute(
    'src',
    /\/files\/image\/.+\.png$/,
  )
  await expect(body.locator('img:not(.ProseMirror-separator)')).toHaveAttribute('alt', '雨情图')
  expect(await richSource(page)).not.toContain('data:')
})
