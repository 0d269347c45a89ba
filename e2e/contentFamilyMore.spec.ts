import ExcelJS from 'exceljs'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button } from './organisationHelpers.ts'
import { approveFromQueue, expectBadge, pendingCount } from './reviewBadges.ts'
import { sealedCall } from './sealedApi.ts'
import { zipOf } from './zipFile.ts'

const OK = /确\s*定/
// The machine is shared: states are awaited with room to spare, toasts (1 s) are read from the page's record.
const expect = baseExpect.configure({ timeout: 30_000 })

test('晨视频: draft on /contentChenVideo, edit and submit, badge, approve on /cspNewsAudit, delete', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await signInAsAdmin(page)
  const before = await pendingCount(page, '/cspNewsAudit')
  const title = unique('早高峰实况')
  await page.goto('/contentChenVideo')
  await expect(page.getByRole('tab', { name: /晨视频列表/ })).toBeVisible()
  await page.getByRole('button', { name: '新增晨视频' }).click()
  await expect(page).toHaveURL(/\/contentCSPDetail$/)
  await expect(page.getByLabel('供稿单位')).toBeVisible()
  await page.getByLabel('标题').fill(title)
  await page.getByLabel('视频', { exact: true }).fill('https://media.example.com/csp/0601.mp4')
  await button(page, '保存').click()
  await expect(page.getByText('请输入供稿单位')).toBeVisible()
  await page.getByLabel('供稿单位').fill('城东融媒')
  await button(page, '保存').click()
  await expectToast(page, '保存成功')
  await expect(page).toHaveURL(/\/contentChenVideo(\?|$)/)

  // The draft waits in 草稿箱; no 显示/隐藏 on this type (its page has none).
  await page.getByRole('tab', { name: /草稿箱/ }).click()
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.getByText('城东融媒')).toBeVisible()
  await expect(row.getByRole('button', { name: /隐\s*藏/ })).toHaveCount(0)
  await row.getByRole('button', { name: /编\s*辑/ }).click()
  await expect(page).toHaveURL(/\/contentCSPDetail\?id=\d+$/)
  await expect(page.getByLabel('供稿单位')).toHaveValue('城东融媒')
  await page.getByLabel('记者').fill('张记者')
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expectToast(page, '保存成功，已提交审核')
  await expect(page).toHaveURL(/\/contentChenVideo(\?|$)/)
  // Submitted, it has left the drafts for the list.
  await page.getByRole('tab', { name: /晨视频列表/ }).click()
  await expect(row.getByText('待审核')).toBeVisible()

  // The morning-video pending count feeds the 晨视频审核 badge.
  expect(await pendingCount(page, '/cspNewsAudit')).toBe(before + 1)
  await page.getByRole('navigation', { name: '侧边菜单' }).getByText('审核中心', { exact: true }).click()
  await expectBadge(page, '晨视频审核', before + 1)
  await approveFromQueue(page, '/cspNewsAudit', title, '/examineChenVideoDetail', '张记者')
  await expectToast(page, '审核通过')
  await expectBadge(page, '晨视频审核', before)

  await page.goto('/contentChenVideo')
  await expect(row.getByText('已通过')).toBeVisible()
  // No recycle bin: deleting is for ever, after a confirmation.
  await row.getByRole('button', { name: '彻底删除' }).click()
  await page.getByRole('tooltip').getByRole('button', { name: OK }).click()
  await expect(row).toHaveCount(0)
})

