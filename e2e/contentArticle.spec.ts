import type { Page } from '@playwright/test'
import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { holdAnswers } from './lateAnswers.ts'
import { confirmPopconfirm, popconfirmClosed } from './organisationHelpers.ts'

const OK = /确\s*定/

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click()
}

async function createArticle(page: Page, title: string) {
  await page.getByRole('button', { name: '新增文章' }).click()
  await expect(page).toHaveURL(/\/contentArticleDetail$/)
  // The list (with its own 标题 search box) stays on screen until the form has rendered.
  await expect(page.getByLabel('正文')).toBeVisible()
  await page.getByLabel('标题').fill(title)
  await page.getByLabel('正文').fill('春节期间全市公交运营时间调整。')
}

test('文章: create, draft box, edit, duplicate title, show/hide, recycle bin', async ({ page }) => {
  await signInAsAdmin(page)
  await page.goto('/contentArticle')
  await expect(page.getByRole('tab', { name: /^文章列表/ })).toHaveAttribute('aria-selected', 'true')
  for (const t of ['首发', '草稿箱', '回收站'])
    await expect(page.getByRole('tab', { name: new RegExp(`^${t}`) })).toBeVisible()

  // Create: the title is required before anything is sent.
  await page.getByRole('button', { name: '新增文章' }).click()
  await page.getByRole('button', { name: /^保\s*存$/ }).click()
  await expect(page.getByText('请输入标题')).toBeVisible()
  await page.getByLabel('运营阅读数').fill('-1')
  await page.getByRole('button', { name: /^保\s*存$/ }).click()
  await expect(page.getByText('运营阅读数填写有误')).toBeVisible()
  await page.getByLabel('运营阅读数').fill('20')

  const title = unique('春节公交')
  await page.getByLabel('标题').fill(title)
  await page.getByLabel('正文').fill('春节期间全市公交运营时间调整。')
  // The counter counts what a reader sees, whatever the markup: 15 characters, laid out by 一键排版 or not.
  const counter = page.locator('.moc-rte-count')
  await expect(counter).toHaveText('15 / 500000')
  await page.getByRole('toolbar', { name: '编辑器工具栏' }).getByRole('button', { name: '一键排版' }).click()
  await expect(page.getByLabel('正文').locator('p.moc-layout')).toBeVisible()
  await expect(counter).toHaveText('15 / 500000')

  // A failed duplicate-title lookup blocks saving; what was typed stays.
  await page.route('**/api/content/same**', (route) => route.abort(), { times: 1 })
  await page.getByRole('button', { name: /^保\s*存$/ }).click()
  await expect(page.locator('#moc-main').getByRole('alert')).toContainText('重复标题检查失败，未保存')
  await expect(page).toHaveURL(/\/contentArticleDetail$/)
  await expect(page.getByLabel('标题')).toHaveValue(title)

  await page.getByRole('button', { name: /^保\s*存$/ }).click()
  await expectToast(page, '保存成功')

  // A new article is a draft: the list opens on 草稿箱, where it is, its row highlighted — not on 文章列表.
  await expect(page).toHaveURL(/\/contentArticle\?.*type=draft/)
  await expect(page).toHaveURL(/highlight=\d+/)
  await expect(page.getByRole('tab', { name: /^草稿箱/ })).toHaveAttribute('aria-selected', 'true')
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row).toHaveClass(/moc-row-highlight/)
  await expect(row).not.toHaveClass(/moc-row-highlight/, { timeout: 15_000 })
  await openTab(page, '文章列表')
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0)
  await openTab(page, '草稿箱')
  await expect(page).toHaveURL(/type=draft/)
  // Tabs carry their counts (GET /api/content/nums).
  await expect(page.getByRole('tab', { name: /^草稿箱 \(\d+\)$/ })).toBeVisible()
  await expect(row.getByText('草稿')).toBeVisible()
  await expect(row.getByText('显示', { exact: true })).toBeVisible()
  await expect(row.getByRole('cell', { name: '20', exact: true })).toBeVisible()

  // Filters live in the URL: a title search survives a reload.
  await page.getByRole('textbox', { name: '标题' }).fill(title)
  await page.getByRole('textbox', { name: '标题' }).press('Enter')
  await expect(page).toHaveURL(new RegExp(`title=${encodeURIComponent(title)}`))
  await page.reload()
  await expect(page.getByRole('textbox', { name: '标题' })).toHaveValue(title)
  await expect(page.getByRole('tab', { name: /^草稿箱 \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('row')).toHaveCount(2)
  await page.getByRole('button', { name: /重\s*置/ }).click()
  await expect(page).not.toHaveURL(/title=/)

  // Edit: the form is filled from the detail; saving returns to the tab it came from.
  await row.getByRole('button', { name: /编\s*辑/ }).click()
  await expect(page.getByLabel('标题')).toHaveValue(title)
  await page.getByLabel('摘要').fill('公交时间调整')
  await page.getByRole('button', { name: /^保\s*存$/ }).click()
  await expectToast(page, '保存成功')
  await expect(page).toHaveURL(/type=draft/)
  await expect(row).toBeVisible()

  // Leaving an edited form asks first: from the side menu, 留在此页 keeps what was typed.
  await createArticle(page, title)
  await page.getByRole('navigation', { name: '侧边菜单' }).getByText('文章管理', { exact: true }).click()
  const leave = page.getByRole('dialog').filter({ hasText: '内容未保存' })
  await expect(leave).toContainText('当前内容尚未保存，离开后修改将丢失。确定离开？')
  await leave.getByRole('button', { name: '留在此页' }).click()
  await expect(leave).toBeHidden()
  await expect(page).toHaveURL(/\/contentArticleDetail$/)
  await expect(page.getByLabel('标题')).toHaveValue(title)

  // A second article with the same title asks first: cancel keeps the form, continue saves.
  await page.getByRole('button', { name: /^保\s*存$/ }).click()
  const confirm = page.getByRole('dialog').filter({ hasText: '有重复内容标题，是否继续保存？' })
  await expect(confirm).toBeVisible()
  await expect(confirm.getByRole('link')).toHaveAttribute(
    'href',
    `/contentManager?repeatTitle=${encodeURIComponent(title)}`,
  )
  await confirm.getByRole('button', { name: /取\s*消/ }).click()
  await expect(confirm).toBeHidden()
  await expect(page).toHaveURL(/\/contentArticleDetail$/)
  await expect(page.getByLabel('标题')).toHaveValue(title)
  await page.getByRole('button', { name: /^保\s*存$/ }).click()
  await confirm.getByRole('button', { name: /继\s*续/ }).click()
  await expectToast(page, '保存成功')
  await openTab(page, '草稿箱')
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(2)
  const first = page.getByRole('row').filter({ hasText: title }).last()

  // Hide, then show again.
  await first.getByRole('button', { name: /隐\s*藏/ }).click()
  await confirmPopconfirm(page)
  await popconfirmClosed(page)
  await expectToast(page, '已隐藏')
  await expect(first.getByText('隐藏', { exact: true })).toBeVisible()
  await first.getByRole('button', { name: /显\s*示/ }).click()
  await confirmPopconfirm(page)
  await popconfirmClosed(page)
  await expectToast(page, '已显示')
  await expect(first.getByText('显示', { exact: true })).toBeVisible()

  // Both to the recycle bin in one batch, after confirming.
  for (const r of await page.getByRole('row').filter({ hasText: title }).all())
    await r.getByRole('checkbox').check()
  await page.getByRole('button', { name: '批量移到回收站' }).click()
  const batch = page.getByRole('dialog').filter({ hasText: '确定将选中的2条内容移到回收站？' })
  await batch.getByRole('button', { name: OK }).click()
  await expectToast(page, '已移到回收站')
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0)

  // Restore one from the recycle bin: it is back in 草稿箱.
  await openTab(page, '回收站')
  const recycled = page.getByRole('row').filter({ hasText: title })
  await expect(recycled).toHaveCount(2)
  await expect(recycled.first().getByRole('button', { name: /编\s*辑/ })).toHaveCount(0)
  await recycled
    .first()
    .getByRole('button', { name: /恢\s*复/ })
    .click()
  await confirmPopconfirm(page)
  await popconfirmClosed(page)
  await expectToast(page, '已恢复')
  await expect(recycled).toHaveCount(1)
  await openTab(page, '草稿箱')
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1)

  // Delete the other for ever.
  await openTab(page, '回收站')
  await recycled.getByRole('button', { name: '彻底删除' }).click()
  await confirmPopconfirm(page)
  await popconfirmClosed(page)
  await expectToast(page, '已彻底删除')
  await expect(recycled).toHaveCount(0)
})

