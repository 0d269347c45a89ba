import type { Page } from '@playwright/test'
import { adminWindowWithPreferences, chooseFromDropdown, expect, signInAsAdmin, test } from './fixtures.ts'

/**
 * Picks a language from the 语言 dropdown once it sits below its trigger: under load antd can paint the
 * popup a moment before aligning it, and a click in that moment lands on nothing.
 */
const chooseLanguage = (page: Page, label: string) =>
  chooseFromDropdown(page, page.getByRole('button', { name: '语言' }), label)

// The admin account is shared by every spec: whatever happens in a test, leave its menu language Chinese.
test.afterEach(async ({ browser }) => {
  const { page, context } = await adminWindowWithPreferences(browser)
  await chooseLanguage(page, '中文')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  await expect(page.getByRole('navigation', { name: '侧边菜单' }).getByText('系统管理')).toBeVisible()
  await context.close()
})

test('the menu language switches to English and Arabic (right-to-left), survives a reload, and back', async ({
  page,
}) => {
  await signInAsAdmin(page)
  const sideMenu = page.getByRole('navigation', { name: '侧边菜单' })
  const html = page.locator('html')
  await expect(sideMenu.getByText('系统管理')).toBeVisible()
  await expect(html).toHaveAttribute('dir', 'ltr')

  await chooseLanguage(page, 'English')
  await expect(sideMenu.getByText('System', { exact: true })).toBeVisible()
  await expect(sideMenu.getByText('Workbench', { exact: true })).toBeVisible()
  await expect(sideMenu.getByText('系统管理')).toHaveCount(0)
  await expect(page.getByRole('button', { name: '语言' })).toHaveText('English')
  await expect(html).toHaveAttribute('dir', 'ltr')

  await chooseLanguage(page, 'العربية')
  await expect(html).toHaveAttribute('dir', 'rtl')
  await expect(sideMenu.getByText('النظام', { exact: true })).toBeVisible()
  await expect(sideMenu.getByText('System', { exact: true })).toHaveCount(0)

  await page.reload()
  await expect(html).toHaveAttribute('dir', 'rtl')
  await expect(sideMenu.getByText('النظام', { exact: true })).toBeVisible()
  await expect(sideMenu.getByText('لوحة العمل', { exact: true })).toBeVisible()

  await chooseLanguage(page, '中文')
  await expect(html).toHaveAttribute('dir', 'ltr')
  await expect(sideMenu.getByText('系统管理')).toBeVisible()
  await expect(sideMenu.getByText('النظام', { exact: true })).toHaveCount(0)
})
