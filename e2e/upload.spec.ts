import { writeFile } from 'node:fs/promises'
import type { Locator, Page, Request } from '@playwright/test'
import sharp from 'sharp'
import { PANEL_AUTO_CLOSE_MS } from '../packages/web/src/widgets/uploadLayout.ts'
import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button, confirmPopconfirm } from './organisationHelpers.ts'
import { pagAnimation } from './pagFile.ts'
import { closeImageEditor, expectUploadsDone, png } from './uploadHelpers.ts'

const MB = 1024 * 1024
const panel = (page: Page) => page.getByRole('region', { name: '上传列表' })
/** The article form has one upload widget: its file chooser. */
const coverInput = (page: Page) => page.getByLabel('选择文件')
const uploadWidget = (page: Page) => page.locator('.moc-upload-field')

async function newArticleForm(page: Page) {
  await signInAsAdmin(page)
  await page.goto('/contentArticle')
  await page.getByRole('button', { name: '新增文章' }).click()
  await expect(page.getByLabel('正文')).toBeVisible()
}

test('封面: upload an image, view it, save, and see it after a reload', async ({ page }) => {
  await newArticleForm(page)
  const title = unique('封面上传')
  await page.getByLabel('标题').fill(title)
  await page.getByLabel('正文').fill('封面上传测试。')
  // The box opens the chooser; the browser's own file control is not shown.
  await expect(page.getByText('点击上传')).toBeVisible()
  await expect(coverInput(page)).toBeHidden()

  await coverInput(page).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(320, 180) })
  await expectToast(page, '上传成功')
  await closeImageEditor(page)
  // All succeeded: the panel closes on its own and stops covering the form; 上传列表 in the top bar opens it again.
  await expectUploadsDone(page)
  await expect(panel(page)).toContainText('cover.png')
  const cover = page.locator('#moc-main').getByRole('img', { name: '封面' })
  await expect(cover).toHaveAttribute('src', /\/files\/image\/\d{4}-\d{2}\/\w+\.png$/)
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320)

  // 查看 opens the preview dialog with the picture.
  await uploadWidget(page).getByRole('button', { name: '查看', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: '查看图片' })
  await expect(dialog.locator('img')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // Closing the panel with nothing running just empties it.
  await panel(page).getByRole('button', { name: '关闭上传列表' }).click()
  await expect(panel(page)).toBeHidden()

  await page.getByRole('button', { name: /^保\s*存$/ }).click()
  await expectToast(page, '保存成功')
  await page.getByRole('tab', { name: /^草稿箱/ }).click()
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.getByRole('img', { name: '封面' })).toBeVisible()
  await row.getByRole('button', { name: /编\s*辑/ }).click()
  await expect(page.getByLabel('标题')).toHaveValue(title)
  await page.reload()
  await expect(page.getByLabel('标题')).toHaveValue(title)
  const saved = page.locator('#moc-main').getByRole('img', { name: '封面' })
  await expect.poll(() => saved.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320)

  // Deleting empties the field: the chooser is back.
  await uploadWidget(page).getByRole('button', { name: '移除', exact: true }).click()
  await expect(page.getByText('点击上传')).toBeVisible()
})

/** The colour in the middle of a frame as the screen shows it (a WebGL canvas cannot be read back). */
async function colourAt(frame: Locator) {
  const { data, info } = await sharp(await frame.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true })
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels
  const [r = 0, g = 0, b = 0] = data.subarray(at, at + 3)
  return r > 200 && g < 60 && b < 60 ? 'red' : b > 200 && r < 60 && g < 60 ? 'blue' : `${r},${g},${b}`
}

/**
 * The .pag player (a sandboxed frame running libpag) plays, and both colours of the two-second animation show
 * up on screen while it does (it is animated, not a still).
 */
async function expectAnimating(frame: Locator) {
  const canvas = frame.contentFrame().getByRole('img', { name: '动画' })
  await expect(canvas).toHaveAttribute('data-state', 'playing', { timeout: 30_000 })
  const seen = new Set<string>()
  await expect
    .poll(async () => seen.add(await colourAt(frame)).has('red') && seen.has('blue'), { timeout: 30_000 })
    .toBe(true)
}

