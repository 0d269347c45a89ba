import { expect, expectToast, signIn, signInAsAdmin, test, unique, uniquePhone } from './fixtures.ts'
import { delayNextAnswer } from './lateAnswers.ts'
import { addDepartment, button, confirmPopconfirm, pickInTreeSelect } from './organisationHelpers.ts'

const PASSWORD_RULE = '最低8位，至少1大写字母、1小写字母、1数字、1英文符号'
const FIRST_PASSWORD = 'Start#2026a'
const RESET_PASSWORD = 'Reset#2026b'

test('super admin creates an account in a department, edits it, resets its password, disables, enables and deletes it', async ({
  page,
  browser,
}) => {
  test.slow()
  await signInAsAdmin(page)
  const department = unique('账号部')
  await page.goto('/organizationalStructure')
  await addDepartment(page, department)

  const username = unique('acct')
  // The list is drawn (its URL comes first: the form it replaces may still be on screen for a moment).
  const listShown = () => expect(page.getByRole('button', { name: '新增账号' })).toBeVisible()
  await page.goto('/account')
  await page.getByRole('button', { name: '新增账号' }).click()
  await expect(page).toHaveURL(/\/accountDetail$/)
  const form = page.locator('form[id="account-detail"]')
  await form.getByLabel('用户名').fill(username)
  // The password rule shows for a weak initial password, as the server would say it.
  await form.getByLabel('初始密码').fill('weakpass')
  await expect(form.getByText(PASSWORD_RULE, { exact: true })).toBeVisible()
  await form.getByLabel('初始密码').fill(FIRST_PASSWORD)
  await form.getByLabel('确认密码').fill(FIRST_PASSWORD)
  await form.getByLabel('姓名').fill('王记者')
  await form.getByLabel('手机号').fill(uniquePhone())
  await pickInTreeSelect(page, form.getByLabel('部门', { exact: true }), department)
  await button(form, '保存').click()
  await expectToast(page, '新增成功')
  await expect(page).toHaveURL(/\/account$/)
  await listShown()

  await page.getByLabel('姓名').fill(username)
  await button(page, '搜索').click()
  await expect(page).toHaveURL(new RegExp(`/account\\?keyword=${username}$`))
  const row = page.getByRole('row').filter({ hasText: username })
  await expect(row).toContainText(department)
  await expect(row).toContainText('王记者')

  // A second account with the same name (any case): the server refuses, the form keeps what was typed.
  await page.getByRole('button', { name: '新增账号' }).click()
  await form.getByLabel('用户名').fill(username.toUpperCase())
  await form.getByLabel('初始密码').fill(FIRST_PASSWORD)
  await form.getByLabel('确认密码').fill(FIRST_PASSWORD)
  await form.getByLabel('姓名').fill('重名')
  await button(form, '保存').click()
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: '用户名已存在' })).toBeVisible()
  await expect(form.getByLabel('用户名')).toHaveValue(username.toUpperCase())
  await expect(form.getByLabel('姓名')).toHaveValue('重名')
  // 返回 with what was typed asks first: 留在此页 keeps it, 离开 goes.
  await button(form, '返回').click()
  const leave = page.getByRole('dialog').filter({ hasText: '内容未保存' })
  await expect(leave).toContainText('当前内容尚未保存，离开后修改将丢失。确定离开？')
  await button(leave, '留在此页').click()
  await expect(leave).toBeHidden()
  await expect(form.getByLabel('姓名')).toHaveValue('重名')
  await button(form, '返回').click()
  await button(leave, '离开').click()
  // Back to the list as it was when the form opened (多页签, decision 0036): searched for the account.
  await expect(page).toHaveURL(new RegExp(`/account\\?keyword=${username}$`))
  await expect(page.getByLabel('姓名')).toHaveValue(username)

  // Edit.
  await page.getByLabel('姓名').fill(username)
  await button(page, '搜索').click()
  await button(row, '编辑').click()
  await expect(form.getByLabel('用户名')).toHaveValue(username)
  await form.getByLabel('姓名').fill('王主任')
  await button(form, '保存').click()
  await expectToast(page, '修改成功')
  await expect(page).toHaveURL(new RegExp(`/account\\?keyword=${username}$`))
  await listShown()
  await page.getByLabel('姓名').fill(username)
  await button(page, '搜索').click()
  await expect(row).toContainText('王主任')

  // Opened again with a slow answer, the form shows the account as saved (王主任, not the 王记者 it was opened with
  // before), and an email typed at once is not wiped by the answer.
  const slowDetail = await delayNextAnswer(page, '/api/admin/detail', 1500)
  await button(row, '编辑').click()
  await form.getByLabel('邮箱').fill('wang@example.com')
  await slowDetail.answered
  await expect(form.getByLabel('姓名')).toHaveValue('王主任')
  await expect(form.getByLabel('邮箱')).toHaveValue('wang@example.com')
  // Leaving it from the side menu asks first; 离开 drops the email.
  await page.getByRole('navigation', { name: '侧边菜单' }).getByText('账号管理', { exact: true }).click()
  await button(leave, '离开').click()
  // The menu entry of the list's own tab returns to the list as it was left, with its search.
  await expect(page).toHaveURL(new RegExp(`/account\\?keyword=${username}$`))
  await expect(page.getByLabel('姓名')).toHaveValue(username)
  await page.getByLabel('姓名').fill(username)
  await button(page, '搜索').click()
  await expect(row).not.toContainText('wang@example.com')

  // The account is signed in elsewhere; a password reset ends that session on its next call.
  const userContext = await browser.newContext({ locale: 'zh-CN' })
  const userPage = await userContext.newPage()
  await signIn(userPage, username, FIRST_PASSWORD)
  await expect(userPage).toHaveURL(/\/dashboard$/)

  await button(row, '重置密码').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('新密码').fill('short')
  await expect(dialog.getByText(PASSWORD_RULE, { exact: true })).toBeVisible()
  await dialog.getByLabel('新密码').fill(RESET_PASSWORD)
  await dialog.getByLabel('确认密码').fill(RESET_PASSWORD)
  await button(dialog, '确定').click()
  await expect(page.getByText('密码已重置，该账号需使用新密码重新登录')).toBeVisible()

  await userPage.reload({ waitUntil: 'commit' })
  await expect(userPage).toHaveURL(/\/login/)
  await expect(userPage.getByText('密码已修改，请重新登录')).toBeVisible()
  await signIn(userPage, username, RESET_PASSWORD)
  await expect(userPage).toHaveURL(/\/dashboard$/)

  // Disable: the session ends at once and signing in is refused; enable again and it works.
  await button(row, '禁用').click()
  await confirmPopconfirm(page)
  await expect(row.getByText('禁用', { exact: true })).toBeVisible()
  await userPage.reload({ waitUntil: 'commit' })
  await expect(userPage).toHaveURL(/\/login/)
  await expect(userPage.getByText('账号已被禁用，请联系管理员')).toBeVisible()
  await button(row, '启用').click()
  await expect(row.getByText('启用', { exact: true })).toBeVisible()
  await signIn(userPage, username, RESET_PASSWORD)
  await expect(userPage).toHaveURL(/\/dashboard$/)

  // Delete after confirming: gone from the list, and its session ends.
  await button(row, '删除').click()
  await expect(page.getByText(`确定删除账号「${username}」？`)).toBeVisible()
  await confirmPopconfirm(page)
  await expectToast(page, '删除成功')
  await expect(row).toHaveCount(0)
  await userPage.reload()
  await expect(userPage).toHaveURL(/\/login/)
  await userContext.close()
})

