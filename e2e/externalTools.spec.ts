import type { Page } from '@playwright/test'
import { expect as baseExpect, signInAsAdmin, test } from './fixtures.ts'

// The machine is shared: states are awaited with room to spare, toasts (1 s) are not relied on.
const expect = baseExpect.configure({ timeout: 30_000 })
const CLIP = 'https://clip.example.test/editor?from=console'

/** Clicks a 内容管理 menu entry and answers the window it opens. */
async function openFromMenu(page: Page, label: string) {
  const menu = page.getByRole('navigation', { name: '侧边菜单' })
  const entry = menu.getByText(label, { exact: true })
  if (!(await entry.isVisible())) await menu.getByText('内容管理', { exact: true }).click()
  const opened = page.context().waitForEvent('page')
  await entry.click()
  return opened
}

test('外部工具: 在线剪辑 says it is not configured, then opens the address saved under 外部工具', async ({
  page,
}) => {
  test.setTimeout(180_000)
  // The clip tool's site, answered here: the browser must not leave the machine.
  await page.context().route('https://clip.example.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<title>剪辑工具</title><h1>剪辑工具</h1>',
    }),
  )
  await signInAsAdmin(page)
  await page.goto('/dashboard')

  const first = await openFromMenu(page, '在线剪辑')
  await expect(first).toHaveURL(/\/webcut$/)
  await expect(
    first.getByText('在线剪辑地址未配置，请联系超级管理员在 系统管理 › 运营配置 › 外部工具 中填写'),
  ).toBeVisible()
  await first.close()

  await page.goto('/configure')
  const card = page.locator('.ant-card').filter({ has: page.getByText('外部工具', { exact: true }) })
  await card.getByLabel('在线剪辑地址').fill('javascript:alert(1)')
  await expect(card.getByText('地址须以 http:// 或 https:// 开头，且不含用户名和密码')).toBeVisible()
  await card.getByLabel('在线剪辑地址').fill(CLIP)
  await card.getByRole('button', { name: '保存设置' }).click()
  await expect(page.getByText('保存成功')).toBeVisible()

  const second = await openFromMenu(page, '在线剪辑')
  await expect(second).toHaveURL(CLIP)
  await expect(second.getByRole('heading', { name: '剪辑工具' })).toBeVisible()
  await second.close()

  // 云剪辑 is still unset: its window says so.
  const third = await openFromMenu(page, '云剪辑')
  await expect(third).toHaveURL(/\/yunjian$/)
  await expect(
    third.getByText('云剪辑地址未配置，请联系超级管理员在 系统管理 › 运营配置 › 外部工具 中填写'),
  ).toBeVisible()
})
