import type { Locator, Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { AppClient } from './appClient.ts'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button } from './organisationHelpers.ts'
import { sealedCall } from './sealedApi.ts'

const expect = baseExpect.configure({ timeout: 20_000 })

const stamp = String(Date.now()).slice(-7)
const phoneOf = (i: number) => `134${stamp}${i}`

async function pickSearched(page: Page, scope: Locator, label: string, text: string) {
  const box = scope.getByRole('combobox', { name: label })
  await box.click()
  await box.fill(text)
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click()
}

/** 发放优惠券 → the dialog, its coupon chosen. */
async function openSend(page: Page, coupon: string) {
  await button(page, '发放优惠券').click()
  const dialog = page.getByRole('dialog', { name: '发放优惠券' })
  await pickSearched(page, dialog, '优惠券', coupon)
  return dialog
}

async function confirmSend(page: Page, dialog: Locator) {
  await button(dialog, '发放').click()
  await button(page.getByRole('dialog', { name: '确认发放' }), '发放').click()
}

test('优惠券发放: to chosen users and to an imported list (unknown rows named, a holder skipped), a send short of stock refused in the dialog; the app user claims and sees the codes; an unknown code is refused at the counter', async ({
  page,
  request,
}, info) => {
  test.setTimeout(150_000)
  await signInAsAdmin(page)
  const [first, second] = await Promise.all([1, 2].map((i) => AppClient.signUp(request, phoneOf(i))))
  const name = unique('八折券')
  const made = await sealedCall(page, 'POST', '/api/coupon/add', {
    name,
    kind: 'discount',
    discount: 80,
    threshold: 0,
    stock: 3,
    perUserLimit: 1,
    validType: 'days',
    validDays: 30,
    claimable: true,
  })
  expect(made.code, made.msg).toBe(0)

  // 指定用户: the first user, found by phone.
  await page.goto('/sendCoupons')
  let dialog = await openSend(page, name)
  await pickSearched(page, dialog, '用户', first!.user!.phone)
  await page.keyboard.press('Escape')
  await confirmSend(page, dialog)
  await expectToast(page, '已发放 1 张')
  await expect(page.getByRole('row').filter({ hasText: name }).getByText('指定用户')).toBeVisible()

  // 导入名单: the second user's phone, the first user's id (holds one: skipped), a phone of nobody (named).
  const file = info.outputPath('名单.xlsx')
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('名单')
  ws.addRows([['手机号或用户ID'], [second!.user!.phone], [String(first!.user!.id)], ['13000000000']])
  await wb.xlsx.writeFile(file)
  dialog = await openSend(page, name)
  await dialog.getByRole('radio', { name: '导入名单' }).check()
  await dialog.locator('input[type=file]').setInputFiles(file)
  await confirmSend(page, dialog)
  await expectToast(page, '已发放 1 张，跳过 2 人')
  const result = page.getByRole('dialog', { name: '发放结果' })
  await expect(result.getByText('以下 1 行不是 App 用户，未发放', { exact: false })).toBeVisible()
  await expect(
    result.getByRole('row').filter({ hasText: '13000000000' }).getByRole('cell', { name: '4' }),
  ).toBeVisible()
  await button(result, '知道了').click()
  await expect(page.getByRole('row').filter({ hasText: name }).getByText('导入名单')).toBeVisible()

  // One code left: a send to two users is short of stock, refused in the dialog; nothing is sent.
  const third = await AppClient.signUp(request, phoneOf(3))
  const fourth = await AppClient.signUp(request, phoneOf(4))
  dialog = await openSend(page, name)
  await pickSearched(page, dialog, '用户', third.user!.phone)
  await pickSearched(page, dialog, '用户', fourth.user!.phone)
  await page.keyboard.press('Escape')
  await confirmSend(page, dialog)
  await expect(dialog.getByText('优惠券库存不足：剩余 1 张，需发放 2 张')).toBeVisible()
  await button(dialog, '取消').click()

  // The app: the last one claimed in the coupon centre; the next claim finds none left.
  const centre = await third.ok<{ items: { id: number; name: string; benefit: string }[] }>(
    'GET',
    '/api/open/coupon/list',
  )
  const offered = centre.items.find((c) => c.name === name)!
  expect(offered.benefit).toBe('无门槛8折')
  const claimed = await third.ok<{ code: string; state: string }>('POST', '/api/open/coupon/claim', {
    couponId: offered.id,
  })
  expect(claimed.state).toBe('unused')
  const none = await fourth.raw('POST', '/api/open/coupon/claim', { couponId: offered.id })
  expect([none.status, none.envelope.msg]).toEqual([409, '优惠券库存不足，已领完'])
  const mine = await second!.ok<{ items: { name: string; state: string }[] }>('GET', '/api/open/coupon/mine')
  expect(mine.items.find((c) => c.name === name)?.state).toBe('unused')

  // The counter: an unknown code says so.
  await page.goto('/couponWriteOff')
  const box = page.getByLabel('券码', { exact: true })
  await box.fill('ZZZZ ZZZZ ZZZZ')
  await box.press('Enter')
  await expect(page.getByText('券码不存在', { exact: true })).toBeVisible()
  // …and the claimed one is found, with its holder.
  await box.fill(claimed.code)
  await box.press('Enter')
  await expect(page.getByText(`${third.user!.nickname}（ID ${third.user!.id}）`)).toBeVisible()
  await expect(button(page, '核销')).toBeVisible()
})
