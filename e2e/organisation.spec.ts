import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import {
  addDepartment,
  button,
  confirmPopconfirm,
  pickInTreeSelect,
  popconfirmClosed,
} from './organisationHelpers.ts'

test('super admin builds a department tree: add, add below, rename, move; a non-empty one is not deleted', async ({
  page,
}) => {
  test.slow()
  await signInAsAdmin(page)
  await page.goto('/organizationalStructure')
  const root = unique('融媒中心')
  const news = unique('新闻部')
  const tech = unique('技术部')
  const renamed = `${news}改`

  await addDepartment(page, root)
  // A new department is selected, so 新增下级部门 adds under it.
  await addDepartment(page, news, true)
  await expect(page.getByRole('treeitem', { name: news })).toHaveAttribute('aria-level', '2')
  await page.getByRole('treeitem', { name: root }).click()
  await addDepartment(page, tech, true)

  await page.getByRole('treeitem', { name: news }).click()
  await button(page, '重命名').click()
  const nameField = page.getByRole('dialog').getByLabel('部门名称')
  await expect(nameField).toHaveValue(news)
  await nameField.fill(renamed)
  await nameField.press('Enter')
  await expect(page.getByRole('treeitem', { name: renamed })).toBeVisible()

  // Move 技术部 under the renamed department: it becomes a third-level department.
  await page.getByRole('treeitem', { name: tech }).click()
  await button(page, '移动').click()
  const dialog = page.getByRole('dialog')
  await pickInTreeSelect(page, dialog.getByLabel('移动到'), renamed)
  await button(dialog, '确定').click()
  await expectToast(page, '移动成功')
  await expect(page.getByRole('treeitem', { name: tech })).toHaveAttribute('aria-level', '3')

  // The root still has sub-departments: deleting it is refused with the reason.
  await page.getByRole('treeitem', { name: root }).click()
  await button(page, '删除').click()
  await confirmPopconfirm(page)
  await expect(page.getByText('该部门下还有子部门，请先删除或移走子部门')).toBeVisible()
  await expect(page.getByRole('treeitem', { name: root })).toBeVisible()
  await popconfirmClosed(page)

  // A leaf without accounts goes after confirming.
  await page.getByRole('treeitem', { name: tech }).click()
  await button(page, '删除').click()
  await confirmPopconfirm(page)
  await expectToast(page, '删除成功')
  await expect(page.getByRole('treeitem', { name: tech })).toHaveCount(0)
})

test('super admin creates and renames a position in the positions tab', async ({ page }) => {
  await signInAsAdmin(page)
  await page.goto('/organizationalStructure')
  await page.getByRole('tab', { name: '职位' }).click()
  const name = unique('主编')
  await page.getByRole('button', { name: '新增职位' }).click()
  const field = page.getByRole('dialog').getByLabel('职位名称')
  await field.fill(name)
  await field.press('Enter')
  await expectToast(page, '新增成功')
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toBeVisible()
  await button(row, '编辑').click()
  await page.getByRole('dialog').getByLabel('职位名称').fill(`${name}甲`)
  await page.getByRole('dialog').getByLabel('职位名称').press('Enter')
  await expect(page.getByRole('row').filter({ hasText: `${name}甲` })).toBeVisible()
  // The same name again is refused by the server; the dialog stays open with what was typed.
  await page.getByRole('button', { name: '新增职位' }).click()
  await page.getByRole('dialog').getByLabel('职位名称').fill(`${name}甲`)
  await page.getByRole('dialog').getByLabel('职位名称').press('Enter')
  await expect(page.getByText('职位名称已存在')).toBeVisible()
  await expect(page.getByRole('dialog').getByLabel('职位名称')).toHaveValue(`${name}甲`)
})