test('文章: 预览 shows the item in the preview drawer — 450 px, or full width with a close button when narrow', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/contentArticle')
  const title = unique('预览文章')
  // Late data never clears what was typed: 标题 typed the moment the form appears, while the editor's configuration
  // (which the body waits for) is held back, is still there once it came.
  const answer = await holdAnswers(page, '/api/editor/config')
  await page.getByRole('button', { name: '新增文章' }).click()
  const titleField = page.locator('#article-detail_title')
  await titleField.fill(title)
  answer()
  await expect(page.getByLabel('正文')).toBeVisible()
  await expect(titleField).toHaveValue(title)
  await page.getByLabel('正文').fill('春节期间全市公交运营时间调整。')
  await page.getByRole('button', { name: /^保\s*存$/ }).click()
  await expectToast(page, '保存成功')
  await openTab(page, '草稿箱')
  const row = page.getByRole('row').filter({ hasText: title })
  await row.getByRole('button', { name: '预览' }).click()
  const frame = page.frameLocator('iframe.moc-preview-frame')
  await expect(frame.getByRole('heading', { name: title })).toBeVisible()
  await expect(frame.getByText('春节期间全市公交运营时间调整。')).toBeVisible()
  const drawer = page.locator('.ant-drawer-content-wrapper')
  expect(Math.round((await drawer.boundingBox())!.width)).toBe(450)
  await expect(page.locator('.ant-drawer-close')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  await page.setViewportSize({ width: 480, height: 800 })
  await row.getByRole('button', { name: '预览' }).click()
  await expect(frame.getByRole('heading', { name: title })).toBeVisible()
  expect(Math.round((await drawer.boundingBox())!.width)).toBe(480)
  await page.locator('.ant-drawer-close').click()
  await expect(drawer).toBeHidden()
})
