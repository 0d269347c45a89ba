import type { Browser, Locator, Page } from '@playwright/test'
import { PASSWORD } from './accountHelpers.ts'
import { chooseFromDropdown, expect, signIn, signInAsAdmin, test, unique } from './fixtures.ts'
import { sealedCall } from './sealedApi.ts'

// Issue 20 point 11 and the list conventions (decision 0036), at the width the issue was seen at.
test.use({ viewport: { width: 1440, height: 900 } })

/** A super administrator of its own, so its column settings and 多页签 choice touch no other spec. */
let username = ''
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' })
  const page = await context.newPage()
  await signInAsAdmin(page)
  // As short as everyday account names, so the audit records' two name columns fit beside the rest.
  username = `ls${Date.now().toString(36).slice(-6)}`
  const made = await sealedCall(page, 'POST', '/api/admin/create', {
    username,
    password: PASSWORD,
    realName: '列表约定',
    roleId: 1,
  })
  expect(made.code, made.msg).toBe(0)
  await context.close()
})

async function signInAsUser(page: Page) {
  await signIn(page, username, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)
}

/** A new browser (no local storage) signed in as the user: what it shows came from the server. */
async function freshWindow(browser: Browser) {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await signInAsUser(page)
  return { page, context }
}

/** Where a row's cell under `header` lies, against the list's scroll box and its fixed 操作 column. */
function cellPlace(page: Page, rowText: string, header: string) {
  return page.evaluate(
    ([rowText, header]) => {
      const main = document.querySelector('#moc-main')!
      const th = [...main.querySelectorAll<HTMLElement>('thead th')].find(
        (c) => c.offsetParent !== null && c.textContent?.trim() === header,
      )!
      const ops = [...main.querySelectorAll<HTMLElement>('thead th')].find(
        (c) => c.offsetParent !== null && c.textContent?.trim() === '操作',
      )!
      const row = [...main.querySelectorAll<HTMLTableRowElement>('tbody tr')].find(
        (r) => r.offsetParent !== null && r.textContent?.includes(rowText),
      )!
      const cell = row.cells[(th as HTMLTableCellElement).cellIndex]!
      const box = cell.getBoundingClientRect()
      const scroller = cell.closest('.ant-table-content')!.getBoundingClientRect()
      const text = document.createRange()
      text.selectNodeContents(cell)
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      return {
        text: cell.textContent?.trim() ?? '',
        /** The cell lies wholly inside the scroll box and left of the fixed column, and nothing covers it. */
        shown:
          box.left >= scroller.left - 1 &&
          box.right <= ops.getBoundingClientRect().left + 1 &&
          cell.contains(hit),
        lines: new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size,
        opsWidth: ops.getBoundingClientRect().width,
      }
    },
    [rowText, header] as const,
  )
}

/** The list's column titles in order (the selection column has none). */
async function headers(page: Page) {
  return (await page.getByRole('columnheader').allTextContents()).filter((t) => t !== '')
}