test('a department shows the accounts of its sub-departments too', async ({ page }) => {
  test.slow()
  await signInAsAdmin(page)
  const top = unique('筛选部')
  const sub = unique('筛选组')
  await page.goto('/organizationalStructure')
  await addDepartment(page, top)
  await addDepartment(page, sub, true)

  const username = unique('sub')
  await page.goto('/accountDetail')
  const form = page.locator('form[id="account-detail"]')
  await form.getByLabel('用户名').fill(username)
  await form.getByLabel('初始密码').fill(FIRST_PASSWORD)
  await form.getByLabel('确认密码').fill(FIRST_PASSWORD)
  await form.getByLabel('姓名').fill('组员')
  await pickInTreeSelect(page, form.getByLabel('部门', { exact: true }), sub)
  await button(form, '保存').click()
  await expect(page).toHaveURL(/\/account$/)

  await page.goto('/organizationalStructure')
  await page.getByRole('treeitem', { name: top }).click()
  await expect(page.getByText(`${top}（含下级部门）的账号`)).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: username })).toContainText(sub)
  await expect(page.getByText('共 1 条')).toBeVisible()
  // Non-empty now: the sub-department holds an account, so it cannot be deleted.
  await page.getByRole('treeitem', { name: sub }).click()
  await button(page, '删除').click()
  await confirmPopconfirm(page)
  await expect(page.getByText('该部门下还有账号，请先将账号移出该部门')).toBeVisible()
})
