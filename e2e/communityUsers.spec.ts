import ExcelJS from 'exceljs'
import { AppClient } from './appClient.ts'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button } from './organisationHelpers.ts'
import { sealedCall } from './sealedApi.ts'

// The machine is shared: states are awaited with room to spare, toasts (1 s) are read from the page's record.
const expect = baseExpect.configure({ timeout: 20_000 })

/** Phone numbers no earlier run used: the time's last digits and an index. */
const stamp = String(Date.now()).slice(-7)
const phoneOf = (i: number) => `137${stamp}${i}`

test('用户与增长: a user locked for 1 day with a reason; invitation codes generated, exported and used; a portrait counts its users', async ({
  page,
  request,
}, info) => {
  test.setTimeout(240_000)
  await signInAsAdmin(page)
  // App users sign up as the app does (decision 0041); two of them live in a region no other run uses.
  const region = unique('测试市')
  const [bad, ...locals] = await Promise.all([0, 1, 2].map((i) => AppClient.signUp(request, phoneOf(i))))
  for (const u of locals) await u.updateProfile({ region })
  const badName = bad!.user!.nickname

  // 锁定 from /users: a reason and a duration; the app then refuses the user with them.
  await page.goto('/users')
  await page.getByLabel('手机号', { exact: true }).fill(phoneOf(0))
  await button(page, '搜索').click()
  const row = page.getByRole('row').filter({ hasText: badName })
  await row.getByRole('button', { name: '锁定', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `锁定「${badName}」` })
  await button(dialog, '确定').click()
  await expect(dialog.getByText('请输入锁定原因')).toBeVisible()
  await dialog.getByLabel('锁定原因').fill('发布违规广告')
  await expect(dialog.getByLabel('锁定时长')).toBeVisible()
  await expect(dialog.getByText('1天', { exact: true })).toBeVisible()
  await button(dialog, '确定').click()
  await expectToast(page, '锁定成功')
  await expect(row.getByText('已锁定')).toBeVisible()
  await expect(bad!.profile()).rejects.toThrow(/账号已被锁定，原因：发布违规广告，解锁时间：/)

  // The lock on /userDetail: state, reason, end (a day from now) and who set it.
  await row.getByRole('button', { name: /编\s*辑/ }).click()
  await expect(page).toHaveURL(/\/userDetail\?id=\d+$/)
  const status = page.getByLabel('账号状态')
  await expect(status.getByText('已锁定')).toBeVisible()
  await expect(status.getByText('发布违规广告')).toBeVisible()
  await expect(status.getByText('admin')).toBeVisible()
  const tomorrow = new Date(Date.now() + 86_400_000)
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`
  await expect(status.getByText(new RegExp(`^${day} `))).toBeVisible()
  await expect(page.getByRole('button', { name: '解锁', exact: true })).toBeVisible()
  // User tags (/userTags) in the user's form: the list names them and finds the user by one.
  const tagName = unique('高风险')
  expect((await sealedCall(page, 'POST', '/api/userTag/add', { name: tagName })).code).toBe(0)
  const tags = page.getByRole('combobox', { name: '用户标签' })
  await tags.fill(tagName)
  await page.locator('.ant-select-dropdown:visible').getByTitle(tagName, { exact: true }).click()
  await page.keyboard.press('Escape')
  await button(page, '保存').click()
  await expectToast(page, '保存成功')
  await expect(page).toHaveURL(/\/users/)
  await page.goto('/users')
  const search = page.getByRole('combobox', { name: '用户标签' })
  await search.fill(tagName)
  await page.locator('.ant-select-dropdown:visible').getByTitle(tagName, { exact: true }).click()
  await button(page, '搜索').first().click()
  await expect(page.getByRole('row').filter({ hasText: tagName })).toHaveCount(1)
  // 注册时间: a range in the URL fills the picker and filters the list (today's sign-ups; none in 2020).
  const around = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString()
  await page.goto(
    `/users?startTime=${encodeURIComponent(around(-1))}&endTime=${encodeURIComponent(around(1))}`,
  )
  await expect(page.getByRole('row').filter({ hasText: tagName })).toHaveCount(1)
  await expect(page.getByPlaceholder('开始日期')).not.toHaveValue('')
  await page.goto('/users?startTime=2020-01-01T00%3A00%3A00.000Z&endTime=2020-01-02T00%3A00%3A00.000Z')
  await expect(page.getByText('暂无数据').first()).toBeVisible()

  // 批量生成 on /invitationCode: three codes with a prefix, one use each; exported; one used at sign-up.
  const prefix = `E${Date.now().toString(36).toUpperCase().slice(-6)}`
  await page.goto('/invitationCode')
  await button(page, '批量生成').click()
  const generate = page.getByRole('dialog', { name: '批量生成' })
  await generate.getByLabel('前缀').fill(prefix.toLowerCase())
  await button(generate, '确定').click()
  await expect(generate.getByText('前缀只能是 8 位以内的大写字母或数字')).toBeVisible()
  await generate.getByLabel('前缀').fill(prefix)
  await generate.getByLabel('生成数量').fill('3')
  await button(generate, '确定').click()
  await expectToast(page, '批量生成成功')
  await page.getByLabel('邀请码', { exact: true }).first().fill(prefix)
  await button(page, '搜索').first().click()
  const codeRows = page.getByRole('row').filter({ hasText: prefix })
  await expect(codeRows).toHaveCount(3)
  await expect(codeRows.first().getByText('可用', { exact: true })).toBeVisible()

  const download = page.waitForEvent('download')
  await button(page, '导出').click()
  const file = info.outputPath('invitation-codes.xlsx')
  await (await download).saveAs(file)
  await expectToast(page, '导出成功')
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(file)
  const sheet = wb.worksheets[0]!
  const header = (sheet.getRow(1).values as unknown[]).slice(1)
  const col = header.indexOf('邀请码') + 1
  const codes = (sheet.getSheetValues().slice(2) as unknown[][]).map((r) => String(r[col]))
  expect(codes).toHaveLength(3)
  for (const c of codes) expect(c).toMatch(new RegExp(`^${prefix}[A-Z2-9]{8}$`))

  const invited = await AppClient.signUp(request, phoneOf(3), { invitationCode: codes[0] })
  await page.reload()
  const used = page.getByRole('row').filter({ hasText: codes[0]! })
  await expect(used.first().getByText('已用完')).toBeVisible()
  const uses = page.getByRole('table', { name: '使用记录' })
  await expect(
    uses.getByRole('row').filter({ hasText: codes[0]! }).getByText(invited.user!.nickname),
  ).toBeVisible()

  // 用户画像: the count of users its rules match follows the rules as they are typed; the list shows it once saved.
  await page.goto('/portraits')
  await page.getByRole('button', { name: '新增用户画像' }).click()
  await expect(page).toHaveURL(/\/portraitDetail$/)
  const name = unique('测试画像')
  await page.getByLabel('画像名称').fill(name)
  const count = page.getByLabel('匹配用户数').locator('.ant-statistic-content-value')
  await page.getByLabel('地区', { exact: true }).fill(region)
  await expect(count).toHaveText('2')
  await page.getByLabel('近N天注册').fill('1')
  await expect(count).toHaveText('2')
  await page.getByLabel('最低等级').fill('2')
  await expect(count).toHaveText('0')
  await page.getByLabel('最低等级').fill('')
  await expect(count).toHaveText('2')
  await button(page, '保存').click()
  await expectToast(page, '保存成功')
  await expect(page).toHaveURL(/\/portraits/)
  await expect(
    page.getByRole('row').filter({ hasText: name }).getByRole('cell', { name: '2', exact: true }),
  ).toBeVisible()
})
