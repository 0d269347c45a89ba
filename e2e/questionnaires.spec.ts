import ExcelJS from 'exceljs'
import { AppClient } from './appClient.ts'
import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button, confirmPopconfirm } from './organisationHelpers.ts'
import { sealedCall } from './sealedApi.ts'

const expect = baseExpect.configure({ timeout: 20_000 })

const stamp = String(Date.now()).slice(-7)
const phoneOf = (i: number) => `136${stamp}${i}`

/** Twenty good questions (four of each type) tagged with `tag`, and one bad row (two right answers) as row 9. */
function bankRows(tag: string): string[][] {
  const rows: string[][] = []
  for (let i = 1; i <= 20; i++) {
    const t = `${tag}-${String(i).padStart(2, '0')}`
    const kind = i % 5
    if (kind === 1) rows.push(['单选题', `${t} 中国的首都`, '常识', '*北京\n上海\n广州', '', '5', '', ''])
    if (kind === 2) rows.push(['多选题', `${t} 中国的河流`, '常识', '*长江\n*黄河\n泰山', '', '4', '', ''])
    if (kind === 3) rows.push(['填空题', `${t} 首都的拼音`, '常识', '', 'Beijing', '3', '', ''])
    if (kind === 4) rows.push(['评分题', `${t} 满意度`, '满意度', '', '', '', '5', ''])
    if (kind === 0) rows.push(['排序题', `${t} 数字排序`, '常识', '一\n二\n三', '', '6', '', ''])
  }
  rows.splice(7, 0, ['单选题', `${tag} 坏行`, '常识', '*甲\n*乙', '', '5', '', ''])
  return [['题型', '题目', '分类', '选项', '参考答案', '分值', '评分等级', '答案解析'], ...rows]
}

