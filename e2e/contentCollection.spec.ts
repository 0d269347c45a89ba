import type { Page } from '@playwright/test'
import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { sealedCall } from './sealedApi.ts'

const OK = /确\s*定/

async function pending(page: Page): Promise<number> {
  const res = await sealedCall(page, 'GET', '/api/verify-center/pendingCounts')
  expect(res.code).toBe(0)
  return res.data.counts['/ablumAudit'] ?? 0
}

const badge = (page: Page) =>
  page
    .getByRole('navigation', { name: '侧边菜单' })
    .locator('.moc-menu-label')
    .filter({ has: page.getByText('合集审核', { exact: true }) })
    .locator('.ant-scroll-number')

test('合集: pick ordered videos, submit, approve on /ablumAudit with its badge', async ({ page }) => {
  test.setTimeout(120_000)
  await signInAsAdmin(page)
  const before = await pending(page)
  const prefix = unique('合集成员')
  for (const n of [1, 2]) {
    const added = await sealedCall(page, 'POST', '/api/content/add', {
      kind: 'video',
      title: `${prefix}-${n}`,
      videoUrl: `https://media.example.com/c/${n}.mp4`,
    })
    expect(added.code).toBe(0)
  }

  const title = unique('两会专题合集')
  await page.goto('/contentCollection')
  await page.getByRole('button', { name: '新增合集' }).click()
  // The form's code loads on first use: fill it once it is there, not the list's search box.
  await expect(page.getByLabel('合集类型')).toBeVisible()
  await page.getByLabel('标题').fill(title)
  await page.getByRole('button', { name: '选择内容' }).click()
  const picker = page.getByRole('dialog').filter({ hasText: '选择合集内容' })
  await picker.getByLabel('标题').fill(prefix)
  await picker.getByRole('button', { name: /搜\s*索/ }).click()
  const candidates = picker.getByRole('row').filter({ hasText: prefix })
  await expect(candidates).toHaveCount(2)
  await expect(picker.getByText('共 2 条')).toBeVisible()
  // Picked in this order: -2 then -1.
  await candidates
    .filter({ hasText: `${prefix}-2` })
    .getByRole('checkbox')
    .check()
  await candidates
    .filter({ hasText: `${prefix}-1` })
    .getByRole('checkbox')
    .check()
  await picker.getByRole('button', { name: OK }).click()
  const members = page.locator('.moc-relation-item')
  await expect(members).toHaveText([`1. ${prefix}-2`, `2. ${prefix}-1`])
  // Reorder: -1 up to the top.
  await page
    .getByRole('listitem')
    .filter({ hasText: `${prefix}-1` })
    .getByRole('button', { name: '上移' })
    .click()
  await expect(members).toHaveText([`1. ${prefix}-1`, `2. ${prefix}-2`])
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expectToast(page, '保存成功，已提交审核')
  await expect(page).toHaveURL(/\/contentCollection(\?|$)/)
  await expect(page.getByRole('row').filter({ hasText: title }).getByText('待审核')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: title }).getByText('视频合集')).toBeVisible()

  expect(await pending(page)).toBe(before + 1)
  await page.getByRole('navigation', { name: '侧边菜单' }).getByText('审核中心', { exact: true }).click()
  await expect(badge(page)).toHaveAttribute('title', String(before + 1))

  await page.goto('/ablumAudit')
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /审\s*核/ })
    .click()
  await expect(page).toHaveURL(/\/examineCollectionDetail\?id=\d+$/)
  await expect(page.getByText(`1. ${prefix}-1；2. ${prefix}-2`)).toBeVisible()
  await expect(page.getByText('视频合集')).toBeVisible()
  await page.getByRole('button', { name: /通\s*过/ }).click()
  await page.getByRole('dialog').filter({ hasText: '确定审核通过' }).getByRole('button', { name: OK }).click()
  await expectToast(page, '审核通过')
  await expect(page).toHaveURL(/\/ablumAudit/)
  if (before > 0) await expect(badge(page)).toHaveAttribute('title', String(before))
  else await expect(badge(page)).toHaveCount(0)

  // Published, and the members keep their order when the editor opens it again.
  await page.goto('/contentCollection')
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.getByText('已通过')).toBeVisible()
  await row.getByRole('button', { name: /编\s*辑/ }).click()
  await expect(members).toHaveText([`1. ${prefix}-1`, `2. ${prefix}-2`])
})