test('.pag: accepted by the image rule, animated by libpag in the widget, the preview and the library', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const pag = pagAnimation(64, 48, [
    [255, 0, 0],
    [0, 0, 255],
  ])
  await newArticleForm(page)
  await coverInput(page).setInputFiles({
    name: 'like.pag',
    mimeType: 'application/octet-stream',
    buffer: pag,
  })
  await expectToast(page, '上传成功')
  // No 编辑图片 for an animation; the value is a stored .pag.
  await expect(page.getByLabel('封面')).toHaveValue(/\/files\/image\/\d{4}-\d{2}\/[0-9a-f]{32}\.pag$/)
  await expect(page.getByRole('dialog', { name: '编辑图片' })).toHaveCount(0)
  await expectAnimating(uploadWidget(page).getByTitle('封面'))

  // 查看 plays it in the preview dialog.
  await uploadWidget(page).getByRole('button', { name: '查看', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: '查看图片' })
  await expectAnimating(dialog.getByTitle('动画'))
  await page.keyboard.press('Escape')

  // A file named .pag that is not one is refused by the server (its bytes lack the PAG tag).
  await coverInput(page).setInputFiles({
    name: 'fake.pag',
    mimeType: 'application/octet-stream',
    buffer: png(4, 4),
  })
  await expectToast(page, '文件内容与格式不符')

  // In the library a .pag is an image (spec §5 picker extensions include pag): a PAG card that previews animated.
  await page.goto('/mediaLibrary')
  await page
    .locator('.ant-upload input[type=file]:not([webkitdirectory])')
    .setInputFiles({ name: '点赞动画.pag', mimeType: 'application/octet-stream', buffer: pag })
  await expectToast(page, '添加成功')
  const card = page.locator('.moc-media-card').filter({ hasText: '点赞动画' })
  await expect(card.getByText('PAG', { exact: true })).toBeVisible()
  await card.getByRole('button', { name: '点赞动画' }).click()
  await expectAnimating(page.getByRole('dialog', { name: '查看图片' }).getByTitle('动画'))
})

test('封面: wrong type, too large and too wide are refused before sending; panel titles', async ({
  page,
}) => {
  await newArticleForm(page)
  const sent: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/upload/')) sent.push(`${r.method()} ${r.url()}`)
  })

  await coverInput(page).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  })
  await expectToast(page, '只支持上传图片格式')
  await coverInput(page).setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(32 * MB + 1),
  })
  await expectToast(page, '图片大小不能超过32MB')
  await coverInput(page).setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(30_001, 1) })
  await expectToast(page, '上传图片宽高不能超过30000 x 30000')
  expect(sent).toEqual([])
  await expect(panel(page)).toBeHidden()

  // The server refuses what the browser could not read: a .png that is no PNG. All failed.
  await coverInput(page).setInputFiles({
    name: 'fake-picture-with-a-long-name.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture at all'),
  })
  await expectToast(page, '文件内容与格式不符')
  await expect(panel(page)).toContainText('文件上传失败')
  // Spec §5 long names: first 7, ellipsis, last 3, extension.
  await expect(panel(page)).toContainText('fake-pi…ame.png')
  // A failure keeps the panel open (only an all-successful list closes on its own).
  await page.mouse.move(0, 400)
  await page.waitForTimeout(PANEL_AUTO_CLOSE_MS + 1000)
  await expect(panel(page)).toContainText('文件上传失败')

  // One success beside the failure: mixed.
  await coverInput(page).setInputFiles({ name: 'ok.png', mimeType: 'image/png', buffer: png(8, 8) })
  await expectToast(page, '上传成功')
  await closeImageEditor(page)
  await expect(panel(page)).toContainText('部分文件上传失败')
  await panel(page).getByRole('button', { name: '删除 fake-picture-with-a-long-name.png' }).click()
  await expect(panel(page)).toContainText('文件上传完成')
  await panel(page).getByRole('button', { name: '收起上传列表' }).click()
  await expect(panel(page).getByText('ok.png')).toBeHidden()
  await panel(page).getByRole('button', { name: '展开上传列表' }).click()
  await expect(panel(page).getByText('ok.png')).toBeVisible()
  // The pointer on the panel held it open; away from it, the finished list closes on its own.
  await page.mouse.move(0, 400)
  await expect(panel(page)).toBeHidden()
})

