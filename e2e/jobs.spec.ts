import { expect, signInAsAdmin, test } from './fixtures.ts'

test('后台任务: the job queue screen under 系统, filtered by state', async ({ page }) => {
  await signInAsAdmin(page)
  await page.goto('/jobs')
  await expect(
    page.getByRole('heading', { name: '后台任务' }).or(page.getByText('后台任务').first()),
  ).toBeVisible()
  const states = page.getByRole('radiogroup', { name: '任务状态' }).or(page.locator('.ant-segmented'))
  for (const label of ['全部', '排队中', '处理中', '已完成', '失败'])
    await expect(states.getByText(label)).toBeVisible()
  const listed = page.waitForResponse(
    (r) => r.url().includes('/api/job/list') && r.url().includes('state=failed'),
  )
  await states.getByText('失败').click()
  expect((await listed).ok()).toBe(true)
  await expect(page.locator('.ant-table')).toBeVisible()
  for (const column of ['编号', '类型', '状态', '尝试次数', '错误信息'])
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible()
})
