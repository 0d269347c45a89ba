import ExcelJS from 'exceljs'
import { AppClient } from './appClient.ts'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button } from './organisationHelpers.ts'
import { approveFromQueue, expectBadge, pendingCount } from './reviewBadges.ts'
import { sealedCall } from './sealedApi.ts'
import { closeImageEditor, png } from './uploadHelpers.ts'

// The machine is shared: states are awaited with room to spare, toasts (1 s) are read from the page's record.
const expect = baseExpect.configure({ timeout: 20_000 })

/** Phone numbers no earlier run used: the time's last digits and an index. */
const stamp = String(Date.now()).slice(-7)
const phoneOf = (i: number) => `136${stamp}${i}`

test('圈子与帖子: a circle made and approved; a post held with a badge, approved and shown in /groupContent; reported, hidden and its author locked for 1 day', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000)
  await signInAsAdmin(page)

  // 新增圈子 on /groups opens the circle's own screen as a form; it is submitted and approved on /groupAudit.
  const name = unique('骑行圈')
  await page.goto('/groups')
  await button(page, '新增圈子').click()
  await expect(page).toHaveURL(/\/groupContent$/)
  await page.getByLabel('圈子名称').fill(name)
  await page
    .getByLabel('选择文件')
    .first()
    .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png(200, 200) })
  await expectToast(page, '上传成功')
  await closeImageEditor(page)
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expectToast(page, '保存成功，已提交审核')
  await approveFromQueue(page, '/groupAudit', name, '/groupAuditDetail', name)
  await expectToast(page, '审核通过')

  // An app user joins it and posts: the circle asks for review (发帖需审核), so the post waits in /postAudit.
  const [author, reporter] = await Promise.all([0, 1].map((i) => AppClient.signUp(request, phoneOf(i))))
  const circle = (await author!.circles()).items.find((c) => c.name === name)
  expect(circle, 'the approved, open circle is in the app').toBeDefined()
  await author!.join(circle!.id)
  const before = await pendingCount(page, '/postAudit')
  const body = unique('周末骑行约起来')
  const added = await author!.addPost({ circleId: circle!.id, body })
  expect(added.verifyState).toBe(3)
  await page.goto('/postAudit')
  await expectBadge(page, '帖子审核', before + 1)
  await approveFromQueue(page, '/postAudit', body, '/postAuditDetail', body)
  await expectToast(page, '审核通过')
  await expectBadge(page, '帖子审核', before)

  // Published: in the circle's content on /groupContent, and in the app.
  await page.goto(`/groupContent?id=${circle!.id}`)
  await expect(page.getByText(`圈子：${name}`)).toBeVisible()
  const postRow = page.getByRole('row').filter({ hasText: body })
  await expect(postRow).toBeVisible()
  expect((await reporter!.posts({ circleId: circle!.id })).items.map((p) => p.id)).toContain(added.id)

  // Another user reports it; 内容举报 locks the author for 1 day and hides the post in one handling.
  await reporter!.report('post', added.id, 'spam', { description: '广告引流' })
  await page.goto('/contentReportAudit')
  const reportRow = page.getByRole('row').filter({ hasText: body })
  await expect(reportRow.getByText('待处理')).toBeVisible()
  await reportRow.getByRole('button', { name: '锁定用户', exact: true }).click()
  const dialog = page.getByRole('dialog').filter({ hasText: '锁定时长' })
  await button(dialog, '确定').click()
  await expect(dialog.getByText('请输入处理说明')).toBeVisible()
  await dialog.getByLabel('处理说明').fill('发布广告引流')
  await expect(dialog.getByText('1天', { exact: true })).toBeVisible()
  await expect(dialog.getByRole('switch', { name: '同时隐藏内容' })).toBeChecked()
  await button(dialog, '确定').click()
  await expectToast(page, '锁定用户成功')
  // Handled, it leaves 待处理 for 全部, with its outcome and reason.
  await expect(reportRow).toHaveCount(0)
  await page.getByRole('tab', { name: /^全部/ }).click()
  await expect(reportRow.getByText('已处理：用户已被锁定')).toBeVisible()
  await expect(reportRow.getByText('发布广告引流')).toBeVisible()

  // The app refuses the author with the lock's reason and end; the reporter reads the outcome; the post is gone.
  await expect(author!.addPost({ circleId: circle!.id, body: '再发一条' })).rejects.toThrow(
    /账号已被锁定，原因：发布广告引流，解锁时间：/,
  )
  const mine = await reporter!.myReports()
  expect(mine.items.find((r) => r.targetId === added.id)).toMatchObject({
    state: 'locked',
    handleReason: '发布广告引流',
  })
  expect((await reporter!.posts({ circleId: circle!.id })).items.map((p) => p.id)).not.toContain(added.id)
  await page.goto(`/groupContent?id=${circle!.id}`)
  await expect(
    page.getByRole('row').filter({ hasText: body }).getByText('隐藏', { exact: true }),
  ).toBeVisible()

  // Operators post as an operator account (运营用户) from /postManage; the app shows it at once.
  const operator = unique('官方骑行号')
  expect((await sealedCall(page, 'POST', '/api/operatorUser/add', { nickname: operator })).code).toBe(0)
  await page.goto('/postManage')
  await button(page, '以运营用户发帖').click()
  const publish = page.getByRole('dialog', { name: '以运营用户发帖' })
  const pick = async (label: string, text: string) => {
    await publish.getByRole('combobox', { name: label }).fill(text)
    await page.locator('.ant-select-dropdown:visible').getByTitle(text, { exact: true }).click()
  }
  await pick('运营用户', operator)
  await pick('圈子', name)
  const official = unique('本周六环湖骑行集合')
  await publish.getByLabel('帖子内容').fill(official)
  await button(publish, '确定').click()
  await expectToast(page, '以运营用户发帖成功')
  const officialRow = page.getByRole('row').filter({ hasText: official })
  await expect(officialRow.getByRole('link', { name: operator })).toHaveAttribute(
    'href',
    /\/operateUserDetail\?id=\d+$/,
  )
  expect((await reporter!.posts({ circleId: circle!.id })).items.map((p) => p.body)).toContain(official)
})

