import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button, confirmPopconfirm } from './organisationHelpers.ts'
import { approveFromQueue } from './reviewBadges.ts'
import { sealedCall } from './sealedApi.ts'
import { closeImageEditor, png } from './uploadHelpers.ts'
import { zipOf } from './zipFile.ts'

// The machine is shared: states are awaited with room to spare, toasts (1 s) are read from the page's record.
const expect = baseExpect.configure({ timeout: 20_000 })

const WINDOW = { start: '2026-01-01 00:00:00', end: '2036-01-01 00:00:00' }

/** Chooses options of the form's select (single or multiple) labelled `label`, then closes its list. */
async function choose(page: Page, label: string, ...options: string[]) {
  await page.getByLabel(label, { exact: true }).click()
  for (const o of options)
    await page.locator('.ant-select-dropdown:visible').getByTitle(o, { exact: true }).click()
  await page.keyboard.press('Escape')
}

/** Types a date-time into the form's picker labelled `label` and confirms it (Enter would submit the form). */
async function pickTime(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true })
  await input.click()
  await input.fill(value)
  await button(page.locator('.ant-picker-dropdown:visible'), '确定').click()
  await expect(input).toHaveValue(value)
}

/** Imports an .xlsx of these rows (the first the header: field labels) through the list's 导入. */
async function importSheet(page: Page, rows: string[][]) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('导入')
  for (const r of rows) ws.addRow(r)
  await page.locator('input[type=file][accept=".xlsx"]').setInputFiles({
    name: '热搜词.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  })
}

test('闪屏: created on /contentSpalshDetail with an uploaded picture, submitted, approved on /splashAudit', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAsAdmin(page)
  const title = unique('春节闪屏')
  await page.goto('/contentFlash')
  await page.getByRole('button', { name: '新增闪屏' }).click()
  await expect(page).toHaveURL(/\/contentSpalshDetail$/)
  await page.getByLabel('标题').fill(title)
  await page
    .getByLabel('选择文件')
    .setInputFiles({ name: 'splash.png', mimeType: 'image/png', buffer: png(750, 1334) })
  await expectToast(page, '上传成功')
  await closeImageEditor(page)
  // Required choices are checked as the server checks them.
  await button(page, '保存').click()
  await expect(
    page.locator('.ant-form-item-explain-error').filter({ hasText: '请选择投放平台' }),
  ).toBeVisible()
  await choose(page, '投放平台', 'Android', 'iOS')
  await pickTime(page, '开始时间', WINDOW.start)
  await pickTime(page, '结束时间', WINDOW.end)
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expectToast(page, '保存成功，已提交审核')
  await expect(page).toHaveURL(/\/contentFlash\?/)
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.getByText('待审核')).toBeVisible()
  await expect(row.getByText('Android、iOS')).toBeVisible()

  // The reviewer reads it on /splashAuditDetail (its platforms by name) and approves it.
  await approveFromQueue(page, '/splashAudit', title, '/splashAuditDetail', 'Android、iOS')
  await expectToast(page, '审核通过')
  await page.goto('/contentFlash')
  await expect(page.getByRole('row').filter({ hasText: title }).getByText('已通过')).toBeVisible()

  // 闪屏投放: on each of its platforms, the newest approved splash in its window is the one the app shows now.
  await page.goto('/publishFlash')
  const bar = page
    .getByRole('region', { name: 'iOS' })
    .getByRole('button', { name: new RegExp(`^${title}，.*，生效$`) })
  await expect(bar).toBeVisible()
  // The app shows it: GET /api/open/app/config (public, the app's own call) answers it for iOS.
  const appSplash = async () =>
    (await (await page.request.get('/api/open/app/config?platform=ios&version=100')).json()).data.splash
  expect((await appSplash())?.title).toBe(title)
  await bar.click()
  await expect(page).toHaveURL(/\/contentSpalshDetail\?id=\d+$/)
  await expect(page.getByLabel('标题')).toHaveValue(title)
  // Its window moved into the past: the app no longer shows it.
  await pickTime(page, '开始时间', '2025-01-01 00:00:00')
  await pickTime(page, '结束时间', '2025-02-01 00:00:00')
  await button(page, '保存').click()
  await expectToast(page, '保存成功')
  await expect.poll(async () => (await appSplash())?.title ?? null).not.toBe(title)
})