/** A small MP4: an ftyp box (brand isom, what the server's content check looks for) and a media data box. */
function mp4(bytes: number) {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41', 'latin1'),
  ])
  const mdat = Buffer.alloc(bytes - ftyp.length)
  mdat.writeUInt32BE(mdat.length, 0)
  mdat.write('mdat', 4, 'latin1')
  return Buffer.concat([ftyp, mdat])
}

test('视频: an mp4 goes through tus, the panel completes, 查看 plays it with the rates', async ({ page }) => {
  await signInAsAdmin(page)
  await page.goto('/contentVideo')
  await page.getByRole('button', { name: '新增视频' }).click()
  await expect(page.getByLabel('时长（秒）')).toBeVisible()
  const videoField = page.locator('.ant-form-item', { has: page.getByLabel('视频', { exact: true }) })
  const tusCreated = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/upload/tus') && r.status() === 201,
  )
  // The video widget takes mp4 only.
  await videoField.getByLabel('选择文件').setInputFiles({
    name: 'clip.mov',
    mimeType: 'video/quicktime',
    buffer: mp4(4096),
  })
  await expectToast(page, '只支持上传mp4视频文件')
  await videoField.getByLabel('选择文件').setInputFiles({
    name: 'clip.mp4',
    mimeType: 'video/mp4',
    buffer: mp4(64 * 1024),
  })
  await tusCreated
  await expectToast(page, '上传成功')
  // The admin may add to the media library, so 转存媒资库 is offered; 取消 keeps it a plain field value.
  const transfer = page.getByRole('dialog', { name: '转存媒资库' })
  await expect(transfer.getByLabel('标题')).toHaveValue('clip')
  await transfer.getByRole('button', { name: /取\s*消/ }).click()
  await expect(transfer).toBeHidden()
  await expectUploadsDone(page)
  await expect(page.getByLabel('视频', { exact: true })).toHaveValue(/\/files\/video\/\d{4}-\d{2}\/\w+\.mp4$/)

  await videoField.getByRole('button', { name: '查看', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: '查看视频' })
  await expect(dialog.locator('video')).toHaveAttribute('loop', '')
  await expect(dialog.locator('video')).toHaveAttribute('autoplay', '')
  for (const rate of ['0.5x', '1x', '1.5x', '2x', '5x', '10x'])
    await expect(dialog.getByText(rate, { exact: true })).toBeVisible()
  await dialog.getByText('2x', { exact: true }).click()
  await expect.poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2)
})

test('查看: a video that will not load is tried 20 more times, 100 ms apart, then 播放失败', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/contentVideo')
  await page.getByRole('button', { name: '新增视频' }).click()
  const missing = '/files/video/2026-01/00000000000000000000000000000000.mp4'
  let loads = 0
  page.on('request', (r) => {
    if (r.url().endsWith(missing)) loads++
  })
  await page
    .getByLabel('视频', { exact: true })
    .fill(`http://localhost:${new URL(page.url()).port}${missing}`)
  const videoField = page.locator('.ant-form-item', { has: page.getByLabel('视频', { exact: true }) })
  await videoField.getByRole('button', { name: '查看', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: '查看视频' })
  await expect(dialog.getByText('播放失败')).toBeVisible({ timeout: 15_000 })
  expect(loads).toBeGreaterThanOrEqual(21)
})

