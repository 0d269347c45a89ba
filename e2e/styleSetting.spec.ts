import type { Page } from '@playwright/test'
import {
  expect,
  expectToast,
  signIn,
  signInAsAdmin,
  test,
  USER_PASSWORD,
  unique,
  uniquePhone,
} from './fixtures.ts'
import { sealedCall } from './sealedApi.ts'

const option = (page: Page, group: string, label: string) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: label })

/** Puts the platform defaults back to the built-in ones, so later specs' new accounts start as usual. */
async function restoreDefaults(page: Page) {
  await page.goto('/styleSetting')
  await page.getByRole('button', { name: '恢复默认' }).click()
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click()
  await expect(page.getByText('已恢复默认')).toBeVisible()
  await expect(option(page, '布局', '垂直')).toBeChecked()
  await expect(option(page, '宽度', '流式')).toBeChecked()
}

test.afterEach(async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' })
  const page = await context.newPage()
  await signInAsAdmin(page)
  await restoreDefaults(page)
  await context.close()
})

test('样式设置: platform defaults follow the panel rules and reach a new account at its first sign-in', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page)
  await page.goto('/styleSetting')
  const save = page.getByRole('button', { name: /^保\s*存$/ })
  const preview = page.getByRole('img', { name: /^预览：/ })
  await expect(save).toBeDisabled()

  // The same coupling as the theme panel: boxed brings the icon sidebar; the horizontal layout offers topbars.
  await option(page, '宽度', '盒式').check()
  await expect(option(page, '侧边栏', '图标')).toBeChecked()
  await option(page, '宽度', '流式').check()
  await expect(option(page, '侧边栏', '深色')).toBeChecked()
  await option(page, '布局', '水平').check()
  await expect(page.getByRole('radiogroup', { name: '侧边栏' })).toHaveCount(0)
  await expect(preview).toHaveAccessibleName('预览：水平布局')
  await option(page, '顶栏', '深色').check()
  await page.getByRole('switch', { name: '预加载动画' }).click()
  await expect(preview.getByText('预加载动画')).toBeVisible()
  await save.click()
  await expectToast(page, '保存成功')
  await page.reload()
  await expect(option(page, '布局', '水平')).toBeChecked()
  await expect(option(page, '顶栏', '深色')).toBeChecked()

  // A new account, created through the API with the admin's session: registered, then approved.
  const username = unique('style')
  const created = await sealedCall(page, 'POST', '/api/users/register', {
    username,
    password: USER_PASSWORD,
    realName: '样式测试',
    email: `${username}@example.com`,
    phone: uniquePhone(),
  })
  expect(created.code).toBe(0)
  const approved = await sealedCall(page, 'POST', '/api/admin/state', { id: created.data.id, state: 1 })
  expect(approved.code).toBe(0)

  // Its first sign-in, in a browser that has never seen it: the horizontal layout, dark topbar and preloader.
  const context = await browser.newContext({ locale: 'zh-CN' })
  const fresh = await context.newPage()
  await signIn(fresh, username, USER_PASSWORD)
  await expect(fresh).toHaveURL(/\/dashboard$/)
  await expect(fresh.getByRole('navigation', { name: '主菜单' })).toBeVisible()
  await expect(fresh.getByRole('navigation', { name: '侧边菜单' })).toHaveCount(0)
  await fresh.getByRole('button', { name: '主题设置' }).click()
  const panel = fresh.getByRole('dialog', { name: '主题设置' })
  await expect(
    panel.getByRole('radiogroup', { name: '布局' }).getByRole('radio', { name: '水平' }),
  ).toBeChecked()
  await expect(
    panel.getByRole('radiogroup', { name: '顶栏' }).getByRole('radio', { name: '深色' }),
  ).toBeChecked()
  await expect(panel.getByRole('switch', { name: '预加载动画' })).toBeChecked()
  await context.close()
})
