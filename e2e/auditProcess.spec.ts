import type { Locator, Page } from '@playwright/test'
import { accountWith, windowFor } from './accountHelpers.ts'
import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button, confirmPopconfirm, popconfirmClosed } from './organisationHelpers.ts'
import { sealedCall } from './sealedApi.ts'

const OK = /确\s*定/
const SELF_REVIEW = '已开启禁止本人审核：不能审核自己提交的内容'

/** Picks an option of an antd Select (multiple or single) by its text. */
async function pick(page: Page, field: Locator, option: string) {
  await field.click()
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click()
}

/**
 * Runs `action` while watching for the toast it shows: toasts last 1 s (1.5 s for errors), so the watch starts
 * before the click rather than after it.
 */
async function withToast(page: Page, text: string, action: () => Promise<unknown>) {
  // The page's toast record (fixtures): a busy machine may draw and remove the 1 s toast between two polls.
  await action()
  await expectToast(page, text)
}

/** Adds a node in the open process editor. */
async function addNode(page: Page, name: string, role: string) {
  await page.getByRole('button', { name: '新增节点' }).click()
  const dialog = page.getByRole('dialog', { name: '新增节点', exact: true })
  await dialog.getByLabel('节点名称').fill(name)
  await pick(page, dialog.getByLabel('可审核角色'), role)
  // Clicking beside the multiple select closes its list, which would cover the buttons.
  await dialog.getByLabel('节点名称').click()
  await withToast(page, '新增节点成功', () => button(dialog, '确定').click())
  await expect(dialog).toBeHidden()
}

async function closeDrawer(page: Page) {
  await page.locator('.ant-drawer-close').click()
  await expect(page.locator('.ant-drawer-content:visible')).toHaveCount(0)
}

const nodeNames = (page: Page) =>
  page.getByRole('region', { name: '审核节点' }).locator('tbody tr td:nth-child(2)').allTextContents()

/** 通过 on a queue row, confirmed; `expected` is the toast it shows. */
async function approveInQueue(page: Page, title: string, expected = '审核通过') {
  const row = page.getByRole('row').filter({ hasText: title })
  await row.getByRole('button', { name: /^通\s*过$/ }).click()
  const confirm = page.getByRole('dialog').filter({ hasText: '确定审核通过' })
  await withToast(page, expected, () => confirm.getByRole('button', { name: OK }).click())
}

/** Leaves the shared server as the other specs expect it, whatever happened above. */
test.afterAll(async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' })
  const page = await context.newPage()
  await signInAsAdmin(page)
  await sealedCall(page, 'POST', '/api/process/setting', {
    resType: 'article',
    processId: null,
    fourEyes: false,
  })
  const states = await sealedCall(page, 'GET', '/api/content/state/list?page=1&size=1000')
  for (const s of states.data.items as { id: number; name: string; defaultName: string }[])
    if (s.name !== s.defaultName)
      await sealedCall(page, 'POST', '/api/content/state/update', { id: s.id, name: s.defaultName })
  await context.close()
})

