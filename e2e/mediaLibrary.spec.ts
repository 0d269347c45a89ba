import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { expectUploadsDone } from './uploadHelpers.ts'

const OK = /确\s*定/
// A 2×2 PNG: small enough to inline, a real image for the server's magic-byte and dimension checks.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWNg6DgDQhAKACIOBVEyhxYyAAAAAElFTkSuQmCC',
  'base64',
)

const card = (page: Page | Locator, title: string) =>
  page.locator('.moc-media-card').filter({ hasText: title })

async function newFolder(page: Page, name: string) {
  await page.getByRole('button', { name: '新建文件夹' }).click()
  const dialog = page.getByRole('dialog', { name: '新建文件夹' })
  await dialog.getByLabel('文件夹名称').fill(name)
  await dialog.getByRole('button', { name: OK }).click()
  await expectToast(page, '添加成功')
}

test('媒体资源库: folders, upload, rename, pick into an article, delete in use naming the article', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/mediaLibrary')
  for (const t of ['图片', '视频', '音频', '其他'])
    await expect(page.getByRole('tab', { name: t })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: '只看我的' })).toBeChecked()
  await expect(page.getByText('直播收录')).toBeVisible()

  // A folder, and a sub-folder inside it: the path and <返回上一级 follow.
  const folder = unique('活动')
  await newFolder(page, folder)
  await card(page, folder).getByRole('button', { name: folder }).click()
  await expect(page.getByText('暂无上传文件')).toBeVisible()
  await expect(page.getByText('总数:0')).toBeVisible()
  const sub = unique('子')
  await newFolder(page, sub)
  await card(page, sub).getByRole('button', { name: sub }).click()
  await expect(page.locator('.moc-media-nav')).toContainText(`全部文件/${folder}/${sub}`)
  await page.getByRole('button', { name: '<返回上一级' }).click()
  await expect(card(page, sub)).toBeVisible()

  // Upload an image into the folder: it is registered in the library under its name.
  await page
    .locator('.ant-upload input[type=file]:not([webkitdirectory])')
    .setInputFiles({ name: '开幕式.png', mimeType: 'image/png', buffer: PNG })
  await expectToast(page, '添加成功')
  await expect(card(page, '开幕式')).toBeVisible()
  await expect(page.getByText('总数:2')).toBeVisible()
  await expect(card(page, '开幕式').locator('img')).toHaveAttribute('src', /\/files\/saas\/image\/media\//)

  // A click on it previews it.
  await card(page, '开幕式').getByRole('button', { name: '开幕式' }).click()
  const preview = page.getByRole('dialog', { name: '查看图片' })
  await expect(preview.locator('img')).toHaveAttribute('src', /\/files\/saas\/image\/media\//)
  await page.keyboard.press('Escape')
  await expect(preview).toBeHidden()

  // Rename it.
  const title = unique('开幕')
  await card(page, '开幕式').getByRole('button', { name: '重命名' }).click()
  const rename = page.getByRole('dialog', { name: '重命名' })
  await rename.getByLabel('名称').fill(title)
  await rename.getByRole('button', { name: OK }).click()
  await expectToast(page, '修改成功')
  await expect(card(page, title)).toBeVisible()

  // Keyword search inside the folder, then reset.
  await page.getByPlaceholder('请输入关键词').fill(sub)
  await page.getByRole('button', { name: /搜\s*索/ }).click()
  await expect(page.getByText('总数:1')).toBeVisible()
  await expect(card(page, title)).toHaveCount(0)
  await page.getByRole('button', { name: /重\s*置/ }).click()
  await expect(page.getByText('总数:2')).toBeVisible()

  // Pick it as an article's cover through the media picker (only mine is on; folders open in the dialog).
  await page.goto('/contentArticle')
  await page.getByRole('button', { name: '新增文章' }).click()
  await expect(page.getByLabel('正文')).toBeVisible()
  const article = unique('媒资文章')
  await page.getByLabel('标题').fill(article)
  await page.getByLabel('正文').fill('开幕式图片')
  await page.getByRole('button', { name: '媒资库导入' }).first().click()
  const picker = page.getByRole('dialog', { name: '媒资库' })
  await expect(picker.getByRole('tab', { name: '图片' })).toBeVisible()
  await expect(picker.getByRole('tab', { name: '视频' })).toHaveCount(0)
  await expect(picker.getByRole('checkbox', { name: '只看我的' })).toBeChecked()
  await picker.getByRole('button', { name: OK }).click()
  await expectToast(page, '未选择内容')
  await card(picker, folder).getByRole('button', { name: folder }).click()
  await expect(card(picker, sub)).toBeVisible()
  await card(picker, title).getByRole('button', { name: title }).click()
  await picker.getByRole('button', { name: OK }).click()
  await expect(picker).toBeHidden()
  await expect(page.getByLabel('封面')).toHaveValue(/\/files\/saas\/image\/media\/.+\.png$/)
  await page.getByRole('button', { name: /^保\s*存$/ }).click()
  await expectToast(page, '保存成功')

  // Deleting the file now names the article and needs a second yes.
  await page.goto('/mediaLibrary')
  await card(page, folder).getByRole('button', { name: folder }).click()
  await card(page, title).getByRole('button', { name: '引用 1' }).click()
  await expect(page.getByRole('tooltip')).toContainText(`《${article}》（文章）`)
  await card(page, title).getByRole('button', { name: '删除' }).click()
  await page.getByRole('dialog').getByRole('button', { name: OK }).click()
  const inUse = page.getByRole('dialog').filter({ hasText: '文件正在被使用' })
  await expect(inUse).toContainText(`《${article}》`)
  await inUse.getByRole('button', { name: '仍然删除' }).click()
  await expectToast(page, '删除成功')
  await expect(card(page, title)).toHaveCount(0)

  // A folder that is not empty stays; an empty one goes.
  await page.getByRole('button', { name: '<返回上一级' }).click()
  await card(page, folder).getByRole('button', { name: '删除' }).click()
  await page.getByRole('dialog').getByRole('button', { name: OK }).click()
  await expectToast(page, '文件夹不为空，不能删除')
  await expect(card(page, folder)).toBeVisible()
})