test('版本: an .apk version saved on /versionDetail; a code that does not increase is refused', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAsAdmin(page)
  // Codes grow with time, so a retry's first version still increases.
  const code = Math.floor(Date.now() / 1000)
  await page.goto('/versionMange')
  await page.getByRole('button', { name: '新增版本' }).click()
  await expect(page).toHaveURL(/\/versionDetail$/)
  await choose(page, '平台', 'Android')
  await page.getByLabel('版本名称').fill('6.2.0')
  await page.getByLabel('版本号').fill(String(code))
  await page.getByLabel('选择文件').setInputFiles({
    name: 'app-release.apk',
    mimeType: 'application/vnd.android.package-archive',
    buffer: zipOf({ 'AndroidManifest.xml': '<manifest package="cn.example.news"/>' }),
  })
  await expectToast(page, '上传成功')
  await expect(page.getByLabel('安装包', { exact: true })).toHaveValue(/\.apk$/)
  await page.getByLabel('更新说明').fill('修复若干问题')
  await button(page, '保存').click()
  await expectToast(page, '保存成功')
  await expect(page).toHaveURL(/\/versionMange\?/)
  await expect(page.getByRole('row').filter({ hasText: String(code) })).toBeVisible()

  // An older code for the same platform: the server names the largest, the form keeps what was typed.
  await page.getByRole('button', { name: '新增版本' }).click()
  await choose(page, '平台', 'Android')
  await page.getByLabel('版本名称').fill('6.1.9')
  await page.getByLabel('版本号').fill(String(code - 1))
  await choose(page, '安装方式', '应用商店链接')
  await page.getByRole('textbox', { name: '应用商店链接' }).fill('https://appgallery.example.com/app/C100')
  await page.getByLabel('更新说明').fill('旧版本')
  await button(page, '保存').click()
  const refusal = `版本号必须大于该平台已有的版本号（当前最大 ${code}）`
  await expectToast(page, refusal)
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(refusal)
  await expect(page).toHaveURL(/\/versionDetail$/)
  await expect(page.getByLabel('版本号')).toHaveValue(String(code - 1))

  // Its records have a screen of their own, without the queue's tabs.
  await page.goto('/versionAudited')
  await expect(page.getByRole('columnheader', { name: '审核结果' })).toBeVisible()
  await expect(page.getByRole('tab', { name: '待审核' })).toHaveCount(0)
})

test('弹窗: submitted from /contentPopup, rejected with a reason on /popupAudit, the reason shown in the list', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAsAdmin(page)
  const title = unique('端午弹窗')
  const added = await sealedCall(page, 'POST', '/api/popup/add', {
    title,
    image: '/files/image/2026-06/popup.png',
    platforms: ['android'],
    displayStart: '2026-01-01T00:00:00.000Z',
    displayEnd: '2036-01-01T00:00:00.000Z',
    frequency: 'daily',
  })
  expect(added.code, added.msg).toBe(0)
  await page.goto('/contentPopup')
  const row = page.getByRole('row').filter({ hasText: title })
  await row.getByRole('button', { name: '提交审核' }).click()
  await confirmPopconfirm(page)
  await expectToast(page, '已提交审核')
  await expect(row.getByText('待审核')).toBeVisible()

  await page.goto('/popupAudit')
  const pending = page.getByRole('row').filter({ hasText: title })
  await pending.getByRole('button', { name: /驳\s*回/ }).click()
  const dialog = page.getByRole('dialog').filter({ hasText: '驳回原因' })
  const reason = '图片与活动主题不符'
  await dialog.getByLabel('驳回原因').fill(reason)
  await dialog.getByRole('button', { name: '确定驳回' }).click()
  await expectToast(page, '已驳回')

  await page.goto('/contentPopup')
  await expect(row.getByText('已驳回')).toBeVisible()
  await expect(row.getByText(reason)).toBeVisible()
})

