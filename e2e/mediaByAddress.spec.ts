import { createServer, type Server } from 'node:http'
import type { FrameLocator, Locator, Page } from '@playwright/test'
import { E2E_IMAGE_PORT, E2E_PORT } from '../playwright.config.ts'
import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { openFromQueue } from './reviewBadges.ts'
import { editorToolbar, newArticle } from './richTextHelpers.ts'
import { sealedCall } from './sealedApi.ts'
import { closeImageEditor, png } from './uploadHelpers.ts'

// The console as a newsroom reaches it on its intranet: by address, not by the name PUBLIC_URL would give
// (unset in playwright.config.ts, so it says http://localhost:PORT).
test.use({ baseURL: `http://127.0.0.1:${E2E_PORT}` })

const EXTERNAL = `http://127.0.0.1:${E2E_IMAGE_PORT}`
let server: Server

// Another site's picture over plain http (on loopback: DUMP_ALLOWED_PRIVATE lets the re-hosting reach it).
test.beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' })
    res.end(png(60, 40, true))
  })
  await new Promise<void>((resolve) => server.listen(E2E_IMAGE_PORT, '127.0.0.1', resolve))
})
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Console errors and uncaught page errors of a page (CSP violations fail every test through the fixture). */
function consoleErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(e.message))
  return errors
}

/** Waits until an image has loaded its picture (a blocked or missing address never gets a width). */
async function expectLoaded(img: Locator) {
  await expect(img).toHaveAttribute('src', /.+/)
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
    .toBeGreaterThan(0)
}

const previewFrame = async (page: Page, title: string): Promise<FrameLocator> => {
  await page.goto('/contentArticle')
  await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: '预览' }).click()
  const frame = page.frameLocator('iframe.moc-preview-frame')
  await expect(frame.getByRole('heading', { name: title })).toBeVisible()
  return frame
}

test('媒体地址: reached at 127.0.0.1 with PUBLIC_URL unset, the cover and body image show in the form, 编辑图片, the review detail and the preview', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const errors = consoleErrors(page)
  await signInAsAdmin(page)
  const title = unique('内网图片')
  await newArticle(page, title)

  // The cover: uploaded, then 编辑图片 opens on it and loads it (it used to say 图片加载失败，无法编辑).
  await page
    .getByLabel('选择文件')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(400, 200) })
  await expectToast(page, '上传成功')
  const dialog = page.getByRole('dialog', { name: '编辑图片' })
  await expect(dialog).toBeVisible()
  await expect(page.frameLocator('iframe[title="图片编辑器"]').getByLabel('裁剪尺寸')).toHaveText('400 × 200')
  await expect(dialog.getByText('图片加载失败，无法编辑')).toHaveCount(0)
  await closeImageEditor(page)
  // Stored by path, so it is the same file at whatever address the console is reached.
  await expect(page.getByLabel('封面')).toHaveValue(/^\/files\/image\/\d{4}-\d{2}\/\w+\.png$/)
  await expectLoaded(page.locator('#moc-main').getByRole('img', { name: '封面' }))

  // A body image: 图片 → 本地上传.
  const body = page.getByLabel('正文')
  await body.click()
  await page.keyboard.type('会场图片如下')
  await editorToolbar(page).getByRole('button', { name: '图片' }).click()
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('dialog', { name: '添加方式选择' }).getByRole('button', { name: '本地上传' }).click()
  await (await chooser).setFiles({ name: 'scene.png', mimeType: 'image/png', buffer: png(300, 150, true) })
  await expectToast(page, '上传成功')
  await expectLoaded(body.locator('img:not(.ProseMirror-separator)'))

  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expectToast(page, '保存成功，已提交审核')

  // The reviewer sees both pictures (the body's used to lose its src).
  await openFromQueue(page, '/articleAudit', title, '/articleAuditDetail')
  await expect(page.getByText('会场图片如下')).toBeVisible()
  const reviewed = page.locator('.moc-review-body img')
  await expect(reviewed).toHaveAttribute('src', /^\/files\/image\/\d{4}-\d{2}\/\w+\.png$/)
  await expectLoaded(reviewed)
  await expectLoaded(page.locator('img.moc-review-cover'))

  // The preview drawer, as a reader's phone would show it.
  const frame = await previewFrame(page, title)
  await expectLoaded(frame.locator('article img'))
  await expectLoaded(frame.locator('body > img'))

  expect(errors, 'console errors').toEqual([])
})

test('媒体地址: an external http picture in the body is shown to the reviewer through the re-hosting', async ({
  page,
}) => {
  const errors = consoleErrors(page)
  await signInAsAdmin(page)
  const title = unique('外链图片')
  // Written outside the editor (which re-hosts such pictures itself): the stored body keeps the http address.
  const added = await sealedCall(page, 'POST', '/api/content/add', {
    kind: 'article',
    title,
    body: `<p>外站图片如下</p><p><img src="${EXTERNAL}/news/photo.png" width="500"></p>`,
  })
  expect(added.code).toBe(0)
  const submitted = await sealedCall(page, 'POST', '/api/content/examination', {
    kind: 'article',
    ids: [added.data.id],
  })
  expect(submitted.code).toBe(0)

  await openFromQueue(page, '/articleAudit', title, '/articleAuditDetail')
  await expect(page.getByText('外站图片如下')).toBeVisible()
  const reviewed = page.locator('.moc-review-body img')
  await expect(reviewed).toHaveAttribute('src', /^\/files\/image\/\d{4}-\d{2}\/\w+\.png$/)
  await expectLoaded(reviewed)
  expect(errors, 'console errors').toEqual([])
})
