import type { Page } from '@playwright/test'
import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { delayNextAnswer, holdAnswers } from './lateAnswers.ts'
import { sealedCall } from './sealedApi.ts'

/** The list row whose 角色名称 cell is exactly `name` (a copy's name contains the original's). */
const roleRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) })

const save = (page: Page) => page.getByRole('button', { name: /保\s*存/ }).click()

test('a super admin creates a role in the tree editor, edits it, copies it and deletes the copy', async ({
  page,
}) => {
  // One story through four screens' worth of steps; give it room on the shared two-core machine.
  test.setTimeout(180_000)
  const name = unique('角色')
  await signInAsAdmin(page)
  await page.goto('/roles')
  await expect(page.getByRole('columnheader', { name: '账号数' })).toBeVisible()
  // Late data never clears typing: a 角色名称 typed the moment the form appears stays once the departments (the
  // form's late answer) come.
  const answerDepartments = await holdAnswers(page, '/api/structure/list')
  await page.getByRole('button', { name: '新增角色' }).click()
  await expect(page).toHaveURL(/\/rolesDetail$/)
  const nameField = page.locator('#role-detail_name')
  await nameField.fill(name)
  const departmentsCame = page.waitForResponse((r) => r.url().endsWith('/api/structure/list'))
  answerDepartments()
  await departmentsCame
  await expect(nameField).toHaveValue(name)

  // An empty name is refused on the form.
  await nameField.fill('')
  await save(page)
  await expect(page.getByText('请输入角色名称')).toBeVisible()
  await nameField.fill(name)
  await page.getByLabel('角色描述').fill('文章编辑与日志查看')

  // Select-all on a page ticks every action and its menu entry; the group box shows partly ticked.
  await page.getByRole('button', { name: '展开 内容管理' }).click()
  await page.getByRole('checkbox', { name: '全选 内容-文章' }).check()
  await expect(page.getByRole('checkbox', { name: '内容-文章 免审发布' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: '文章管理 菜单可见' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: '全选 内容管理' })).toBeChecked({ indeterminate: true })

  // Ticking one action ticks the page's menu visibility by default; the user may untick it.
  await page.getByRole('button', { name: '展开 系统管理' }).click()
  const logMenu = page.getByRole('checkbox', { name: '操作日志 菜单可见' })
  await expect(logMenu).toBeDisabled()
  await page.getByRole('checkbox', { name: '系统-操作日志 查看' }).check()
  await expect(logMenu).toBeChecked()
  await logMenu.uncheck()
  await expect(page.getByRole('checkbox', { name: '全选 系统-操作日志' })).toBeChecked({
    indeterminate: true,
  })

  await save(page)
  await expectToast(page, '新增角色成功')
  await expect(page).toHaveURL(/\/roles$/)
  const row = roleRow(page, name)
  await expect(row).toContainText('文章编辑与日志查看')
  await expect(row.getByRole('cell', { name: '0', exact: true })).toBeVisible()

  // Edit: what was saved comes back; take one action away and change the description.
  await row.getByRole('button', { name: /编\s*辑/ }).click()
  await expect(page).toHaveURL(/\/rolesDetail\?id=\d+$/)
  await expect(page.getByLabel('角色名称')).toHaveValue(name)
  await page.getByRole('button', { name: '展开 内容管理' }).click()
  await page.getByRole('button', { name: '展开 系统管理' }).click()
  await expect(page.getByRole('checkbox', { name: '内容-文章 删除' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: '系统-操作日志 查看' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: '操作日志 菜单可见' })).not.toBeChecked()
  await page.getByRole('checkbox', { name: '内容-文章 删除' }).uncheck()
  await expect(page.getByRole('checkbox', { name: '全选 内容-文章' })).toBeChecked({ indeterminate: true })
  await page.getByLabel('角色描述').fill('只编辑文章')
  await save(page)
  await expectToast(page, '修改角色成功')
  await expect(roleRow(page, name)).toContainText('只编辑文章')

  // Opened again: as saved. Looking is not editing: 返回 leaves without asking.
  await roleRow(page, name)
    .getByRole('button', { name: /编\s*辑/ })
    .click()
  await page.getByRole('button', { name: '展开 内容管理' }).click()
  await expect(page.getByRole('checkbox', { name: '内容-文章 删除' })).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: '内容-文章 编辑' })).toBeChecked()
  const roleId = Number(new URL(page.url()).searchParams.get('id'))
  await page.getByRole('button', { name: /返\s*回/ }).click()
  await expect(page).toHaveURL(/\/roles$/)

  // Meanwhile someone else changes its description. Opened again with a slow answer, the form shows their change and
  // never the copy read before, replaced by the answer a moment later with what was typed: a name typed at once stays.
  const stored = (await sealedCall(page, 'GET', `/api/role/detail?id=${roleId}`)).data
  const changed = await sealedCall(page, 'POST', '/api/role/modify', {
    id: roleId,
    name,
    description: '他人修改的描述',
    power: stored.power,
    powerMenuAttrs: stored.powerMenuAttrs,
    permissionDepartment: stored.permissionDepartment,
  })
  expect(changed.code).toBe(0)
  const slowDetail = await delayNextAnswer(page, '/api/role/detail', 1500)
  await roleRow(page, name)
    .getByRole('button', { name: /编\s*辑/ })
    .click()
  await nameField.fill(`${name}改`)
  await slowDetail.answered
  await expect(page.getByLabel('角色描述')).toHaveValue('他人修改的描述')
  await expect(nameField).toHaveValue(`${name}改`)

  // Leaving the edited form asks first. Closing the tab gets the browser's question (declined: the page stays)...
  const unload = page.waitForEvent('dialog')
  void page.close({ runBeforeUnload: true })
  const question = await unload
  expect(question.type()).toBe('beforeunload')
  await question.dismiss()
  // ...and 返回 ours: 留在此页 keeps the typing, 离开 drops it.
  await page.getByRole('button', { name: /返\s*回/ }).click()
  const leave = page.getByRole('dialog').filter({ hasText: '内容未保存' })
  await expect(leave).toContainText('当前内容尚未保存，离开后修改将丢失。确定离开？')
  await leave.getByRole('button', { name: '留在此页' }).click()
  await expect(leave).toBeHidden()
  await expect(nameField).toHaveValue(`${name}改`)
  await page.getByRole('button', { name: /返\s*回/ }).click()
  await leave.getByRole('button', { name: /离\s*开/ }).click()
  await expect(page).toHaveURL(/\/roles$/)
  await expect(roleRow(page, `${name}改`)).toHaveCount(0)

  // Copy, then delete the copy after confirming.
  await roleRow(page, name)
    .getByRole('button', { name: /复\s*制/ })
    .click()
  await expect(page.getByText(`复制角色成功：${name} 副本`)).toBeVisible()
  const copy = roleRow(page, `${name} 副本`)
  await expect(copy).toContainText('他人修改的描述')
  await copy.getByRole('button', { name: /删\s*除/ }).click()
  await expect(page.getByText(`确定删除角色「${name} 副本」？`)).toBeVisible()
  await page.getByRole('button', { name: /确\s*定/ }).click()
  await expectToast(page, '删除角色成功')
  await expect(copy).toHaveCount(0)
  await expect(roleRow(page, name)).toHaveCount(1)
})

test('the super administrator role opens read-only and cannot be deleted', async ({ page }) => {
  await signInAsAdmin(page)
  await page.goto('/roles')
  await page.getByLabel('角色名称').fill('超级管理员')
  await page.getByRole('button', { name: /搜\s*索/ }).click()
  const row = roleRow(page, '超级管理员')
  await expect(row.getByRole('button', { name: /删\s*除/ })).toHaveCount(0)
  await row.getByRole('button', { name: /查\s*看/ }).click()
  await expect(page.getByText('超级管理员拥有全部权限，不能修改或删除')).toBeVisible()
  await expect(page.getByLabel('角色名称')).toBeDisabled()
  await expect(page.getByRole('button', { name: /保\s*存/ })).toHaveCount(0)
  await page.getByRole('button', { name: '展开 系统管理' }).click()
  await expect(page.getByRole('checkbox', { name: '系统-角色 删除' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: '系统-角色 删除' })).toBeDisabled()
})