test('H5: a link page on /H5Manager, edited to an uploaded package, approved on /auditH5, hidden and shown', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await signInAsAdmin(page)
  const before = await pendingCount(page, '/auditH5')
  const title = unique('年度投票H5')
  await page.goto('/H5Manager')
  await expect(page.getByRole('tab', { name: /H5列表/ })).toBeVisible()
  await page.getByRole('button', { name: '新增H5' }).click()
  await expect(page).toHaveURL(/\/H5ManagerDetail$/)
  // The form's code loads on first use: fill it once it is there, not the list's search box.
  await expect(page.getByLabel('链接类型')).toBeVisible()
  await page.getByLabel('标题').fill(title)
  // 链接类型 外部链接 (the default) asks for the address, not a package.
  await expect(page.getByRole('textbox', { name: 'H5包' })).toHaveCount(0)
  await button(page, '保存').click()
  await expect(page.getByText('请输入链接地址')).toBeVisible()
  await page.getByLabel('链接地址').fill('https://h5.example.com/vote/')
  await button(page, '保存').click()
  await expectToast(page, '保存成功')
  await expect(page).toHaveURL(/\/H5Manager(\?|$)/)

  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.getByText('外部链接')).toBeVisible()
  await row.getByRole('button', { name: /编\s*辑/ }).click()
  await expect(page).toHaveURL(/\/H5ManagerDetail\?id=\d+$/)
  await page.getByLabel('链接类型').click()
  await page.locator('.ant-select-dropdown:visible').getByTitle('H5包', { exact: true }).click()
  await expect(page.getByLabel('链接地址')).toHaveCount(0)
  const zipInput = page.locator('input[type=file][accept=".zip"]')
  await zipInput.setInputFiles({
    name: 'vote.html',
    mimeType: 'text/html',
    buffer: Buffer.from('<h1>x</h1>'),
  })
  await expectToast(page, '只支持上传zip压缩包')
  await zipInput.setInputFiles({
    name: 'vote.zip',
    mimeType: 'application/zip',
    buffer: zipOf({ 'index.html': '<h1>年度投票</h1>' }),
  })
  await expectToast(page, '上传成功')
  await expect(page.getByRole('textbox', { name: 'H5包' })).toHaveValue(/\/package\/.+\.zip$/)
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expectToast(page, '保存成功，已提交审核')
  await expect(row.getByText('待审核')).toBeVisible()
  await expect(row.getByText('H5包')).toBeVisible()

  expect(await pendingCount(page, '/auditH5')).toBe(before + 1)
  await page.getByRole('navigation', { name: '侧边菜单' }).getByText('审核中心', { exact: true }).click()
  await expectBadge(page, 'H5审核', before + 1)
  await approveFromQueue(page, '/auditH5', title, '/examineH5ManagerDetail', '/files/package/')
  await expectToast(page, '审核通过')
  await expectBadge(page, 'H5审核', before)

  // Show state (spec §4 showState on H5): hide, then show again, each after a confirmation.
  await page.goto('/H5Manager')
  await expect(row.getByText('已通过')).toBeVisible()
  await row.getByRole('button', { name: /隐\s*藏/ }).click()
  await page.getByRole('tooltip').getByRole('button', { name: OK }).click()
  await expect(row.getByText('隐藏', { exact: true })).toBeVisible()
  await row.getByRole('button', { name: /显\s*示/ }).click()
  await page.getByRole('tooltip').getByRole('button', { name: OK }).click()
  await expect(row.getByText('显示', { exact: true })).toBeVisible()
})

