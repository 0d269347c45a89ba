import { expect as baseExpect, signInAsAdmin, test, unique } from './fixtures.ts'
import { sealedCall } from './sealedApi.ts'

const OK = /确\s*定/
// The machine is shared: states are awaited with room to spare, toasts (1 s) are not relied on.
const expect = baseExpect.configure({ timeout: 30_000 })

test('评论审核: held comments on /commentAudit with its badge; reject on /commentAuditDetail, approve in the list', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await signInAsAdmin(page)
  // A review-level word of this run holds comments containing it (the matcher on arrival).
  const word = unique('待审词')
  const added = await sealedCall(page, 'POST', '/api/sensitive-word/add', { word, level: 'review' })
  expect(added.code, added.msg).toBe(0)
  const article = await sealedCall(page, 'POST', '/api/content/add', {
    kind: 'article',
    title: unique('评论审核文章'),
  })
  expect(article.code, article.msg).toBe(0)
  const bodies = [unique('第一条'), unique('第二条')].map((b) => `${b}${word}`)
  for (const body of bodies) {
    const r = await sealedCall(page, 'POST', '/api/comment/add', {
      kind: 'article',
      contentId: article.data.id,
      body,
    })
    expect(r.data.verifyState).toBe(3)
  }
  const counts = await sealedCall(page, 'GET', '/api/verify-center/pendingCounts')
  const before = counts.data.counts['/commentAudit'] as number
  expect(before).toBeGreaterThanOrEqual(2)

  await page.goto('/commentAudit')
  const badge = page
    .getByRole('navigation', { name: '侧边菜单' })
    .locator('.moc-menu-label')
    .filter({ has: page.getByText('评论审核', { exact: true }) })
    .locator('.ant-scroll-number')
  await expect(badge).toHaveAttribute('title', String(before))
  await page.getByLabel('关键词').fill(word)
  await page.getByRole('button', { name: /搜\s*索/ }).click()
  const rows = page.locator('.ant-table-tbody tr.ant-table-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.first()).toContainText('【文章】')

  // Reject the first from its detail page, with a reason.
  await page
    .getByRole('row')
    .filter({ hasText: bodies[0]! })
    .getByRole('button', { name: /审\s*核/ })
    .click()
  await expect(page).toHaveURL(/\/commentAuditDetail\?id=\d+$/)
  // The detail's code loads on first use: act on its card, not the list still on screen.
  const detail = page.locator('.ant-card').filter({ hasText: '评论审核详情' })
  await expect(detail.getByText(bodies[0]!)).toBeVisible()
  await detail.getByRole('button', { name: /驳\s*回/ }).click()
  const dialog = page.getByRole('dialog').filter({ hasText: '驳回原因' })
  await dialog.getByLabel('驳回原因').fill('含不当言论')
  await dialog.getByRole('button', { name: '确定驳回' }).click()
  await expect(page).toHaveURL(/\/commentAudit(\?|$)/)

  // Approve the second from the list.
  await page.getByLabel('关键词').fill(word)
  await page.getByRole('button', { name: /搜\s*索/ }).click()
  await expect(rows).toHaveCount(1)
  await page
    .getByRole('row')
    .filter({ hasText: bodies[1]! })
    .getByRole('button', { name: /通\s*过/ })
    .click()
  await page.getByRole('dialog').filter({ hasText: '确定审核通过' }).getByRole('button', { name: OK }).click()
  await expect(page.getByText('暂无数据')).toBeVisible()
  if (before > 2) await expect(badge).toHaveAttribute('title', String(before - 2))
  else await expect(badge).toHaveCount(0)

  // 审核记录 lists both decisions.
  await page.getByRole('tab', { name: '审核记录' }).click()
  await expect(page.getByRole('row').filter({ hasText: bodies[0]! }).getByText('已驳回')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: bodies[0]! }).getByText('含不当言论')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: bodies[1]! }).getByText('已通过')).toBeVisible()
})
