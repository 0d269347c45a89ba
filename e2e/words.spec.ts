import type { Page } from '@playwright/test'
import { accountWith, windowFor } from './accountHelpers.ts'
import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button, confirmPopconfirm, popconfirmClosed } from './organisationHelpers.ts'
import { setRichSource } from './richTextHelpers.ts'
import { sealedCall } from './sealedApi.ts'

/** The detail form's fields (by id: the list's search field has the same label while the route changes). */
const detailField = (page: Page, name: 'word' | 'category') => page.locator(`#word-detail_${name}`)

const wordRow = (page: Page, word: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: word, exact: true }) })

async function searchWord(page: Page, word: string) {
  await page.locator('#word-search_keyword').fill(word)
  await button(page, '搜索').click()
}

test('敏感词管理: add, edit, search, export, delete in batch, import the export back', async ({
  page,
}, info) => {
  test.setTimeout(120_000)
  await signInAsAdmin(page)
  await page.goto('/words')
  const tag = unique('')
  const blockWord = `禁词${tag}`
  const reviewWord = `审词${tag}`

  for (const [word, level] of [
    [blockWord, '禁用'],
    [reviewWord, '审核'],
  ] as const) {
    await page.getByRole('button', { name: '添加敏感词' }).click()
    await expect(page).toHaveURL(/\/wordsDetail$/)
    await detailField(page, 'word').fill(word)
    await detailField(page, 'category').fill('测试')
    await page.getByLabel(level).check()
    await button(page, '保存').click()
    await expectToast(page, '添加成功')
    await expect(page).toHaveURL(/\/words$/)
  }
  // The same word again, in another case or not, is refused.
  await page.getByRole('button', { name: '添加敏感词' }).click()
  await detailField(page, 'word').fill(blockWord.toUpperCase())
  await button(page, '保存').click()
  await expectToast(page, '该敏感词已存在')
  await expect(
    page.locator('#moc-main').getByRole('alert').filter({ hasText: '该敏感词已存在' }),
  ).toBeVisible()
  await button(page, '返回').click()

  // Search finds one word; edit changes its level.
  await searchWord(page, tag)
  await expect(wordRow(page, blockWord).getByText('禁用')).toBeVisible()
  await expect(wordRow(page, reviewWord).getByText('审核')).toBeVisible()
  await wordRow(page, reviewWord).getByRole('button', { name: '编辑' }).click()
  await expect(detailField(page, 'word')).toHaveValue(reviewWord)
  await page.getByLabel('替换').check()
  await button(page, '保存').click()
  await expectToast(page, '修改成功')
  await searchWord(page, tag)
  await expect(wordRow(page, reviewWord).getByText('替换')).toBeVisible()

  // Export the two, delete them in batch (after a confirmation), import the file: both are back.
  const download = page.waitForEvent('download')
  await button(page, '导出').click()
  const file = info.outputPath('words.xlsx')
  await (await download).saveAs(file)
  await expectToast(page, '导出成功，共 2 条')

  await wordRow(page, blockWord).getByRole('checkbox').check()
  await wordRow(page, reviewWord).getByRole('checkbox').check()
  await button(page, '批量删除').click()
  const confirm = page.getByRole('dialog').filter({ hasText: '确定删除选中的2个敏感词？' })
  await button(confirm, '确定').click()
  await expectToast(page, '删除成功')
  await expect(page.getByText('暂无数据')).toBeVisible()

  await page.locator('input[type=file]').setInputFiles(file)
  const summary = page.getByRole('dialog').filter({ hasText: '导入完成' })
  await expect(summary.getByText('新增 2 条，跳过 0 条（已存在或文件中重复），失败 0 条')).toBeVisible()
  await button(summary, '确定').click()
  await expect(wordRow(page, blockWord).getByText('禁用')).toBeVisible()
  await expect(wordRow(page, reviewWord).getByText('替换')).toBeVisible()

  // Clean up, one by one this time.
  for (const word of [blockWord, reviewWord]) {
    await wordRow(page, word).getByRole('button', { name: '删除' }).click()
    await confirmPopconfirm(page)
    await popconfirmClosed(page)
    await expectToast(page, '删除成功')
  }
})