test('媒体资源库: a video is transcoded in the background, then picked into a video item', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const clip = join(mkdtempSync(join(tmpdir(), 'e2e-media-')), 'clip.mp4')
  execFileSync('ffmpeg', [
    ...[
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x180:rate=10:duration=2',
      '-pix_fmt',
      'yuv420p',
      clip,
    ],
  ])
  await signInAsAdmin(page)
  await page.goto('/mediaLibrary')
  await page.getByRole('tab', { name: '视频' }).click()
  const folder = unique('视频夹')
  await newFolder(page, folder)
  await card(page, folder).getByRole('button', { name: folder }).click()
  await page
    .locator('.ant-upload input[type=file]:not([webkitdirectory])')
    .setInputFiles({ name: '晨间片.mp4', mimeType: 'video/mp4', buffer: readFileSync(clip) })
  await expectToast(page, '添加成功')
  // The job queue transcodes it; the list polls while a file is processing, then shows the poster.
  await expect(card(page, '晨间片').locator('img')).toHaveAttribute('src', /\/poster\.jpg$/, {
    timeout: 60_000,
  })
  await expect(card(page, '晨间片').getByText('转码中')).toHaveCount(0)

  // 视频剪辑: the playhead at 0 as the end point is refused by the shared rule; a typed span becomes a new video.
  await card(page, '晨间片').getByRole('button', { name: '视频剪辑' }).click()
  const clipper = page.getByRole('dialog', { name: '视频剪辑' })
  await expect(clipper.getByLabel('标题')).toHaveValue('晨间片_剪辑')
  await expect(clipper.getByLabel('终点（秒）')).toHaveValue('2.0')
  await clipper.getByRole('button', { name: '设为终点' }).click()
  await expect(clipper.getByText('剪辑终点需晚于起点')).toBeVisible()
  await clipper.getByLabel('起点（秒）').fill('0.3')
  await clipper.getByLabel('终点（秒）').fill('1.8')
  await clipper.getByRole('button', { name: OK }).click()
  await expectToast(page, '剪辑任务已提交，完成后将出现在媒资库')
  await expect(card(page, '晨间片_剪辑').locator('img')).toHaveAttribute('src', /\/poster\.jpg$/, {
    timeout: 60_000,
  })

  await page.goto('/contentVideo')
  await page.getByRole('button', { name: '新增视频' }).click()
  await expect(page.getByLabel('时长（秒）')).toBeVisible()
  const field = page.locator('.ant-form-item').filter({ has: page.getByLabel('视频', { exact: true }) })
  await field.getByRole('button', { name: '媒资库导入' }).click()
  const picker = page.getByRole('dialog', { name: '媒资库' })
  await expect(picker.getByRole('tab', { name: '视频' })).toBeVisible()
  await expect(picker.getByRole('tab', { name: '直播收录' })).toBeVisible()
  await expect(picker.getByRole('tab', { name: '图片' })).toHaveCount(0)
  await card(picker, folder).getByRole('button', { name: folder }).click()
  await expect(picker.locator('.moc-media-nav')).toContainText(`全部文件/${folder}`)
  // A recording tab has its source selector and its own place; back on 视频 the folder is still open.
  await picker.getByRole('tab', { name: '直播收录' }).click()
  await expect(picker.getByRole('combobox', { name: '来源' })).toBeVisible()
  await expect(picker.getByText('暂无上传文件')).toBeVisible()
  await picker.getByRole('tab', { name: '视频' }).click()
  await expect(picker.locator('.moc-media-nav')).toContainText(`全部文件/${folder}`)
  await picker.getByRole('button', { name: '<返回上一级' }).click()
  await expect(card(picker, folder)).toBeVisible()
  await card(picker, folder).getByRole('button', { name: folder }).click()
  await picker.getByRole('button', { name: '晨间片', exact: true }).click()
  await picker.getByRole('button', { name: OK }).click()
  await expect(picker).toBeHidden()
  await expect(field.getByLabel('视频', { exact: true })).toHaveValue(
    /\/files\/video\/\d{4}-\d{2}\/[0-9a-f]{32}\.mp4$/,
  )
})

