import type { Locator, Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { AppClient } from './appClient.ts'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button } from './organisationHelpers.ts'
import { sealedCall } from './sealedApi.ts'

// The machine is shared: states are awaited with room to spare.
const expect = baseExpect.configure({ timeout: 20_000 })

const stamp = String(Date.now()).slice(-7)
const phoneOf = (i: number) => `135${stamp}${i}`

type Wallet = { balance: number; total: number; items: { kind: string; delta: number; balance: number }[] }
type Invite = {
  inviteCode: string
  invitedCount: number
  earned: number
  rewardAmount: number | null
  eligible: boolean
}
type Withdrawn = { withdrawal: { id: number; state: string }; balance: number }

/** Opens a tab of /redPacket (the outer tabs: 邀请红包, 提现记录, 注册红包, 发放范围). */
async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).first().click()
  await expect(page).toHaveURL(/type=/)
}

/** A rule made in the tab's drawer form: name, amount per packet and budget typed in 元. */
async function addRule(page: Page, label: string, name: string, amount: string, budget: string) {
  await page.getByRole('button', { name: `新增${label}` }).click()
  const drawer = page.getByRole('dialog', { name: `新增${label}` })
  await drawer.getByLabel('规则名称').fill(name)
  await drawer.getByLabel('每个红包金额').fill(amount)
  await drawer.getByLabel('总预算').fill(budget)
  await button(drawer, '保存').click()
  await expectToast(page, '保存成功')
  await expect(drawer).toBeHidden()
}

const rowOf = (page: Page, text: string): Locator => page.getByRole('row').filter({ hasText: text })

