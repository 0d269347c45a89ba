import { AppClient } from './appClient.ts'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button } from './organisationHelpers.ts'
import { sealedCall } from './sealedApi.ts'
import { closeImageEditor, png } from './uploadHelpers.ts'

// The machine is shared: states are awaited with room to spare.
const expect = baseExpect.configure({ timeout: 20_000 })

/** Phone numbers no earlier run used: the time's last digits and an index. */
const stamp = String(Date.now()).slice(-7)
const phoneOf = (i: number) => `135${stamp}${i}`

type Page = Parameters<Parameters<typeof test>[2]>[0]['page']

/** Uploads the picture of the form on screen (the engine's image field, its editor closed). */
async function uploadPicture(page: Page, name: string) {
  await page
    .getByLabel('选择文件')
    .setInputFiles({ name, mimeType: 'image/png', buffer: png(200, 200, true) })
  await expectToast(page, '上传成功')
  await closeImageEditor(page)
}

/** Moves the server's test clock (MOC_TEST_CLOCK, super administrator): the app's day for sign-ins and tasks. */
async function moveClock(page: Page, days: number) {
  const moved = await sealedCall(page, 'POST', '/api/test/clock', { days })
  expect(moved.code, moved.msg).toBe(0)
}

test('签到: a 3-day streak rule with bonus points and a medal, set up on /taskManage and /taskMedal; an app user signs in on three simulated days and is paid the bonus once, shown on /userDetail; a 4th day pays no bonus', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  await signInAsAdmin(page)

  // 勋章 on /taskMedal: the engine's list and form (/taskMedalDetail).
  const medalName = unique('坚持三天')
  await page.goto('/taskMedal')
  await button(page, '新增勋章').click()
  await expect(page).toHaveURL(/\/taskMedalDetail$/)
  await page.getByLabel('名称').fill(medalName)
  await uploadPicture(page, 'medal.png')
  await page.getByLabel('说明').fill('连续签到三天获得')
  await button(page, '保存').click()
  await expectToast(page, '保存成功')
  await page.goto('/taskMedal')
  await expect(page.getByRole('row').filter({ hasText: medalName })).toBeVisible()

  // 签到设置 on /taskManage: 5 points a day, and a 3-day streak paying 20 and the medal.
  await page.goto('/taskManage')
  await page.getByRole('tab', { name: '签到设置' }).click()
  await expect(page).toHaveURL(/type=signin/)
  await page.getByLabel('每日签到积分').fill('5')
  await button(page, '保存签到设置').click()
  await expectToast(page, '签到设置已保存')
  await expect(page.getByText('签到已开启')).toBeVisible()
  // A retry on the same server finds the 3-day rule of the first try: it goes first.
  const old = (await sealedCall(page, 'GET', '/api/signinRule/list?days=3')).data.items as {
    id: number
    days: number
  }[]
  const stale = old.filter((r) => r.days === 3).map((r) => r.id)
  if (stale.length)
    expect((await sealedCall(page, 'POST', '/api/signinRule/delete', { ids: stale })).code).toBe(0)
  await page.reload()
  await button(page, '新增连续签到奖励').click()
  const drawer = page.getByRole('dialog', { name: '新增连续签到奖励' })
  await drawer.getByLabel('连续签到天数').fill('3')
  await drawer.getByLabel('奖励积分').fill('20')
  await drawer.getByRole('combobox', { name: '奖励勋章' }).fill(medalName)
  await page.locator('.ant-select-dropdown:visible').getByTitle(medalName, { exact: true }).click()
  await drawer.getByLabel('备注').fill('连续签到三天奖励')
  await button(drawer, '保存').click()
  await expectToast(page, '保存成功')
  const ruleRow = page.getByRole('row').filter({ hasText: '连续签到三天奖励' })
  await expect(ruleRow.getByText(medalName)).toBeVisible()

  // The app user signs in on day 1; the clock moves a day; day 2; day 3 pays the bonus and the medal.
  const user = await AppClient.signUp(request, phoneOf(0))
  const userId = user.user!.id
  type Signed = { streak: number; points: number; bonus: number; awards: { name: string }[] }
  const days: Signed[] = []
  let moved = 0
  try {
    for (const n of [1, 2, 3, 4]) {
      if (n > 1) {
        await moveClock(page, 1)
        moved++
      }
      days.push(await user.ok<Signed>('POST', '/api/open/signin'))
    }
    // A second sign-in the same day is refused.
    const again = await user.raw('POST', '/api/open/signin')
    expect(again.envelope.msg).toBe('今天已签到')
  } finally {
    if (moved) await moveClock(page, -moved)
  }
  expect(days.map((d) => d.streak)).toEqual([1, 2, 3, 4])
  expect(days.map((d) => d.bonus)).toEqual([0, 0, 20, 0])
  expect(days[2]!.awards.map((a) => a.name)).toEqual([medalName])

  // /userDetail: the medal, and the points history with exactly one 连续签到奖励 row.
  await page.goto(`/userDetail?id=${userId}`)
  const awards = page.getByRole('list', { name: '勋章与头像框' })
  await expect(awards.getByText(medalName)).toBeVisible()
  const history = page.getByRole('table', { name: '积分记录' })
  await expect(history.getByRole('row').filter({ hasText: '签到' })).toHaveCount(5)
  const bonus = history.getByRole('row').filter({ hasText: '连续签到奖励' })
  await expect(bonus).toHaveCount(1)
  await expect(bonus.getByText('+20')).toBeVisible()
  await expect(page.getByText('当前积分 40')).toBeVisible()
})