test('审核流程: a two-node process built on the screen routes an article through two reviewers; copy; state names; 禁止本人审核', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  await signInAsAdmin(page)

  // Accounts: an editor, and two reviewers whose roles the process names.
  const editor = await accountWith(
    page,
    '编辑',
    'ed',
    { '内容-文章': ['查看', '添加', '编辑', '提交审核'] },
    ['/contentArticle'],
  )
  const first = await accountWith(page, '初审', 'ra', { 文章审核: ['查看', '审核'] }, ['/articleAudit'])
  const final = await accountWith(page, '终审', 'rb', { 文章审核: ['查看', '审核'] }, ['/articleAudit'])

  // 流程库: a new process with two nodes, 初审 (role A) then 终审 (role B).
  const processName = unique('两级审核')
  await page.goto('/auditProcess')
  await expect(page.getByRole('tab', { name: '流程库' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('button', { name: '新增流程' }).click()
  const editorDrawer = page.getByRole('dialog', { name: '新增流程', exact: true })
  await editorDrawer.getByRole('button', { name: '保存并添加节点' }).click()
  await expect(editorDrawer.getByText('请输入流程名称')).toBeVisible()
  await editorDrawer.getByLabel('流程名称').fill(processName)
  await editorDrawer.getByLabel('说明').fill('初审后终审')
  await withToast(page, '新增流程成功，请添加审核节点', () =>
    editorDrawer.getByRole('button', { name: '保存并添加节点' }).click(),
  )
  await expect(page.getByText(`编辑流程：${processName}`)).toBeVisible()
  await addNode(page, '终审', final.roleName)
  await addNode(page, '初审', first.roleName)
  await expect.poll(() => nodeNames(page)).toEqual(['终审', '初审'])
  // Order: 初审 moves up to be the first node.
  const nodes = page.getByRole('region', { name: '审核节点' })
  await nodes.getByRole('row').filter({ hasText: '初审' }).getByRole('button', { name: '上移' }).click()
  await expect.poll(() => nodeNames(page)).toEqual(['初审', '终审'])
  await expect(
    nodes.getByRole('row').filter({ hasText: '初审' }).getByText(`角色：${first.roleName}`),
  ).toBeVisible()
  // Closing it with an edited 说明 asks first: 留在此页 keeps the text, 离开 drops it.
  const processDrawer = page.getByRole('dialog', { name: `编辑流程：${processName}` })
  await processDrawer.getByLabel('说明').fill('改过的说明')
  await page.locator('.ant-drawer-close').click()
  const leave = page.getByRole('dialog').filter({ hasText: '内容未保存' })
  await leave.getByRole('button', { name: '留在此页' }).click()
  await expect(processDrawer.getByLabel('说明')).toHaveValue('改过的说明')
  await page.locator('.ant-drawer-close').click()
  await leave.getByRole('button', { name: /离\s*开/ }).click()
  await expect(page.locator('.ant-drawer-content:visible')).toHaveCount(0)
  const processRow = page.getByRole('row').filter({ hasText: processName }).filter({ hasNotText: '副本' })
  await expect(processRow.getByRole('cell', { name: '2', exact: true })).toBeVisible()

  // Copy: "<name>-副本" with the same two nodes; deleting it asks first.
  await withToast(page, `复制流程成功：${processName}-副本`, () =>
    processRow.getByRole('button', { name: /^复\s*制$/ }).click(),
  )
  const copyRow = page.getByRole('row').filter({ hasText: `${processName}-副本` })
  await expect(copyRow.getByRole('cell', { name: '2', exact: true })).toBeVisible()
  await copyRow.getByRole('button', { name: /^编\s*辑$/ }).click()
  await expect.poll(() => nodeNames(page)).toEqual(['初审', '终审'])
  await closeDrawer(page)
  await copyRow.getByRole('button', { name: /^删\s*除$/ }).click()
  await withToast(page, '删除成功', () => confirmPopconfirm(page))
  await popconfirmClosed(page)
  await expect(copyRow).toHaveCount(0)

  // 审核设置: 文章 goes through the new process; the library shows it in use and refuses to delete it.
  await page.getByRole('tab', { name: '审核设置' }).click()
  await expect(page).toHaveURL(/type=auditSetting/)
  // The 审核队列 column names each queue as the menu does, never by its route path.
  const articleSetting = page
    .getByRole('row')
    .filter({ has: page.getByLabel('文章审核流程', { exact: true }) })
  await expect(articleSetting.getByRole('cell', { name: '文章审核', exact: true })).toBeVisible()
  await expect(page.getByRole('table').getByText(/^\/\w+$/)).toHaveCount(0)
  await withToast(page, '设置成功', () =>
    pick(page, page.getByLabel('文章审核流程', { exact: true }), `${processName}（2个节点）`),
  )
  await page.getByRole('tab', { name: '流程库' }).click()
  await expect(processRow.getByText('文章', { exact: true })).toBeVisible()
  await processRow.getByRole('button', { name: /^删\s*除$/ }).click()
  await withToast(page, '审核流程正在使用，不能删除', () => confirmPopconfirm(page))
  await popconfirmClosed(page)
  await expect(processRow).toBeVisible()

  // The editor submits an article.
  const title = unique('两级审核稿件')
  const ed = await windowFor(browser, editor.username)
  await ed.page.goto('/contentArticle')
  await ed.page.getByRole('button', { name: '新增文章' }).click()
  // The list's search form has a 标题 field too: wait for the form first.
  await expect(ed.page.getByLabel('正文')).toBeVisible()
  await ed.page.getByLabel('标题').fill(title)
  await ed.page.getByLabel('正文').fill('两级审核的正文。')
  await withToast(ed.page, '保存成功，已提交审核', () =>
    ed.page.getByRole('button', { name: '保存并提交审核' }).click(),
  )

  // Reviewer A sees it at 初审 and approves; it leaves A's queue.
  const a = await windowFor(browser, first.username)
  await a.page.goto('/articleAudit')
  const atA = a.page.getByRole('row').filter({ hasText: title })
  await expect(atA.getByText('初审', { exact: true })).toBeVisible()
  await approveInQueue(a.page, title)
  await expect(atA).toHaveCount(0)

  // Reviewer B finds it at 终审 and approves: published.
  const b = await windowFor(browser, final.username)
  await b.page.goto('/articleAudit')
  const atB = b.page.getByRole('row').filter({ hasText: title })
  await expect(atB.getByText('终审', { exact: true })).toBeVisible()
  await approveInQueue(b.page, title)
  await expect(atB).toHaveCount(0)

  await ed.page.goto('/contentArticle')
  const published = ed.page.getByRole('row').filter({ hasText: title })
  await expect(published.getByText('已通过', { exact: true })).toBeVisible()

  // 审核状态: renaming 已通过 shows in the editor's article list; 恢复默认 brings it back.
  await page.getByRole('tab', { name: '审核状态' }).click()
  const passedRow = page.getByRole('row').filter({ hasText: '审核状态' }).filter({ hasText: '已通过' })
  await passedRow.getByRole('button', { name: '重命名' }).click()
  const renameDialog = page.getByRole('dialog', { name: /^重命名/ })
  await renameDialog.getByLabel('显示名称').fill('  ')
  await button(renameDialog, '确定').click()
  await expect(renameDialog.getByText('请输入状态名称')).toBeVisible()
  await renameDialog.getByLabel('显示名称').fill('已发布')
  await withToast(page, '保存成功', () => button(renameDialog, '确定').click())
  const renamedRow = page.getByRole('row').filter({ hasText: '已发布' })
  await expect(renamedRow).toBeVisible()
  await ed.page.reload()
  await expect(published.getByText('已发布', { exact: true })).toBeVisible()
  await renamedRow.getByRole('button', { name: '恢复默认' }).click()
  await confirmPopconfirm(page)
  await popconfirmClosed(page)
  await expect(renamedRow).toHaveCount(0)
  await ed.page.reload()
  await expect(published.getByText('已通过', { exact: true })).toBeVisible()

  // 禁止本人审核: the super admin submits an article and may not approve it.
  await page.getByRole('tab', { name: '审核设置' }).click()
  await withToast(page, '设置成功', () =>
    page.getByRole('switch', { name: '文章禁止本人审核', exact: true }).click(),
  )
  await expect(page.getByRole('switch', { name: '文章禁止本人审核', exact: true })).toBeChecked()
  const own = unique('本人稿件')
  const added = await sealedCall(page, 'POST', '/api/content/add', {
    kind: 'article',
    title: own,
    body: '<p>x</p>',
  })
  expect(added.code).toBe(0)
  expect(
    (await sealedCall(page, 'POST', '/api/content/examination', { kind: 'article', ids: [added.data.id] }))
      .code,
  ).toBe(0)
  await page.goto('/articleAudit')
  await approveInQueue(page, own, SELF_REVIEW)
  await expect(page.getByRole('row').filter({ hasText: own })).toBeVisible()
  // Reviewer A (not the submitter) may: rejects it with their own words and common reasons as chips.
  await a.page.reload()
  const ownAtA = a.page.getByRole('row').filter({ hasText: own })
  await ownAtA.getByRole('button', { name: /^驳\s*回$/ }).click()
  const rejectDialog = a.page.getByRole('dialog').filter({ hasText: '确定驳回' })
  const reasonBox = rejectDialog.getByRole('textbox', { name: '驳回原因' })
  const chips = rejectDialog.getByRole('group', { name: '常用原因' })
  await reasonBox.fill('导语缺少时间')
  await chips.getByText('标题不规范', { exact: true }).click()
  await chips.getByText('存在错别字', { exact: true }).click()
  await expect(reasonBox).toHaveValue('导语缺少时间；标题不规范；存在错别字')
  await chips.getByText('标题不规范', { exact: true }).click()
  await expect(reasonBox).toHaveValue('导语缺少时间；存在错别字')
  await withToast(a.page, '已驳回', () => rejectDialog.getByRole('button', { name: '确定驳回' }).click())
  await expect(ownAtA).toHaveCount(0)
  const log = await sealedCall(page, 'GET', `/api/process/resource/log?resId=${added.data.id}`)
  expect(log.data.items.at(-1)).toMatchObject({ action: 'reject', comment: '导语缺少时间；存在错别字' })

  // Back to 单节点审核 with the rule off, as set from the screen.
  await page.goto('/auditProcess?type=auditSetting')
  await withToast(page, '设置成功', () =>
    page.getByRole('switch', { name: '文章禁止本人审核', exact: true }).click(),
  )
  await expect(page.getByRole('switch', { name: '文章禁止本人审核', exact: true })).not.toBeChecked()
  await withToast(page, '设置成功', () =>
    pick(page, page.getByLabel('文章审核流程', { exact: true }), '单节点审核'),
  )
  const settings = await sealedCall(page, 'GET', '/api/process/setting/list')
  expect(settings.data.items.find((s: { resType: string }) => s.resType === 'article')).toMatchObject({
    processId: null,
    fourEyes: false,
  })
  await ed.context.close()
  await a.context.close()
  await b.context.close()
})
