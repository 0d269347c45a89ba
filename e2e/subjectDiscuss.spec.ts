import { expect as baseExpect, signInAsAdmin, test, unique } from './fixtures.ts'
import { button } from './organisationHelpers.ts'
import { sealedCall } from './sealedApi.ts'

const OK = /确\s*定/
// The machine is shared: states are awaited with room to spare, toasts (1 s) are not relied on.
const expect = baseExpect.configure({ timeout: 30_000 })

test('专题: modules of articles and videos on /addSubject, review on /subjectAudit, view and edit', async ({
  page,
}) => {
  test.setTimeout(420_000)
  await signInAsAdmin(page)
  const prefix = unique('专题成员')
  const art = await sealedCall(page, 'POST', '/api/content/add', { kind: 'article', title: `${prefix}-文章` })
  const vid = await sealedCall(page, 'POST', '/api/content/add', {
    kind: 'video',
    title: `${prefix}-视频`,
    videoUrl: 'https://media.example.com/s/1.mp4',
  })
  expect(art.code, art.msg).toBe(0)
  expect(vid.code, vid.msg).toBe(0)

  const title = unique('城市更新专题')
  await page.goto('/contentSubject')
  await page.getByRole('button', { name: '新增专题' }).click()
  await expect(page).toHaveURL(/\/addSubject$/)
  await expect(page.getByRole('button', { name: '添加模块' })).toBeVisible()
  await page.getByLabel('标题').fill(title)
  await page.getByRole('button', { name: '添加模块' }).click()
  await page.getByRole('button', { name: '添加模块' }).click()
  await page.getByLabel('模块1名称').fill('要闻')
  await page.getByLabel('模块2名称').fill('视频')

  // Module 1 takes the article (picker type 文章), module 2 the video (type 视频).
  const pick = async (module: number, type: string, itemTitle: string) => {
    await page
      .getByRole('button', { name: '选择内容' })
      .nth(module - 1)
      .click()
    const picker = page.getByRole('dialog').filter({ hasText: '选择模块内容' })
    if (type !== '文章') {
      await picker.getByLabel('内容类型').click()
      await page.locator('.ant-select-dropdown:visible').getByTitle(type, { exact: true }).click()
    }
    await picker.getByLabel('标题').fill(prefix)
    await picker.getByRole('button', { name: /搜\s*索/ }).click()
    await picker.getByRole('row').filter({ hasText: itemTitle }).getByRole('checkbox').check()
    await picker.getByRole('button', { name: OK }).click()
    await expect(picker).toBeHidden()
  }
  await pick(1, '文章', `${prefix}-文章`)
  await pick(2, '视频', `${prefix}-视频`)
  // The article already sits in module 1: the picker of module 2 does not offer it again.
  await page.getByRole('button', { name: '选择内容' }).nth(1).click()
  const again = page.getByRole('dialog').filter({ hasText: '选择模块内容' })
  await again.getByLabel('标题').fill(prefix)
  await again.getByRole('button', { name: /搜\s*索/ }).click()
  await expect(
    again
      .getByRole('row')
      .filter({ hasText: `${prefix}-文章` })
      .getByRole('checkbox'),
  ).toBeDisabled()
  await again.getByRole('button', { name: '取 消' }).click()
  // Move the video module to the top.
  await page.getByRole('button', { name: '上移' }).filter({ visible: true }).nth(2).click()
  await expect(page.getByLabel('模块1名称')).toHaveValue('视频')
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expect(page).toHaveURL(/\/contentSubject(\?|$)/)
  await expect(page.getByRole('row').filter({ hasText: title }).getByText('待审核')).toBeVisible()

  await page.goto('/subjectAudit')
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /审\s*核/ })
    .click()
  await expect(page).toHaveURL(/\/auditDetail\?id=\d+$/)
  await expect(page.getByText(`1. ${prefix}-视频`)).toBeVisible()
  await expect(page.getByText(`1. ${prefix}-文章`)).toBeVisible()
  await page.getByRole('button', { name: /通\s*过/ }).click()
  await page.getByRole('dialog').filter({ hasText: '确定审核通过' }).getByRole('button', { name: OK }).click()
  await expect(page).toHaveURL(/\/subjectAudit/)

  // Read-only detail, then 编辑 from it; hide from the list.
  await page.goto('/contentSubject')
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.getByText('已通过')).toBeVisible()
  await row.getByRole('button', { name: /查\s*看/ }).click()
  await expect(page).toHaveURL(/\/subjectDetail\?id=\d+$/)
  await expect(page.getByText('查看专题')).toBeVisible()
  await expect(page.getByLabel('标题')).toBeDisabled()
  await page.getByRole('button', { name: /^编\s*辑$/ }).click()
  await expect(page).toHaveURL(/\/editSubject\?id=\d+$/)
  await expect(page.getByLabel('模块2名称')).toHaveValue('要闻')
  await page.getByLabel('模块2名称').fill('要闻速递')
  await button(page, '保存').click()
  // Back to where the editor was opened from: the read-only detail, showing the new name.
  await expect(page).toHaveURL(/\/subjectDetail\?id=\d+$/)
  await expect(page.getByLabel('模块2名称')).toHaveValue('要闻速递')
  // 返回 from an editor opened there goes back there too; an editor opened from the list returns to the list.
  await page.getByRole('button', { name: /^编\s*辑$/ }).click()
  await expect(page).toHaveURL(/\/editSubject\?id=\d+$/)
  await button(page, '返回').click()
  await expect(page).toHaveURL(/\/subjectDetail\?id=\d+$/)
  await expect(page.getByText('查看专题')).toBeVisible()
  await page.goto('/contentSubject')
  await row.getByRole('button', { name: /^编\s*辑$/ }).click()
  await expect(page).toHaveURL(/\/editSubject\?id=\d+$/)
  await button(page, '保存').click()
  await expect(page).toHaveURL(/\/contentSubject\?.*highlight=\d+/)
  await page.goto('/contentSubject')
  await row.getByRole('button', { name: /隐\s*藏/ }).click()
  await page.getByRole('tooltip').getByRole('button', { name: OK }).click()
  await expect(row.getByText('隐藏', { exact: true })).toBeVisible()
})

