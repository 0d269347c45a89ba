import { AppCallError, AppClient } from './appClient.ts'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button } from './organisationHelpers.ts'
import { sealedCall } from './sealedApi.ts'

// The machine is shared: states are awaited with room to spare.
const expect = baseExpect.configure({ timeout: 20_000 })

/** Phone numbers no earlier run used: the time's last digits and an index. */
const stamp = String(Date.now()).slice(-7)
const phoneOf = (i: number) => `137${stamp}${i}`

test('投票活动: a vote with two modules made on screen, submitted and approved in /voteAudit; app users vote up to the daily limit, the next vote is refused, and /activeVotingDetail charts the counts', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000)
  await signInAsAdmin(page)

  // 新增投票活动 on /voteActivity opens /editVoteActivity; saved and submitted at once.
  const title = unique('最美社区评选')
  await page.goto('/voteActivity')
  await button(page, '新增投票活动').click()
  await expect(page).toHaveURL(/\/editVoteActivity$/)
  await page.getByLabel('活动标题').fill(title)
  await page.getByLabel('每人每日可投票数').fill('2')
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expectToast(page, '保存成功，已提交审核')
  const listed = await sealedCall(page, 'GET', `/api/vote/list?title=${encodeURIComponent(title)}`)
  const voteId = listed.data.items[0].id as number

  // Its screen: two modules through the module list's own form.
  await page.goto(`/activeVotingDetail?id=${voteId}`)
  await expect(page.getByText(`投票活动：${title}`)).toBeVisible()
  await expect(page.getByText('待审核', { exact: true }).first()).toBeVisible()
  for (const name of ['东区', '西区']) {
    await button(page, '新增投票模块').click()
    const drawer = page.getByRole('dialog', { name: '新增投票模块' })
    await drawer.getByRole('combobox', { name: '投票活动' }).fill(title)
    await page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true }).click()
    await drawer.getByLabel('模块名称').fill(name)
    await button(drawer, '保存').click()
    await expectToast(page, '保存成功')
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible()
  }
  // Options (the options list's form is the same engine's): one in each module.
  const modules = (await sealedCall(page, 'GET', `/api/voteModule/list?voteId=${voteId}&createdBy=`)).data
    .items as { id: number; name: string }[]
  expect(modules.map((m) => m.name).sort()).toEqual(['东区', '西区'])
  const options: Record<string, number> = {}
  for (const m of modules) {
    const option = `${m.name}花园`
    const added = await sealedCall(page, 'POST', '/api/voteOption/add', {
      voteId,
      moduleId: m.id,
      title: option,
    })
    expect(added.code, added.msg).toBe(0)
    options[option] = added.data.id
  }
  await page.getByRole('tab', { name: '投票选项' }).click()
  await expect(page.getByRole('row').filter({ hasText: '东区花园' })).toBeVisible()

  // Approved on /voteAudit (a queue deciding on its rows).
  await page.goto('/voteAudit')
  const row = page.getByRole('row').filter({ hasText: title })
  await row.getByRole('button', { name: /通\s*过/ }).click()
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定审核通过' })
    .getByRole('button', { name: /确\s*定/ })
    .click()
  await expectToast(page, '审核通过')

  // App users vote: two each a day; the third is refused with the message.
  const [first, second] = await Promise.all([0, 1].map((i) => AppClient.signUp(request, phoneOf(i))))
  const open = await first!.ok<{ modules: { name: string; options: { id: number; title: string }[] }[] }>(
    'GET',
    `/api/open/vote/detail?id=${voteId}`,
  )
  expect(open.modules.map((m) => m.name)).toEqual(['东区', '西区'])
  const cast = (app: AppClient, option: string) =>
    app.ok<{ today: number }>('POST', '/api/open/vote/cast', { optionId: options[option] })
  expect((await cast(first!, '东区花园')).today).toBe(1)
  expect((await cast(first!, '东区花园')).today).toBe(2)
  const refused = await first!.raw('POST', '/api/open/vote/cast', { optionId: options['西区花园'] })
  expect([refused.status, refused.envelope.msg]).toEqual([409, '今日投票次数已用完'])
  await cast(second!, '东区花园')
  await cast(second!, '西区花园')
  await expect(cast(second!, '西区花园')).rejects.toThrow(AppCallError)

  // The results chart: 东区花园 3 votes, 西区花园 1.
  await page.goto(`/activeVotingDetail?id=${voteId}`)
  const chart = page.getByRole('figure', { name: '投票结果图' })
  await expect(chart.locator('[data-option="东区花园"]')).toContainText('3 票')
  await expect(chart.locator('[data-option="西区花园"]')).toContainText('1 票')
  await expect(page.getByText('总票数 4，投票人数 2')).toBeVisible()
  const download = page.waitForEvent('download')
  await button(page, '导出').click()
  expect((await download).suggestedFilename()).toMatch(/投票结果.*\.xlsx$/)
})
