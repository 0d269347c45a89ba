import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { expectBadge, pendingCount as pending } from './reviewBadges.ts'

const OK = /确\s*定/
const VIDEO_URL = 'https://media.example.com/vod/news-0601.mp4'

test('视频: create and submit from the form, badge on 视频审核, approve on /videoAudit; duplicates on /contentManager', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAsAdmin(page)
  const before = await pending(page, '/videoAudit')

  const title = unique('早间新闻视频')
  await page.goto('/contentVideo')
  await page.getByRole('button', { name: '新增视频' }).click()
  // The form's code loads on first use: fill it once it is there, not the list's search box.
  await expect(page.getByLabel('时长（秒）')).toBeVisible()
  await page.getByLabel('标题').fill(title)
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  // The video address is required by the definition.
  await expect(page.getByText('请上传视频')).toBeVisible()
  await page.getByLabel('视频', { exact: true }).fill('ftp://bad')
  await expect(page.getByText('视频填写有误')).toBeVisible()
  await page.getByLabel('视频', { exact: true }).fill(VIDEO_URL)
  await page.getByLabel('时长（秒）').fill('95')
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expectToast(page, '保存成功，已提交审核')
  await expect(page).toHaveURL(/\/contentVideo(\?|$)/)
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.getByText('待审核')).toBeVisible()

  // The badge of 视频审核 counts it.
  expect(await pending(page, '/videoAudit')).toBe(before + 1)
  await page.getByRole('navigation', { name: '侧边菜单' }).getByText('审核中心', { exact: true }).click()
  await expectBadge(page, '视频审核', before + 1)

  // The reviewer opens it from the queue and approves.
  await page.goto('/videoAudit')
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /审\s*核/ })
    .click()
  await expect(page).toHaveURL(/\/videoAuditDetail\?id=\d+$/)
  await expect(page.getByText(VIDEO_URL)).toBeVisible()
  await page.getByRole('button', { name: /通\s*过/ }).click()
  await page.getByRole('dialog').filter({ hasText: '确定审核通过' }).getByRole('button', { name: OK }).click()
  await expectToast(page, '审核通过')
  await expect(page).toHaveURL(/\/videoAudit/)
  await expectBadge(page, '视频审核', before)

  await page.goto('/contentVideo')
  await expect(row.getByText('已通过')).toBeVisible()

  // A second video of the same title, made from a recording address (prefilled from the link).
  await page.getByRole('button', { name: '收录生成视频' }).click()
  await expect(page).toHaveURL(/\/recrodCreateVideo$/)
  await page.goto(
    `/recrodCreateVideo?url=${encodeURIComponent(VIDEO_URL)}&title=${encodeURIComponent(title)}`,
  )
  await expect(page.getByLabel('录像地址')).toHaveValue(VIDEO_URL)
  await expect(page.getByLabel('标题')).toHaveValue(title)
  // Exact: the page tab's close button is named 关闭 收录生成视频.
  await page.getByRole('button', { name: '生成视频', exact: true }).click()
  // Same title as the first video: spec §5 asks first, with a link to the duplicates.
  const confirm = page.getByRole('dialog').filter({ hasText: '有重复内容标题，是否继续保存？' })
  await expect(confirm.getByRole('link', { name: '查看重复标题的内容' })).toHaveAttribute(
    'href',
    `/contentManager?repeatTitle=${encodeURIComponent(title)}`,
  )
  await confirm.getByRole('button', { name: /继\s*续/ }).click()
  await expectToast(page, '已生成视频')
  await expect(page).toHaveURL(/\/contentVideo\?type=draft/)
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1)

  // The duplicate-title link lists both, whoever made them.
  await page.goto(`/contentManager?repeatTitle=${encodeURIComponent(title)}`)
  await expect(page.getByText(`标题为「${title}」的内容`)).toBeVisible()
  const dupes = page.getByRole('row').filter({ hasText: title })
  await expect(dupes).toHaveCount(2)
  await expect(page.getByText('共 2 条')).toBeVisible()
  await expect(dupes.filter({ hasText: '已通过' })).toHaveCount(1)
  await expect(dupes.filter({ hasText: '草稿' })).toHaveCount(1)
  // The keyword search narrows to a type and a state; a row opens the item on its own screen.
  await page.getByRole('button', { name: '查看全部内容' }).click()
  await expect(page).toHaveURL(/\/contentManager$/)
  await page.getByLabel('标题').fill(title)
  await page.getByRole('button', { name: /搜\s*索/ }).click()
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(2)
  await page.getByLabel('审核状态').click()
  await page.getByTitle('已通过', { exact: true }).click()
  await page.getByRole('button', { name: /搜\s*索/ }).click()
  await expect(page).toHaveURL(/verifyState=1/)
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1)
  await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: '查看' }).click()
  await expect(page).toHaveURL(/\/contentVideoDetail\?id=\d+$/)
  await expect(page.getByLabel('标题')).toHaveValue(title)
})

test('媒资库视频: several videos at once from rows, a row deleted after confirmation', async ({ page }) => {
  await signInAsAdmin(page)
  const prefix = unique('媒资')
  await page.goto('/contentVideo')
  await page.getByRole('button', { name: '媒资库视频' }).click()
  await expect(page).toHaveURL(/\/mediaLibraryVideo$/)
  await page.getByRole('button', { name: '添加一行' }).click()
  await page.getByRole('button', { name: '添加一行' }).click()
  const rows = page.locator('.ant-table-tbody tr.ant-table-row')
  await expect(rows).toHaveCount(3)
  for (const [i, n] of [0, 1, 2].entries()) {
    await rows
      .nth(i)
      .getByPlaceholder('请输入视频地址 https://')
      .fill(`https://media.example.com/lib/${n}.mp4`)
    await rows.nth(i).getByPlaceholder('请输入标题').fill(`${prefix}-${n}`)
  }
  // Delete the third row (asks first).
  await rows
    .nth(2)
    .getByRole('button', { name: /删\s*除/ })
    .click()
  await page.getByRole('tooltip').getByRole('button', { name: OK }).click()
  await expect(rows).toHaveCount(2)
  await page.getByRole('button', { name: '批量生成视频' }).click()
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定生成2条视频？' })
    .getByRole('button', { name: OK })
    .click()
  await expectToast(page, '已生成2条视频')
  await expect(page).toHaveURL(/\/contentVideo\?type=draft/)
  await expect(page.getByRole('row').filter({ hasText: prefix })).toHaveCount(2)
})
