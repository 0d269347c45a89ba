import ExcelJS from 'exceljs'
import { expect, expectToast, signIn, signInAsAdmin, test, unique } from './fixtures.ts'
import { sealedCall } from './sealedApi.ts'

test('操作日志: a change made in the console is listed, filters narrow it, and it exports to Excel', async ({
  page,
}) => {
  // A failed sign-in under a made-up name, and a change saved on 运营配置.
  const stranger = unique('nobody')
  await signIn(page, stranger, 'Wrong#2026x')
  await expect(page.getByText('用户名或密码错误')).toBeVisible()
  await signInAsAdmin(page)
  await page.goto('/configure?type=cancel')
  const marker = unique('注销说明')
  await page.getByLabel('注销协议内容').fill(marker)
  await page.getByRole('button', { name: /^保\s*存$/ }).click()
  await expectToast(page, '保存成功')

  await page.goto('/systemlog')
  const table = page.getByRole('table')
  const saveRow = table.getByRole('row').filter({ hasText: '注销协议（cancel）' }).first()
  await expect(saveRow).toContainText('修改运营配置')
  await expect(saveRow).toContainText('系统-运营配置')
  await expect(saveRow).toContainText('成功')

  // Narrow to 系统-运营配置 · 修改运营配置 · 成功 by admin: the save is there and sign-ins are not.
  const search = page.getByRole('button', { name: /搜\s*索/ })
  await page.getByLabel('操作人').fill('admin')
  await page.getByRole('combobox', { name: /^页面/ }).click()
  await page.keyboard.type('系统-运营配置')
  await page.keyboard.press('Enter')
  await page.getByLabel('操作', { exact: true }).fill('修改运营配置')
  await page.getByLabel('结果').click()
  await page.getByTitle('成功', { exact: true }).click()
  await search.click()
  await expect(saveRow).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: '登录' })).toHaveCount(0)
  const listed = await table.getByRole('row').filter({ hasText: '修改运营配置' }).count()
  expect(listed).toBeGreaterThan(0)

  // A time range before today leaves nothing.
  const range = page.getByPlaceholder('开始时间')
  await range.click()
  await range.fill('2021-01-01 00:00:00')
  await page.getByPlaceholder('结束时间').fill('2021-01-02 00:00:00')
  await page.keyboard.press('Enter')
  await search.click()
  await expect(table.getByText('暂无数据')).toBeVisible()

  // The failed sign-in shows under its name with the reason. The name typed right after 重置 is what is searched
  // (重置 clearing the URL does not clear the field a second time).
  await page.getByRole('button', { name: /重\s*置/ }).click()
  await page.getByLabel('操作人').fill(stranger)
  await search.click()
  await expect(page).toHaveURL(new RegExp(`/systemlog\\?actor=${stranger}$`))
  await expect(page.getByLabel('操作人')).toHaveValue(stranger)
  const failRow = table.getByRole('row').filter({ hasText: stranger })
  await expect(failRow).toHaveCount(1)
  await expect(failRow).toContainText('登录')
  await expect(failRow).toContainText('失败')
  await expect(failRow).toContainText('用户名或密码错误')

  // Export what the filters select: an .xlsx with that row.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: /导\s*出/ }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^操作日志-\d{14}\.xlsx$/)
  // The toast stays 1 s: read from the page's toast record, not looked for after the download.
  await expectToast(page, '导出成功，共 1 条')
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(await file.path())
  const sheet = wb.getWorksheet('操作日志')!
  expect(sheet.getRow(1).getCell(1).value).toBe('时间')
  expect(sheet.actualRowCount).toBe(2)
  const row = sheet.getRow(2)
  expect([row.getCell(2).value, row.getCell(5).value, row.getCell(7).value, row.getCell(9).value]).toEqual([
    stranger,
    '登录',
    '失败',
    '用户名或密码错误',
  ])

  // The export itself is logged.
  await page.getByRole('button', { name: /重\s*置/ }).click()
  await page.getByLabel('操作', { exact: true }).fill('导出操作日志')
  await search.click()
  await expect(table.getByRole('row').filter({ hasText: '导出 1 条' }).first()).toBeVisible()
})

test('操作日志 names what was acted on as it was then, under the page it was done on', async ({ page }) => {
  await signInAsAdmin(page)
  // An article written in its form (the save runs the sensitive-word check there), then renamed.
  const title = unique('日志稿件')
  await page.goto('/contentArticle')
  await page.getByRole('button', { name: '新增文章' }).click()
  await expect(page.getByLabel('正文')).toBeVisible()
  await page.getByLabel('标题').fill(title)
  await page.getByLabel('正文').fill('春运首日客流平稳。')
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expectToast(page, '保存成功，已提交审核')
  const listed = await sealedCall(
    page,
    'GET',
    `/api/content/list?kind=article&title=${encodeURIComponent(title)}`,
  )
  const id = listed.data.items[0].id as number
  expect(
    (await sealedCall(page, 'POST', '/api/verify-center/approved', { resType: 'article', ids: [id] })).code,
  ).toBe(0)
  const renamed = `${title}（改）`
  expect(
    (await sealedCall(page, 'POST', '/api/content/modify', { kind: 'article', id, title: renamed })).code,
  ).toBe(0)
  // A department, made on the organisation screen.
  const dept = unique('日志部门')
  expect((await sealedCall(page, 'POST', '/api/structure/create', { name: dept, parentId: null })).code).toBe(
    0,
  )

  await page.goto('/systemlog')
  const table = page.getByRole('table')
  const rowOf = (action: string, text: string) =>
    table.getByRole('row').filter({ hasText: action }).filter({ hasText: text }).first()
  // The title when each was done, with the item's id beside it; no bare ids.
  await expect(rowOf('新增内容', title)).toContainText(`${title} (content:${id})`)
  await expect(rowOf('新增内容', title)).not.toContainText(renamed)
  await expect(rowOf('审核通过', title)).toContainText('文章审核')
  await expect(rowOf('编辑内容', renamed)).toContainText(`${renamed} (content:${id})`)
  // The check ran on the article's form: 内容-文章, not 无.
  await expect(rowOf('敏感词检测', '')).toContainText('内容-文章')
  // 新增部门 belongs to 组织架构, and the page filter offers it.
  await expect(rowOf('新增部门', dept)).toContainText('组织架构')
  await page.getByRole('combobox', { name: /^页面/ }).click()
  await page.keyboard.type('组织架构')
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: /搜\s*索/ }).click()
  await expect(rowOf('新增部门', dept)).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: '新增内容' })).toHaveCount(0)
})