test('功能: a switch turned 禁用 and 启用, its version ranges edited in the drawer on /functionManager', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAsAdmin(page)
  // A retry takes another seeded feature, whose ranges are still empty.
  const feature = ['离线下载', '深色模式'][test.info().retry] ?? '积分商城'
  await page.goto('/functionManager')
  const row = page.getByRole('row').filter({ hasText: feature })
  await button(row, '禁用').click()
  await confirmPopconfirm(page)
  await expectToast(page, '已禁用')
  await expect(row.getByText('禁用', { exact: true })).toBeVisible()
  await button(row, '启用').click()
  await confirmPopconfirm(page)
  await expectToast(page, '已启用')

  // Two overlapping Android ranges are refused under the table, with the server's words.
  await button(row, '编辑').click()
  const drawer = page.getByRole('dialog', { name: '编辑功能' })
  const add = drawer.getByRole('button', { name: '添加版本范围' })
  await add.click()
  await add.click()
  for (const [i, min, max] of [
    [1, '100', '199'],
    [2, '150', ''],
  ] as const) {
    await drawer.getByLabel(`第${i}行平台`).click()
    await page.locator('.ant-select-dropdown:visible').getByTitle('Android', { exact: true }).click()
    await drawer.getByLabel(`第${i}行最低版本号`).fill(min)
    if (max) await drawer.getByLabel(`第${i}行最高版本号`).fill(max)
  }
  await button(drawer, '保存').click()
  await expect(drawer.getByText('同一平台的版本范围不能重叠')).toBeVisible()
  await drawer.getByLabel('第2行最低版本号').fill('200')
  await drawer.getByRole('switch', { name: '第2行开启' }).click()
  await button(drawer, '保存').click()
  await expectToast(page, '保存成功')
  await expect(drawer).toBeHidden()

  // Reopened, the ranges are there; closing with a change asks first.
  await button(row, '编辑').click()
  await expect(drawer.getByLabel('第2行最低版本号')).toHaveValue('200')
  await expect(drawer.getByRole('switch', { name: '第2行开启' })).not.toBeChecked()
  await drawer.getByLabel('说明').fill('改了但不保存')
  await page.keyboard.press('Escape')
  const leave = page.getByRole('dialog').filter({ hasText: '内容未保存' })
  await button(leave, '离开').click()
  await expect(drawer).toBeHidden()
})