test('红包: invite and register rules with budgets and a scope set up on /redPacket; an app user invites a friend with their own code; the invite reward is credited (已发放, the ledger); a withdrawal approved and another refused with a refund; the ledger adds up to the balance', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  await signInAsAdmin(page)

  // A portrait of users who signed up in the last day: the scope below pays them only.
  const portraitName = unique('近一天注册')
  const made = await sealedCall(page, 'POST', '/api/portrait/add', { name: portraitName, registeredDays: 1 })
  expect(made.code, made.msg).toBe(0)

  // 邀请红包 (the default tab): 2.50 元 per friend, a budget of 100.00 元.
  await page.goto('/redPacket')
  const inviteRule = unique('邀请好友得红包')
  await addRule(page, '邀请红包规则', inviteRule, '2.5', '100')
  await expect(rowOf(page, inviteRule)).toContainText('100.00')
  await expect(rowOf(page, inviteRule)).toContainText('发放中')

  // 注册红包: 1.00 元 to each new user, a budget of 50.00 元.
  await openTab(page, '注册红包')
  const registerRule = unique('新人注册红包')
  await addRule(page, '注册红包规则', registerRule, '1', '50')
  await expect(rowOf(page, registerRule)).toContainText('50.00')

  // 发放范围: the portrait above (a scope with neither portrait nor region is refused).
  await openTab(page, '发放范围')
  await page.getByRole('button', { name: '新增发放范围' }).click()
  const scopeForm = page.getByRole('dialog', { name: '新增发放范围' })
  const scopeName = unique('新用户范围')
  await scopeForm.getByLabel('范围名称').fill(scopeName)
  await button(scopeForm, '保存').click()
  await expectToast(page, '请选择用户画像或填写地区')
  await scopeForm.getByRole('combobox', { name: '用户画像' }).fill(portraitName)
  await page.locator('.ant-select-dropdown:visible').getByTitle(portraitName, { exact: true }).click()
  await button(scopeForm, '保存').click()
  await expectToast(page, '保存成功')
  await expect(rowOf(page, scopeName)).toContainText(portraitName)

  // The app: a user asks for their invite code; a friend signs up with it.
  const inviter = await AppClient.signUp(request, phoneOf(1))
  const invite = await inviter.ok<Invite>('GET', '/api/open/redPacket/invite')
  expect(invite).toMatchObject({ invitedCount: 0, earned: 0, rewardAmount: 250, eligible: true })
  const friend = await AppClient.signUp(request, phoneOf(2), { invitationCode: invite.inviteCode })
  expect((await friend.ok<Wallet>('GET', '/api/open/redPacket/wallet')).balance).toBe(100)
  const after = await inviter.ok<Invite>('GET', '/api/open/redPacket/invite')
  expect(after).toMatchObject({ inviteCode: invite.inviteCode, invitedCount: 1, earned: 250 })
  const wallet = await inviter.ok<Wallet>('GET', '/api/open/redPacket/wallet')
  expect(wallet.balance).toBe(350)

  // On the screen: the invite rule's 已发放 is 2.50 and 剩余预算 97.50; the register rule paid twice (2.00, 48.00).
  await openTab(page, '邀请红包')
  await expect(rowOf(page, inviteRule)).toContainText('97.50')
  await openTab(page, '注册红包')
  await expect(rowOf(page, registerRule)).toContainText('48.00')

  // The inviter asks for two withdrawals (2.00 and 1.00 元); the amounts are held at once.
  const realName = unique('张')
  const first = await inviter.ok<Withdrawn>('POST', '/api/open/redPacket/withdraw', {
    amount: 200,
    account: 'zhang@example.com',
    realName,
  })
  expect(first.balance).toBe(150)
  const second = await inviter.ok<Withdrawn>('POST', '/api/open/redPacket/withdraw', {
    amount: 100,
    account: 'zhang-backup@example.com',
    realName,
  })
  expect(second.balance).toBe(50)
  const short = await inviter.raw('POST', '/api/open/redPacket/withdraw', {
    amount: 100,
    account: 'zhang@example.com',
    realName,
  })
  expect([short.status, short.envelope.msg]).toEqual([409, '余额不足'])

  // 提现记录: approve the first (confirmed), refuse the second with a reason.
  await openTab(page, '提现记录')
  const approveRow = rowOf(page, 'zhang@example.com')
  await expect(approveRow).toContainText('待审核')
  await approveRow.getByRole('button', { name: /通\s*过/ }).click()
  await button(page.locator('.ant-modal-confirm:visible'), '确定').click()
  await expectToast(page, '通过成功')
  const refuseRow = rowOf(page, 'zhang-backup@example.com')
  await refuseRow.getByRole('button', { name: /拒\s*绝/ }).click()
  const refuse = page.getByRole('dialog').filter({ hasText: '拒绝原因' })
  await button(refuse, '确定').click()
  await expect(refuse).toContainText('拒绝原因')
  await refuse.getByLabel('拒绝原因').fill('收款账号与姓名不符')
  await button(refuse, '确定').click()
  await expectToast(page, '拒绝成功')
  await expect(rowOf(page, 'zhang@example.com')).toHaveCount(0)
  await page.getByRole('tab', { name: /已通过/ }).click()
  await expect(rowOf(page, 'zhang@example.com')).toContainText('已通过')
  // The embedded list's tab is in the URL under its name: a reload shows the same rows.
  await expect(page).toHaveURL(/type=withdraw.*redPacketWithdrawal\.type=approved/)
  await page.reload()
  await expect(page.getByRole('tab', { name: /已通过/ })).toHaveAttribute('aria-selected', 'true')
  await expect(rowOf(page, 'zhang@example.com')).toContainText('已通过')
  // The payout adapter's number is kept (the local adapter's names the request).
  await expect(rowOf(page, 'zhang@example.com')).toContainText(/local-rpw-\d+/)
  await page.getByRole('tab', { name: /已拒绝/ }).click()
  await expect(rowOf(page, 'zhang-backup@example.com')).toContainText('收款账号与姓名不符')

  // 导出 of the tab: the refused request, its amount in 元 and the reason.
  const download = page.waitForEvent('download')
  await button(page, '导出').click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(await file.path())
  const sheet = wb.worksheets[0]!.getSheetValues()
    .slice(1)
    .map((r) => (r as unknown[]).slice(1).map((v) => String(v ?? '')))
  const header = sheet[0]!
  const refused = sheet.slice(1).filter((r) => r.includes('zhang-backup@example.com'))
  expect(refused).toHaveLength(1)
  const cell = (name: string) => refused[0]![header.indexOf(name)]
  expect([cell('提现金额'), cell('真实姓名'), cell('状态'), cell('拒绝原因')]).toEqual([
    '1.00',
    realName,
    '已拒绝',
    '收款账号与姓名不符',
  ])

  // The inviter's ledger (流水), from the refused request's row: five rows, each with its running balance; they add up
  // to the balance. (The 用户ID box opens the same drawer for any user.)
  await rowOf(page, 'zhang-backup@example.com').getByRole('button', { name: '流水' }).click()
  const ledger = page.getByRole('dialog', { name: /红包流水/ })
  await expect(ledger.getByTestId('ledger-balance')).toHaveText('1.50')
  await expect(ledger.getByTestId('ledger-sum')).toHaveText('+1.50')
  await expect(ledger).toContainText('账目相符：全部流水合计 1.50 元 = 当前余额 1.50 元')
  const rows = ledger.locator('.ant-table-tbody tr.ant-table-row')
  await expect(rows).toHaveCount(5)
  const deltas = await rows.locator('td:nth-child(3)').allTextContents()
  expect(deltas).toEqual(['+1.00', '-1.00', '-2.00', '+2.50', '+1.00'])
  const balances = await rows.locator('td:nth-child(4)').allTextContents()
  expect(balances).toEqual(['1.50', '0.50', '1.50', '3.50', '1.00'])
  await expect(rows.first()).toContainText('提现退回')
  await expect(rows.first()).toContainText('收款账号与姓名不符')

  // The app sees the same: balance 1.50 元, the refund on top, the requests decided.
  const end = await inviter.ok<Wallet>('GET', '/api/open/redPacket/wallet')
  expect(end.balance).toBe(150)
  expect(end.items.reduce((s, r) => s + r.delta, 0)).toBe(150)
  const mine = await inviter.ok<{ items: { state: string; reason: string }[] }>(
    'GET',
    '/api/open/redPacket/withdrawals',
  )
  expect(mine.items.map((w) => [w.state, w.reason])).toEqual([
    ['rejected', '收款账号与姓名不符'],
    ['approved', ''],
  ])
})
