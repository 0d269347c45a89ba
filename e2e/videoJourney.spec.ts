import type { Locator, Page } from '@playwright/test'
import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { clip, expectUploadsDone } from './uploadHelpers.ts'

const OK = /确\s*定/
const card = (page: Page | Locator, title: string) =>
  page.locator('.moc-media-card').filter({ hasText: title })

test('视频: uploaded to the library, transcoded in the background, previewed as HLS; the job is 已完成', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const buffer = clip('clip.mp4')
  const title = unique('夜间新闻')
  await signInAsAdmin(page)
  await page.goto('/mediaLibrary')
  await page.getByRole('tab', { name: '视频' }).click()
  await page
    .locator('.ant-upload input[type=file]:not([webkitdirectory])')
    .setInputFiles({ name: `${title}.mp4`, mimeType: 'video/mp4', buffer })
  await expectUploadsDone(page)
  await expectToast(page, '添加成功')
  // A cut-off copy (an mp4 head without its index) is stored but cannot be transcoded: it keeps no transcode URL.
  const broken = unique('断片')
  await page
    .locator('.ant-upload input[type=file]:not([webkitdirectory])')
    .setInputFiles({ name: `${broken}.mp4`, mimeType: 'video/mp4', buffer: buffer.subarray(0, 8192) })
  await expectToast(page, '添加成功')

  // The media.process job transcodes it to HLS and writes the poster; the grid polls until then.
  await expect(card(page, title).locator('img')).toHaveAttribute('src', /\/poster\.jpg$/, { timeout: 60_000 })
  await expect(card(page, title).getByText('转码中')).toHaveCount(0)

  // The preview prefers the transcode URL: the playlist and a segment come over the network, and it plays.
  const requested: string[] = []
  page.on('request', (r) => requested.push(new URL(r.url()).pathname))
  await card(page, title).getByRole('button', { name: title }).click()
  const dialog = page.getByRole('dialog', { name: '查看视频' })
  const video = dialog.locator('video')
  await expect(video).toHaveAttribute('loop', '')
  await expect(video).toHaveAttribute('autoplay', '')
  await expect(dialog).not.toContainText('暂无转码链接')
  await expect
    .poll(() => requested.some((p) => /\/hls\/index\.m3u8$/.test(p)), { timeout: 15_000 })
    .toBe(true)
  await expect.poll(() => requested.some((p) => /\/hls\/[^/]+\.ts$/.test(p)), { timeout: 15_000 }).toBe(true)
  // hls.js feeds the element through Media Source Extensions (a blob: source), and the picture advances.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/)
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5)
  expect(await video.evaluate((v: HTMLVideoElement) => v.error)).toBeNull()
  await dialog.getByText('2x', { exact: true }).click()
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // 后台任务: the media.process job finished.
  await page.goto('/jobs')
  await page.locator('.ant-segmented').getByText('已完成').click()
  await expect(
    page
      .locator('.ant-table-row')
      .filter({ hasText: '媒资处理（转码/封面/缩略图）' })
      .filter({ hasText: '已完成' }),
  ).not.toHaveCount(0)

  // The picker previews too (a click there selects, so 预览 is a link of its own): the HLS rendition, and for a
  // file without a transcode URL the original under a note naming its format (spec §4).
  await page.goto('/contentVideo')
  await page.getByRole('button', { name: '新增视频' }).click()
  const field = page.locator('.ant-form-item').filter({ has: page.getByLabel('视频', { exact: true }) })
  await field.getByRole('button', { name: '媒资库导入' }).click()
  const picker = page.getByRole('dialog', { name: '媒资库' })
  await card(picker, title).getByRole('button', { name: '预览' }).click()
  const pickerPreview = page.getByRole('dialog', { name: '查看视频' })
  await expect
    .poll(() => pickerPreview.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc))
    .toMatch(/^blob:/)
  await expect(pickerPreview).not.toContainText('暂无转码链接')
  await page.keyboard.press('Escape')
  await expect(pickerPreview).toBeHidden()
  await expect(picker).toBeVisible()
  await card(picker, broken).getByRole('button', { name: '预览' }).click()
  await expect(pickerPreview).toContainText('暂无转码链接，当前为原始文件（格式：mp4）')
  await expect(pickerPreview.locator('video')).toHaveAttribute('src', /\/files\/video\/.+\.mp4$/)
})

test('转存媒资库: after a video upload in a form the title is asked (required) and the file joins the library', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const buffer = clip('clip.mp4')
  await signInAsAdmin(page)
  await page.goto('/contentVideo')
  await page.getByRole('button', { name: '新增视频' }).click()
  await expect(page.getByLabel('时长（秒）')).toBeVisible()
  const field = page.locator('.ant-form-item').filter({ has: page.getByLabel('视频', { exact: true }) })
  await field.getByLabel('选择文件').setInputFiles({ name: '早间快讯.mp4', mimeType: 'video/mp4', buffer })
  await expectToast(page, '上传成功')

  // The transfer dialog, titled from the file name; the title is required.
  const transfer = page.getByRole('dialog', { name: '转存媒资库' })
  const titleInput = transfer.getByLabel('标题')
  await expect(titleInput).toHaveValue('早间快讯')
  await titleInput.fill('')
  await transfer.getByRole('button', { name: OK }).click()
  await expect(transfer.getByText('标题不能为空')).toBeVisible()
  const title = unique('早间快讯')
  await titleInput.fill(title)
  await transfer.getByRole('button', { name: OK }).click()
  // Registered as is; transcoding runs in the background.
  await expectToast(page, '后台转存中，请稍候刷新查看')
  await expect(transfer).toBeHidden()
  await expect(page.getByLabel('视频', { exact: true })).toHaveValue(/\/files\/video\/\d{4}-\d{2}\/\w+\.mp4$/)

  await page.goto('/mediaLibrary')
  await page.getByRole('tab', { name: '视频' }).click()
  await expect(card(page, title)).toBeVisible()
})
