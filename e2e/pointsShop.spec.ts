import { AppClient } from './appClient.ts'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button } from './organisationHelpers.ts'

// The machine is shared: states are awaited with room to spare.
const expect = baseExpect.configure({ timeout: 20_000 })

const stamp = String(Date.now()).slice(-7)
const phoneOf = (i: number) => `135${stamp}${i}`

type OpenShop = {
  entrance: { name: string; icon: string; link: string } | null
  points: number
  items: { id: number; name: string; left: number; mine: number }[]
}

test('积分商城: the entrance shown with its link and seen by the app; a goods item (50 积分, 库存 2) added; an app user given points (积分调整) redeems it through the app API; the record shipped (发货); 已兑换 1; a user without points refused', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  await signInAsAdmin(page)
  const buyer = await AppClient.signUp(request, phoneOf(0))
  const nickname = unique('积分买家')
  await buyer.updateProfile({ nickname })

  // 入口设置: shown, named, linking to the app's own shop page; the app sees it.
  await page.goto('/ScoreShopEntrance')
  const entrance = page.getByRole('form', { name: '积分商城入口设置' })
  const shown = entrance.getByRole('switch', { name: '是否显示' })
  await expect(shown).toBeEnabled()
  if ((await shown.getAttribute('aria-checked')) !== 'true') await shown.click()
  await expect(shown).toHaveAttribute('aria-checked', 'true')
  const name = `积分好礼${stamp.slice(-3)}`
  await entrance.getByLabel('入口名称').fill(name)
  await entrance.getByLabel('跳转链接').fill('')
  await button(entrance, '保存').click()
  await expect(entrance.getByText('显示入口时请填写跳转链接')).toBeVisible()
  await entrance.getByLabel('跳转链接').fill('/shop')
  await button(entrance, '保存').click()
  await expectToast(page, '保存成功')
  const shop = await buyer.ok<OpenShop>('GET', '/api/open/shop')
  expect(shop.entrance).toEqual({ name, icon: '', link: '/shop' })

  // 兑换商品: a goods item costing 50 with a stock of 2.
  await page.getByRole('tab', { name: '兑换商品' }).click()
  await expect(page).toHaveURL(/panel=items/)
  const item = unique('纪念保温杯')
  await button(page, '新增兑换商品').click()
  const form = page.getByRole('dialog').filter({ hasText: '新增兑换商品' })
  await form.getByLabel('商品名称').fill(item)
  await form.getByLabel('所需积分').fill('50')
  await form.getByLabel('库存').fill('2')
  await button(form, '保存').click()
  await expectToast(page, '保存成功')
  // The list the item was added from stays on screen, the new row highlighted.
  await expect(page).toHaveURL(/highlight=/)
  await expect(page).toHaveURL(/panel=items/)
  const itemRow = page.getByRole('row').filter({ hasText: item })
  await expect(itemRow).toHaveCount(1)
  const listed = (await buyer.ok<OpenShop>('GET', '/api/open/shop')).items.find((i) => i.name === item)!
  expect(listed).toMatchObject({ left: 2, mine: 0 })

  // 兑换记录 → 积分调整: the buyer gets 60 points with a reason.
  await page.getByRole('tab', { name: '兑换记录' }).click()
  await button(page, '积分调整').click()
  const adjust = page.getByRole('dialog').filter({ hasText: '调整原因' })
  await adjust.getByLabel('用户').click()
  await page.keyboard.type(nickname)
  await page.locator('.ant-select-dropdown:visible').getByTitle(nickname).click()
  await adjust.getByLabel('调整积分').fill('60')
  await adjust.getByLabel('调整原因').fill('活动奖励')
  await button(adjust, '确定').click()
  await expectToast(page, '积分调整成功')
  const points = await buyer.ok<{ points: number; items: { delta: number; sourceLabel: string }[] }>(
    'GET',
    '/api/open/points',
  )
  expect(points.points).toBe(60)
  expect(points.items[0]).toMatchObject({ delta: 60, sourceLabel: '运营发放' })

  // The buyer redeems through the app API.
  const redeemed = await buyer.ok<{ orderId: number; balance: number }>('POST', '/api/open/shop/redeem', {
    itemId: listed.id,
    remark: '张三 13800000000 杭州市',
  })
  expect(redeemed.balance).toBe(10)

  // The record shows on 兑换记录, 待发货; 发货 with the carrier's number.
  await page.reload()
  const orderRow = page.getByRole('row').filter({ hasText: item })
  await expect(orderRow).toHaveCount(1)
  await expect(orderRow.getByText('待发货')).toBeVisible()
  await expect(orderRow.getByText(nickname)).toBeVisible()
  await orderRow.getByRole('button', { name: '发货', exact: true }).click()
  const ship = page.getByRole('dialog').filter({ hasText: '物流信息' })
  await ship.getByLabel('物流信息').fill('顺丰 SF1234567890')
  await button(ship, '确定').click()
  await expectToast(page, '发货成功')
  await expect(orderRow.getByText('已发货').first()).toBeVisible()
  await expect(orderRow.getByText('物流：顺丰 SF1234567890')).toBeVisible()
  const mine = await buyer.ok<{ items: { state: string }[] }>('GET', '/api/open/shop/orders')
  expect(mine.items[0]!.state).toBe('shipped')

  // The item's 已兑换 is 1.
  await page.getByRole('tab', { name: '兑换商品' }).click()
  const redeemedCell = page.getByRole('row').filter({ hasText: item })
  await expect(redeemedCell).toHaveCount(1)
  const header = await page.getByRole('columnheader').allInnerTexts()
  const col = header.findIndex((h) => h.trim() === '已兑换')
  expect(col).toBeGreaterThan(-1)
  await expect(redeemedCell.getByRole('cell').nth(col)).toHaveText('1')

  // A user without enough points is refused; nothing changes.
  const poor = await AppClient.signUp(request, phoneOf(1))
  const refused = await poor.raw('POST', '/api/open/shop/redeem', { itemId: listed.id })
  expect([refused.status, refused.envelope.msg]).toEqual([409, '积分不足'])
  const after = (await buyer.ok<OpenShop>('GET', '/api/open/shop')).items.find((i) => i.id === listed.id)!
  expect(after).toMatchObject({ left: 1, mine: 1 })
})