test('tus: a large image resumes after a dropped connection without re-sending finished slices', async ({
  page,
}) => {
  await newArticleForm(page)
  const file = png(2000, 2000, true) // ~12 MB: tus, three 5 MB slices
  expect(file.length).toBeGreaterThan(10 * MB)
  const delivered: { offset: number; bytes: number }[] = []
  // The connection drops once the first slice is in, until the test says otherwise.
  let network: 'up' | 'dropping' | 'restored' = 'up'
  let aborted = 0
  await page.route('**/api/upload/tus/*', async (route) => {
    const req = route.request()
    if (req.method() !== 'PATCH') return route.continue()
    const offset = Number(req.headers()['upload-offset'])
    if (network === 'dropping') {
      aborted++
      return route.abort('connectionreset')
    }
    delivered.push({ offset, bytes: req.postDataBuffer()?.length ?? 0 })
    if (network === 'up') network = 'dropping'
    return route.continue()
  })

  await coverInput(page).setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: file })
  // The client retries on its own (1 s, 3 s) and then gives up: the item fails and offers 重试.
  await expectToast(page, '上传失败', 20_000)
  await expect(panel(page)).toContainText('文件上传失败')
  expect(aborted).toBe(3)

  network = 'restored'
  await panel(page)
    .getByRole('button', { name: /重\s*试/ })
    .click()
  await expectToast(page, '上传成功', 30_000)
  await closeImageEditor(page)
  await expectUploadsDone(page)
  await expect(page.locator('#moc-main').getByRole('img', { name: '封面' })).toHaveAttribute(
    'src',
    /\/files\/image\/.+\.png$/,
  )
  // Every byte crossed once: the slices the server had were not sent again.
  expect(delivered.map((d) => d.offset)).toEqual([0, 5 * MB, 10 * MB])
  expect(delivered.reduce((n, d) => n + d.bytes, 0)).toBe(file.length)
})

test('tus: after a page reload the same file continues where it stopped', async ({ page }, testInfo) => {
  await newArticleForm(page)
  // A file on disk keeps its modification time, part of the fingerprint that finds the earlier upload.
  const path = testInfo.outputPath('resume.png')
  const bytes = png(2000, 2000, true)
  await writeFile(path, bytes)
  const offsets: number[] = []
  let held = 0
  let reloaded = false
  await page.route('**/api/upload/tus/*', async (route) => {
    const req = route.request()
    if (req.method() !== 'PATCH') return route.continue()
    const offset = Number(req.headers()['upload-offset'])
    // Before the reload only the first slice gets through; the second never gets an answer.
    if (!reloaded && offset > 0) {
      held++
      return
    }
    offsets.push(offset)
    return route.continue()
  })
  await coverInput(page).setInputFiles(path)
  await expect.poll(() => held).toBe(1)
  expect(offsets).toEqual([0])
  await expect(panel(page)).toContainText('文件上传中')

  reloaded = true
  await page.reload()
  await expect(page.getByLabel('正文')).toBeVisible({ timeout: 30_000 }) // the editor's chunk loads again after the reload
  await expect(panel(page)).toBeHidden()
  await coverInput(page).setInputFiles(path)
  await expectToast(page, '上传成功', 30_000)
  await closeImageEditor(page)
  await expectUploadsDone(page)
  // The slice sent before the reload was not sent again.
  expect(offsets).toEqual([0, 5 * MB, 10 * MB])
  await expect(page.locator('#moc-main').getByRole('img', { name: '封面' })).toHaveAttribute('src', /\.png$/)
})

test('panel: cancel a running upload, and closing while running cancels everything', async ({ page }) => {
  await newArticleForm(page)
  const held: Request[] = []
  // Slices never get an answer: the upload stays running.
  await page.route('**/api/upload/tus/*', async (route) => {
    if (route.request().method() === 'PATCH') held.push(route.request())
    else await route.continue()
  })
  const file = { name: 'running.png', mimeType: 'image/png', buffer: png(2000, 2000, true) }

  await coverInput(page).setInputFiles(file)
  await expect(panel(page)).toContainText('文件上传中')
  await expect.poll(() => held.length).toBe(1)
  await panel(page).getByRole('button', { name: '删除 running.png' }).click()
  await expect(page.getByText('删除后将不可恢复，确认删除?')).toBeVisible()
  const terminated = page.waitForRequest(
    (r) => r.method() === 'DELETE' && r.url().includes('/api/upload/tus/'),
  )
  await confirmPopconfirm(page)
  await terminated
  await expect(panel(page)).toBeHidden()
  await expect(page.getByText('点击上传')).toBeVisible()

  await coverInput(page).setInputFiles(file)
  await expect(panel(page)).toContainText('文件上传中')
  await panel(page).getByRole('button', { name: '关闭上传列表' }).click()
  const warning = page.getByRole('dialog').filter({ hasText: '当前还有后台上传任务，删除后将不可恢复' })
  await expect(warning).toBeVisible()
  await button(warning, '确定').click()
  await expect(panel(page)).toBeHidden()
  await expect(page.getByText('点击上传')).toBeVisible()
})