test('sensitive review: a review-level word asks before submitting, a block-level word stops it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  await signInAsAdmin(page)
  const tag = unique('')
  const reviewWord = `代购${tag}`
  const blockWord = `违禁品${tag}`
  for (const [word, level] of [
    [reviewWord, 'review'],
    [blockWord, 'block'],
  ])
    expect(
      (await sealedCall(page, 'POST', '/api/sensitive-word/add', { word, level, category: '测试' })).code,
    ).toBe(0)

  const { username } = await accountWith(
    page,
    '敏感词编辑',
    'mg',
    { '内容-文章': ['查看', '添加', '编辑', '提交审核'] },
    ['/contentArticle'],
  )
  const { page: editor, context } = await windowFor(browser, username)

  const write = async (title: string, body: string) => {
    await editor.goto('/contentArticle')
    await editor.getByRole('button', { name: '新增文章' }).click()
    await expect(editor.getByLabel('正文')).toBeVisible()
    await editor.getByLabel('标题').fill(title)
    await setRichSource(editor, body)
  }
  const dialog = editor.getByRole('dialog').filter({ hasText: '敏感内容提示' })

  // A review-level word (and an image, which no image service checks) is shown; 确定 submits.
  const softTitle = unique('海外代购调查')
  await write(softTitle, `<p>记者调查${reviewWord}乱象。</p><p><img src="https://example.com/a.png"></p>`)
  await editor.getByRole('button', { name: '保存并提交审核' }).click()
  await expect(dialog.getByText(`${reviewWord}（审核）`)).toBeVisible()
  await expect(dialog.getByText('未配置图片审核服务，图片未经自动审核，请人工核对')).toBeVisible()
  await expect(dialog.getByText('确定继续提交审核？')).toBeVisible()
  await button(dialog, '确定').click()
  await expectToast(editor, '保存成功，已提交审核')
  await expect(editor.getByRole('row').filter({ hasText: softTitle }).getByText('待审核')).toBeVisible()

  // A block-level word: the dialog names it, 确定 is disabled; 取消 leaves the form unsaved.
  const hardTitle = unique('商品信息')
  await write(hardTitle, `<p>出售${blockWord}。</p>`)
  await editor.getByRole('button', { name: '保存并提交审核' }).click()
  await expect(dialog.getByText(`内容包含禁用词：${blockWord}，请修改后再提交审核。`)).toBeVisible()
  await expect(button(dialog, '确定')).toBeDisabled()
  await button(dialog, '取消').click()
  await expect(dialog).toBeHidden()
  await expect(editor).toHaveURL(/\/contentArticleDetail/)

  // Saved as a draft, it is stopped again when submitted from the list.
  await editor.getByRole('button', { name: /^保\s*存$/ }).click()
  await expectToast(editor, '保存成功')
  await editor.getByRole('tab', { name: /^草稿箱/ }).click()
  const draft = editor.getByRole('row').filter({ hasText: hardTitle })
  await draft.getByRole('button', { name: '提交审核' }).click()
  await confirmPopconfirm(editor)
  await expect(dialog.getByText(`${blockWord}（禁用）`)).toBeVisible()
  await expect(button(dialog, '确定')).toBeDisabled()
  await button(dialog, '取消').click()
  await expect(draft.getByText('草稿')).toBeVisible()
  await context.close()

  // The reviewer sees the review-level word before approving.
  await page.goto('/articleAudit')
  await page
    .getByRole('row')
    .filter({ hasText: softTitle })
    .getByRole('button', { name: /审\s*核/ })
    .click()
  await expect(page).toHaveURL(/\/articleAuditDetail\?id=\d+$/)
  // The queue's own row buttons stay until the lazily loaded detail screen replaces them.
  await expect(page.getByText('修改对比')).toBeVisible()
  await button(page, '通过').click()
  const review = page.getByRole('dialog').filter({ hasText: '敏感内容提示' })
  await expect(review.getByText(`${reviewWord}（审核）`)).toBeVisible()
  await expect(review.getByText('确定审核通过？')).toBeVisible()
  await button(review, '确定').click()
  await expectToast(page, '审核通过')
})
