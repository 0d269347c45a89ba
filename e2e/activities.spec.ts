import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { AppClient } from './appClient.ts'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button } from './organisationHelpers.ts'
import { sealedCall } from './sealedApi.ts'

// The machine is shared: states are awaited with room to spare.
const expect = baseExpect.configure({ timeout: 20_000 })

const stamp = String(Date.now()).slice(-7)
const phoneOf = (i: number) => `136${stamp}${i}`
const HOUR = 3_600_000

/** A time as the picker shows it (the browser's local time, as this machine's). */
const local = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
}

async function pickTime(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true })
  await input.click()
  await input.fill(value)
  await button(page.locator('.ant-picker-dropdown:visible'), '确定').click()
  await expect(input).toHaveValue(value)
}

async function pickOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click()
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click()
}

test('活动: an essay activity with a two-field enrolment form made on screen, submitted and approved in /activityAudit; two app users enrol and submit entries; one disqualified with a reason, the other awarded; the enrolment list exported; a second activity cancelled', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000)
  await signInAsAdmin(page)

  // /addActivity: an essay activity running now, with 姓名 (text) and 组别 (select) on its form.
  const title = unique('春季征文')
  await page.goto('/addActivity')
  await page.getByLabel('活动标题').fill(title)
  await pickOption(page, '活动类型', '征文活动')
  const now = Date.now()
  await pickTime(page, '活动开始时间', local(new Date(now - HOUR)))
  await pickTime(page, '活动结束时间', local(new Date(now + 48 * HOUR)))
  const add = page.getByRole('button', { name: '添加报名表单' })
  await add.click()
  await add.click()
  await page.getByLabel('第1行名称').fill('姓名')
  await pickOption(page, '第1行类型', '单行文本')
  await page.getByLabel('第2行名称').fill('组别')
  await pickOption(page, '第2行类型', '下拉选择')
  await page.getByLabel('第2行下拉选项').fill('少年组\n成人组')
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expectToast(page, '保存成功，已提交审核')
  const listed = await sealedCall(page, 'GET', `/api/activity/list?title=${encodeURIComponent(title)}`)
  const id = listed.data.items[0].id as number
  expect(listed.data.items[0].stage).toBe('pending')

  // Approved on /activityAudit.
  await page.goto('/activityAudit')
  const row = page.getByRole('row').filter({ hasText: title })
  await row.getByRole('button', { name: /通\s*过/ }).click()
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定审核通过' })
    .getByRole('button', { name: /确\s*定/ })
    .click()
  await expectToast(page, '审核通过')

  // Two app users enrol (the form's answers by field id) and submit an entry each.
  const [first, second] = await Promise.all([0, 1].map((i) => AppClient.signUp(request, phoneOf(i))))
  const open = await first!.ok<{ fields: { id: number; label: string }[] }>(
    'GET',
    `/api/open/activity/detail?id=${id}`,
  )
  const [name, group] = open.fields.map((f) => f.id) as [number, number]
  expect(open.fields.map((f) => f.label)).toEqual(['姓名', '组别'])
  const refused = await first!.raw('POST', '/api/open/activity/enroll', {
    activityId: id,
    answers: { [name]: '张三', [group]: '老年组' },
  })
  expect([refused.status, refused.envelope.msg]).toEqual([400, '组别须为给出的选项之一'])
  await first!.ok('POST', '/api/open/activity/enroll', {
    activityId: id,
    answers: { [name]: '张三', [group]: '少年组' },
  })
  await second!.ok('POST', '/api/open/activity/enroll', {
    activityId: id,
    answers: { [name]: '李四', [group]: '成人组' },
  })
  await first!.ok('POST', '/api/open/activity/article', {
    activityId: id,
    title: '我的家乡',
    body: '家乡的河',
  })
  await second!.ok('POST', '/api/open/activity/article', {
    activityId: id,
    title: '远方的山',
    body: '山的那边',
  })

  // /activityInfo: 张三 disqualified with a reason, 李四 awarded 一等奖.
  await page.goto(`/activityInfo?id=${id}`)
  const enrolls = page.getByRole('table', { name: '报名列表' })
  const zhang = page.getByRole('row').filter({ hasText: '张三' })
  const li = page.getByRole('row').filter({ hasText: '李四' })
  await expect(zhang).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: '我的家乡' })).toBeVisible()
  await button(zhang, '不合格').click()
  const reason = page.getByRole('dialog').filter({ hasText: '不合格：' })
  await reason.getByLabel('不合格原因').fill('信息不实')
  await reason.getByRole('button', { name: /确\s*定/ }).click()
  await expectToast(page, '已设为不合格')
  await expect(zhang.getByText('信息不实')).toBeVisible()
  await button(li, '颁奖').click()
  const award = page.getByRole('dialog').filter({ hasText: '颁奖：' })
  await award.getByLabel('奖项').click()
  await page.locator('.ant-select-dropdown:visible').getByTitle('一等奖', { exact: true }).click()
  await award.getByRole('button', { name: /确\s*定/ }).click()
  await expectToast(page, '颁奖成功')
  await expect(li.getByText('已获奖')).toBeVisible()
  await expect(enrolls).toBeVisible()
  // The statistics: two enrolments today, one of each decided state.
  const states = page.getByRole('figure', { name: '报名状态' })
  await expect(states.locator('[data-bar="不合格"]')).toContainText('1 人')
  await expect(states.locator('[data-bar="已获奖"]')).toContainText('1 人')

  // 导出: an .xlsx whose rows are the two enrolments with the form's columns.
  const download = page.waitForEvent('download')
  await button(page, '导出').click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/报名列表.*\.xlsx$/)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(await file.path())
  const values = wb.worksheets[0]!.getSheetValues()
    .slice(1)
    .map((r) => (r as unknown[]).slice(1))
  expect(values[0]).toEqual(['用户', '手机号', '姓名', '组别', '状态', '不合格原因', '奖项', '报名时间'])
  expect(values.slice(1).map((r) => [1, 2, 3, 4, 5, 6].map((i) => r[i] ?? ''))).toEqual([
    [phoneOf(0), '张三', '少年组', '不合格', '信息不实', ''],
    [phoneOf(1), '李四', '成人组', '已获奖', '', '一等奖'],
  ])

  // A second activity, published without review, cancelled from its screen with a reason.
  const other = unique('读书会')
  const created = await sealedCall(page, 'POST', '/api/activity/add', {
    title: other,
    kind: 'normal',
    startAt: new Date(now - HOUR).toISOString(),
    endAt: new Date(now + 24 * HOUR).toISOString(),
  })
  expect(created.code, created.msg).toBe(0)
  const published = await sealedCall(page, 'POST', '/api/activity/publish', { id: created.data.id })
  expect(published.code, published.msg).toBe(0)
  await page.goto(`/activityInfo?id=${created.data.id}`)
  await expect(page.getByText('进行中', { exact: true })).toBeVisible()
  await button(page.getByRole('main'), '取消').click()
  const dialog = page.getByRole('dialog').filter({ hasText: '取消原因' })
  await dialog.getByLabel('取消原因').fill('场地调整')
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
  await expectToast(page, '取消成功')
  await expect(page.getByText('已取消', { exact: true })).toBeVisible()
  await expect(page.getByText('场地调整')).toBeVisible()
  const gone = await first!.raw('GET', `/api/open/activity/detail?id=${created.data.id}`)
  expect(gone.status).toBe(404)
})