test('媒体资源库: categories — add three levels, rename, file into one, refuse deleting a used one', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await signInAsAdmin(page)
  await page.goto('/mediaLibrary')
  const tree = page.getByRole('tree', { name: '分类' })
  const node = (name: string) => tree.getByText(name, { exact: true })
  const renameCategory = page.getByRole('button', { name: '重命名分类' })
  const deleteCategory = page.getByRole('button', { name: '删除分类' })

  // The recording categories stay as they are.
  await node('电视收录').click()
  await expect(renameCategory).toBeDisabled()
  await expect(deleteCategory).toBeDisabled()

  async function addCategory(name: string, under: string) {
    await node(under).click()
    await page.getByRole('button', { name: '新建分类' }).click()
    const dialog = page.getByRole('dialog').filter({ hasText: '新建分类' })
    await dialog.getByLabel('分类名称').fill(name)
    await dialog.getByRole('button', { name: OK }).click()
    await expectToast(page, '添加成功')
    await expect(node(name)).toBeVisible()
  }
  const top = unique('专题')
  const mid = unique('两会')
  await addCategory(top, '全部分类')
  await addCategory(mid, top)
  const leaf = unique('代表')
  await addCategory(leaf, mid)
  // A third-level category takes no children.
  await node(leaf).click()
  await expect(page.getByRole('button', { name: '新建分类' })).toBeDisabled()

  // Rename the middle one.
  const renamed = unique('全国两会')
  await node(mid).click()
  await renameCategory.click()
  const rename = page.getByRole('dialog', { name: '重命名分类' })
  await expect(rename.getByLabel('分类名称')).toHaveValue(mid)
  await rename.getByLabel('分类名称').fill(renamed)
  await rename.getByRole('button', { name: OK }).click()
  await expectToast(page, '修改成功')
  await expect(node(renamed)).toBeVisible()

  // An upload while the category is selected is filed into it.
  await page
    .locator('.ant-upload input[type=file]:not([webkitdirectory])')
    .setInputFiles({ name: '会场.png', mimeType: 'image/png', buffer: PNG })
  await expectToast(page, '添加成功')
  await expect(card(page, '会场')).toBeVisible()
  await expect(page.getByText('总数:1')).toBeVisible()

  // A file from the root is put into it with 分类.
  await node('全部分类').click()
  await page
    .locator('.ant-upload input[type=file]:not([webkitdirectory])')
    .setInputFiles({ name: '代表通道.png', mimeType: 'image/png', buffer: PNG })
  await expectToast(page, '添加成功')
  async function fileInto(title: string, category: string) {
    await card(page, title).first().getByRole('button', { name: '分类' }).click()
    const dialog = page.getByRole('dialog', { name: '设置分类' })
    await dialog.getByLabel('分类').click()
    await page.locator('.ant-select-tree').getByTitle(category, { exact: true }).click()
    await dialog.getByRole('button', { name: OK }).click()
    await expectToast(page, '修改成功')
  }
  await fileInto('代表通道', renamed)

  // The top category lists its whole subtree.
  await node(top).click()
  await expect(page.getByText('总数:2')).toBeVisible()
  await expect(card(page, '代表通道')).toBeVisible()
  await expect(card(page, '会场')).toBeVisible()

  // Deleting is refused while a category holds sub-categories or files.
  const confirmDelete = async () => {
    await deleteCategory.click()
    await page
      .getByRole('dialog')
      .filter({ hasText: '确定删除分类' })
      .getByRole('button', { name: OK })
      .click()
  }
  await confirmDelete()
  await expectToast(page, '该分类下还有子分类，不能删除')
  await node(leaf).click()
  await confirmDelete()
  await expectToast(page, '删除成功')
  await expect(node(leaf)).toHaveCount(0)
  await node(renamed).click()
  await confirmDelete()
  await expectToast(page, '该分类下还有文件，不能删除')

  // Once its files are unfiled it can go.
  for (const title of ['代表通道', '会场']) await fileInto(title, '无分类')
  await expect(page.getByText('总数:0')).toBeVisible()
  await confirmDelete()
  await expectToast(page, '删除成功')
  await expect(node(renamed)).toHaveCount(0)
})

