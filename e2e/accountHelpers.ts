import type { Browser, Page } from '@playwright/test'
import { expect, signIn, unique } from './fixtures.ts'
import { sealedCall } from './sealedApi.ts'

export const PASSWORD = 'Review#2026a'

/** A role named after `prefix` holding `power` (page → actions) and an account `login…` in it. */
export async function accountWith(
  page: Page,
  prefix: string,
  login: string,
  power: Record<string, string[]>,
  menus: string[],
) {
  const roleName = unique(`${prefix}角色`)
  const role = await sealedCall(page, 'POST', '/api/role', {
    name: roleName,
    power: Object.fromEntries(
      Object.entries(power).map(([p, actions]) => [
        p,
        actions.map((actionName) => ({ actionName, exists: true })),
      ]),
    ),
    powerMenuAttrs: menus,
  })
  expect(role.code, role.msg).toBe(0)
  const username = unique(login)
  const account = await sealedCall(page, 'POST', '/api/admin/create', {
    username,
    password: PASSWORD,
    realName: prefix,
    roleId: role.data.id,
  })
  expect(account.code, account.msg).toBe(0)
  return { username, roleName }
}

/** A signed-in window for another account. */
export async function windowFor(browser: Browser, username: string) {
  const context = await browser.newContext({ locale: 'zh-CN' })
  const page = await context.newPage()
  await signIn(page, username, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)
  return { page, context }
}