test('爆料 and 节目爆料: add, filter by region, export to Excel, submit, one queue /auditDisclosure, hide', async ({
  page,
}, info) => {
  test.setTimeout(360_000)
  await signInAsAdmin(page)
  const before = await pendingCount(page, '/auditDisclosure')
  const east = unique('城东区')
  const title = unique('城东积水')
  const other = await sealedCall(page, 'POST', '/api/content/add', {
    kind: 'disclosure',
    title: unique('城西堵车'),
    body: '早高峰堵了一小时',
    region: unique('城西区'),
  })
  expect(other.code, other.msg).toBe(0)

  await page.goto('/contentNewsData')
  await page.getByRole('button', { name: '新增爆料' }).click()
  await expect(page).toHaveURL(/\/contentNewsDataDetail$/)
  await expect(page.getByLabel('爆料内容')).toBeVisible()
  await page.getByLabel('标题').fill(title)
  await page.getByLabel('爆料内容').fill('路口积水没过膝盖')
  await page.getByLabel('区域', { exact: true }).fill(east)
  await page.getByLabel('爆料人').fill('王先生')
  await button(page, '保存').click()
  await expectToast(page, '保存成功')
  await expect(page).toHaveURL(/\/contentNewsData(\?|$)/)

  // Filter by region (the regions tips name, with their counts), then export what is listed.
  await page.getByLabel('区域', { exact: true }).click()
  await page.locator('.ant-select-dropdown:visible').getByTitle(`${east}（1）`).click()
  await page.getByRole('button', { name: /搜\s*索/ }).click()
  await expect(page).toHaveURL(new RegExp(`region=${encodeURIComponent(east)}`))
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: '城西堵车' })).toHaveCount(0)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: /导\s*出/ }).click()
  const file = info.outputPath('disclosures.xlsx')
  await (await download).saveAs(file)
  await expectToast(page, '导出成功')
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(file)
  const rows = wb.worksheets[0]!.getSheetValues().slice(2) as unknown[][]
  expect(rows.map((r) => [r[2], r[6], r[7]])).toEqual([[title, east, '王先生']])

  const row = page.getByRole('row').filter({ hasText: title })
  await row.getByRole('button', { name: /编\s*辑/ }).click()
  await expect(page).toHaveURL(/\/contentNewsDataDetail\?id=\d+$/)
  await expect(page.getByLabel('区域', { exact: true })).toHaveValue(east)
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expectToast(page, '保存成功，已提交审核')
  await expect(row.getByText('待审核')).toBeVisible()

  // A tip for a programme, on its own list, goes to the same queue.
  const programTitle = unique('给民生直通车的爆料')
  await page.goto('/programNewsData')
  await page.getByRole('button', { name: '新增节目爆料' }).click()
  // 标题 and 节目 are also the list's search fields: wait for the form itself before typing.
  await expect(page).toHaveURL(/\/programNewsDataDetail$/)
  await expect(page.getByLabel('爆料内容')).toBeVisible()
  await page.getByLabel('标题').fill(programTitle)
  await page.getByLabel('爆料内容').fill('小区电梯停了三天')
  await page.getByLabel('节目', { exact: true }).fill('民生直通车')
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expectToast(page, '保存成功，已提交审核')
  await expect(page.getByRole('row').filter({ hasText: programTitle }).getByText('待审核')).toBeVisible()

  expect(await pendingCount(page, '/auditDisclosure')).toBe(before + 2)
  await page.getByRole('navigation', { name: '侧边菜单' }).getByText('审核中心', { exact: true }).click()
  await expectBadge(page, '爆料审核', before + 2)
  await approveFromQueue(page, '/auditDisclosure', title, '/disclosureAuditDetail', '路口积水没过膝盖')
  await expectToast(page, '审核通过')
  await page.locator('.ant-segmented').getByText('节目爆料', { exact: true }).click()
  await expect(page).toHaveURL(/kind=program_disclosure/)
  await approveFromQueue(
    page,
    '/auditDisclosure?kind=program_disclosure',
    programTitle,
    '/disclosureAuditDetail',
    '民生直通车',
  )
  await expectBadge(page, '爆料审核', before)

  await page.goto('/contentNewsData')
  await expect(row.getByText('已通过')).toBeVisible()
  await row.getByRole('button', { name: /隐\s*藏/ }).click()
  await page.getByRole('tooltip').getByRole('button', { name: OK }).click()
  await expect(row.getByText('隐藏', { exact: true })).toBeVisible()
})

test('爆料评论 and 节目爆料评论: a staff reply on /disclosureComments and /programDisclosureComments', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await signInAsAdmin(page)
  for (const [list, comments, kind, extra] of [
    ['/contentNewsData', '/disclosureComments', 'disclosure', {}],
    ['/programNewsData', '/programDisclosureComments', 'program_disclosure', { program: '民生直通车' }],
  ] as const) {
    const title = unique('有回复的爆料')
    const added = await sealedCall(page, 'POST', '/api/content/add', {
      kind,
      title,
      body: '路口红绿灯坏了',
      ...extra,
    })
    expect(added.code, added.msg).toBe(0)
    await page.goto(list)
    await page
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('button', { name: /评\s*论/ })
      .click()
    await expect(page).toHaveURL(new RegExp(`${comments}\\?id=\\d+$`))
    await page.getByRole('button', { name: '发表评论' }).click()
    const body = unique('已转交记者跟进')
    await page.getByRole('dialog').getByLabel('评论内容').fill(body)
    await page.getByRole('dialog').getByRole('button', { name: OK }).click()
    await expect(page.getByRole('row').filter({ hasText: body })).toBeVisible()
  }
})
