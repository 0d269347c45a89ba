import type { Locator, Page } from '@playwright/test'
import { adminWindowWithPreferences, expect, signInAsAdmin, test } from './fixtures.ts'

/** Opens the right bar and returns its theme settings panel. */
async function openThemePanel(page: Page) {
  await page.getByRole('button', { name: '主题设置' }).click()
  const panel = page.getByRole('dialog', { name: '主题设置' })
  await expect(panel).toBeVisible()
  return panel
}

const option = (panel: Locator, group: string, label: string) =>
  panel.getByRole('radiogroup', { name: group }).getByRole('radio', { name: label })

/** Puts the admin's theme back to the defaults (vertical, fluid, dark sidebar, light topbar, no preloader). */
async function resetTheme(page: Page) {
  const panel = await openThemePanel(page)
  await option(panel, '布局', '水平').check()
  await option(panel, '顶栏', '浅色').check()
  await option(panel, '布局', '垂直').check()
  await option(panel, '宽度', '流式').check()
  await option(panel, '侧边栏', '深色').check()
  const loader = panel.getByRole('switch', { name: '预加载动画' })
  if (await loader.isChecked()) await loader.click()
  await expect(loader).not.toBeChecked()
  await expect(option(panel, '侧边栏', '深色')).toBeChecked()
}

test.describe('theme settings', () => {
  // The admin account is shared by every spec: whatever happens in a test, leave its theme at the defaults.
  test.afterEach(async ({ browser }) => {
    const { page, context } = await adminWindowWithPreferences(browser)
    await resetTheme(page)
    await page.reload()
    const panel = await openThemePanel(page)
    await expect(option(panel, '布局', '垂直')).toBeChecked()
    await expect(option(panel, '宽度', '流式')).toBeChecked()
    await expect(option(panel, '侧边栏', '深色')).toBeChecked()
    await expect(panel.getByRole('switch', { name: '预加载动画' })).not.toBeChecked()
    await context.close()
  })

  test('follow the coupling rules and are kept per user on the server', async ({ page, browser }) => {
    await signInAsAdmin(page)
    const sideMenu = page.getByRole('navigation', { name: '侧边菜单' })
    const topMenu = page.getByRole('navigation', { name: '主菜单' })
    const panel = await openThemePanel(page)

    // Horizontal layout: the menu moves into the top bar and the panel offers topbar options instead.
    await option(panel, '布局', '水平').check()
    await expect(topMenu).toBeVisible()
    await expect(sideMenu).toBeHidden()
    await expect(panel.getByRole('radiogroup', { name: '顶栏' })).toBeVisible()
    await expect(panel.getByRole('radiogroup', { name: '侧边栏' })).toHaveCount(0)
    await option(panel, '布局', '垂直').check()
    await expect(sideMenu).toBeVisible()
    await expect(topMenu).toHaveCount(0)

    // Boxed width brings the icon sidebar (condensed menu); fluid brings the dark one back.
    await option(panel, '宽度', '盒式').check()
    await expect(option(panel, '侧边栏', '图标')).toBeChecked()
    await expect(page.getByRole('button', { name: '展开菜单' })).toBeVisible()
    await option(panel, '宽度', '流式').check()
    await expect(option(panel, '宽度', '流式')).toBeChecked()
    await expect(option(panel, '侧边栏', '深色')).toBeChecked()
    await expect(page.getByRole('button', { name: '收起菜单' })).toBeVisible()

    await option(panel, '侧边栏', '浅色').check()
    await expect(option(panel, '侧边栏', '浅色')).toBeChecked()
    const loader = panel.getByRole('switch', { name: '预加载动画' })
    await loader.click()
    await expect(loader).toBeChecked()
    // Last, the horizontal layout, so its effect is visible after reloading; the sidebar choice is kept.
    await option(panel, '布局', '水平').check()
    await expect(topMenu).toBeVisible()

    const expectChoicesKept = async (p: Page) => {
      await expect(p.getByRole('navigation', { name: '主菜单' })).toBeVisible()
      await expect(p.getByRole('navigation', { name: '侧边菜单' })).toHaveCount(0)
      const kept = await openThemePanel(p)
      await expect(option(kept, '布局', '水平')).toBeChecked()
      await expect(option(kept, '宽度', '流式')).toBeChecked()
      await expect(kept.getByRole('switch', { name: '预加载动画' })).toBeChecked()
      await option(kept, '布局', '垂直').check()
      await expect(option(kept, '侧边栏', '浅色')).toBeChecked()
      await expect(p.getByRole('navigation', { name: '侧边菜单' })).toBeVisible()
      await option(kept, '布局', '水平').check()
      await kept.getByRole('button', { name: /关\s*闭|close/i }).click()
      await expect(kept).toBeHidden()
    }

    // After a reload: the preloader shows (then goes), and every choice is still there.
    await page.reload()
    await expect(page.getByRole('status', { name: '加载中' })).toBeVisible()
    await expect(page.getByRole('status', { name: '加载中' })).toBeHidden()
    await expectChoicesKept(page)

    // A new browser (no local storage) gets them back from the server after signing in.
    const context = await browser.newContext({ locale: 'zh-CN' })
    const other = await context.newPage()
    await signInAsAdmin(other)
    await expectChoicesKept(other)
    await context.close()
  })
})

test('a narrow window opens the menu from a drawer, and navigating from it works', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 800 })
  await signInAsAdmin(page)
  await expect(page.getByRole('navigation', { name: '侧边菜单' })).toHaveCount(0)
  await page.getByRole('button', { name: '打开菜单' }).click()
  const drawerMenu = page.getByRole('navigation', { name: '侧边菜单' })
  await expect(drawerMenu).toBeVisible()
  await drawerMenu.getByRole('menuitem', { name: /系统管理/ }).click()
  await drawerMenu.getByRole('link', { name: '账号管理' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(drawerMenu).toBeHidden()
  await expect(page.getByRole('row').filter({ hasText: 'admin' }).first()).toBeVisible()
})
