import { maxScore, scoreAnswer } from '@moc/domain/resources/question/scoring'
import { and, count, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { department, operationLog } from '../src/db/schema.ts'
import { answerSheet, question, questionnaire, sheetAnswer } from '../src/db/tables/questionnaires.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'
import { appCalls } from './openCommunityCalls.ts'
import { rowXml, xlsxOf } from './xlsxFile.ts'

const HOUR = 3_600_000
const HEADER = ['题型', '题目', '分类', '选项', '参考答案', '分值', '评分等级', '答案解析']

/** An .xlsx of question rows (header first), base64 as the import takes it. */
const sheetOf = (rows: string[][]) =>
  xlsxOf([HEADER, ...rows].map((cells, i) => rowXml(i + 1, cells)).join('')).toString('base64')

/** Twenty good rows of every type, and one bad (a single choice with two right options) as the 8th data row. */
export const importRows = (): string[][] => {
  const rows: string[][] = []
  for (let i = 1; i <= 20; i++) {
    const kind = i % 5
    if (kind === 1) rows.push(['单选题', `导入单选${i}`, '常识', `*北京\n上海\n广州`, '', '5', '', '首都'])
    if (kind === 2) rows.push(['多选题', `导入多选${i}`, '常识', `*长江\n*黄河\n泰山`, '', '4', '', ''])
    if (kind === 3) rows.push(['填空题', `导入填空${i}`, '常识', '', 'Beijing\n北京', '3', '', ''])
    if (kind === 4) rows.push(['评分题', `导入评分${i}`, '满意度', '', '', '', '5', ''])
    if (kind === 0) rows.push(['排序题', `导入排序${i}`, '常识', '一\n二\n三', '', '6', '', ''])
  }
  rows.splice(7, 0, ['单选题', '坏行：两个正确答案', '常识', '*甲\n*乙', '', '5', '', ''])
  return rows
}

/**
 * Questionnaires and the question bank (decision 0046): the bank's rules and import, a questionnaire built from the
 * bank, reviewed in /qaAuditList, answered through the app-facing API and scored, its answer sheets, statistics and
 * scores, then withdrawn, deleted and the recycle bin cleaned.
 */
describe.each(engines)('questionnaires (%s)', (engine) => {
  let t: TestApp
  let adminToken = ''
  const acct = {} as Record<'manager' | 'reviewer' | 'scorer' | 'stranger', { token: string }>
  const { post, get } = contentCalls(() => t)
  const app = appCalls(() => t)
  const ok = async (r: ReturnType<typeof post>) => {
    const { body } = await r
    expect(body.code, body.msg).toBe(0)
    return body.data
  }
  const db = () => t.database.db
  let phones = 0
  const newUser = () => app.user(`1391000${String(++phones).padStart(4, '0')}`)

  const single = (title: string, extra: Record<string, unknown> = {}) => ({
    type: 'single',
    title,
    category: '常识',
    options: [
      { label: '北京', score: 5, correct: true },
      { label: '上海', score: 0, correct: false },
    ],
    ...extra,
  })

  beforeAll(async () => {
    t = await startTestApp(engine, { API_RATE_LIMIT: '0' })
    adminToken = await login(t.app)
    const [d] = await db().insert(department).values({ name: '问卷运营部' }).returning()
    const [other] = await db().insert(department).values({ name: '别的部门' }).returning()
    acct.manager = await scopedAccount(
      t,
      'quizManager',
      {
        '问卷-问卷': ['查看', '添加', '编辑', '删除', '回收站', '导出'],
        '问卷-题库': ['查看', '添加', '编辑', '删除', '回收站', '导入'],
        '问卷-绩效': ['查看'],
      },
      d!.id,
    )
    acct.reviewer = await scopedAccount(t, 'quizReviewer', { 问答审核: ['查看', '审核'] }, d!.id)
    acct.scorer = await scopedAccount(t, 'quizScorer', { '问卷-评分': ['查看', '编辑'] }, d!.id)
    acct.stranger = await scopedAccount(
      t,
      'quizStranger',
      { '问卷-问卷': ['查看', '编辑'], '问卷-绩效': ['查看'], '问卷-评分': ['查看', '编辑'] },
      other!.id,
    )
  }, 60_000)
  afterAll(() => t?.close())

  it('scores each type by the written rules', () => {
    const opts = [
      { id: 1, label: 'a', score: 2, correct: true },
      { id: 2, label: 'b', score: 3, correct: true },
      { id: 3, label: 'c', score: 1, correct: false },
    ]
    const multiple = { type: 'multiple', options: opts }
    expect(maxScore(multiple)).toBe(5)
    expect(scoreAnswer(multiple, [2, 1])).toBe(5)
    expect(scoreAnswer(multiple, [1])).toBe(0)
    expect(scoreAnswer(multiple, [1, 2, 3])).toBe(0)
    expect(scoreAnswer({ type: 'single', options: opts }, 3)).toBe(1)
    const fill = { type: 'fill', answer: ' Beijing \n北京', score: 4, options: [] }
    expect(scoreAnswer(fill, '  BEIJING ')).toBe(4)
    expect(scoreAnswer(fill, '南京')).toBe(0)
    expect(scoreAnswer({ type: 'ordering', score: 6, options: opts }, [1, 2, 3])).toBe(6)
    expect(scoreAnswer({ type: 'ordering', score: 6, options: opts }, [2, 1, 3])).toBe(0)
    expect(scoreAnswer({ type: 'rating', scale: 5, options: [] }, 5)).toBe(0)
  })

  it('keeps each type’s rules on the bank’s questions and lists only the bank’s', async () => {
    const m = acct.manager.token
    const two = await post(
      m,
      '/api/question/add',
      single('两个正确', {
        options: [
          { label: '甲', score: 1, correct: true },
          { label: '乙', score: 1, correct: true },
        ],
      }),
    )
    expect([two.res.statusCode, two.body.msg]).toEqual([400, '单选题须有且只有一个正确选项'])
    const none = await post(m, '/api/question/add', {
      type: 'multiple',
      title: '无正确',
      options: [{ label: '甲' }, { label: '乙' }],
    })
    expect(none.body.msg).toBe('多选题至少要有一个正确选项')
    const order = await post(m, '/api/question/add', {
      type: 'ordering',
      title: '一项排序',
      score: 2,
      options: [{ label: '甲' }],
    })
    expect(order.body.msg).toBe('排序题至少要有两个选项')
    const scale = await post(m, '/api/question/add', { type: 'rating', title: '评分', scale: 11 })
    expect(scale.res.statusCode).toBe(422)
    const fill = await post(m, '/api/question/add', { type: 'fill', title: '填空无答案', score: 2 })
    expect(fill.body.msg).toBe('填空题须填写参考答案')
    expect(await db().select({ n: count() }).from(question)).toEqual([{ n: 0 }])

    const made = await ok(post(m, '/api/question/add', single('中国的首都是？')))
    const detail = await ok(get(m, `/api/question/detail?id=${made.id}`))
    expect(
      detail.fields.options.map((o: { label: string; correct: boolean }) => [o.label, o.correct]),
    ).toEqual([
      ['北京', true],
      ['上海', false],
    ])
    // A questionnaire's own question (questionnaire_id set) is not the bank's.
    const [me] = await db()
      .select({ createdBy: question.createdBy })
      .from(question)
      .where(eq(question.id, made.id))
    await db().insert(question).values({ createdBy: me!.createdBy, title: '自有题', questionnaireId: 999 })
    const list = await ok(get(m, '/api/question/list?type=list'))
    expect(list.items.map((r: { title: string }) => r.title)).toEqual(['中国的首都是？'])

    // Recycle bin: delete, restore.
    await ok(post(m, '/api/question/delete', { ids: [made.id] }))
    expect((await ok(get(m, '/api/question/list?type=recycle'))).total).toBe(1)
    await ok(post(m, '/api/question/restore', { ids: [made.id] }))
    expect((await ok(get(m, '/api/question/list?type=list'))).total).toBe(1)

    // As the form sends a fill-in question: the rating's scale (not shown for it) empty. It keeps its default (a
    // never-null column), and an emptied score takes its default too — a 500 before.
    const asForm = await ok(
      post(m, '/api/question/add', {
        type: 'fill',
        title: '首都是哪座城市',
        answer: '北京',
        score: null,
        scale: null,
        options: [],
      }),
    )
    const written = await ok(get(m, `/api/question/detail?id=${asForm.id}`))
    expect([written.fields.scale, written.fields.score]).toEqual([5, 0])
  })

  it('imports 20 questions from Excel, naming the bad row', async () => {
    const m = acct.manager.token
    const r = await ok(
      post(m, '/api/questionnaire/import', { fileName: '题库.xlsx', file: sheetOf(importRows()) }),
    )
    expect(r.added).toBe(20)
    expect(r.failed).toEqual([{ row: 9, messages: ['单选题须有且只有一个正确选项'] }])
    const multi = await db().select().from(question).where(eq(question.title, '导入多选2'))
    const loaded = await ok(get(m, `/api/question/detail?id=${multi[0]!.id}`))
    // 分值 4 shared by the two right options.
    expect(
      loaded.fields.options.map((o: { label: string; score: number; correct: boolean }) => [
        o.label,
        o.score,
        o.correct,
      ]),
    ).toEqual([
      ['长江', 2, true],
      ['黄河', 2, true],
      ['泰山', 0, false],
    ])
    const bad = await post(m, '/api/questionnaire/import', {
      fileName: '题库.xlsx',
      file: xlsxOf(rowXml(1, ['题目'])).toString('base64'),
    })
    expect([bad.res.statusCode, bad.body.msg]).toEqual([400, '导入文件缺少列：题型'])
    const denied = await post(acct.reviewer.token, '/api/questionnaire/import', {
      fileName: 'a.xlsx',
      file: sheetOf([]),
    })
    expect(denied.res.statusCode).toBe(403)
  })

  /** The bank questions by title. */
  async function bankIds(titles: string[]) {
    const rows = await db().select({ id: question.id, title: question.title }).from(question)
    return titles.map((title) => rows.find((r) => r.title === title)!.id)
  }

  it('builds a questionnaire from the bank, reviews it, takes answers through the app and scores them', async () => {
    const m = acct.manager.token
    const q = await ok(
      post(m, '/api/questionnaire/add', {
        title: '知识问答',
        intro: '答题赢积分',
        startAt: new Date(Date.now() - HOUR).toISOString(),
        endAt: new Date(Date.now() + 24 * HOUR).toISOString(),
        scored: true,
        repeatable: false,
      }),
    )
    expect(q).toMatchObject({ state: 'draft', sheetCount: 0 })
    const early = await post(m, '/api/questionnaire/examination', { ids: [q.id] })
    expect([early.res.statusCode, early.body.msg]).toEqual([400, '问卷还没有题目'])

    const [s, mu, f, ra, o] = await bankIds(['导入单选1', '导入多选2', '导入填空3', '导入评分4', '导入排序5'])
    expect(
      (
        await ok(
          post(m, '/api/questionnaire/question/add', { questionnaireId: q.id, questionIds: [mu, s, f] }),
        )
      ).updated,
    ).toBe(3)
    await ok(
      post(m, '/api/questionnaire/question/add', {
        questionnaireId: q.id,
        questionIds: [ra, o, s],
        required: false,
      }),
    )
    const missing = await post(m, '/api/questionnaire/question/add', {
      questionnaireId: q.id,
      questionIds: [999_999],
    })
    expect([missing.res.statusCode, missing.body.msg]).toEqual([404, '题目不存在或不在题库中'])
    // Reordered: the single choice first; the rating optional.
    const badOrder = await post(m, '/api/questionnaire/question/modify', {
      questionnaireId: q.id,
      items: [{ questionId: s, required: true }],
    })
    expect(badOrder.body.msg).toBe('排序须包含问卷的全部题目')
    await ok(
      post(m, '/api/questionnaire/question/modify', {
        questionnaireId: q.id,
        items: [s, mu, f, ra, o].map((questionId) => ({ questionId, required: questionId !== ra })),
      }),
    )
    await ok(
      post(m, '/api/questionnaire/question/add', {
        questionnaireId: q.id,
        questionIds: [(await bankIds(['导入单选6']))[0]],
      }),
    )
    await ok(
      post(m, '/api/questionnaire/question/delete', {
        questionnaireId: q.id,
        questionIds: [(await bankIds(['导入单选6']))[0]],
      }),
    )
    const qs = await ok(get(m, `/api/questionnaire/question/list?questionnaireId=${q.id}`))
    expect(qs.map((x: { questionId: number; required: boolean }) => [x.questionId, x.required])).toEqual([
      [s, true],
      [mu, true],
      [f, true],
      [ra, false],
      [o, true],
    ])
    expect(qs.map((x: { maxScore: number }) => x.maxScore)).toEqual([5, 4, 3, 0, 6])
    // Another department sees none of it.
    const foreign = await get(acct.stranger.token, `/api/questionnaire/question/list?questionnaireId=${q.id}`)
    expect(foreign.res.statusCode).toBe(404)

    // Review: pending on the /qaAuditList badge, decided through the spec's qaContent.
    await ok(post(m, '/api/questionnaire/examination', { ids: [q.id] }))
    const badge = await get(acct.reviewer.token, '/api/verify-center/pendingCounts')
    expect(badge.body.data.counts['/qaAuditList']).toBe(1)
    const queue = await ok(
      get(acct.reviewer.token, '/api/verify-center/qaContents?type=list&page=1&pageSize=1'),
    )
    expect([queue.total, queue.items[0].title]).toEqual([1, '知识问答'])
    // Not open to the app yet.
    const user = await newUser()
    expect((await app.get(user.token, `/api/open/questionnaire/detail?id=${q.id}`)).res.statusCode).toBe(404)
    await ok(post(acct.reviewer.token, '/api/verify-center/qaContent', { id: q.id, verifyState: 1 }))
    expect((await ok(get(m, `/api/questionnaire/detail?id=${q.id}`))).fields).toMatchObject({
      state: 'published',
      questionCount: 5,
    })

    // The app: listed, its questions without the right answers.
    const listed = await app.ok(app.get(user.token, '/api/open/questionnaire/list'))
    expect(listed.items.map((x: { id: number; answered: boolean }) => [x.id, x.answered])).toEqual([
      [q.id, false],
    ])
    expect((await app.get(undefined, '/api/open/questionnaire/list')).res.statusCode).toBe(401)
    const open = await app.ok(app.get(user.token, `/api/open/questionnaire/detail?id=${q.id}`))
    expect(JSON.stringify(open)).not.toMatch(/correct|"score"|Beijing|analysis/)
    const byId = Object.fromEntries(open.questions.map((x: { id: number }) => [x.id, x]))
    const opt = (qid: number, label: string) =>
      byId[qid].options.find((x: { label: string }) => x.label === label).id as number

    const answer = (token: string, answers: Record<string, unknown>) =>
      app.post(token, '/api/open/questionnaire/answer', {
        questionnaireId: q.id,
        answers,
        durationSeconds: 95,
      })
    const full = {
      [s!]: opt(s!, '北京'),
      [mu!]: [opt(mu!, '黄河'), opt(mu!, '长江')],
      [f!]: '  beijing ',
      [ra!]: 4,
      [o!]: ['一', '二', '三'].map((l) => opt(o!, l)),
    }
    const noRequired = await answer(user.token, { ...full, [f!]: '' })
    expect([noRequired.res.statusCode, noRequired.body.msg]).toEqual([400, '请回答必答题：导入填空3'])
    const wrongOption = await answer(user.token, { ...full, [s!]: opt(mu!, '泰山') })
    expect(wrongOption.body.msg).toBe('「导入单选1」请选择一个选项')
    const rating = await answer(user.token, { ...full, [ra!]: 6 })
    expect(rating.body.msg).toBe('「导入评分4」请在 1–5 之间评分')
    const partOrder = await answer(user.token, { ...full, [o!]: [opt(o!, '一')] })
    expect(partOrder.body.msg).toBe('「导入排序5」请给全部选项排序')
    const stray = await answer(user.token, { ...full, 999999: 1 })
    expect(stray.body.msg).toBe('答案中含有不属于该问卷的题目')

    expect(await app.ok(answer(user.token, full))).toMatchObject({ score: 18, maxScore: 18 })
    const again = await answer(user.token, full)
    expect([again.res.statusCode, again.body.msg]).toEqual([409, '您已提交过该问卷'])
    // A second user: one option short of the set, wrong fill-in, the order swapped, no rating.
    const second = await newUser()
    const { [ra!]: _skip, ...partial } = full
    expect(
      await app.ok(
        answer(second.token, {
          ...partial,
          [mu!]: [opt(mu!, '长江')],
          [f!]: '南京',
          [o!]: ['二', '一', '三'].map((l) => opt(o!, l)),
        }),
      ),
    ).toMatchObject({ score: 5 })
    // Twenty concurrent submissions of one user: exactly one lands.
    const third = await newUser()
    const tries = await Promise.all(Array.from({ length: 20 }, () => answer(third.token, full)))
    expect(tries.filter((r) => r.body.code === 0)).toHaveLength(1)
    expect(tries.filter((r) => r.body.msg === '您已提交过该问卷')).toHaveLength(19)
    const [kept] = await db()
      .select({ n: questionnaire.sheetCount })
      .from(questionnaire)
      .where(eq(questionnaire.id, q.id))
    expect(kept!.n).toBe(3)
    expect(
      await db().select({ n: count() }).from(answerSheet).where(eq(answerSheet.questionnaireId, q.id)),
    ).toEqual([{ n: 3 }])
    expect((await app.ok(app.get(user.token, '/api/open/questionnaire/list'))).items[0].answered).toBe(true)

    // History: the sheets, one in detail, the export.
    const history = await ok(get(m, `/api/questionnaire/history/list?questionnaireId=${q.id}&pageSize=10`))
    expect(history.total).toBe(3)
    expect(history.items.map((x: { score: number }) => x.score).sort()).toEqual([18, 18, 5].sort())
    const secondSheet = history.items.find((x: { score: number }) => x.score === 5)
    const sheet = await ok(get(m, `/api/questionnaire/history/detail?id=${secondSheet.id}`))
    expect(sheet.maxScore).toBe(18)
    expect(
      sheet.answers.map((a: { text: string; score: number; right: string }) => [a.text, a.score, a.right]),
    ).toEqual([
      ['北京', 5, '北京'],
      ['长江', 0, '长江、黄河'],
      ['南京', 0, 'Beijing / 北京'],
      ['', 0, ''],
      ['二 → 一 → 三', 0, '一 → 二 → 三'],
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/questionnaire/history/export',
      headers: { 'x-auth-token': m },
      payload: { questionnaireId: q.id },
    })
    expect(res.statusCode).toBe(200)
    const { default: ExcelJS } = await import('exceljs')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const rows = wb.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1))
    expect(rows[0]!.slice(0, 7)).toEqual([
      '答卷ID',
      '用户',
      '手机号',
      '提交时间',
      '用时(秒)',
      '得分',
      '1. 导入单选1',
    ])
    expect(rows).toHaveLength(4)
    expect(rows.find((r) => r[5] === 5)!.slice(6)).toEqual([
      '北京',
      '长江',
      '南京',
      undefined,
      '二 → 一 → 三',
    ])

    // Statistics per question.
    const stats = await ok(get(m, `/api/questionnaire/statistics?questionnaireId=${q.id}`))
    expect([stats.sheetCount, stats.maxScore, stats.averageScore]).toEqual([3, 18, 13.67])
    const st = Object.fromEntries(stats.questions.map((x: { questionId: number }) => [x.questionId, x]))
    expect(st[s!].options.map((x: { label: string; count: number }) => [x.label, x.count])).toEqual([
      ['北京', 3],
      ['上海', 0],
      ['广州', 0],
    ])
    expect(st[mu!].options.map((x: { count: number }) => x.count)).toEqual([3, 2, 0])
    expect([st[mu!].answered, st[mu!].correctRate]).toEqual([3, 0.667])
    expect([st[ra!].answered, st[ra!].average, st[ra!].ratings[3]]).toEqual([2, 4, { value: 4, count: 2 }])
    expect(st[f!].texts).toEqual([
      { text: 'beijing', count: 2 },
      { text: '南京', count: 1 },
    ])
    expect(st[o!].options.map((x: { count: number }) => x.count)).toEqual([2, 1, 0])
    expect(
      await db().select({ n: count() }).from(sheetAnswer).where(eq(sheetAnswer.questionnaireId, q.id)),
    ).toEqual([{ n: 14 }])
    expect(
      (await get(acct.stranger.token, `/api/questionnaire/statistics?questionnaireId=${q.id}`)).res
        .statusCode,
    ).toBe(404)

    // Scores: listed for 问卷-评分, changed with a reason (logged), never above the total.
    const scores = await ok(get(acct.scorer.token, `/api/questionnaire/score/list?questionnaireId=${q.id}`))
    expect(scores.total).toBe(3)
    const high = await post(acct.scorer.token, '/api/questionnaire/score/modify', {
      id: secondSheet.id,
      score: 19,
      reason: '复核',
    })
    expect([high.res.statusCode, high.body.msg]).toEqual([400, '得分不能超过总分 18'])
    const noReason = await post(acct.scorer.token, '/api/questionnaire/score/modify', {
      id: secondSheet.id,
      score: 8,
      reason: ' ',
    })
    expect(noReason.res.statusCode).toBe(422)
    const changed = await ok(
      post(acct.scorer.token, '/api/questionnaire/score/modify', {
        id: secondSheet.id,
        score: 8,
        reason: '填空题同义答案',
      }),
    )
    expect(changed).toMatchObject({ score: 8, scoreModifiedBy: 'quizScorer' })
    expect(
      (
        await post(acct.stranger.token, '/api/questionnaire/score/modify', {
          id: secondSheet.id,
          score: 1,
          reason: 'x',
        })
      ).res.statusCode,
    ).toBe(404)
    expect(
      (await post(m, '/api/questionnaire/score/modify', { id: secondSheet.id, score: 1, reason: 'x' })).res
        .statusCode,
    ).toBe(403)
    await expect
      .poll(
        async () =>
          (
            await db()
              .select({ target: operationLog.targetName })
              .from(operationLog)
              .where(
                and(
                  eq(operationLog.path, '/api/questionnaire/score/modify'),
                  like(operationLog.targetName, '%填空题同义答案%'),
                ),
              )
          ).length,
      )
      .toBe(1)

    // Its questions stay once it has sheets.
    const locked = await post(m, '/api/questionnaire/question/delete', {
      questionnaireId: q.id,
      questionIds: [s],
    })
    expect([locked.res.statusCode, locked.body.msg]).toEqual([409, '问卷已有答卷，不能再修改题目'])

    // Withdrawn (撤回): off the app; deleted into the bin, then the bin cleaned with its sheets.
    await ok(post(m, '/api/questionnaire/withdraw', { id: q.id }))
    expect((await ok(get(m, `/api/questionnaire/detail?id=${q.id}`))).fields.state).toBe('withdrawn')
    const gone = await app.get(user.token, `/api/open/questionnaire/detail?id=${q.id}`)
    expect([gone.res.statusCode, gone.body.msg]).toEqual([404, '问卷未发布或已结束'])
    await ok(post(m, '/api/questionnaire/delete', { ids: [q.id] }))
    expect((await ok(get(m, '/api/questionnaire/list?type=recycle'))).total).toBe(1)
    expect((await post(acct.stranger.token, '/api/questionnaire/clean', {})).res.statusCode).toBe(403)
    expect(await ok(post(m, '/api/questionnaire/clean', {}))).toEqual({ deleted: 1 })
    expect((await ok(get(m, '/api/questionnaire/list?type=recycle'))).total).toBe(0)
    expect(
      await db().select({ n: count() }).from(answerSheet).where(eq(answerSheet.questionnaireId, q.id)),
    ).toEqual([{ n: 0 }])
  })

  it('deletes one from the recycle bin through the spec path, and refuses answers outside the window', async () => {
    const m = acct.manager.token
    const [s] = await bankIds(['导入单选11'])
    const q = await ok(
      post(m, '/api/questionnaire/add', {
        title: '未开始的问卷',
        startAt: new Date(Date.now() + HOUR).toISOString(),
        endAt: new Date(Date.now() + 2 * HOUR).toISOString(),
      }),
    )
    const backwards = await post(m, '/api/questionnaire/add', {
      title: '倒着',
      startAt: new Date(Date.now() + 2 * HOUR).toISOString(),
      endAt: new Date(Date.now() + HOUR).toISOString(),
    })
    expect([backwards.res.statusCode, backwards.body.msg]).toEqual([400, '结束时间须晚于开始时间'])
    await ok(post(m, '/api/questionnaire/question/add', { questionnaireId: q.id, questionIds: [s] }))
    await ok(post(m, '/api/questionnaire/examination', { ids: [q.id] }))
    await ok(post(adminToken, '/api/verify-center/qaContent', { id: q.id, verifyState: 1 }))
    const user = await newUser()
    const early = await app.post(user.token, '/api/open/questionnaire/answer', {
      questionnaireId: q.id,
      answers: {},
    })
    expect([early.res.statusCode, early.body.msg]).toEqual([409, '问卷尚未开始'])
    expect((await app.ok(app.get(user.token, '/api/open/questionnaire/list'))).total).toBe(0)

    await ok(post(m, '/api/questionnaire/delete', { ids: [q.id] }))
    await ok(post(m, '/api/questionnaire/recycle/delete', { id: q.id }))
    expect(await db().select({ n: count() }).from(questionnaire).where(eq(questionnaire.id, q.id))).toEqual([
      { n: 0 },
    ])
  })
})
