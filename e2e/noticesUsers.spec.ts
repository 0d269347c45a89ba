import type { Page } from '@playwright/test'
import { accountWith, windowFor } from './accountHelpers.ts'
import { AppClient } from './appClient.ts'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button } from './organisationHelpers.ts'
import { sealedCall } from './sealedApi.ts'

const expect = baseExpect.configure({ timeout: 20_000 })

const stamp = String(Date.now()).slice(-7)
const phoneOf = (i: number) => `135${stamp}${i}`

async function pickOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click()
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click()
}

/** Approves a pending notice from the /auditNotice list (通过 on its row). */
async function approveInQueue(page: Page, title: string) {
  await page.goto('/auditNotice')
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /通\s*过/ })
    .click()
  await button(page.getByRole('dialog').filter({ hasText: '确定审核通过' }), '确定').click()
  await expectToast(page, '审核通过')
}

type Inbox = { items: { id: number; noticeId: number; title: string }[]; total: number; unread: number }

test('通知中心: a notice to listed users picked on screen (by an editor without 用户管理) is scheduled, then 撤回发布 cancels it; one sent at once reaches them and cannot be withdrawn', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000)
  await signInAsAdmin(page)
  const users = await Promise.all([0, 1].map((i) => AppClient.signUp(request, phoneOf(i))))
  const names = users.map((u) => u.user!.nickname)

  // 指定用户 picked by nickname by an editor who may not open 用户管理 (the picker reads names only); an in-app
  // message 10 minutes ahead.
  const { username } = await accountWith(
    page,
    '通知编辑',
    'ntc',
    { 通知中心: ['查看', '添加', '编辑', '提交审核'] },
    ['/noticeCentre'],
  )
  const editor = await windowFor(browser, username)
  const later = unique('定时站内信')
  {
    const page = editor.page
    await page.goto('/noticeCentre')
    await button(page, '新增通知').click()
    await page.getByLabel('标题', { exact: true }).fill(later)
    await page.getByLabel('内容', { exact: true }).fill('活动即将开始')
    await pickOption(page, '发送对象', '指定用户')
    const picker = page.getByRole('combobox', { name: '指定用户' })
    for (const name of names) {
      await picker.fill(name)
      await page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true }).click()
    }
    await page.keyboard.press('Escape')
    const at = page.getByLabel('定时发送', { exact: true })
    const d = new Date(Date.now() + 10 * 60_000)
    const p = (n: number) => String(n).padStart(2, '0')
    const text = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:00`
    await at.click()
    await at.fill(text)
    await button(page.locator('.ant-picker-dropdown:visible'), '确定').click()
    await page.getByRole('button', { name: '保存并提交审核' }).click()
    await expectToast(page, '保存成功，已提交审核')
  }
  await editor.context.close()
  await approveInQueue(page, later)

  // 待发送 in the list (everyone's: the editor made it); 撤回发布 cancels it (已撤回), and nobody gets it.
  await page.goto('/noticeCentre?createdBy=')
  const row = page.getByRole('row').filter({ hasText: later })
  await expect(row.getByText('待发送', { exact: true })).toBeVisible()
  await row.getByRole('button', { name: '撤回发布' }).click()
  await button(page.getByRole('tooltip').filter({ hasText: '确定撤回发布' }), '确定').click()
  await expectToast(page, '已撤回发布')
  await expect(row.getByText('已撤回', { exact: true })).toBeVisible()
  for (const u of users) {
    const inbox = await u.ok<Inbox>('GET', '/api/open/notice/messages')
    expect(inbox.items.filter((m) => m.title === later)).toHaveLength(0)
  }

  // Another with no time: sent as soon as it is approved.
  const now = unique('即时站内信')
  const added = await sealedCall(page, 'POST', '/api/notice/add', {
    title: now,
    content: '立即送达',
    channel: 'inApp',
    target: 'users',
    userIds: users.map((u) => u.user!.id),
  })
  expect(added.code, added.msg).toBe(0)
  expect((await sealedCall(page, 'POST', '/api/notice/examination', { ids: [added.data.id] })).code).toBe(0)
  await approveInQueue(page, now)
  await expect
    .poll(
      async () => (await sealedCall(page, 'GET', `/api/notice/detail?id=${added.data.id}`)).data.sendState,
      {
        timeout: 30_000,
      },
    )
    .toBe('sent')
  for (const u of users) {
    const inbox = await u.ok<Inbox>('GET', '/api/open/notice/messages')
    expect(inbox.items.filter((m) => m.title === now)).toHaveLength(1)
  }
  // A sent notice is not withdrawn: the server's reason is shown.
  await page.goto('/noticeCentre')
  const sent = page.getByRole('row').filter({ hasText: now })
  await expect(sent.getByText('已发送', { exact: true })).toBeVisible()
  await sent.getByRole('button', { name: '撤回发布' }).click()
  await button(page.getByRole('tooltip').filter({ hasText: '确定撤回发布' }), '确定').click()
  await expectToast(page, '通知已发送，不能撤回')
  await expect(sent.getByText('已发送', { exact: true })).toBeVisible()
})