test('lists at 1440 px: 审核时间 reads whole; 创建人 and 创建时间 are a sideways scroll away, beside the fixed 操作', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await signInAsUser(page)
  const tag = unique('宽表')
  // A rejected article with a long reason: the audit records' widest row.
  const rejected = await sealedCall(page, 'POST', '/api/content/add', {
    kind: 'article',
    title: `${tag}一篇标题相当长的文章，用来检查列表在1440像素宽的窗口里是否还能读到每一列`,
  })
  expect(rejected.code, rejected.msg).toBe(0)
  expect(
    (await sealedCall(page, 'POST', '/api/content/examination', { kind: 'article', ids: [rejected.data.id] }))
      .code,
  ).toBe(0)
  const reason = '标题太长，请改成更短的版本再提交审核；另外请补充来源并核实文中的数据是否准确无误'
  const reject = await sealedCall(page, 'POST', '/api/verify-center/rejection', {
    resType: 'article',
    ids: [rejected.data.id],
    reason,
  })
  expect(reject.code, reject.msg).toBe(0)

  await page.goto('/articleAudit?type=wait')
  await expect(page.getByRole('row').filter({ hasText: tag })).toBeVisible({ timeout: 30_000 })
  const time = await cellPlace(page, tag, '审核时间')
  expect(time.text).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
  expect(time.lines, '审核时间 on one line').toBe(1)
  expect(time.shown, '审核时间 in view, not under 操作').toBe(true)
  // The long reason is cut, whole in its tooltip.
  await page.getByRole('row').filter({ hasText: tag }).getByText(reason.slice(0, 8)).hover()
  await expect(page.getByRole('tooltip').filter({ hasText: reason })).toBeVisible()

  // Enough articles that the list runs below the window.
  for (let i = 0; i < 16; i++) {
    const add = await sealedCall(page, 'POST', '/api/content/add', { kind: 'article', title: `${tag}-${i}` })
    expect(add.code, add.msg).toBe(0)
    const submit = await sealedCall(page, 'POST', '/api/content/examination', {
      kind: 'article',
      ids: [add.data.id],
    })
    expect(submit.code, submit.msg).toBe(0)
  }
  await page.goto('/contentArticle')
  const first = `${tag}-15`
  await expect(page.getByRole('row').filter({ hasText: first })).toBeVisible({ timeout: 30_000 })
  // The many row buttons wrap inside a bounded 操作 column rather than widening it.
  const before = await cellPlace(page, first, '创建时间')
  expect(before.opsWidth).toBeLessThanOrEqual(280)
  // The sideways scrollbar is in the window although the list runs below it; dragged to its end, 创建人 and
  // 创建时间 show whole beside the fixed 操作 column.
  const bar = page.getByTestId('table-scrollbar')
  await expect(bar).toBeInViewport()
  await bar.evaluate((el) => {
    el.scrollLeft = el.scrollWidth
  })
  await expect.poll(async () => (await cellPlace(page, first, '创建人')).shown).toBe(true)
  const created = await cellPlace(page, first, '创建时间')
  expect(created.shown, '创建时间 beside 操作').toBe(true)
  expect(created.lines).toBe(1)
  expect((await cellPlace(page, first, '创建人')).text).toBe(username)
})

/** Opens a list's 列设置 popover. */
async function columnSettings(page: Page) {
  await page.getByRole('button', { name: '列设置' }).click()
  const dialog = page.getByRole('dialog', { name: '列设置' })
  await expect(dialog).toBeVisible()
  return dialog
}

const table = (page: Page): Locator => page.locator('#moc-main .ant-table:visible')

