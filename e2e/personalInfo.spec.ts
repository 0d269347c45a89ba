import type { Page } from '@playwright/test'
import {
  chooseFromDropdown,
  expect,
  expectToast,
  registeredAndApproved,
  signIn,
  signInAsAdmin,
  smsCodeFromOutbox,
  test,
  USER_PASSWORD,
  unique,
} from './fixtures.ts'

const PASSWORD = USER_PASSWORD
const NEW_PASSWORD = 'Changed#2026'
const PASSWORD_RULE = '最低8位，至少1大写字母、1小写字母、1数字、1英文符号'

/** Opens 个人信息 from the user dropdown in the top bar and waits for the account details to load. */
async function openPersonalInfo(page: Page, username: string) {
  await chooseFromDropdown(page, page.getByRole('button', { name: /^当前用户：/ }), '个人信息')
  const dialog = page.getByRole('dialog', { name: '个人信息' })
  await expect(dialog.getByLabel('账号')).toHaveValue(username)
  return dialog
}

test('personal info: each validation message shows where the user triggers it', async ({ page }) => {
  await signInAsAdmin(page)
  const dialog = await openPersonalInfo(page, 'admin')
  const error = (text: string) => dialog.getByText(text, { exact: true })
  const submit = dialog.getByRole('button', { name: /确\s*定/ })

  // The password rule is checked live, while typing, before anything is submitted.
  const password = dialog.getByLabel('密码', { exact: true })
  await password.fill('weak')
  await expect(error(PASSWORD_RULE)).toBeVisible()
  await expect(error('请输入姓名')).toHaveCount(0)
  await password.fill('weakpass1')
  await expect(error(PASSWORD_RULE)).toBeVisible()
  await password.fill(NEW_PASSWORD)
  await expect(error(PASSWORD_RULE)).toHaveCount(0)

  // A password needs its confirmation, and the two must match.
  await submit.click()
  await expect(error('请输入确认密码')).toBeVisible()
  await expect(error('请输入验证码')).toBeVisible()
  await dialog.getByLabel('确认密码').fill('Different#2026')
  await expect(error('密码不一致')).toBeVisible()
  await expect(error('请输入确认密码')).toHaveCount(0)
  await dialog.getByLabel('确认密码').fill(NEW_PASSWORD)
  await expect(error('密码不一致')).toHaveCount(0)

  // Name and email are required.
  await dialog.getByLabel('姓名').clear()
  await submit.click()
  await expect(error('请输入姓名')).toBeVisible()
  await dialog.getByLabel('邮箱').clear()
  await submit.click()
  await expect(error('请输入邮箱号')).toBeVisible()
  await expect(error('请输入验证码')).toBeVisible()

  // Asking for a code needs a phone number; nothing is sent without one.
  await dialog.getByLabel('手机号').clear()
  await dialog.getByRole('button', { name: '获取验证码' }).click()
  await expect(error('请输入手机号')).toBeVisible()
  await expect(dialog.getByRole('button', { name: '获取验证码' })).toBeEnabled()

  // Nothing was saved: the dialog is still open and cancelling leaves the account as it was.
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: /取\s*消/ }).click()
  await expect(dialog).toBeHidden()
  await page.goto('/dashboard')
  const reopened = await openPersonalInfo(page, 'admin')
  await expect(reopened.getByLabel('姓名')).not.toHaveValue('')
})

test('personal info: name, phone and password change with an SMS code; other sessions end', async ({
  page,
  browser,
}) => {
  const { username, phone, adminContext } = await registeredAndApproved(page, browser, 'pi')
  await adminContext.close()
  const newPhone = `138${phone.slice(3)}`
  const newName = unique('新名')

  // A second window signed in before the change.
  const otherContext = await browser.newContext({ locale: 'zh-CN' })
  const otherPage = await otherContext.newPage()
  await signIn(otherPage, username, PASSWORD)
  await expect(otherPage).toHaveURL(/\/dashboard$/)

  await signIn(page, username, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)
  const dialog = await openPersonalInfo(page, username)
  await expect(dialog.getByLabel('手机号')).toHaveValue(phone)
  await dialog.getByLabel('手机号').fill(newPhone)
  await dialog.getByRole('button', { name: '获取验证码' }).click()
  const countdown = dialog.getByRole('button', { name: /\d+s后重新获取$/ })
  await expect(countdown).toBeDisabled()
  expect(Number((await countdown.textContent())?.match(/(\d+)s后/)?.[1])).toBeLessThanOrEqual(29)
  await expect(dialog.getByRole('button', { name: '获取验证码' })).toHaveCount(0)

  const code = await smsCodeFromOutbox(browser, newPhone)
  await dialog.getByLabel('验证码').fill(code)
  await dialog.getByLabel('姓名').fill(newName)
  await dialog.getByLabel('密码', { exact: true }).fill(NEW_PASSWORD)
  await dialog.getByLabel('确认密码').fill(NEW_PASSWORD)
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
  await expectToast(page, '修改成功')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: `当前用户：${newName}` })).toBeVisible()

  // The window signed in before the change is sent to sign in again, with the reason.
  await otherPage.reload({ waitUntil: 'commit' })
  await expect(otherPage).toHaveURL(/\/login\?errorMsg=/)
  await expect(otherPage.getByText('密码已修改，请重新登录')).toBeVisible()
  await otherContext.close()

  // Sign out; the old password no longer works, the new one does, and the changes were saved.
  await chooseFromDropdown(page, page.getByRole('button', { name: `当前用户：${newName}` }), '退出登录')
  await expect(page).toHaveURL(/\/login$/)
  await signIn(page, username, PASSWORD)
  await expect(page.getByText('用户名或密码错误')).toBeVisible()
  await signIn(page, username, NEW_PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)
  const reopened = await openPersonalInfo(page, username)
  await expect(reopened.getByLabel('姓名')).toHaveValue(newName)
  await expect(reopened.getByLabel('手机号')).toHaveValue(newPhone)
})
