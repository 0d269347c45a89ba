import type { Locator, Page } from '@playwright/test'
import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { editorToolbar, newArticle, richSource, saveAndReopen } from './richTextHelpers.ts'
import { clip, png } from './uploadHelpers.ts'

const OK = /确\s*定/
const card = (scope: Page | Locator, title: string) =>
  scope.locator('.moc-media-card').filter({ hasText: title })

/** Plays a video element to a frame that can be drawn. */
async function readyFrame(video: Locator) {
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2)
}

test('富文本: a picture and a video from the library, a screenshot of the video as its cover and in the text', async ({
  page,
}) => {
  test.setTimeout(400_000)
  await signInAsAdmin(page)
  const picture = unique('配图')
  const film = unique('现场视频')
  await page.goto('/mediaLibrary')
  await page
    .locator('.ant-upload input[type=file]:not([webkitdirectory])')
    .setInputFiles({ name: `${picture}.png`, mimeType: 'image/png', buffer: png(64, 48) })
  await expectToast(page, '添加成功')
  await page.getByRole('tab', { name: '视频' }).click()
  await page
    .locator('.ant-upload input[type=file]:not([webkitdirectory])')
    .setInputFiles({ name: `${film}.mp4`, mimeType: 'video/mp4', buffer: clip('clip.mp4') })
  await expectToast(page, '添加成功')
  // Only a transcoded video can be picked (spec §4).
  await expect(card(page, film).locator('img')).toHaveAttribute('src', /\/poster\.jpg$/, { timeout: 90_000 })

  const title = unique('图文报道')
  await newArticle(page, title)
  const body = page.getByLabel('正文')
  const bar = editorToolbar(page)
  await body.click()
  await page.keyboard.type('现场图片如下')

  // 图片 → 添加方式选择 → 媒资库导入: inserted at 500 px. No video yet, so no 视频截图 choice.
  await bar.getByRole('button', { name: '图片' }).click()
  const how = page.getByRole('dialog', { name: '添加方式选择' })
  await expect(how.getByRole('button', { name: '本地上传' })).toBeVisible()
  await expect(how.getByRole('button', { name: '视频截图' })).toHaveCount(0)
  await how.getByRole('button', { name: '媒资库导入' }).click()
  const picker = page.getByRole('dialog', { name: '媒资库' })
  await card(picker, picture).getByRole('button', { name: picture }).click()
  await picker.getByRole('button', { name: OK }).click()
  await expect(picker).toBeHidden()
  await expect(body.locator('img:not(.ProseMirror-separator)')).toHaveAttribute('width', '500')
  await expect(body.locator('img:not(.ProseMirror-separator)')).toHaveAttribute(
    'src',
    /\/files\/saas\/image\/media\/.+\.png$/,
  )

  // 音视频 → 媒资库导入 → 视频: the original mp4 at 500 px, its poster shown.
  await bar.getByRole('button', { name: '音视频' }).click()
  await how.getByRole('button', { name: '媒资库导入' }).click()
  await picker.getByRole('tab', { name: '视频' }).click()
  await card(picker, film).getByRole('button', { name: film }).click()
  await picker.getByRole('button', { name: OK }).click()
  const video = body.locator('video')
  await expect(video).toHaveAttribute('src', /\.mp4$/)
  await expect(video).toHaveAttribute('width', '500')

  // 视频截图 only with the video selected; the cover edit dialog.
  await page.keyboard.press('Enter')
  await expect(bar.getByRole('button', { name: '视频截图' })).toBeDisabled()
  await video.click()
  await expect(bar.getByRole('button', { name: '视频截图' })).toBeEnabled()
  await bar.getByRole('button', { name: '视频截图' }).click()
  const shot = page.getByRole('dialog', { name: '视频截图' })
  const player = shot.getByRole('region', { name: '视频' }).locator('video')
  await readyFrame(player)
  await player.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 1.5
  })
  await readyFrame(player)
  await shot.getByRole('button', { name: '截取封面' }).click()
  await expect(shot.getByRole('region', { name: '封面图' }).locator('img')).toHaveAttribute('src', /\.jpg$/)
  await shot.getByRole('button', { name: '截图并插入文章' }).click()
  await expectToast(page, '截图已插入文章')
  await page.keyboard.press('Escape')
  await expect(shot).toBeHidden()
  await expect(body.locator('img[width="350"]')).toHaveAttribute('src', /\.jpg$/)
  await expect(video).toHaveAttribute('poster', /\.jpg$/)

  // 添加方式选择 now offers 视频截图 too.
  await bar.getByRole('button', { name: '图片' }).click()
  await expect(how.getByRole('button', { name: '视频截图' })).toBeVisible()
  await page.keyboard.press('Escape')

  // Stored with the clean-up's fixed attributes; the same after saving and opening again.
  const html = await richSource(page)
  expect(html).toMatch(/<video [^>]*poster="[^"]+\.jpg"/)
  expect(html).toMatch(/<video [^>]*controlslist="nodownload"/)
  expect(html).toMatch(/<video [^>]*playsinline/)
  expect(html).toMatch(/<img [^>]*width="350"/)
  expect(html).toMatch(/<img [^>]*oncontextmenu="return false"/)
  await saveAndReopen(page, title)
  await expect(body.locator('video')).toHaveAttribute('poster', /\.jpg$/)
  expect(await richSource(page)).toBe(html)
})
