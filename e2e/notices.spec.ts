import type { Page } from '@playwright/test'
import { AppClient } from './appClient.ts'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button } from './organisationHelpers.ts'
import { approveFromQueue, expectBadge, pendingCount } from './reviewBadges.ts'
import { sealedCall } from './sealedApi.ts'

// The machine is shared: states are awaited with room to spare.
const expect = baseExpect.configure({ timeout: 20_000 })

/** Phone numbers no earlier run used: the time's last digits and an index. */
const stamp = String(Date.now()).slice(-7)
const phoneOf = (i: number) => `136${stamp}${i}`

/** A local time as the date-time picker takes it (the browser and this process share the machine's zone). */
const pickerText = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
}

async function pickOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click()
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click()
}

type Inbox = { items: { noticeId: number; title: string; read: boolean }[]; total: number; unread: number }

test('通知中心: a notice to a portrait scheduled 1 minute ahead, approved in /auditNotice; at its time each target has it once in the app inbox and the push outbox, and /noticeCentreDetail shows 已发送', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  await signInAsAdmin(page)

  // Three app users in a region no other run uses (the portrait's), and one elsewhere.
  const region = unique('通知市')
  const users = await Promise.all([0, 1, 2, 3].map((i) => AppClient.signUp(request, phoneOf(i))))
  const targets = users.slice(0, 3)
  const other = users[3]!
  for (const u of targets) await u.updateProfile({ region })
  const portraitName = unique('通知画像')
  const portrait = await sealedCall(page, 'POST', '/api/portrait/add', {
    name: portraitName,
    regions: region,
  })
  expect(portrait.code, portrait.msg).toBe(0)

  // 新增通知 on /noticeCentre: push + in-app, to the portrait, 1 minute ahead; saved and submitted.
  const title = unique('系统升级通知')
  await page.goto('/noticeCentre')
  await button(page, '新增通知').click()
  await expect(page).toHaveURL(/\/noticeCentreDetail$/)
  await page.getByLabel('标题', { exact: true }).fill(title)
  await page.getByLabel('内容', { exact: true }).fill('今晚 23:00 起系统升级，请提前保存。')
  await pickOption(page, '通知方式', '推送+站内信')
  await pickOption(page, '发送对象', '用户画像')
  const ref = page.getByRole('combobox', { name: '用户画像' })
  await ref.fill(portraitName)
  await page.locator('.ant-select-dropdown:visible').getByTitle(portraitName, { exact: true }).click()
  const sendAt = new Date(Date.now() + 75_000)
  const at = page.getByLabel('定时发送', { exact: true })
  await at.click()
  await at.fill(pickerText(sendAt))
  await button(page.locator('.ant-picker-dropdown:visible'), '确定').click()
  await expect(at).toHaveValue(pickerText(sendAt))
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expectToast(page, '保存成功，已提交审核')
  const listed = await sealedCall(page, 'GET', `/api/notice/list?title=${encodeURIComponent(title)}`)
  const id = listed.data.items[0].id as number
  expect(listed.data.items[0]).toMatchObject({ sendState: 'waiting', verifyState: 3 })

  // The 通知审核 badge counts it; the reviewer reads it on /examineNoticeDetail and approves it.
  const pending = await pendingCount(page, '/auditNotice')
  expect(pending).toBeGreaterThanOrEqual(1)
  await page.goto('/auditNotice')
  await expectBadge(page, '通知审核', pending)
  await approveFromQueue(page, '/auditNotice', title, '/examineNoticeDetail', portraitName)
  await expectToast(page, '审核通过')
  await expectBadge(page, '通知审核', pending - 1)

  // Scheduled: nothing yet; /noticeCentreDetail shows 待发送 read-only.
  await page.goto(`/noticeCentreDetail?id=${id}`)
  const delivery = page.getByLabel('送达情况')
  await expect(delivery.getByText('待发送', { exact: true })).toBeVisible()
  expect((await targets[0]!.ok<Inbox>('GET', '/api/open/notice/messages')).total).toBe(0)

  // At its time the job sends it (polled; the minute plus the queue's poll).
  await expect
    .poll(async () => (await sealedCall(page, 'GET', `/api/notice/detail?id=${id}`)).data.sendState, {
      timeout: 90_000,
      intervals: [2_000],
    })
    .toBe('sent')

  // Each target has it exactly once in the app inbox, unread; the user elsewhere has none of it.
  for (const u of targets) {
    const inbox = await u.ok<Inbox>('GET', '/api/open/notice/messages')
    expect(inbox.items.filter((m) => m.noticeId === id)).toHaveLength(1)
    expect(inbox.items[0]).toMatchObject({ title, read: false })
    expect(inbox.unread).toBe(1)
  }
  const elsewhere = await other.ok<Inbox>('GET', '/api/open/notice/messages')
  expect(elsewhere.items.filter((m) => m.noticeId === id)).toHaveLength(0)
  // A user reads it.
  const read = await targets[0]!.ok<{ updated: number; unread: number }>('POST', '/api/open/notice/read', {
    id: (await targets[0]!.ok<{ items: { id: number }[] }>('GET', '/api/open/notice/messages')).items[0]!.id,
  })
  expect(read).toEqual({ updated: 1, unread: 0 })

  // 推送发件箱: one row per target, with the notice's title.
  await page.goto('/pushOutbox')
  await page.getByLabel('通知ID').fill(String(id))
  await button(page, '搜索').click()
  const rows = page.getByRole('row').filter({ hasText: title })
  await expect(rows).toHaveCount(3)
  for (const u of targets) await expect(rows.filter({ hasText: u.user!.nickname })).toHaveCount(1)

  // /noticeCentreDetail: 已发送, 送达人数 3, one read.
  await page.goto(`/noticeCentreDetail?id=${id}`)
  await expect(delivery.getByText('已发送', { exact: true })).toBeVisible()
  const count = delivery.getByRole('rowheader', { name: '送达人数' }).locator('xpath=following-sibling::*[1]')
  await expect(count).toHaveText('3')
  await expect(delivery.getByText('3 条，已读 1')).toBeVisible()
  await expect(page.getByText('通知已发送，不能修改')).toBeVisible()
  await expect(page.getByRole('table', { name: '送达用户' }).getByRole('row')).toHaveCount(4)
})