test('任务管理, 任务排序, /taskDetail and 头像框: a task made and taken offline, the order changed by 上移, a frame granted on /taskAvatarDetail and worn, shown on /userDetail', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  await signInAsAdmin(page)

  // 任务列表: 新增任务 opens /taskDetail; saved, it is listed; 下线 takes it out of the app.
  const first = unique('阅读文章')
  const second = unique('分享好友')
  await page.goto('/taskManage')
  await button(page, '新增任务').click()
  await expect(page).toHaveURL(/\/taskDetail$/)
  await page.getByLabel('任务名称').fill(first)
  await page.getByLabel('说明').fill('阅读两篇文章')
  await page.getByLabel('需完成次数').fill('2')
  await page.getByLabel('奖励积分').fill('8')
  await button(page, '保存').click()
  await expectToast(page, '保存成功')
  await expect(page).toHaveURL(/\/taskManage/)
  const row = page.getByRole('row').filter({ hasText: first })
  await expect(row.getByText('每日任务')).toBeVisible()
  await expect(row.getByRole('cell', { name: '阅读', exact: true })).toBeVisible()
  const added = await sealedCall(page, 'POST', '/api/task/add', {
    name: second,
    action: 'share',
    period: 'once',
    target: 1,
    points: 3,
  })
  expect(added.code, added.msg).toBe(0)

  // The app sees both tasks; 下线 the second and it is gone.
  const user = await AppClient.signUp(request, phoneOf(1))
  const names = async () =>
    (await user.ok<{ items: { name: string }[] }>('GET', '/api/open/tasks')).items.map((i) => i.name)
  expect(await names()).toEqual(expect.arrayContaining([first, second]))
  await page.reload()
  const secondRow = page.getByRole('row').filter({ hasText: second })
  await secondRow.getByRole('button', { name: '下线' }).click()
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click()
  await expectToast(page, '已下线')
  await expect(secondRow.getByText('下线', { exact: true })).toBeVisible()
  expect(await names()).not.toContain(second)

  // 任务排序: every task in the app's order; 上移 puts the second before the first.
  await page.getByRole('tab', { name: '任务排序' }).click()
  const table = page.getByRole('table', { name: '任务排序' })
  await expect(table.getByText(second)).toBeVisible()
  const order = async () =>
    ((await sealedCall(page, 'GET', '/api/task/list?pageSize=100')).data.items as { name: string }[]).map(
      (i) => i.name,
    )
  expect((await order()).indexOf(second)).toBeGreaterThan((await order()).indexOf(first))
  await table.getByRole('button', { name: `上移「${second}」` }).click()
  await expectToast(page, '排序成功')
  await expect
    .poll(async () => (await order()).indexOf(second) === (await order()).indexOf(first) - 1)
    .toBe(true)

  // 头像框 on /taskAvatar; 发放 on its detail to the app user, who wears it; /userDetail shows it worn.
  const frameName = unique('春节头像框')
  await page.goto('/taskAvatar')
  await button(page, '新增头像框').click()
  await expect(page).toHaveURL(/\/taskAvatarDetail$/)
  await page.getByLabel('名称').fill(frameName)
  await uploadPicture(page, 'frame.png')
  await button(page, '保存').click()
  await expectToast(page, '保存成功')
  const frames = (
    await sealedCall(page, 'GET', `/api/avatarFrame/list?name=${encodeURIComponent(frameName)}`)
  ).data.items as { id: number }[]
  const frameId = frames[0]!.id
  await page.goto(`/taskAvatarDetail?id=${frameId}`)
  const holders = page.locator('.ant-card').filter({ hasText: '获得用户' })
  await expect(holders.getByText('暂无数据')).toBeVisible()
  await button(holders, '发放').click()
  const dialog = page.getByRole('dialog', { name: `发放「${frameName}」` })
  const nickname = user.user!.nickname
  await dialog.getByRole('combobox', { name: '发放用户' }).fill(nickname)
  await page.locator('.ant-select-dropdown:visible').getByTitle(nickname, { exact: true }).click()
  await dialog.getByLabel('发放原因').fill('春节活动奖励')
  await button(dialog, '确定').click()
  await expectToast(page, '发放成功')
  const holderRow = page
    .getByRole('table', { name: '获得用户' })
    .getByRole('row')
    .filter({ hasText: nickname })
  await expect(holderRow.getByText('运营发放')).toBeVisible()
  await expect(holderRow.getByText('春节活动奖励')).toBeVisible()

  const worn = await user.ok<{ wornFrameId: number }>('POST', '/api/open/avatarFrame/wear', {
    awardId: frameId,
  })
  expect(worn.wornFrameId).toBe(frameId)
  await page.goto(`/userDetail?id=${user.user!.id}`)
  const mine = page
    .getByRole('list', { name: '勋章与头像框' })
    .getByRole('listitem')
    .filter({ hasText: frameName })
  await expect(mine.getByText('佩戴中')).toBeVisible()
  await expect(mine.getByText(/运营发放（admin）：春节活动奖励/)).toBeVisible()

  // 发放勋章 from /userDetail: one medal, a reason; it joins the user's list.
  const medalName = unique('优秀评论')
  const madeMedal = await sealedCall(page, 'POST', '/api/medal/add', {
    name: medalName,
    image: '/favicon.ico',
    rule: 'manual',
  })
  expect(madeMedal.code, madeMedal.msg).toBe(0)
  await button(page, '发放勋章').click()
  const grantDialog = page.getByRole('dialog', { name: '发放勋章' })
  await grantDialog.getByRole('combobox', { name: '勋章' }).fill(medalName)
  await page.locator('.ant-select-dropdown:visible').getByTitle(medalName, { exact: true }).click()
  await grantDialog.getByLabel('发放原因').fill('评论质量高')
  await button(grantDialog, '确定发放').click()
  await expectToast(page, '发放成功')
  const granted = page
    .getByRole('list', { name: '勋章与头像框' })
    .getByRole('listitem')
    .filter({ hasText: medalName })
  await expect(granted.getByText(/运营发放（admin）：评论质量高/)).toBeVisible()
})