test('热议: /addHotDiscuss, comments on /discussComments, review on /auditHotDiscuss, /detailHotDiscuss', async ({
  page,
}) => {
  test.setTimeout(420_000)
  await signInAsAdmin(page)
  const title = unique('早高峰限行怎么看')
  await page.goto('/contentHotDiscuss')
  await page.getByRole('button', { name: '新增热议' }).click()
  await expect(page).toHaveURL(/\/addHotDiscuss$/)
  await expect(page.getByLabel('运营关注数')).toBeVisible()
  await page.getByLabel('话题', { exact: true }).fill(title)
  await page.getByLabel('导语').fill('说说你的看法')
  await page.getByLabel('运营关注数').fill('-3')
  await button(page, '保存').click()
  await expect(page.getByText('运营关注数填写有误')).toBeVisible()
  await page.getByLabel('运营关注数').fill('30')
  await button(page, '保存').click()
  await expect(page).toHaveURL(/\/contentHotDiscuss(\?|$)/)

  await page.goto('/contentHotDiscuss?type=draft')
  const row = page.getByRole('row').filter({ hasText: title })
  await row.getByRole('button', { name: /评\s*论/ }).click()
  await expect(page).toHaveURL(/\/discussComments\?id=\d+$/)
  await expect(page.getByText(`热议评论：${title}`)).toBeVisible()
  await page.getByRole('button', { name: '发表评论' }).click()
  const body = unique('官方观点')
  await page.getByRole('dialog').getByLabel('评论内容').fill(body)
  await page.getByRole('dialog').getByRole('button', { name: OK }).click()
  await expect(page.getByRole('row').filter({ hasText: body })).toBeVisible()

  await page.goto('/contentHotDiscuss?type=draft')
  await row.getByRole('button', { name: /编\s*辑/ }).click()
  await expect(page).toHaveURL(/\/editHotDiscuss\?id=\d+$/)
  await expect(page.getByLabel('运营关注数')).toHaveValue('30')
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expect(page).toHaveURL(/\/contentHotDiscuss(\?|$)/)

  const pending = await sealedCall(page, 'GET', '/api/verify-center/pendingCounts')
  expect(pending.data.counts['/auditHotDiscuss']).toBeGreaterThan(0)
  await page.goto('/auditHotDiscuss')
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /审\s*核/ })
    .click()
  await expect(page).toHaveURL(/\/examineDiscussDetail\?id=\d+$/)
  await expect(page.getByText('说说你的看法')).toBeVisible()
  await page.getByRole('button', { name: /通\s*过/ }).click()
  await page.getByRole('dialog').filter({ hasText: '确定审核通过' }).getByRole('button', { name: OK }).click()
  await expect(page).toHaveURL(/\/auditHotDiscuss/)

  await page.goto('/contentHotDiscuss')
  await row.getByRole('button', { name: /查\s*看/ }).click()
  await expect(page).toHaveURL(/\/detailHotDiscuss\?id=\d+$/)
  await expect(page.getByLabel('话题', { exact: true })).toHaveValue(title)
  await expect(page.getByLabel('话题', { exact: true })).toBeDisabled()
})
