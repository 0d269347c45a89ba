import { expect, expectToast, signInAsAdmin, test } from './fixtures.ts'
import { clip } from './uploadHelpers.ts'

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
  for (const column of ['编号', '类型', '状态', '进度', '尝试次数', '错误信息'])
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible()
})

test('后台任务: a transcoding video shows its progress, and the list follows it to 已完成 by itself', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // 20 s of 720p: some ten seconds of transcoding on a two-core machine, so the running job is seen.
  const video = clip('progress.mp4', { size: '1280x720', seconds: 20 })
  await signInAsAdmin(page)
  await page.goto('/mediaLibrary')
  await page.getByRole('tab', { name: '视频' }).click()
  await page
    .locator('.ant-upload input[type=file]:not([webkitdirectory])')
    .setInputFiles({ name: '进度片.mp4', mimeType: 'video/mp4', buffer: video })
  await expectToast(page, '添加成功')

  await page.goto('/jobs')
  let loads = 0
  let polls = 0
  page.on('load', () => loads++)
  page.on('response', (r) => {
    if (r.url().includes('/api/job/list')) polls++
  })
  // Newest first: the upload's processing job heads the list.
  const first = page.locator('.ant-table-tbody .ant-table-row').first()
  await expect(first).toContainText('媒资处理')
  const id = (await first.locator('td').first().innerText()).trim()
  const row = page.locator('.ant-table-tbody .ant-table-row').filter({
    has: page.getByRole('cell', { name: id, exact: true }),
  })
  const bar = row.getByRole('progressbar')
  const percent = async () => {
    const v = await bar.getAttribute('aria-valuenow', { timeout: 500 }).catch(() => null)
    return v === null ? null : Number(v)
  }
  // While it runs, its bar fills as ffmpeg reports (past the 5 % of fetching the source)…
  await expect.poll(percent, { timeout: 60_000 }).toBeGreaterThan(5)
  await expect(row.getByText('处理中')).toBeVisible()
  // …and, with no click on 刷新 and no reload, the row turns 已完成 and the bar goes.
  await expect(row.getByText('已完成')).toBeVisible({ timeout: 60_000 })
  await expect(bar).toHaveCount(0)
  expect(loads).toBe(0)
  expect(polls).toBeGreaterThan(1)
  // A list with nothing waiting or running does not poll.
  const done = page.waitForResponse(
    (r) => r.url().includes('/api/job/list') && r.url().includes('state=done'),
  )
  await page.locator('.ant-segmented').getByText('已完成').click()
  await done
  const settled = polls
  await page.waitForTimeout(2_500)
  expect(polls).toBe(settled)
})
