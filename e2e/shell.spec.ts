import { expect, signInAsAdmin, test } from './fixtures.ts'

test('guards: without a session every console page goes to /login; unknown paths to /404', async ({
  page,
}) => {
  await page.goto('/contentArticle?type=draft')
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/no-such-page')
  await expect(page).toHaveURL(/\/404$/)
  await expect(page.getByText('找不到页面')).toBeVisible()
})

test('the empty path opens the dashboard; breadcrumbs start with 首页; 404 has a way home', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/')
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/videoAuditDetail')
  const trail = page.getByRole('navigation', { name: /面包屑|breadcrumb/i })
  await expect(trail.getByRole('link', { name: '首页' })).toBeVisible()
  await expect(trail.getByRole('link', { name: '视频审核' })).toBeVisible()
  await page.goto('/hidden/dataExpansion')
  await expect(page).toHaveURL(/\/hidden\/dataExpansion$/)
  await page.goto('/missing')
  await page.getByRole('button', { name: '返回首页' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  const year = new Date().getFullYear()
  await expect(page.getByText(`2021–${year}`)).toBeVisible()
})
