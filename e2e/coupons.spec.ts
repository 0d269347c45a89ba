import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { AppClient } from './appClient.ts'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button, confirmPopconfirm } from './organisationHelpers.ts'
import { sealedCall } from './sealedApi.ts'

// The machine is shared: states are awaited with room to spare.
const expect = baseExpect.configure({ timeout: 20_000 })

/** Phone numbers no earlier run used: the time's last digits and an index. */
const stamp = String(Date.now()).slice(-7)
const phoneOf = (i: number) => `135${stamp}${i}`

/** A time as the picker shows it (the browser's local time, as this machine's). */
const local = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
}

/** Types a value into a searching select and picks the option whose text starts with it. */
async function pickSearched(page: Page, scope: ReturnType<Page['getByRole']>, label: string, text: string) {
  const box = scope.getByRole('combobox', { name: label })
  await box.click()
  await box.fill(text)
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
  await option.first().click()
}

test('优惠券: a coupon of 10 made on /couponDetail, sent to a portrait of 3 app users, the send exported and matching; one user redeems in the app, the operator writes off another’s code once and the second write-off is refused; the coupon goes offline and sending it is refused', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000)
  await signInAsAdmin(page)

  // Three app users in a region no other run uses, and a portrait selecting exactly them.
  const region = unique('券城')
  const users = await Promise.all([1, 2, 3].map((i) => AppClient.signUp(request, phoneOf(i))))
  for (const u of users) await u.updateProfile({ region })
  const portraitName = unique('领券画像')
  const madePortrait = await sealedCall(page, 'POST', '/api/portrait/add', {
    name: portraitName,
    regions: region,
  })
  expect(madePortrait.code, madePortrait.msg).toBe(0)

  // /coupons → 新增优惠券 → /couponDetail: a 代金券 of ¥20 off, stock 10, for a week.
  const name = unique('满百减廿')
  await page.goto('/coupons')
  await button(page, '新增优惠券').click()
  await expect(page).toHaveURL(/\/couponDetail$/)
  await page.getByLabel('名称').fill(name)
  await page.getByLabel('面额').fill('20')
  await page.getByLabel('使用门槛').fill('100')
  await page.getByLabel('库存').fill('10')
  const end = page.getByLabel('结束时间', { exact: true })
  const endText = local(new Date(Date.now() + 7 * 86_400_000))
  await end.click()
  await end.fill(endText)
  await button(page.locator('.ant-picker-dropdown:visible'), '确定').click()
  await expect(end).toHaveValue(endText)
  await button(page, '保存').click()
  await expectToast(page, '保存成功')
  await expect(page).toHaveURL(/\/coupons/)
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row.getByText('满100.00元减20.00元')).toBeVisible()
  await expect(row.getByText('进行中')).toBeVisible()
  const listed = await sealedCall(page, 'GET', `/api/coupon/list?name=${encodeURIComponent(name)}`)
  const couponId = listed.data.items[0].id as number
  expect(listed.data.items[0]).toMatchObject({ stock: 10, value: 2000, threshold: 10000, issued: 0 })

  // /couponDetail shows it again for editing, with its counts read-only.
  await page.goto(`/couponDetail?id=${couponId}`)
  await expect(page.getByLabel('名称')).toHaveValue(name)
  await expect(page.getByLabel('库存')).toHaveValue('10')

  // /sendCoupons: 发放 to the portrait, confirmed.
  await page.goto('/sendCoupons')
  await button(page, '发放优惠券').click()
  const dialog = page.getByRole('dialog', { name: '发放优惠券' })
  await pickSearched(page, dialog, '优惠券', name)
  await dialog.getByRole('radio', { name: '用户画像' }).check()
  await pickSearched(page, dialog, '用户画像', portraitName)
  await dialog.getByLabel('备注').fill('画像发放')
  await button(dialog, '发放').click()
  const confirm = page.getByRole('dialog', { name: '确认发放' })
  await button(confirm, '发放').click()
  await expectToast(page, '已发放 3 张')
  const sendRow = page.getByRole('row').filter({ hasText: name }).filter({ hasText: '画像发放' })
  await expect(sendRow.getByRole('cell', { name: '3', exact: true })).toBeVisible()
  await expect(sendRow.getByText(portraitName)).toBeVisible()

  // 查看名单: the three users and their codes.
  await button(sendRow, '查看名单').click()
  const names = page.getByRole('table', { name: '发放名单' })
  for (const u of users) await expect(names.getByRole('row').filter({ hasText: u.user!.phone })).toBeVisible()
  await page.keyboard.press('Escape')

  // 导出: the .xlsx lists the same three users with the codes they hold.
  const download = page.waitForEvent('download')
  await button(sendRow, '导出').click()
  const file = info.outputPath('coupon-send.xlsx')
  await (await download).saveAs(file)
  await expectToast(page, '导出成功')
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(file)
  const sheet = wb.worksheets[0]!
  const header = (sheet.getRow(1).values as unknown[]).slice(1)
  expect(header).toEqual(['用户ID', '昵称', '手机号', '优惠券', '券码', '状态', '领取时间', '核销时间'])
  const exported = (sheet.getSheetValues().slice(2) as unknown[][]).map((r) => ({
    userId: Number(r[1]),
    phone: String(r[3]),
    coupon: String(r[4]),
    code: String(r[5]),
    state: String(r[6]),
  }))
  expect(exported).toHaveLength(3)
  const held = await Promise.all(
    users.map(async (u) => {
      const mine = await u.ok<{ items: { code: string; couponId: number; state: string }[] }>(
        'GET',
        '/api/open/coupon/mine',
      )
      const item = mine.items.find((c) => c.couponId === couponId)!
      return { userId: u.user!.id, phone: u.user!.phone, code: item.code }
    }),
  )
  expect(
    exported.map(({ userId, phone, code }) => ({ userId, phone, code })).sort((a, b) => a.userId - b.userId),
  ).toEqual([...held].sort((a, b) => a.userId - b.userId))
  for (const r of exported) expect([r.coupon, r.state]).toEqual([name, '未使用'])

  // One user uses theirs in the app.
  const redeemed = await users[0]!.ok<{ code: string }>('POST', '/api/open/coupon/redeem', {
    code: held[0]!.code,
  })
  expect(redeemed.code).toBe(held[0]!.code)

  // /couponWriteOff: the operator looks up another user's code, writes it off after confirming.
  await page.goto('/couponWriteOff')
  const codeBox = page.getByLabel('券码', { exact: true })
  await codeBox.fill(held[1]!.code.toLowerCase())
  await codeBox.press('Enter')
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible()
  await expect(page.getByText('未使用', { exact: true })).toBeVisible()
  await page.getByLabel('核销备注').fill('一号门店')
  await button(page, '核销').click()
  const sure = page.getByRole('dialog', { name: '确认核销' })
  await button(sure, '核销').click()
  await expect(page.getByText(`核销成功：${name}（券码 ${held[1]!.code}）`)).toBeVisible()
  const log = page.getByRole('table', { name: '核销记录' })
  await expect(log.getByRole('row').filter({ hasText: held[1]!.code }).getByText('一号门店')).toBeVisible()
  await expect(
    log.getByRole('row').filter({ hasText: held[0]!.code }).getByText('App', { exact: true }),
  ).toBeVisible()

  // A second write-off of the same code is refused, saying when it was written off.
  await codeBox.fill(held[1]!.code)
  await codeBox.press('Enter')
  await expect(page.getByText(/^该券码已核销（核销时间 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d）$/)).toBeVisible()
  await expect(page.getByText('已使用', { exact: true })).toBeVisible()
  await expect(button(page, '核销')).toHaveCount(0)
  // …and so is the one the app user redeemed.
  const again = await sealedCall(page, 'POST', '/api/couponWriteOff/writeOff', { code: held[0]!.code })
  expect(again.msg).toMatch(/^该券码已核销（核销时间 /)

  // /coupons: 下线. Sending it now is refused, on screen.
  await page.goto('/coupons')
  const couponRow = page.getByRole('row').filter({ hasText: name })
  await button(couponRow, '下线').click()
  await confirmPopconfirm(page)
  await expectToast(page, '已下线')
  await expect(couponRow.getByText('已下线').first()).toBeVisible()

  await page.goto('/sendCoupons')
  await button(page, '发放优惠券').click()
  const second = page.getByRole('dialog', { name: '发放优惠券' })
  await pickSearched(page, second, '优惠券', name)
  await second.getByRole('radio', { name: '用户画像' }).check()
  await pickSearched(page, second, '用户画像', portraitName)
  await button(second, '发放').click()
  const confirmAgain = page.getByRole('dialog', { name: '确认发放' })
  await button(confirmAgain, '发放').click()
  await expect(second.getByText(`优惠券「${name}」已下线，不能发放`)).toBeVisible()
  const after = await sealedCall(page, 'GET', `/api/coupon/detail?id=${couponId}`)
  expect(after.data.fields).toMatchObject({ issued: 3, usedCount: 2 })
})