test('媒体资源库: 上传文件夹 uploads every file of a folder the rules accept, named by its path', async ({
  page,
}) => {
  const root = mkdtempSync(join(tmpdir(), 'e2e-folder-'))
  const folder = join(root, '活动素材')
  mkdirSync(join(folder, '片头'), { recursive: true })
  writeFileSync(join(folder, '封面.png'), PNG)
  writeFileSync(join(folder, '片头', '海报.png'), PNG)
  writeFileSync(join(folder, '说明.txt'), '不是媒体文件')

  await signInAsAdmin(page)
  await page.goto('/mediaLibrary')
  await page.locator('.ant-upload input[webkitdirectory]').setInputFiles(folder)
  // The file no rule accepts is named once; the others go, the panel naming each by its path in the folder.
  await expectToast(page, '1个文件未上传：活动素材/说明.txt（不支持上传此格式文件）')
  const panel = page.getByRole('region', { name: '上传列表' })
  await expectUploadsDone(page)
  await expect(panel).toContainText('活动素材/封面.png')
  await expect(panel).toContainText('活动素材/片头/海报.png')
  // Registered in the library under their paths (the list refreshes as each is added).
  await expect(card(page, '活动素材/封面').first()).toBeVisible()
  await expect(card(page, '活动素材/片头/海报').first()).toBeVisible()
  await expect(card(page, '活动素材/片头/海报').first().locator('img')).toHaveAttribute(
    'src',
    /\/files\/saas\/image\/media\//,
  )
  await expect(card(page, '说明')).toHaveCount(0)
})
