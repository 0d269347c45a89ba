import type { Locator, Page } from '@playwright/test'
import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { png } from './uploadHelpers.ts'

const RED = [255, 0, 0]
const BLUE = [0, 0, 255]
// Top half red, bottom half blue: after a turn or a flip the halves show where the picture went.
const TWO_BANDS = png(400, 200, (_x, y) => (y < 100 ? [255, 0, 0] : [0, 0, 255]))

const editDialog = (page: Page) => page.getByRole('dialog', { name: '编辑图片' })
const editor = (page: Page) => page.frameLocator('iframe[title="图片编辑器"]')
const coverImage = (page: Page) => page.locator('#moc-main').getByRole('img', { name: '封面' })
const card = (page: Page, title: string) => page.locator('.moc-media-card').filter({ hasText: title })
const OK = /^确\s*定$/

/** The picture's size and the colour of a pixel on its left and on its right (read back from a canvas). */
function pictureOf(img: Locator) {
  return img.evaluate(async (el: HTMLImageElement) => {
    await el.decode()
    const c = document.createElement('canvas')
    c.width = el.naturalWidth
    c.height = el.naturalHeight
    const ctx = c.getContext('2d')!
    ctx.drawImage(el, 0, 0)
    const at = (x: number, y: number) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3))
    const mid = Math.floor(c.height / 2)
    return { w: c.width, h: c.height, left: at(10, mid), right: at(c.width - 10, mid) }
  })
}

test('编辑图片: the editor page is frameable by the console only, under the strict policy', async ({
  page,
}) => {
  const editorPage = await page.request.get('/image-editor.html')
  expect(editorPage.ok()).toBe(true)
  const csp = editorPage.headers()['content-security-policy'] ?? ''
  expect(csp).toContain("frame-ancestors 'self'")
  expect(csp).toContain("script-src 'self'")
  const index = await page.request.get('/')
  expect(index.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
})

test('编辑图片: upload, crop 1:1 and turn, transfer, a library copy, close without saving', async ({
  page,
}) => {
  const violations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
  })
  await signInAsAdmin(page)
  await page.goto('/contentArticle')
  await page.getByRole('button', { name: '新增文章' }).click()
  // The form is filled once it has loaded (it initialises its fields then).
  await expect(page.getByLabel('正文')).toBeVisible()
  const article = unique('图片编辑')
  await page.getByLabel('标题').fill(article)
  await page.getByLabel('正文').fill('图片编辑测试。')

  // Spec §4: after an image upload with editing on, the editor opens on the uploaded picture.
  await page
    .getByLabel('选择文件')
    .setInputFiles({ name: 'bands.png', mimeType: 'image/png', buffer: TWO_BANDS })
  await expectToast(page, '上传成功')
  const dialog = editDialog(page)
  await expect(dialog).toBeVisible()
  const uploaded = await page.getByLabel('封面').inputValue()
  expect(uploaded).toMatch(/\/files\/image\/\d{4}-\d{2}\/\w+\.png$/)
  const size = editor(page).getByLabel('裁剪尺寸')
  await expect(size).toHaveText('400 × 200')
  await editor(page).getByRole('button', { name: '1:1' }).click()
  await expect(size).toHaveText('200 × 200')
  await editor(page).getByRole('button', { name: '向右旋转' }).click()
  await expect(size).toHaveText('200 × 200')

  // 转存媒资库 needs a title.
  await dialog.getByRole('checkbox', { name: '转存媒资库' }).check()
  await dialog.getByRole('button', { name: OK }).click()
  await expect(dialog.getByText('文件标题不能为空')).toBeVisible()
  const transferred = unique('转存')
  await dialog.getByLabel('文件标题').fill(transferred)
  await dialog.getByRole('button', { name: OK }).click()
  await expectToast(page, '转存媒资库成功')
  await expect(dialog).toBeHidden()
  const first = await page.getByLabel('封面').inputValue()
  expect(first).toMatch(/\/files\/saas\/image\/media\/\d{4}-\d{2}\/\w+\.png$/)
  // A 200 × 200 square of the turned picture: the red top went to the right, the blue bottom to the left.
  await expect(coverImage(page)).toHaveAttribute('src', first)
  expect(await pictureOf(coverImage(page))).toEqual({ w: 200, h: 200, left: BLUE, right: RED })

  // Now a library image: 新建副本 (with a title) or 修改原图.
  await page.locator('.moc-upload-field').getByRole('button', { name: '编辑图片' }).click()
  await expect(dialog.getByRole('radio', { name: '新建副本' })).toBeChecked()
  await expect(dialog.getByRole('radio', { name: '修改原图' })).toBeVisible()
  await expect(dialog.getByRole('checkbox', { name: '转存媒资库' })).toHaveCount(0)
  await expect(size).toHaveText('200 × 200')
  await editor(page).getByRole('button', { name: '水平翻转' }).click()
  await dialog.getByLabel('文件标题').fill('')
  await dialog.getByRole('button', { name: OK }).click()
  await expect(dialog.getByText('文件标题不能为空')).toBeVisible()
  const copy = unique('副本')
  await dialog.getByLabel('文件标题').fill(copy)
  await dialog.getByRole('button', { name: OK }).click()
  await expectToast(page, '后台转存中，请稍候刷新查看')
  await expect(dialog).toBeHidden()
  const second = await page.getByLabel('封面').inputValue()
  expect(second).toMatch(/\/files\/saas\/image\/media\/\d{4}-\d{2}\/\w+\.png$/)
  expect(second).not.toBe(first)
  await expect(coverImage(page)).toHaveAttribute('src', second)
  expect(await pictureOf(coverImage(page))).toEqual({ w: 200, h: 200, left: RED, right: BLUE })

  // 修改原图: the same library file now holds the edited picture (no title asked).
  await page.locator('.moc-upload-field').getByRole('button', { name: '编辑图片' }).click()
  await dialog.getByRole('radio', { name: '修改原图' }).check()
  await expect(dialog.getByLabel('文件标题')).toHaveCount(0)
  await expect(size).toHaveText('200 × 200')
  await editor(page).getByRole('button', { name: '4:3' }).click()
  await expect(size).toHaveText('200 × 150')
  await dialog.getByRole('button', { name: OK }).click()
  await expectToast(page, '后台转存中，请稍候刷新查看')
  await expect(dialog).toBeHidden()
  const third = await page.getByLabel('封面').inputValue()
  expect(third).not.toBe(second)
  await expect(coverImage(page)).toHaveAttribute('src', third)
  expect(await pictureOf(coverImage(page))).toMatchObject({ w: 200, h: 150 })

  // Closing without saving emits the original URL: the field keeps it.
  await page.locator('.moc-upload-field').getByRole('button', { name: '编辑图片' }).click()
  await expect(size).toHaveText('200 × 150')
  await editor(page).getByRole('button', { name: '向左旋转' }).click()
  await dialog.getByRole('button', { name: /^取\s*消$/ }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByLabel('封面')).toHaveValue(third)

  await page.getByRole('button', { name: /^保\s*存$/ }).click()
  await expectToast(page, '保存成功')

  // The library lists the transfer and the copy, the copy showing the picture the field holds.
  await page.goto('/mediaLibrary')
  await expect(card(page, transferred)).toBeVisible()
  // One card for the copy (修改原图 changed its picture, not the list).
  await expect(card(page, copy)).toHaveCount(1)
  await expect(card(page, copy).locator('img')).toHaveAttribute('src', /\/files\/saas\/image\/media\//)
  expect(violations).toEqual([])
})
