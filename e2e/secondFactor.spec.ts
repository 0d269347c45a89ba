import { expect, registeredAndApproved, signIn, smsCodeFromOutbox, test, USER_PASSWORD } from './fixtures.ts'

const PASSWORD = USER_PASSWORD

test('an account with 短信验证登录 on signs in with its password plus an SMS code', async ({
  page,
  browser,
}) => {
  // The super admin approves the account and turns on its SMS second step.
  const { username, phone, adminPage, adminContext } = await registeredAndApproved(page, browser, 'sf')
  const smsSwitch = adminPage.getByRole('switch', { name: `短信验证登录 ${username}` })
  await expect(smsSwitch).not.toBeChecked()
  await smsSwitch.click()
  await expect(smsSwitch).toBeChecked()
  await adminPage.reload()
  await expect(adminPage.getByRole('switch', { name: `短信验证登录 ${username}` })).toBeChecked()
  await adminContext.close()

  // The password alone is not enough: the page asks for a code sent to the masked phone.
  await signIn(page, username, PASSWORD)
  const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`
  await expect(page.getByText(`验证码将发送至手机 ${masked}`)).toBeVisible()
  await expect(page.getByText(phone)).toHaveCount(0)
  await expect(page).toHaveURL(/\/login$/)

  await page.getByRole('button', { name: '获取验证码' }).click()
  const countdown = page.getByRole('button', { name: /\d+s后重新获取$/ })
  await expect(countdown).toBeDisabled()
  await expect(page.getByText(`已向手机 ${masked} 发送验证码`)).toBeVisible()
  const code = await smsCodeFromOutbox(browser, phone)

  // A wrong code is refused and the user stays on the second step.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
  await page.getByLabel('验证码').fill(wrong)
  await page.getByRole('button', { name: '验证并登录' }).click()
  await expect(page.getByText('验证码错误或已过期')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)

  await page.getByLabel('验证码').fill(code)
  await page.getByRole('button', { name: '验证并登录' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('button', { name: '当前用户：测试编辑' })).toBeVisible()
})