test('列设置: hide, reorder and density on an engine list and a system list, kept across sign-in', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  await signInAsUser(page)
  await page.goto('/contentArticle')
  await expect(page.getByRole('columnheader', { name: '封面' })).toBeVisible({ timeout: 30_000 })
  const natural = await headers(page)
  expect(natural.indexOf('创建人')).toBeLessThan(natural.indexOf('创建时间'))

  const settings = await columnSettings(page)
  await settings.getByRole('checkbox', { name: '封面' }).uncheck()
  await expect(page.getByRole('columnheader', { name: '封面' })).toHaveCount(0)
  await settings.getByRole('button', { name: '上移 创建时间' }).click()
  await expect
    .poll(async () => (await headers(page)).indexOf('创建时间'))
    .toBeLessThan((await headers(page)).indexOf('创建人'))
  await settings.getByText('紧凑', { exact: true }).click()
  await expect(table(page)).toHaveClass(/ant-table-small/)
  await page.keyboard.press('Escape')

  // A system list has its own settings.
  await page.goto('/account')
  await expect(page.getByRole('columnheader', { name: '邮箱' })).toBeVisible({ timeout: 30_000 })
  await expect(table(page)).not.toHaveClass(/ant-table-small/)
  const accountSettings = await columnSettings(page)
  await accountSettings.getByRole('checkbox', { name: '邮箱' }).uncheck()
  await expect(page.getByRole('columnheader', { name: '邮箱' })).toHaveCount(0)
  await accountSettings.getByText('中等', { exact: true }).click()
  await expect(table(page)).toHaveClass(/ant-table-medium/)

  // Signed out and in again in another browser: the server kept both lists' settings.
  await chooseFromDropdown(page, page.getByRole('button', { name: /^当前用户：/ }), '退出登录')
  await expect(page).toHaveURL(/\/login/)
  const { page: other, context } = await freshWindow(browser)
  await other.goto('/contentArticle')
  await expect(other.getByRole('columnheader', { name: '标题' })).toBeVisible({ timeout: 30_000 })
  await expect(other.getByRole('columnheader', { name: '封面' })).toHaveCount(0)
  const kept = await headers(other)
  expect(kept.indexOf('创建时间')).toBeLessThan(kept.indexOf('创建人'))
  await expect(table(other)).toHaveClass(/ant-table-small/)
  await other.goto('/account')
  await expect(other.getByRole('columnheader', { name: '用户名' })).toBeVisible({ timeout: 30_000 })
  await expect(other.getByRole('columnheader', { name: '邮箱' })).toHaveCount(0)
  await expect(table(other)).toHaveClass(/ant-table-medium/)

  // 重置 brings the list's own columns back.
  const reset = await columnSettings(other)
  await reset.getByRole('button', { name: /重\s*置/ }).click()
  await expect(other.getByRole('columnheader', { name: '邮箱' })).toBeVisible()
  await expect(table(other)).not.toHaveClass(/ant-table-medium/)
  await context.close()
})

