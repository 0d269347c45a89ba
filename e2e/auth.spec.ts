import {
  ADMIN,
  chooseFromDropdown,
  expect,
  registerAccount,
  registeredAndApproved,
  signIn,
  signInAsAdmin,
  smsCodeFromOutbox,
  test,
  USER_PASSWORD,
  unique,
  uniquePhone,
} from './fixtures.ts'

const PASSWORD = USER_PASSWORD

test('sign in lands on the dashboard; a wrong password says so and keeps the username', async ({ page }) => {
  // The sign-in page carries the console footer's copyright line and developer credit (spec §1), in Chinese.
  await page.goto('/login')
  const year = new Date().getFullYear()
  const footer = page.locator('footer')
  await expect(footer.getByText(`© 2021–${year} 融媒体运营后台`, { exact: true })).toBeVisible()
  await expect(footer.getByText('技术支持：融媒体运营后台研发团队', { exact: true })).toBeVisible()
  await expect(page.getByText('Copyright')).toHaveCount(0)
  await signIn(page, ADMIN.username, 'Wrong-pass1!')
  await expect(page.getByText('用户名或密码错误')).toBeVisible()
  await expect(page.getByLabel('用户名')).toHaveValue(ADMIN.username)
  await signInAsAdmin(page)
  await expect(page.getByText('超级管理员').first()).toBeVisible()
})

test('repeated wrong passwords lock the account with a Chinese message', async ({ page, browser }) => {
  const { username, adminContext } = await registeredAndApproved(page, browser)
  await adminContext.close()
  for (let i = 0; i < 2; i++) {
    await signIn(page, username, 'Wrong-pass1!')
    await expect(page.getByText('用户名或密码错误')).toBeVisible()
  }
  await signIn(page, username, 'Wrong-pass1!')
  await expect(page.getByText('密码错误次数过多，账号已锁定，请15分钟后再试')).toBeVisible()
  await signIn(page, username, PASSWORD)
  await expect(page.getByText(/账号已锁定/)).toBeVisible()
})

test('register → approval by a super admin → sign in', async ({ page, browser }) => {
  const username = unique('reg')
  await registerAccount(page, username, uniquePhone())
  await signIn(page, username, PASSWORD)
  await expect(page.getByText('账号正在等待管理员审批')).toBeVisible()
  const adminContext = await browser.newContext({ locale: 'zh-CN' })
  const adminPage = await adminContext.newPage()
  await signInAsAdmin(adminPage)
  await adminPage.goto('/account')
  await adminPage
    .getByRole('row')
    .filter({ hasText: username })
    .getByRole('button', { name: /通\s*过/ })
    .click()
  await expect(adminPage.getByRole('row').filter({ hasText: username }).getByText('启用')).toBeVisible()
  await adminContext.close()
  await signIn(page, username, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)
  // No role yet: only screens without a permission; a guarded screen goes to /404.
  await page.goto('/account')
  await expect(page).toHaveURL(/\/404$/)
  // The hidden area is for the user named admin only.
  await page.goto('/hidden/dataExpansion')
  await expect(page).toHaveURL(/\/404$/)
})

test('register and forgot-password redirect to the default page when signed in', async ({ page }) => {
  await signInAsAdmin(page)
  await page.goto('/register')
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/forgot-password')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('an expired or revoked session returns to /login with the server message', async ({
  page,
  browser,
  context,
}) => {
  await signInAsAdmin(page)
  await context.addCookies([{ name: 'token', value: 'stale-token', url: page.url() }])
  // The app leaves /account for /login before it has finished loading: wait for the start only.
  await page.goto('/account', { waitUntil: 'commit' })
  await expect(page).toHaveURL(/\/login\?errorMsg=/)
  await expect(page.getByText('登录已过期，请重新登录')).toBeVisible()

  const { username, adminPage, adminContext } = await registeredAndApproved(page, browser)
  await signIn(page, username, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)
  const row = adminPage.getByRole('row').filter({ hasText: username })
  await row.getByRole('button', { name: /禁\s*用/ }).click()
  await adminPage.getByRole('button', { name: /确\s*定/ }).click()
  await expect(row.getByText('禁用', { exact: true })).toBeVisible()
  await adminContext.close()
  await page.reload({ waitUntil: 'commit' })
  await expect(page).toHaveURL(/\/login\?errorMsg=/)
  await expect(page.getByText('账号已被禁用，请联系管理员')).toBeVisible()
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === 'token')).toBeUndefined()
})

test('logout ends the session on the server too', async ({ page, context }) => {
  await signInAsAdmin(page)
  const token = (await context.cookies()).find((c) => c.name === 'token')!.value
  await chooseFromDropdown(page, page.getByRole('button', { name: /^当前用户：/ }), '退出登录')
  await expect(page).toHaveURL(/\/login$/)
  await context.addCookies([{ name: 'token', value: token, url: page.url() }])
  await page.goto('/account', { waitUntil: 'commit' })
  await expect(page).toHaveURL(/\/login\?errorMsg=/)
})

test('forgot password: code from the SMS outbox, new password works', async ({ page, browser }) => {
  const { username, phone, adminContext } = await registeredAndApproved(page, browser)
  await adminContext.close()
  await page.goto('/forgot-password')
  await page.getByLabel('用户名').fill(username)
  await page.getByLabel('手机号').fill(phone)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByRole('button', { name: /\d+s后重新获取/ })).toBeDisabled()
  const code = await smsCodeFromOutbox(browser, phone)
  await page.getByLabel('验证码').fill(code)
  await page.getByLabel('新密码').fill('Renewed@2026')
  await page.getByLabel('确认密码').fill('Renewed@2026')
  await page.getByRole('button', { name: /重置密码|确\s*定|提\s*交/ }).click()
  await expect(page).toHaveURL(/\/login/)
  await signIn(page, username, 'Renewed@2026')
  await expect(page).toHaveURL(/\/dashboard$/)
})