test('热搜词: imported on /searchRecommend (refused rows listed), reordered, approved on /auditSearchKeyword rows', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAsAdmin(page)
  const first = unique('春运')
  const second = unique('高考')
  await page.goto('/searchRecommend')

  // Any bad row: nothing is written, each bad row is listed.
  await importSheet(page, [
    ['热搜词', '角标', '跳转链接'],
    [first, '热', ''],
    ['', '新', ''],
    [second, '爆', 'ftp://x'],
  ])
  const refused = page.getByRole('dialog').filter({ hasText: '导入失败' })
  await expect(refused.getByText(/^第 3 行：/)).toBeVisible()
  await expect(refused.getByText(/^第 4 行：/)).toBeVisible()
  await button(refused, '确定').click()
  await expect(page.getByRole('row').filter({ hasText: first })).toHaveCount(0)

  await importSheet(page, [
    ['热搜词', '角标', '跳转链接'],
    [first, '热', ''],
    [second, '新', ''],
  ])
  await expectToast(page, '导入成功，共 2 条')
  const firstRow = page.getByRole('row').filter({ hasText: first })
  await expect(firstRow.getByText('热', { exact: true })).toBeVisible()

  // 排序 within the page: the first word moves below the second.
  const order = async () => {
    const texts = await page.getByRole('row').allTextContents()
    return texts.findIndex((t) => t.includes(first)) > texts.findIndex((t) => t.includes(second))
  }
  expect(await order()).toBe(false)
  await firstRow.getByRole('button', { name: `下移「${first}」` }).click()
  await expectToast(page, '排序成功')
  await expect.poll(order).toBe(true)

  // Submitted, it is decided on the queue's rows: the queue has no detail screen.
  const secondRow = page.getByRole('row').filter({ hasText: second })
  await secondRow.getByRole('button', { name: '提交审核' }).click()
  await confirmPopconfirm(page)
  await expectToast(page, '已提交审核')
  await page.goto('/auditSearchKeyword')
  const pending = page.getByRole('row').filter({ hasText: second })
  await expect(pending.getByRole('button', { name: /审\s*核/ })).toHaveCount(0)
  await button(pending, '查看').click()
  const view = page.getByRole('dialog', { name: '热搜词审核' })
  await expect(view.getByRole('row', { name: /角标/ })).toContainText('新')
  await page.keyboard.press('Escape')
  await expect(view).toBeHidden()
  await button(pending, '通过').click()
  await button(page.getByRole('dialog').filter({ hasText: `确定审核通过「${second}」` }), '确定').click()
  await expectToast(page, '审核通过')
  await page.getByRole('tab', { name: '审核记录' }).click()
  await expect(page.getByRole('row').filter({ hasText: second }).getByText('通过')).toBeVisible()
})

test('反馈: sent through the app-facing API, answered on /userFeedback, the reply read back by the app', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAsAdmin(page)
  const send = async (content: string) => {
    const sent = await sealedCall(page, 'POST', '/api/open/feedback', {
      content,
      contact: '13800000000',
      platform: 'android',
      appVersion: '6.2.0',
      deviceId: unique('device'),
    })
    expect(sent.code, sent.msg).toBe(0)
    return sent.data as { id: number; ticket: string }
  }
  const content = unique('视频播放卡顿')
  const stale = unique('夜间模式太亮')
  const sent = await send(content)
  const other = await send(stale)

  await page.goto('/userFeedback?type=pending')
  const row = page.getByRole('row').filter({ hasText: content })
  await expect(row.getByText('待处理', { exact: true })).toBeVisible()
  await button(row, '回复').click()
  const dialog = page.getByRole('dialog', { name: `回复「${content}」` })
  await button(dialog, '确定').click()
  await expect(dialog.getByText('请输入回复内容')).toBeVisible()
  const reply = '已在 6.2.1 版本修复，请更新后再试'
  await dialog.getByLabel('回复内容').fill(reply)
  await button(dialog, '确定').click()
  await expectToast(page, '回复成功')
  // Replied: it leaves 待处理; under 全部 its tag says so and 回复 is no longer offered.
  await expect(row).toHaveCount(0)
  await page.getByRole('tab', { name: /^全部/ }).click()
  await expect(row.getByText('已回复', { exact: true })).toBeVisible()
  await expect(button(row, '回复')).toHaveCount(0)

  // A row closed meanwhile elsewhere: the server refuses the reply with its reason, the dialog stays.
  const staleRow = page.getByRole('row').filter({ hasText: stale })
  await expect(button(staleRow, '回复')).toBeVisible()
  expect((await sealedCall(page, 'POST', '/api/feedback/close', { ids: [other.id] })).code).toBe(0)
  await button(staleRow, '回复').click()
  const refused = page.getByRole('dialog', { name: `回复「${stale}」` })
  await refused.getByLabel('回复内容').fill(reply)
  await button(refused, '确定').click()
  await expectToast(page, `「${stale}」 当前状态不能回复`)
  await expect(refused.getByRole('alert')).toContainText('当前状态不能回复')
  await button(refused, '取消').click()

  // The app reads the reply back with its ticket.
  const read = await sealedCall(page, 'GET', `/api/open/feedback/detail?id=${sent.id}&ticket=${sent.ticket}`)
  expect(read.data).toMatchObject({ state: 'replied', reply })
})
