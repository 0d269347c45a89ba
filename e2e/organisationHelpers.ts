import { expect, type Locator, type Page } from '@playwright/test'

/** A button by its label; antd puts a space between the two characters of a two-character label. */
export const button = (scope: Page | Locator, label: string) =>
  scope.getByRole('button', { name: new RegExp(`^${[...label].join('\\s*')}$`) })

/** On /organizationalStructure: adds a department (below the selected one when `child`), name + Enter. */
export async function addDepartment(page: Page, name: string, child = false) {
  await page.getByRole('button', { name: child ? '新增下级部门' : '新增部门', exact: true }).click()
  const field = page.getByRole('dialog').getByLabel('部门名称')
  await field.fill(name)
  await field.press('Enter')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByRole('treeitem', { name })).toBeVisible()
}

/** Picks the node titled `title` in an antd TreeSelect, typing it first: the list is virtual, so far nodes are not drawn. */
export async function pickInTreeSelect(page: Page, field: Locator, title: string) {
  await field.click()
  await field.fill(title)
  await page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true }).click()
}

/** Answers the open Popconfirm with 确定 (the call's 1 s toast is then checked at once by the caller). */
export async function confirmPopconfirm(page: Page) {
  await button(page.locator('.ant-popconfirm:visible'), '确定').click()
}

/** Waits until no Popconfirm is open or closing, so the next one opens cleanly. */
export async function popconfirmClosed(page: Page) {
  await expect(page.locator('.ant-popconfirm:visible')).toHaveCount(0)
}