test('问卷: 20 questions imported into the bank with the bad row named; a questionnaire built from the bank on /questionTopic, approved on /qaAuditList, answered through the app, seen on /performance and /questionScore; then withdrawn, deleted and the recycle bin cleaned', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  await signInAsAdmin(page)
  const tag = unique('题')

  // 导入 on /questionBank: twenty rows go in, the bad one is named.
  await page.goto('/questionBank')
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('题库')
  for (const r of bankRows(tag)) ws.addRow(r)
  await page.locator('input[type=file][accept=".xlsx"]').setInputFiles({
    name: '题库.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  })
  const summary = page.locator('.ant-modal-confirm').filter({ hasText: '导入 20 条，1 行有误未导入' })
  await expect(summary.getByText('第 9 行：单选题须有且只有一个正确选项')).toBeVisible()
  await button(summary, '确定').click()
  await expect(page.getByRole('row').filter({ hasText: `${tag}-01 中国的首都` })).toBeVisible()

  // A questionnaire made on /questionAdd.
  const title = unique('知识问答')
  await page.goto('/questionManage')
  await button(page, '新增问卷').click()
  await expect(page).toHaveURL(/\/questionAdd$/)
  await page.getByLabel('问卷标题').fill(title)
  await page.getByLabel('问卷说明').fill('答题赢积分')
  await button(page, '保存').click()
  await expectToast(page, '保存成功')
  const listed = await sealedCall(page, 'GET', `/api/questionnaire/list?title=${encodeURIComponent(title)}`)
  const id = listed.data.items[0].id as number

  // Its questions picked from the bank on /questionTopic (the list's 查看), one of each type, then reordered.
  await page.goto('/questionManage')
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /^查\s*看$/ })
    .click()
  await expect(page).toHaveURL(new RegExp(`/questionTopic\\?id=${id}`))
  await expect(page.getByText(`问卷：${title}`)).toBeVisible()
  await button(page, '从题库添加').click()
  const picker = page.getByRole('dialog', { name: '从题库添加题目' })
  await picker.getByPlaceholder('题目').fill(tag)
  await picker.getByPlaceholder('题目').press('Enter')
  // The bank lists newest first: the last five imported (one of each type) are on its first page.
  for (const n of ['16', '17', '18', '19', '20'])
    await picker
      .getByRole('row')
      .filter({ hasText: `${tag}-${n} ` })
      .getByRole('checkbox')
      .check()
  await button(picker, '添加（5）').click()
  await expectToast(page, '已添加 5 道题目')
  await expect(page.getByText('共 5 题，总分 18')).toBeVisible()
  const rows = page.getByRole('tabpanel', { name: '问卷题目' }).locator('tbody tr')
  await rows
    .filter({ hasText: `${tag}-17 ` })
    .getByRole('button', { name: /^上\s*移$/ })
    .click()
  await expect(rows.first()).toContainText(`${tag}-17 中国的河流`)
  // The rating is optional.
  await page.getByRole('switch', { name: `必答：${tag}-19 满意度` }).click()
  await expect(page.getByRole('switch', { name: `必答：${tag}-19 满意度` })).not.toBeChecked()
  // A question of its own, written here (新建题目: the bank's form in a drawer), joins at the end; then removed again.
  await button(page, '新建题目').click()
  const drawer = page.getByRole('dialog', { name: '新增题目' })
  await drawer.getByRole('combobox', { name: '题型' }).click()
  await page.locator('.ant-select-dropdown:visible').getByTitle('填空题', { exact: true }).click()
  await drawer.getByLabel('题目', { exact: true }).fill(`${tag}-自拟 首都是哪座城市`)
  await drawer.getByLabel('参考答案').fill('北京')
  await drawer.getByLabel('分值').fill('2')
  await button(drawer, '保存').click()
  await expect(drawer).toBeHidden()
  await expect(page.getByText('共 6 题，总分 20')).toBeVisible()
  await rows
    .filter({ hasText: `${tag}-自拟` })
    .getByRole('button', { name: '移除' })
    .click()
  await confirmPopconfirm(page)
  await expect(page.getByText('共 5 题，总分 18')).toBeVisible()

  // Submitted, and approved on /qaAuditList.
  await page.goto('/questionManage')
  const row = page.getByRole('row').filter({ hasText: title })
  await row.getByRole('button', { name: '提交审核' }).click()
  await confirmPopconfirm(page)
  await expectToast(page, '已提交审核')
  await page.goto('/qaAuditList')
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /通\s*过/ })
    .click()
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定审核通过' })
    .getByRole('button', { name: /确\s*定/ })
    .click()
  await expectToast(page, '审核通过')

  // Two app users answer it: one all right, one with the multiple choice short of a right option.
  const [first, second] = await Promise.all([0, 1].map((i) => AppClient.signUp(request, phoneOf(i))))
  type Open = { questions: { id: number; title: string; options: { id: number; label: string }[] }[] }
  const open = await first!.ok<Open>('GET', `/api/open/questionnaire/detail?id=${id}`)
  const q = (part: string) => open.questions.find((x) => x.title.includes(part))!
  const opt = (part: string, label: string) => q(part).options.find((o) => o.label === label)!.id
  const right = {
    [q('中国的首都').id]: opt('中国的首都', '北京'),
    [q('中国的河流').id]: [opt('中国的河流', '长江'), opt('中国的河流', '黄河')],
    [q('首都的拼音').id]: 'beijing',
    [q('满意度').id]: 5,
    [q('数字排序').id]: ['一', '二', '三'].map((l) => opt('数字排序', l)),
  }
  const firstAnswer = await first!.ok<{ score: number }>('POST', '/api/open/questionnaire/answer', {
    questionnaireId: id,
    answers: right,
    durationSeconds: 60,
  })
  expect(firstAnswer.score).toBe(18)
  const secondAnswer = await second!.ok<{ score: number }>('POST', '/api/open/questionnaire/answer', {
    questionnaireId: id,
    answers: { ...right, [q('中国的河流').id]: [opt('中国的河流', '长江')], [q('满意度').id]: 3 },
  })
  expect(secondAnswer.score).toBe(14)

  // /performance: the bars per question.
  await page.goto(`/performance?id=${id}`)
  const rivers = page.locator('.ant-card').filter({ hasText: `${tag}-17 中国的河流` })
  await expect(rivers.locator('[data-label="长江"]')).toContainText('2 人')
  await expect(rivers.locator('[data-label="黄河"]')).toContainText('1 人')
  const rating = page.locator('.ant-card').filter({ hasText: `${tag}-19 满意度` })
  await expect(rating.getByText('平均分：4')).toBeVisible()
  await expect(page.locator('.ant-statistic').filter({ hasText: '答卷数' })).toContainText('2')
  await expect(page.locator('.ant-statistic').filter({ hasText: '平均分' })).toContainText('16')

  // /questionScore: the scores, one changed with a reason.
  await page.goto(`/questionScore?id=${id}`)
  // A row by its 得分 cell exactly: the submission time holds digits too (14:05 matched '14').
  const scored = (score: string) =>
    page.getByRole('row').filter({ has: page.getByRole('cell', { name: score, exact: true }) })
  await expect(scored('18')).toBeVisible()
  await scored('14').getByRole('button', { name: '修改得分' }).click()
  const dialog = page.getByRole('dialog').filter({ hasText: '修改得分' })
  await dialog.getByLabel('得分').fill('16')
  await dialog.getByLabel('修改原因').fill('多选题复核')
  await button(dialog, '确定').click()
  await expectToast(page, '得分已修改')
  await expect(page.getByRole('row').filter({ hasText: '已修改' })).toContainText('16')

  // The answer sheets on /questionTopic: two, one opened.
  await page.goto(`/questionTopic?id=${id}`)
  await page.getByRole('tab', { name: '答卷记录' }).click()
  await expect(page.getByText('共 2 条')).toBeVisible()
  await page
    .getByRole('tabpanel', { name: '答卷记录' })
    .locator('tbody tr')
    .first()
    .getByRole('button', { name: /^详\s*情$/ })
    .click()
  await expect(page.getByRole('dialog', { name: '答卷详情' }).getByText('一 → 二 → 三').first()).toBeVisible()

  // Withdrawn (下线): off the app, 已撤回.
  await page.goto('/questionManage')
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /^下\s*线$/ })
    .click()
  await confirmPopconfirm(page)
  await expectToast(page, '已下线')
  await expect(page.getByRole('row').filter({ hasText: title }).getByText('已撤回')).toBeVisible()
  const gone = await first!.raw('GET', `/api/open/questionnaire/detail?id=${id}`)
  expect(gone.envelope.msg).toBe('问卷未发布或已结束')

  // Deleted into the recycle bin, then the bin cleaned.
  await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: '移到回收站' }).click()
  await confirmPopconfirm(page)
  await expectToast(page, '已移到回收站')
  await page.getByRole('tab', { name: /回收站/ }).click()
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible()
  await page.getByRole('tab', { name: /问卷列表/ }).click()
  await button(page, '清空回收站').click()
  const confirm = page.getByRole('dialog').filter({ hasText: '确定清空回收站吗' })
  await confirm.getByRole('button', { name: /确\s*定/ }).click()
  await expectToast(page, '清空回收站成功')
  await page.getByRole('tab', { name: /回收站/ }).click()
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0)
  const after = await sealedCall(page, 'GET', `/api/questionnaire/detail?id=${id}`)
  expect(after.code).not.toBe(0)
})