test('评论模板: imported from an .xlsx with one bad row, posted on a post as an operator account, then hidden in 评论管理', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  await signInAsAdmin(page)
  const good = [unique('说得好，支持'), unique('大家怎么看')]

  // 批量导入: the good rows go in, the bad row is named with its reason.
  await page.goto('/operateComment?type=import')
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('评论模板')
  for (const r of [
    ['模板分类', '模板内容'],
    ['点赞', good[0]!],
    ['点赞', ''],
    ['互动', good[1]!],
  ])
    ws.addRow(r)
  await page.locator('input[type=file][accept=".xlsx"]').setInputFiles({
    name: '评论模板.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  })
  await expect(page.getByText('导入 2 条，1 行有误未导入')).toBeVisible()
  await expect(page.getByText('第 3 行：请输入模板内容')).toBeVisible()
  await page.getByRole('tab', { name: '模板列表' }).click()
  const templateRow = page.getByRole('row').filter({ hasText: good[0]! })
  await expect(templateRow).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: good[1]! })).toBeVisible()

  // An operator account, and a published post in a circle without review (made through the console's API).
  const operator = unique('官方小编')
  expect((await sealedCall(page, 'POST', '/api/operatorUser/add', { nickname: operator })).code).toBe(0)
  const made = await sealedCall(page, 'POST', '/api/circle/create', {
    name: unique('美食圈'),
    icon: '/files/image/icon.png',
    postReview: false,
  })
  expect(made.code, made.msg).toBe(0)
  expect((await sealedCall(page, 'POST', '/api/circle/examine', { id: made.data.id })).code).toBe(0)
  const approved = await sealedCall(page, 'POST', '/api/verify-center/circle', {
    pass: true,
    ids: [made.data.id],
  })
  expect(approved.code, approved.msg).toBe(0)
  const author = await AppClient.signUp(request, phoneOf(5))
  await author.join(made.data.id)
  const post = await author.addPost({ circleId: made.data.id, body: unique('今天的早茶') })
  expect(post.verifyState).toBe(1)

  // 评论: the template goes out on the post under the operator account's name.
  await templateRow.getByRole('button', { name: '评论', exact: true }).click()
  const dialog = page.getByRole('dialog').filter({ hasText: '运营账号' })
  await dialog.getByLabel('内容或帖子ID').fill(String(post.id))
  await dialog.getByLabel('运营账号').click()
  await page.keyboard.type(operator)
  await page.locator('.ant-select-dropdown:visible').getByTitle(operator).click()
  await button(dialog, '确定').click()
  await expectToast(page, '评论成功')
  const onPost = await author.comments({ postId: post.id })
  expect(onPost.items.map((c) => [c.body, c.author.nickname])).toContainEqual([good[0], operator])

  // 评论管理: the comment is listed as one on a post, and hidden from the app.
  await page.goto('/comments')
  await page.getByLabel('关键词').fill(good[0]!)
  await button(page, '搜索').click()
  const commentRow = page.getByRole('row').filter({ hasText: good[0]! })
  await expect(commentRow.getByText('帖子', { exact: true })).toBeVisible()
  await commentRow.getByRole('button', { name: '隐藏', exact: true }).click()
  await expectToast(page, '已隐藏')
  await expect(commentRow.getByText('隐藏', { exact: true })).toBeVisible()
  expect((await author.comments({ postId: post.id })).items.map((c) => c.body)).not.toContain(good[0])
})
