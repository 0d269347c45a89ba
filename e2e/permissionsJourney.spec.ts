import { expect, expectToast, signIn, signInAsAdmin, test, unique } from './fixtures.ts'
import { addDepartment, button, pickInTreeSelect } from './organisationHelpers.ts'
import { sealedCall } from './sealedApi.ts'

const PASSWORD = 'Editor#2026a'

/**
 * Issue 3's whole story: a super admin builds a department tree, a role holding only 内容-文章 查看
 * scoped to a department, and an account in it. That account sees only what the role allows, in the
 * menu, by URL and through the API; disabling it ends its session on its next call; and what it did
 * is in the operation log.
 */
test('a scoped role sees only its permitted screens and calls; disabling it signs it out; its log is kept', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  await signInAsAdmin(page)

  // The department tree: a newsroom and a desk inside it.
  const newsroom = unique('新闻中心')
  const desk = unique('文字部')
  await page.goto('/organizationalStructure')
  await addDepartment(page, newsroom)
  await addDepartment(page, desk, true)

  // A role with only 内容-文章 查看, its data scope the newsroom (and so the desk below it).
  const roleName = unique('文章查看')
  await page.goto('/rolesDetail')
  await page.getByLabel('角色名称').fill(roleName)
  await pickInTreeSelect(page, page.getByLabel('数据范围（部门）'), newsroom)
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: '展开 内容管理' }).click()
  await page.getByRole('checkbox', { name: '内容-文章 查看' }).check()
  await expect(page.getByRole('checkbox', { name: '文章管理 菜单可见' })).toBeChecked()
  await page.getByRole('button', { name: /保\s*存/ }).click()
  await expectToast(page, '新增角色成功')

  // An account on the desk holding that role.
  const username = unique('editor')
  await page.goto('/accountDetail')
  const form = page.locator('form[id="account-detail"]')
  await form.getByLabel('用户名').fill(username)
  await form.getByLabel('初始密码').fill(PASSWORD)
  await form.getByLabel('确认密码').fill(PASSWORD)
  await form.getByLabel('姓名').fill('文字编辑')
  await form.getByLabel('角色').click()
  await page.locator('.ant-select-dropdown:visible').getByTitle(roleName, { exact: true }).click()
  await pickInTreeSelect(page, form.getByLabel('部门', { exact: true }), desk)
  await button(form, '保存').click()
  await expectToast(page, '新增成功')

  // The account signs in and sees only the permitted menu: 文章管理, plus entries that need no permission.
  const userContext = await browser.newContext({ locale: 'zh-CN' })
  const user = await userContext.newPage()
  await signIn(user, username, PASSWORD)
  await expect(user).toHaveURL(/\/dashboard$/)
  const menu = user.getByRole('navigation', { name: '侧边菜单' })
  await menu.getByText('内容管理').click()
  await expect(menu.getByText('文章管理', { exact: true })).toBeVisible()
  for (const hidden of ['视频管理', '审核中心', '账号管理', '角色管理', '操作日志', '运营配置'])
    await expect(menu.getByText(hidden, { exact: true })).toHaveCount(0)
  await menu.getByText('文章管理', { exact: true }).click()
  await expect(user).toHaveURL(/\/contentArticle/)

  // Other screens by URL go to /404; other calls are refused by the server with 403 and the envelope.
  for (const path of ['/account', '/roles', '/systemlog', '/contentVideo']) {
    await user.goto(path)
    await expect(user).toHaveURL(/\/404$/)
  }
  const refused = await sealedCall(user, 'GET', '/api/admin/list?page=1&pageSize=30')
  expect(refused.code).toBe(40300)
  const refusedWrite = await sealedCall(user, 'POST', '/api/role', {
    name: 'x',
    power: {},
    powerMenuAttrs: [],
  })
  expect(refusedWrite.code).toBe(40300)

  // The super admin disables the account: its next call ends the session with the server's message.
  const token = decodeURIComponent((await userContext.cookies()).find((c) => c.name === 'token')!.value)
  await page.goto('/account')
  await page.getByLabel('姓名').fill(username)
  await button(page, '搜索').click()
  const row = page.getByRole('row').filter({ hasText: username })
  await button(row, '禁用').click()
  await button(page.locator('.ant-popconfirm'), '确定').click()
  await expect(row.getByText('禁用', { exact: true })).toBeVisible()
  const afterDisable = await user.request.get('/api/user/detail', { headers: { 'x-auth-token': token } })
  expect(afterDisable.status()).toBe(401)
  expect((await afterDisable.json()).code).toBe(10002)
  await user.reload({ waitUntil: 'commit' })
  await expect(user).toHaveURL(/\/login\?errorMsg=/)
  await expect(user.getByText('账号已被禁用，请联系管理员')).toBeVisible()
  await userContext.close()

  // Its operation-log entries: the sign-in and the refused write, found by filtering on the account.
  await page.goto('/systemlog')
  await page.getByLabel('操作人').fill(username)
  await button(page, '搜索').click()
  const log = page.getByRole('table')
  await expect(log.getByRole('row').filter({ hasText: '登录' }).first()).toBeVisible()
  await expect(log.getByRole('row').filter({ hasText: '失败' }).first()).toBeVisible()
  await expect(log).not.toContainText('admin ')
})
