import { expect as baseExpect, signInAsAdmin, test, unique } from './fixtures.ts'
import { button, confirmPopconfirm } from './organisationHelpers.ts'

// The machine is shared: states are awaited with room to spare, toasts (1 s) are not relied on.
const expect = baseExpect.configure({ timeout: 30_000 })

test('节目内容: a TV replay added on /programContent?source=tv stays in the TV list, goes offline and online', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await signInAsAdmin(page)
  const title = unique('晚间新闻回看')

  await page.goto('/programContent?source=tv')
  await page.getByRole('button', { name: '新增节目回看' }).click()
  await expect(page).toHaveURL(/\/programReplayDetail\?source=tv$/)
  // The source comes from the list's URL and is only shown.
  await expect(page.getByLabel('来源')).toBeDisabled()
  await expect(page.locator('.ant-select').filter({ hasText: '电视' })).toBeVisible()
  await page.getByLabel('节目名称').fill(title)
  await page.getByLabel('频道/栏目').fill('新闻综合频道')
  await page.getByLabel('回看地址').fill('https://media.example.com/replay/news.m3u8')
  await page.getByRole('button', { name: /^保\s*存$/ }).click()

  await expect(page).toHaveURL(/\/programContent\?source=tv/)
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row).toBeVisible()
  await expect(row).toContainText('新闻综合频道')
  await expect(row.locator('.ant-tag')).toHaveText('上线')
  // No review for programme content: no review-state column.
  await expect(page.getByRole('columnheader', { name: '审核状态' })).toHaveCount(0)

  await button(row, '下线').click()
  await confirmPopconfirm(page)
  await expect(row.locator('.ant-tag')).toHaveText('下线')

  // The broadcast list does not show it.
  await page.goto('/programContent?source=broadcast')
  await expect(page.getByRole('row').filter({ hasText: '暂无数据' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0)

  // Edit from the TV list: the form opens with the source kept.
  await page.goto('/programContent?source=tv')
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /^编\s*辑$/ })
    .click()
  await expect(page).toHaveURL(/\/programReplayDetail\?source=tv&id=\d+$/)
  await expect(page.getByLabel('节目名称')).toHaveValue(title)
  await page.getByLabel('上线').click()
  await page.getByRole('button', { name: /^保\s*存$/ }).click()
  await expect(page).toHaveURL(/\/programContent\?source=tv/)
  await expect(page.getByRole('row').filter({ hasText: title }).locator('.ant-tag')).toHaveText('上线')
})
