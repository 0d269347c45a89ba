import { accountWith, windowFor } from './accountHelpers.ts'
import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button, confirmPopconfirm, popconfirmClosed } from './organisationHelpers.ts'
import { sealedCall } from './sealedApi.ts'

test('文章评论: from the article list to its comments; hide, filter, delete, reply', async ({ page }) => {
  await signInAsAdmin(page)
  // An article with three comments. No app posts comments yet: the console's own comment call writes them.
  const title = unique('评论文章')
  const added = await sealedCall(page, 'POST', '/api/content/add', { kind: 'article', title })
  expect(added.code, added.msg).toBe(0)
  const articleId = added.data.id as number
  const bodies = ['第一条评论', '第二条评论', '第三条评论'].map((b) => unique(b))
  for (const body of bodies) {
    const r = await sealedCall(page, 'POST', '/api/comment/add', {
      kind: 'article',
      contentId: articleId,
      body,
    })
    expect(r.code, r.msg).toBe(0)
  }

  // Without an id the screen says where to come from.
  await page.goto('/articleComments')
  await expect(page.getByText('请从文章列表选择要查看评论的文章')).toBeVisible()

  // The article list row links to the article's comments.
  await page.goto('/contentArticle?type=draft')
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /评\s*论/ })
    .click()
  await expect(page).toHaveURL(new RegExp(`/articleComments\\?id=${articleId}$`))
  await expect(page.getByText(`文章评论：${title}`)).toBeVisible()
  const rows = page.locator('.ant-table-tbody tr.ant-table-row')
  await expect(rows).toHaveCount(3)
  const row = (body: string) => page.getByRole('row').filter({ hasText: body })

  // Batch hide asks first, then hides both.
  await row(bodies[0]!).getByRole('checkbox').check()
  await row(bodies[1]!).getByRole('checkbox').check()
  await expect(page.getByText('已选 2 条')).toBeVisible()
  await page.getByRole('button', { name: '批量隐藏' }).click()
  await expect(page.getByRole('dialog')).toContainText('确定隐藏选中的2条评论？')
  await button(page.getByRole('dialog'), '确定').click()
  await expectToast(page, '已隐藏')
  await expect(row(bodies[0]!).getByText('隐藏', { exact: true })).toBeVisible()
  await expect(row(bodies[1]!).getByText('隐藏', { exact: true })).toBeVisible()
  await expect(row(bodies[2]!).getByText('显示', { exact: true })).toBeVisible()

  // Filter by show state.
  await page.getByLabel('显示状态').click()
  await page.locator('.ant-select-dropdown:visible').getByTitle('隐藏', { exact: true }).click()
  await button(page, '搜索').click()
  await expect(rows).toHaveCount(2)
  await button(page, '重置').click()
  await expect(rows).toHaveCount(3)

  // Show one again from its row, delete one from its row (both confirmed).
  await row(bodies[0]!)
    .getByRole('button', { name: /^显\s*示$/ })
    .click()
  await confirmPopconfirm(page)
  await expectToast(page, '已显示')
  await popconfirmClosed(page)
  await row(bodies[2]!)
    .getByRole('button', { name: /^删\s*除$/ })
    .click()
  await expect(page.locator('.ant-popconfirm:visible')).toContainText('确定删除这条评论？')
  await confirmPopconfirm(page)
  await expectToast(page, '删除成功')
  await expect(rows).toHaveCount(2)

  // Reply as the console account: marked 官方, shown as a reply.
  await row(bodies[0]!)
    .getByRole('button', { name: /^回\s*复$/ })
    .click()
  const dialog = page.getByRole('dialog')
  await button(dialog, '确定').click()
  await expect(dialog.getByText('请输入评论内容')).toBeVisible()
  const replyBody = unique('感谢留言')
  await dialog.getByLabel('评论内容').fill(replyBody)
  await button(dialog, '确定').click()
  await expectToast(page, '评论成功')
  await expect(row(replyBody).getByText('官方')).toBeVisible()
  await expect(row(replyBody).getByText('回复 @admin')).toBeVisible()

  // Batch delete the rest: the list is empty.
  await page.locator('.ant-table-thead').getByRole('checkbox').check()
  await page.getByRole('button', { name: '批量删除' }).click()
  await expect(page.getByRole('dialog')).toContainText('确定删除选中的3条评论？')
  await button(page.getByRole('dialog'), '确定').click()
  await expectToast(page, '删除成功')
  await expect(page.getByText('暂无数据')).toBeVisible()
  await page.reload()
  await expect(page.getByText('暂无数据')).toBeVisible()
})

test('文章评论 needs 评论: no link on the list, and the screen says so', async ({ page, browser }) => {
  await signInAsAdmin(page)
  const { username } = await accountWith(
    page,
    '无评论权限',
    'nocmt',
    { '内容-文章': ['查看', '添加', '编辑'] },
    ['/contentArticle'],
  )
  const editor = await windowFor(browser, username)
  const title = unique('无评论权限文章')
  const added = await sealedCall(editor.page, 'POST', '/api/content/add', { kind: 'article', title })
  expect(added.code, added.msg).toBe(0)
  await editor.page.goto('/contentArticle?type=draft')
  const row = editor.page.getByRole('row').filter({ hasText: title })
  await expect(row.getByRole('button', { name: /编\s*辑/ })).toBeVisible()
  await expect(row.getByRole('button', { name: /评\s*论/ })).toHaveCount(0)
  await editor.page.goto(`/articleComments?id=${added.data.id}`)
  await expect(editor.page.getByText('没有评论管理权限')).toBeVisible()
  await expect(editor.page.getByRole('button', { name: '批量删除' })).toHaveCount(0)
  await editor.context.close()
})

test('视频评论: the same screen for a video, reached from the video list', async ({ page }) => {
  await signInAsAdmin(page)
  const title = unique('评论视频')
  const added = await sealedCall(page, 'POST', '/api/content/add', {
    kind: 'video',
    title,
    videoUrl: 'https://example.com/clip.mp4',
  })
  expect(added.code, added.msg).toBe(0)
  const body = unique('视频评论')
  const c = await sealedCall(page, 'POST', '/api/comment/add', {
    kind: 'video',
    contentId: added.data.id,
    body,
  })
  expect(c.code, c.msg).toBe(0)
  await page.goto('/contentVideo?type=draft')
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /评\s*论/ })
    .click()
  await expect(page).toHaveURL(new RegExp(`/videoComments\\?id=${added.data.id}$`))
  await expect(page.getByText(`视频评论：${title}`)).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: body })
  await row.getByRole('button', { name: /^隐\s*藏$/ }).click()
  await confirmPopconfirm(page)
  await expectToast(page, '已隐藏')
  await expect(row.getByText('隐藏', { exact: true })).toBeVisible()
})
