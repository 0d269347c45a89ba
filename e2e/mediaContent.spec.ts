import type { Locator, Page } from '@playwright/test'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button, confirmPopconfirm, popconfirmClosed } from './organisationHelpers.ts'
import { sealedCall } from './sealedApi.ts'

// The machine is shared: states are awaited with room to spare, toasts (1 s) are read from the page's record.
const expect = baseExpect.configure({ timeout: 20_000 })
const IMAGE = 'https://example.com/media-e2e.png'

/** A call made as the signed-in page that must succeed; its data. */
async function ok(page: Page, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await sealedCall(page, method, url, body)
  expect(res.code, `${method} ${url}: ${res.msg}`).toBe(0)
  return res.data
}

/** Picks `text` in a paged select (typed to search, then clicked), then closes a multiple select's dropdown. */
async function pick(page: Page, field: Locator, text: string) {
  await field.click()
  await field.fill(text)
  await page.locator('.ant-select-dropdown:visible').getByTitle(text, { exact: true }).click()
}

/** 添加内容 / 添加关联 on the current tab: `name` picked in the dialog, added. */
async function addToTab(page: Page, label: string, name: string) {
  await button(page, label).click()
  const dialog = page.getByRole('dialog', { name: label })
  await pick(page, dialog.getByRole('combobox'), name)
  await dialog.locator('.ant-modal-title').click()
  await button(dialog, '添加').click()
  await expectToast(page, '添加成功')
  await expect(dialog).toBeHidden()
}

// The screens an account's things are managed on (decision 0043): /mediaContent's four tabs, the circle, article and
// comment screens it leads to, and the operators filtered to the account. The application, review, freeze and the
// 子账号 panel are the journey's (mediaAccounts.spec.ts).
test('媒体号内容: an account picked; its articles put under it and taken out; topics, circles and 热议 related, topped, hidden and removed; the circle, article and comment screens name the account', async ({
  page,
}) => {
  test.setTimeout(3 * 60_000)
  await signInAsAdmin(page)
  const name = unique('西湖融媒')
  const account = await ok(page, 'POST', '/api/mediaAccount/add', {
    name,
    accountType: 'media',
    avatar: IMAGE,
    certification: '/files/media-e2e-certificate.pdf',
    contactName: '王五',
    contactPhone: '13800138002',
  })
  await ok(page, 'POST', '/api/mediaAccount/examination', { ids: [account.id] })
  await ok(page, 'POST', '/api/verify-center/approved', { resType: 'mediaAccount', ids: [account.id] })
  const own = unique('西湖新闻')
  const ownId = (
    await ok(page, 'POST', '/api/content/add', { kind: 'article', title: own, mediaAccountId: account.id })
  ).id as number
  // Another article (submitted: 添加内容 picks from the article list, drafts aside) and the things to relate.
  const other = unique('待归入文章')
  const otherId = (await ok(page, 'POST', '/api/content/add', { kind: 'article', title: other })).id as number
  await ok(page, 'POST', '/api/content/examination', { kind: 'article', ids: [otherId] })
  const topicName = unique('西湖话题')
  await ok(page, 'POST', '/api/topic/add', { name: topicName })
  const circleName = unique('西湖圈')
  await ok(page, 'POST', '/api/circle/add', { name: circleName, icon: IMAGE })
  const discussTitle = unique('西湖热议')
  const discussId = (await ok(page, 'POST', '/api/content/add', { kind: 'discuss', title: discussTitle })).id
  await ok(page, 'POST', '/api/content/examination', { kind: 'discuss', ids: [discussId] })

  // The account is picked on the screen and kept in the URL; 内容 lists what names it.
  await page.goto('/mediaContent')
  await expect(page.getByText('请先选择媒体号')).toBeVisible()
  await pick(page, page.getByRole('combobox'), name)
  await expect(page).toHaveURL(new RegExp(`mediaAccountId=${account.id}&type=content`))
  const row = (text: string) => page.getByRole('row').filter({ hasText: text })
  await expect(row(own)).toContainText('文章')

  // 添加内容 puts an existing article under the account; 移出 (confirmed) takes it out again.
  await addToTab(page, '添加内容', other)
  await expect(row(other)).toBeVisible()
  await button(row(other), '移出').click()
  await confirmPopconfirm(page)
  await expectToast(page, '已移出')
  await expect(row(other)).toHaveCount(0)
  await popconfirmClosed(page)

  // 话题: related, topped (first, tagged), hidden on the account's page.
  await page.getByRole('tab', { name: '话题' }).click()
  await expect(page).toHaveURL(/type=topic/)
  await addToTab(page, '添加关联', topicName)
  await button(row(topicName), '置顶').click()
  await expectToast(page, '已置顶')
  await expect(button(row(topicName), '取消置顶')).toBeVisible()
  await button(row(topicName), '隐藏').click()
  await expectToast(page, '已隐藏')
  await expect(row(topicName)).toContainText('隐藏')
  await expect(button(row(topicName), '显示')).toBeVisible()

  // 圈子: related; its name opens the circle's posts under the account's header, with the way back.
  await page.getByRole('tab', { name: '圈子' }).click()
  await addToTab(page, '添加关联', circleName)
  await row(circleName).getByRole('link', { name: circleName }).click()
  await expect(page).toHaveURL(/\/mediaGroupContent\?/)
  await expect(page.getByText(`圈子内容 · 媒体号：${name}`)).toBeVisible()
  await expect(page.getByText(`圈子：${circleName}`)).toBeVisible()
  await page.getByRole('link', { name: '返回媒体号圈子' }).click()
  await expect(page).toHaveURL(new RegExp(`/mediaContent\\?mediaAccountId=${account.id}&type=circle`))
  await expect(row(circleName)).toBeVisible()

  // 互动: a 热议 related, then removed (confirmed).
  await page.getByRole('tab', { name: '互动' }).click()
  await addToTab(page, '添加关联', discussTitle)
  await button(row(discussTitle), '移除').click()
  await confirmPopconfirm(page)
  await expectToast(page, '已移除')
  await expect(page.getByText('暂无数据')).toBeVisible()

  // The article's screen: the content form under the account's header; saving returns to the account's content.
  await page.getByRole('tab', { name: '内容' }).click()
  await row(own).getByRole('link', { name: own }).click()
  await expect(page).toHaveURL(new RegExp(`/mediaArticleDetail\\?id=${ownId}`))
  await expect(page.getByText(`文章详情 · 媒体号：${name}`)).toBeVisible()
  await page.getByLabel('摘要').fill('媒体号内容里改的摘要')
  await button(page, '保存').click()
  await expectToast(page, '保存成功')
  await expect(page).toHaveURL(new RegExp(`/mediaContent\\?mediaAccountId=${account.id}&type=content`))
  await row(own).getByRole('link', { name: '评论' }).click()
  await expect(page).toHaveURL(new RegExp(`/mediaArticleComments\\?id=${ownId}`))
  await expect(page.getByText(`文章评论 · 媒体号：${name}`)).toBeVisible()
  await expect(page.getByText(`文章评论：${own}`)).toBeVisible()

  // The account's operators: the list filtered to it, and 新增运营者 starting on it.
  await page.goto(`/mediasOperator?mediaAccountId=${account.id}`)
  await expect(page.getByText(`运营者 · 媒体号：${name}`)).toBeVisible()
  await button(page, '新增运营者').click()
  const form = page.getByRole('dialog', { name: '新增运营者' })
  await expect(form.locator('.ant-form-item').filter({ hasText: '所属媒体号' })).toContainText(name)
})
