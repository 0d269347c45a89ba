import type { Page } from '@playwright/test'
import { accountWith, windowFor } from './accountHelpers.ts'
import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { confirmPopconfirm, popconfirmClosed } from './organisationHelpers.ts'
import { expectBadge, menuBadge } from './reviewBadges.ts'
import { sealedCall } from './sealedApi.ts'

const OK = /确\s*定/

/** The pending count the server reports for the article queue (0 when none). */
async function articlePending(page: Page): Promise<number> {
  const res = await sealedCall(page, 'GET', '/api/verify-center/pendingCounts')
  expect(res.code).toBe(0)
  return res.data.counts['/articleAudit'] ?? 0
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click()
}

async function newArticle(page: Page, title: string) {
  await page.goto('/contentArticle')
  await page.getByRole('button', { name: '新增文章' }).click()
  await expect(page.getByLabel('正文')).toBeVisible()
  await page.getByLabel('标题').fill(title)
  await page.getByLabel('正文').fill('地铁三号线春节期间延长运营。')
}

test('文章审核: duplicate title, submit, badge, reject with reason, resubmit with diff, approve, versions, take down, recycle; 免审发布 needs its permission', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  await signInAsAdmin(page)
  const before = await articlePending(page)

  // The editor writes an article and submits it from the form; a draft with the same title asks first.
  const title = unique('地铁延长运营')
  const same = await sealedCall(page, 'POST', '/api/content/add', { kind: 'article', title })
  expect(same.code).toBe(0)
  await newArticle(page, title)
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  // The dialog lists the duplicates (标题, 类型, 状态, 创建人); who may open 全部内容 also gets the link there.
  const duplicate = page.getByRole('dialog').filter({ hasText: '有重复内容标题，是否继续保存？' })
  const dupRow = duplicate.getByRole('row').filter({ hasText: title })
  await expect(dupRow.getByRole('cell', { name: '文章', exact: true })).toBeVisible()
  await expect(dupRow.getByRole('cell', { name: '草稿', exact: true })).toBeVisible()
  await expect(dupRow.getByRole('cell', { name: 'admin', exact: true })).toBeVisible()
  await expect(duplicate.getByRole('link', { name: '查看重复标题的内容' })).toHaveAttribute(
    'href',
    `/contentManager?repeatTitle=${encodeURIComponent(title)}`,
  )
  await duplicate.getByRole('button', { name: /继\s*续/ }).click()
  await expectToast(page, '保存成功，已提交审核')
  await expect(page).toHaveURL(/\/contentArticle(\?|$)/)
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.getByText('待审核')).toBeVisible()

  // The queue's badge counts it, and the 审核中心 group shows the sum.
  expect(await articlePending(page)).toBe(before + 1)
  await page.getByRole('navigation', { name: '侧边菜单' }).getByText('审核中心', { exact: true }).click()
  await expectBadge(page, '文章审核', before + 1)
  await expect(menuBadge(page, '审核中心')).toHaveAttribute('title', /^\d+$/)

  // In the queue it is pending; rejecting asks for a reason first.
  await page.goto('/articleAudit')
  await expect(page.getByRole('tab', { name: '待审核' })).toHaveAttribute('aria-selected', 'true')
  const pending = page.getByRole('row').filter({ hasText: title })
  await expect(pending).toBeVisible()
  // A first submission has nothing to compare with.
  await pending.getByRole('button', { name: /审\s*核/ }).click()
  await expect(page.getByRole('region', { name: '修改对比' }).getByText('首次提交，无历史版本')).toBeVisible()
  await page.getByRole('button', { name: /返\s*回/ }).click()
  await pending.getByRole('button', { name: /驳\s*回/ }).click()
  const dialog = page.getByRole('dialog').filter({ hasText: '驳回原因' })
  await dialog.getByRole('button', { name: '确定驳回' }).click()
  await expect(dialog.getByText('请输入驳回原因')).toBeVisible()
  const reason = '标题需注明线路和日期'
  await dialog.getByLabel('驳回原因').fill(reason)
  await dialog.getByRole('button', { name: '确定驳回' }).click()
  await expectToast(page, '已驳回')
  await expect(pending).toHaveCount(0)
  await expectBadge(page, '文章审核', before)

  // 审核记录 keeps the decision and its reason; the tab lives in the URL.
  await openTab(page, '审核记录')
  await expect(page).toHaveURL(/type=wait/)
  const record = page.getByRole('row').filter({ hasText: title }).first()
  await expect(record.getByText(reason)).toBeVisible()
  await expect(record.getByText('驳回', { exact: true })).toBeVisible()

  // Back with the editor: the item is rejected, its row says why, and so does the form.
  await page.goto('/contentArticle')
  await expect(row.getByText('已驳回')).toBeVisible()
  await expect(row.getByText(`驳回原因：${reason}`)).toBeVisible()
  await row.getByRole('button', { name: /编\s*辑/ }).click()
  await expect(page.getByText(`驳回原因：${reason}`)).toBeVisible()
  await expect(page.locator('.moc-review-status').getByText('已驳回').first()).toBeVisible()
  await page.getByLabel('标题').fill(`${title}（3号线）`)
  await page.getByRole('button', { name: '保存并提交审核' }).click()
  await expectToast(page, '保存成功，已提交审核')
  const resubmitted = page.getByRole('row').filter({ hasText: `${title}（3号线）` })
  await expect(resubmitted.getByText('待审核')).toBeVisible()
  // The group's badge is the sum of every queue's count (video and collection queues included).
  const sum = (await sealedCall(page, 'GET', '/api/verify-center/pendingCounts')).data.total as number
  await expect(menuBadge(page, '审核中心')).toHaveAttribute('title', String(sum))

  // The reviewer opens it: read-only item with its log, then approves.
  await page.goto('/articleAudit')
  await page
    .getByRole('row')
    .filter({ hasText: `${title}（3号线）` })
    .getByRole('button', { name: /审\s*核/ })
    .click()
  await expect(page).toHaveURL(/\/articleAuditDetail\?id=\d+$/)
  await expect(page.getByText('地铁三号线春节期间延长运营。')).toBeVisible()
  await expect(page.locator('.moc-review-log').getByText(reason)).toBeVisible()
  // 修改对比: against the rejected version, the title's addition marked as inserted.
  const diff = page.getByRole('region', { name: '修改对比' })
  await expect(diff.getByText('已驳回')).toBeVisible()
  await expect(diff.locator('ins').filter({ hasText: '（3号线）' })).toBeVisible()
  await page.getByRole('button', { name: /通\s*过/ }).click()
  await page.getByRole('dialog').filter({ hasText: '确定审核通过' }).getByRole('button', { name: OK }).click()
  await expectToast(page, '审核通过')
  await expect(page).toHaveURL(/\/articleAudit/)
  await expectBadge(page, '文章审核', before)
  expect(await articlePending(page)).toBe(before)
  // 审核记录: each decision with the version and submission it decided on — the rejection shows the first title
  // and the first submission's time (before its 审核时间), the approval the resubmitted title.
  await openTab(page, '审核记录')
  const decided = (verdict: string) =>
    page
      .getByRole('row')
      .filter({ has: page.getByText(verdict, { exact: true }) })
      .filter({ hasText: title })
      .first()
  await expect(decided('驳回').getByRole('cell', { name: title, exact: true })).toBeVisible()
  await expect(decided('通过').getByRole('cell', { name: `${title}（3号线）`, exact: true })).toBeVisible()
  const times = await decided('驳回')
    .getByRole('cell')
    .filter({ hasText: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/ })
    .allTextContents()
  expect(times).toHaveLength(2)
  expect(times[0]! <= times[1]!).toBe(true)

  // Published: 文章列表 shows 已通过; 下线 takes it down to the draft box.
  await page.goto('/contentArticle')
  await expect(resubmitted.getByText('已通过')).toBeVisible()
  // Its form lists the versions: the rejected first submission and the approved resubmission.
  await resubmitted.getByRole('button', { name: /编\s*辑/ }).click()
  const history = page.getByRole('region', { name: '历史版本' })
  await expect(history.getByRole('row').filter({ hasText: '第2版' }).getByText('审核通过')).toBeVisible()
  await expect(history.getByRole('row').filter({ hasText: '第1版' }).getByText('已驳回')).toBeVisible()
  await page.getByRole('button', { name: /返\s*回/ }).click()
  await resubmitted.getByRole('button', { name: /下\s*线/ }).click()
  await confirmPopconfirm(page)
  await popconfirmClosed(page)
  await expectToast(page, '已下线')
  await expect(resubmitted).toHaveCount(0)
  await openTab(page, '草稿箱')
  await expect(resubmitted.getByText('草稿', { exact: true })).toBeVisible()

  // The super admin may publish a draft without review.
  await resubmitted.getByRole('button', { name: '免审发布' }).click()
  await confirmPopconfirm(page)
  await popconfirmClosed(page)
  await expectToast(page, '已发布')
  await openTab(page, '文章列表')
  await expect(resubmitted.getByText('已通过')).toBeVisible()

  // Recycle bin and back: still published.
  await resubmitted.getByRole('button', { name: '移到回收站' }).click()
  await confirmPopconfirm(page)
  await popconfirmClosed(page)
  await expectToast(page, '已移到回收站')
  await expect(resubmitted).toHaveCount(0)
  await openTab(page, '回收站')
  await resubmitted.getByRole('button', { name: /恢\s*复/ }).click()
  await confirmPopconfirm(page)
  await popconfirmClosed(page)
  await expectToast(page, '已恢复')
  await openTab(page, '文章列表')
  await expect(resubmitted.getByText('已通过')).toBeVisible()

  // Batches: two drafts submitted together from the draft box, approved together in the queue.
  const batchTitle = unique('批量审核')
  for (const n of [1, 2]) {
    const added = await sealedCall(page, 'POST', '/api/content/add', {
      kind: 'article',
      title: `${batchTitle}-${n}`,
      body: '<p>批量</p>',
    })
    expect(added.code).toBe(0)
  }
  await page.goto('/contentArticle?type=draft')
  const batchRows = page.getByRole('row').filter({ hasText: batchTitle })
  await expect(batchRows).toHaveCount(2)
  for (const r of await batchRows.all()) await r.getByRole('checkbox').check()
  await page.getByRole('button', { name: '批量提交审核' }).click()
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定提交选中的2条内容审核？' })
    .getByRole('button', { name: OK })
    .click()
  await expectToast(page, '已提交审核')
  await expect(batchRows).toHaveCount(0)
  await page.goto('/articleAudit')
  const queued = page.getByRole('row').filter({ hasText: batchTitle })
  await expect(queued).toHaveCount(2)
  for (const r of await queued.all()) await r.getByRole('checkbox').check()
  await page.getByRole('button', { name: '批量通过' }).click()
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定审核通过选中的2条内容？' })
    .getByRole('button', { name: OK })
    .click()
  await expectToast(page, '审核通过')
  await expect(queued).toHaveCount(0)

  // An editor whose role lacks 免审发布 never sees it, on a row or as a batch action.
  const { username } = await accountWith(
    page,
    '文字编辑',
    'wz',
    { '内容-文章': ['查看', '添加', '编辑', '提交审核'] },
    ['/contentArticle'],
  )
  const { page: editor, context } = await windowFor(browser, username)
  // Without 回收站 there is no 回收站 tab, nor does the URL open it.
  await editor.goto('/contentArticle?type=recycle')
  await expect(editor.getByRole('tab', { name: /^文章列表/ })).toHaveAttribute('aria-selected', 'true')
  await expect(editor.getByRole('tab', { name: /^回收站/ })).toHaveCount(0)
  // A title someone else used: the dialog lists it, with no link to 全部内容 (the editor may not open it).
  const draftTitle = unique('编辑草稿')
  expect(
    (await sealedCall(page, 'POST', '/api/content/add', { kind: 'article', title: draftTitle })).code,
  ).toBe(0)
  await newArticle(editor, draftTitle)
  await editor.getByRole('button', { name: /^保\s*存$/ }).click()
  const editorDialog = editor.getByRole('dialog').filter({ hasText: '有重复内容标题，是否继续保存？' })
  await expect(editorDialog.getByRole('row').filter({ hasText: draftTitle })).toContainText('admin')
  await expect(editorDialog.getByRole('link')).toHaveCount(0)
  await editorDialog.getByRole('button', { name: /继\s*续/ }).click()
  await expectToast(editor, '保存成功')
  await openTab(editor, '草稿箱')
  const draft = editor.getByRole('row').filter({ hasText: draftTitle })
  await expect(draft.getByRole('button', { name: '提交审核' })).toBeVisible()
  await expect(editor.getByRole('button', { name: /免审发布/ })).toHaveCount(0)
  await expect(editor.getByRole('button', { name: /下\s*线/ })).toHaveCount(0)
  // Nor does the editor see the review centre, so no badge call is made for them.
  await expect(
    editor.getByRole('navigation', { name: '侧边菜单' }).getByText('审核中心', { exact: true }),
  ).toHaveCount(0)
  // The editor submits from the list, and may revert a pending submission of their own.
  await draft.getByRole('button', { name: '提交审核' }).click()
  await confirmPopconfirm(editor)
  await popconfirmClosed(editor)
  await expectToast(editor, '已提交审核')
  await openTab(editor, '文章列表')
  await expect(draft.getByText('待审核')).toBeVisible()
  await draft.getByRole('button', { name: /撤\s*回/ }).click()
  await confirmPopconfirm(editor)
  await popconfirmClosed(editor)
  await expectToast(editor, '已撤回')
  await expect(draft).toHaveCount(0)
  await context.close()
})
