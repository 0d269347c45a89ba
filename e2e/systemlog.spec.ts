import ExcelJS from 'exceljs'
import { expect, expectToast, signIn, signInAsAdmin, test, unique } from './fixtures.ts'

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
  await page.getByLabel('页面').click()
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

  // The failed sign-in shows under its name with the reason.
  await page.getByRole('button', { name: /重\s*置/ }).click()
  await page.getByLabel('操作人').fill(stranger)
  await search.click()
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
  await expect(page.getByText('导出成功，共 1 条')).toBeVisible()
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