test('多页签: opened screens stay as tabs with their state, close from the right-click menu, and can be switched off', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await signInAsUser(page)
  const tabs = page.getByRole('navigation', { name: '已打开的页面' })
  const tab = (name: string) => tabs.getByRole('link', { name, exact: true })
  const menu = page.getByRole('navigation', { name: '侧边菜单' })
  await expect(tab('工作台')).toHaveAttribute('aria-current', 'page')

  // A list with a search: 账号管理 found by keyword.
  await menu.getByText('系统管理', { exact: true }).click()
  await menu.getByRole('link', { name: '账号管理' }).click()
  await expect(tab('账号管理')).toHaveAttribute('aria-current', 'page')
  await page.getByLabel('姓名').fill(username)
  await page.getByRole('button', { name: /搜\s*索/ }).click()
  await expect(page).toHaveURL(new RegExp(`/account\\?keyword=${username}$`))
  await expect(page.getByRole('row').filter({ hasText: username })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: /^admin/ })).toHaveCount(0)

  // A half-filled form: 新增文章 opens in the 文章管理 tab.
  await menu.getByText('内容管理', { exact: true }).click()
  await menu.getByRole('link', { name: '文章管理' }).click()
  await page.getByRole('button', { name: '新增文章' }).click()
  await expect(tab('文章详情')).toHaveAttribute('aria-current', 'page')
  const title = page.getByLabel('标题')
  await title.fill('一半的标题')
  await menu.getByRole('link', { name: '角色管理' }).click()
  await expect(tab('角色管理')).toHaveAttribute('aria-current', 'page')
  await expect(tabs.getByRole('link')).toHaveText(['工作台', '账号管理', '文章详情', '角色管理'])

  // Back on each tab: the form kept its text, the list its search; the hidden screens are out of the page.
  await tab('文章详情').click()
  await expect(page).toHaveURL(/\/contentArticleDetail$/)
  await expect(title).toHaveValue('一半的标题')
  await tab('账号管理').click()
  await expect(page).toHaveURL(new RegExp(`/account\\?keyword=${username}$`))
  await expect(page.getByLabel('姓名')).toHaveValue(username)
  await expect(page.getByRole('row').filter({ hasText: username })).toBeVisible()
  await expect(page.getByRole('button', { name: '新增文章' })).toHaveCount(0)
  // The menu entry of a kept list shows it as it was left, too.
  await tab('工作台').click()
  await menu.getByRole('link', { name: '账号管理' }).click()
  await expect(page).toHaveURL(new RegExp(`/account\\?keyword=${username}$`))

  // Right-click: 关闭右侧, 关闭其他, 全部关闭 (home stays).
  await tab('账号管理').click({ button: 'right' })
  await page.getByRole('menuitem', { name: '关闭右侧' }).click()
  await expect(tabs.getByRole('link')).toHaveText(['工作台', '账号管理'])
  await menu.getByRole('link', { name: '角色管理' }).click()
  await menu.getByRole('link', { name: '操作日志' }).click()
  await expect(tabs.getByRole('link')).toHaveText(['工作台', '账号管理', '角色管理', '操作日志'])
  await tab('角色管理').click({ button: 'right' })
  await page.getByRole('menuitem', { name: '关闭其他' }).click()
  await expect(page).toHaveURL(/\/roles$/)
  await expect(tabs.getByRole('link')).toHaveText(['工作台', '角色管理'])
  await tabs.getByRole('button', { name: '关闭 角色管理' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await menu.getByRole('link', { name: '后台任务' }).click()
  await tab('后台任务').click({ button: 'right' })
  await page.getByRole('menuitem', { name: '全部关闭' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(tabs.getByRole('link')).toHaveText(['工作台'])

  // Switched off in the theme panel: no tabs, one screen at a time; kept for the next sign-in.
  await page.getByRole('button', { name: '主题设置' }).click()
  const panel = page.getByRole('dialog', { name: '主题设置' })
  const switchTabs = panel.getByRole('switch', { name: '多页签' })
  await expect(switchTabs).toBeChecked()
  await switchTabs.click()
  await expect(switchTabs).not.toBeChecked()
  await panel.getByRole('button', { name: /关\s*闭|close/i }).click()
  await expect(tabs).toHaveCount(0)
  await menu.getByRole('link', { name: '账号管理' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await page.reload()
  await expect(page.getByRole('columnheader', { name: '用户名' })).toBeVisible({ timeout: 30_000 })
  await expect(tabs).toHaveCount(0)
})

test('system lists keep their filters and page in the URL: a reload shows the same rows', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await signInAsUser(page)

  await page.goto('/account?state=1')
  await expect(page.getByRole('tab', { name: '启用' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 30_000,
  })
  await page.getByLabel('姓名').fill(username)
  await page.getByRole('button', { name: /搜\s*索/ }).click()
  await expect(page).toHaveURL(new RegExp(`state=1&keyword=${username}`))
  await page.reload()
  await expect(page.getByLabel('姓名')).toHaveValue(username, { timeout: 30_000 })
  await expect(page.getByRole('tab', { name: '启用' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('row').filter({ hasText: username })).toBeVisible()
  await expect(page.getByRole('row')).toHaveCount(2)

  await page.goto('/roles')
  await page.getByLabel('角色名称').fill('超级')
  await page.getByRole('button', { name: /搜\s*索/ }).click()
  await expect(page).toHaveURL(/\/roles\?keyword=/)
  await page.reload()
  await expect(page.getByLabel('角色名称')).toHaveValue('超级', { timeout: 30_000 })

  await page.goto('/systemlog')
  await page.getByLabel('操作人').fill(username)
  await page.getByRole('button', { name: /搜\s*索/ }).click()
  await expect(page).toHaveURL(new RegExp(`actor=${username}`))
  await page.reload()
  await expect(page.getByLabel('操作人')).toHaveValue(username, { timeout: 30_000 })
  await expect(page.getByRole('row').filter({ hasText: '登录' }).first()).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: /^admin/ })).toHaveCount(0)

  await page.goto('/jobs')
  const states = page.getByRole('radiogroup', { name: '任务状态' }).or(page.locator('.ant-segmented'))
  await states.getByText('失败').click()
  await expect(page).toHaveURL(/\/jobs\?state=failed$/)
  await page.reload()
  await expect(page.locator('.ant-segmented-item-selected')).toHaveText('失败', { timeout: 30_000 })
})
