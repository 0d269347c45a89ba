import { accountWith, windowFor } from './accountHelpers.ts'
import { AppClient } from './appClient.ts'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { formItem, MEDIA_MENUS, MEDIA_POWER, pdf, pick, pickMany } from './mediaHelpers.ts'
import { button } from './organisationHelpers.ts'
import { approveFromQueue, expectBadge, openFromQueue, pendingCount } from './reviewBadges.ts'
import { sealedCall } from './sealedApi.ts'
import { closeImageEditor, png } from './uploadHelpers.ts'

// The machine is shared: states are awaited with room to spare, toasts (1 s) are read from the page's record.
const expect = baseExpect.configure({ timeout: 20_000 })

/** Phone numbers no earlier run used: the time's last digits and an index. */
const stamp = String(Date.now()).slice(-7)
const phoneOf = (i: number) => `135${stamp}${i}`

test('媒体号: applied for with a certificate, approved from /mediaAudit with its badge; columns, a role, a preset, an operator and a sub-account; an article under it, hidden from the app while it is frozen and refused', async ({
  page: admin,
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  await signInAsAdmin(admin)
  // A console account that manages media accounts and reviews them, and writes and reviews articles.
  const manager = await accountWith(admin, '媒体号运营', 'mo', MEDIA_POWER, MEDIA_MENUS)
  const { page } = await windowFor(browser, manager.username)

  // 栏目管理: two columns, made in their dialog.
  const columns = [unique('时政'), unique('民生')]
  await page.goto('/mediaColumn')
  for (const name of columns) {
    await button(page, '新增栏目').click()
    const dialog = page.getByRole('dialog', { name: '新增栏目' })
    await dialog.getByLabel('栏目名称').fill(name)
    await button(dialog, '保存').click()
    await expectToast(page, '保存成功')
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible()
  }

  // 媒体号角色: a permission set inside an account (/mediaRoleDetail).
  const role = unique('内容编辑')
  await page.goto('/mediaRole')
  await button(page, '新增媒体号角色').click()
  await expect(page).toHaveURL(/\/mediaRoleDetail$/)
  await page.getByLabel('角色名称').fill(role)
  await pickMany(page, page.getByRole('combobox', { name: '角色权限' }), ['发布内容', '回复评论'], false)
  await button(page, '保存').click()
  await expectToast(page, '保存成功')
  await expect(page).toHaveURL(/\/mediaRole(\?|$)/)
  await expect(page.getByRole('row').filter({ hasText: role })).toContainText('发布内容')

  // 运营预置: the package the account starts from — a default column, the role, two recommendation slots.
  const preset = unique('区县融媒')
  await page.goto('/operatingPreManage')
  await button(page, '新增运营预置').click()
  await expect(page).toHaveURL(/\/operatingPreDetail$/)
  await page.getByLabel('预置名称').fill(preset)
  await pickMany(page, page.getByRole('combobox', { name: '默认栏目' }), [columns[0]!])
  await pickMany(page, page.getByRole('combobox', { name: '可用角色' }), [role])
  await page.getByLabel('推荐位数量').fill('2')
  await button(page, '保存').click()
  await expectToast(page, '保存成功')
  await expect(page.getByRole('row').filter({ hasText: preset })).toContainText(role)

  // The application (/mediasDetail): name, type, avatar, the certificate as an attachment, contact, region, both
  // columns and the preset; saved and submitted for review.
  const name = unique('西湖区融媒体中心')
  await page.goto('/medias')
  await button(page, '新增媒体号').click()
  await expect(page).toHaveURL(/\/mediasDetail$/)
  await page.getByLabel('媒体号名称').fill(name)
  await pick(page, page.getByRole('combobox', { name: '媒体号类型' }), '区县融媒体中心', false)
  await formItem(page, '头像')
    .getByLabel('选择文件')
    .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png(200, 200) })
  await expectToast(page, '上传成功')
  await closeImageEditor(page)
  await formItem(page, '资质证明')
    .getByLabel('选择文件')
    .setInputFiles({ name: '事业单位法人证书.pdf', mimeType: 'application/pdf', buffer: pdf() })
  await expectToast(page, '上传成功')
  await page.getByLabel('联系人').fill('王主任')
  await page.getByLabel('联系电话').fill(phoneOf(9))
  await page.getByLabel('所在地区').fill('浙江省杭州市西湖区')
  await pickMany(page, page.getByRole('combobox', { name: '所属栏目' }), columns)
  await pick(page, page.getByRole('combobox', { name: '运营预置' }), preset)
  const before = await pendingCount(page, '/mediaAudit')
  await button(page, '保存并提交审核').click()
  await expectToast(page, '保存成功，已提交审核')
  await expect(page).toHaveURL(/\/medias(\?|$)/)
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('待审核')

  // It waits in /mediaAudit with the badge counting it; the reviewer reads the certificate and approves.
  expect(await pendingCount(page, '/mediaAudit')).toBe(before + 1)
  await page.goto('/mediaAudit')
  await expectBadge(page, '媒体号审核', before + 1)
  await openFromQueue(page, '/mediaAudit', name, '/mediaAuditDetail')
  // The certificate the reviewer opens is the uploaded PDF itself (an attachment: a signed link).
  const certificate = page.getByRole('row', { name: /^资质证明/ }).getByRole('link')
  await expect(certificate).toHaveAttribute('href', /\/files\/attachment\/.+\.pdf\?expires=/)
  const opened = await page.request.get((await certificate.getAttribute('href'))!)
  expect((await opened.body()).subarray(0, 5).toString()).toBe('%PDF-')
  await expect(page.getByRole('row', { name: /^所属栏目/ })).toContainText(columns[1]!)
  await expect(page.getByRole('row', { name: /^运营预置/ })).toContainText(preset)
  await button(page, '通过').click()
  await button(page.getByRole('dialog').filter({ hasText: '确定审核通过' }), '确定').click()
  await expectToast(page, '审核通过')
  await expect(page).toHaveURL(/\/mediaAudit(\?|$)/)
  await expectBadge(page, '媒体号审核', before)
  await page.goto('/medias')
  const accountRow = page.getByRole('row').filter({ hasText: name })
  await expect(accountRow).toContainText('已通过')
  await expect(accountRow).toContainText('正常')
  await page.goto('/mediaColumn')
  for (const c of columns)
    await expect(
      page.getByRole('row').filter({ hasText: c }).getByRole('cell', { name: '1', exact: true }),
    ).toBeVisible()
  const accountId = (
    await sealedCall(page, 'GET', `/api/mediaAccount/pageList?name=${encodeURIComponent(name)}`)
  ).data.items[0].id as number

  // 运营者: an app user (signed up in the app) runs the account with the role.
  const runner = await AppClient.signUp(request, phoneOf(0))
  const nickname = runner.user!.nickname
  await page.goto('/mediasOperator')
  await button(page, '新增运营者').click()
  const operatorForm = page.getByRole('dialog', { name: '新增运营者' })
  await pick(page, operatorForm.getByRole('combobox', { name: '所属媒体号' }), name)
  await pick(page, operatorForm.getByRole('combobox', { name: '运营者' }), nickname)
  await pick(page, operatorForm.getByRole('combobox', { name: '媒体号角色' }), role)
  await button(operatorForm, '保存').click()
  await expectToast(page, '保存成功')
  const operatorRow = page.getByRole('row').filter({ hasText: nickname })
  await expect(operatorRow).toContainText(name)
  await expect(operatorRow).toContainText(role)

  // The account's screen: its operator, and a sub-account added on its 子账号 panel.
  await page.goto(`/mediasDetail?id=${accountId}`)
  await expect(page.getByLabel('媒体号名称')).toHaveValue(name)
  await page.getByRole('tab', { name: '运营者' }).click()
  await expect(page.getByRole('row').filter({ hasText: nickname })).toContainText(role)
  await page.getByRole('tab', { name: '子账号' }).click()
  const son = unique('西湖区教育分中心')
  await button(page, '新增子账号').click()
  const sonForm = page.getByRole('dialog', { name: '新增子账号' })
  await sonForm.getByLabel('子账号名称').fill(son)
  await button(sonForm, '保存').click()
  await expectToast(page, '保存成功')
  await expect(page.getByRole('row').filter({ hasText: son })).toContainText(name)

  // An article under the account: picked in the form's 媒体号, submitted and approved; /mediaContent lists it.
  const title = unique('西湖区秋季招生政策解读')
  await page.goto('/contentArticle')
  await button(page, '新增文章').click()
  await expect(page.getByLabel('正文')).toBeVisible()
  await page.getByLabel('标题').fill(title)
  await page.getByLabel('正文').fill('今年秋季招生政策有三处调整。')
  await pick(page, page.getByRole('combobox', { name: '媒体号' }), name)
  await button(page, '保存并提交审核').click()
  await expectToast(page, '保存成功，已提交审核')
  await approveFromQueue(page, '/articleAudit', title, '/articleAuditDetail', title)
  await expectToast(page, '审核通过')
  const articleId = (
    await sealedCall(page, 'GET', `/api/content/list?kind=article&title=${encodeURIComponent(title)}`)
  ).data.items[0].id as number
  await page.goto(`/mediaContent?mediaAccountId=${accountId}&type=content`)
  const articleRow = page.getByRole('row').filter({ hasText: title })
  await expect(articleRow).toContainText('文章')
  await expect(articleRow.getByRole('link', { name: '评论' })).toHaveAttribute(
    'href',
    `/mediaArticleComments?id=${articleId}`,
  )
  await articleRow.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(new RegExp(`/mediaArticleDetail\\?id=${articleId}`))
  await expect(page.getByText(`文章详情 · 媒体号：${name}`)).toBeVisible()
  await expect(page.getByLabel('标题')).toHaveValue(title)

  // 话题: a topic related to the account on /mediaContent and topped (one of the preset's two slots).
  const topic = unique('西湖区开学季')
  expect((await sealedCall(admin, 'POST', '/api/topic/add', { name: topic })).code).toBe(0)
  await page.goto(`/mediaContent?mediaAccountId=${accountId}&type=topic`)
  await button(page, '添加关联').click()
  const relate = page.getByRole('dialog', { name: '添加关联' })
  await pick(page, relate.getByRole('combobox'), topic)
  await relate.locator('.ant-modal-title').click()
  await button(relate, '添加').click()
  await expectToast(page, '添加成功')
  const topicRow = page.getByRole('row').filter({ hasText: topic })
  await button(topicRow, '置顶').click()
  await expectToast(page, '已置顶')
  await expect(button(topicRow, '取消置顶')).toBeVisible()
  const reader = await AppClient.signUp(request, phoneOf(1))
  const live = async () => (await reader.contents('article', 1, 50)).items.map((c) => c.id)
  expect(await live()).toContain(articleId)
  expect((await reader.content(articleId)).mediaAccount?.name).toBe(name)

  // 冻结 on /medias with a reason, while a second article under the account is being written in another tab.
  const writer = await page.context().newPage()
  await writer.goto('/contentArticle')
  await button(writer, '新增文章').click()
  await expect(writer.getByLabel('正文')).toBeVisible()
  const refused = unique('冻结后的新文章')
  await writer.getByLabel('标题').fill(refused)
  await writer.getByLabel('正文').fill('冻结期间不能发布。')
  await pick(writer, writer.getByRole('combobox', { name: '媒体号' }), name)

  await page.goto('/medias')
  await accountRow.getByRole('button', { name: '冻结', exact: true }).click()
  const freeze = page.getByRole('dialog').filter({ hasText: '冻结原因' })
  await freeze.getByLabel('冻结原因').fill('资质证明过期，待重新提交')
  await button(freeze, '确定').click()
  await expectToast(page, '冻结成功')
  await expect(accountRow).toContainText('已冻结')

  // Frozen: the article is gone from the app's reads, and the article being written is refused by name.
  await expect.poll(live).not.toContain(articleId)
  await expect(reader.content(articleId)).rejects.toThrow()
  await button(writer, '保存').click()
  await expect(writer.locator('#moc-main').getByRole('alert')).toContainText(
    `媒体号「${name}」已被冻结，不能发布内容`,
  )
  await expect(writer).toHaveURL(/\/contentArticleDetail$/)
  await writer.close()
  const kept = await sealedCall(
    page,
    'GET',
    `/api/content/list?kind=article&type=draft&title=${encodeURIComponent(refused)}`,
  )
  expect(kept.data.total, 'the refused article was not saved').toBe(0)

  // 解冻 on the account's own screen, which says why it was frozen: the article is back in the app.
  await page.goto(`/mediasDetail?id=${accountId}`)
  const state = page.getByLabel('账号状态')
  await expect(state).toContainText('已冻结')
  await expect(state).toContainText('资质证明过期，待重新提交')
  await button(page.locator('.ant-card').filter({ hasText: '账号状态' }), '解冻').click()
  await button(page.getByRole('dialog').filter({ hasText: '确定解冻' }), '确定').click()
  await expectToast(page, '解冻成功')
  await expect(state).toContainText('正常')
  await expect.poll(live).toContain(articleId)
})
