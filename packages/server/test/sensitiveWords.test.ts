import { WORD_IMPORT_MAX_ROWS } from '@moc/domain/api/sensitiveWords'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_CHECK_UNCONFIGURED } from '../src/modules/words/imageChecker.ts'
import { contentCalls } from './contentCalls.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { call, engines, login, startTestApp, type TestApp } from './harness.ts'
import { rowXml, xlsxOf } from './xlsxFile.ts'

/** An .xlsx with the given header and rows, base64, as the web sends it. */
async function sheet(header: string[], rows: unknown[][]) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('词表')
  ws.addRow(header)
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64')
}

describe.each(engines)('sensitive words on %s', (engine) => {
  let t: TestApp
  let adminToken: string
  const { post, get } = contentCalls(() => t)
  const add = (word: string, level: string, category = '') =>
    post(adminToken, '/api/sensitive-word/add', { word, level, category })
  const listed = async (query = '') =>
    (await get(adminToken, `/api/sensitive-word/list?pageSize=100${query}`)).body.data

  beforeAll(async () => {
    t = await startTestApp(engine)
    adminToken = await login(t.app)
  })
  afterAll(() => t?.close())

  it('adds, lists with search and paging, edits and deletes in batch; a word is unique whatever its case', async () => {
    const a = await add('Casino', 'block', '赌博')
    expect(a.body).toMatchObject({ code: 0, msg: '添加成功' })
    expect((await add('casino', 'review')).body).toMatchObject({ code: 40900, msg: '该敏感词已存在' })
    expect((await add('', 'review')).res.statusCode).toBe(422)
    expect(
      (await post(adminToken, '/api/sensitive-word/add', { word: '词', level: 'x' })).res.statusCode,
    ).toBe(422)
    const b = (await add('代购', 'review', '广告')).body.data.id as number
    await add('翻墙', 'replace')

    const all = await listed()
    expect(all.total).toBe(3)
    expect(all.items[0]).toMatchObject({ word: '翻墙', level: 'replace', createdByName: 'admin' })
    expect((await listed('&keyword=CAS')).items.map((w: { word: string }) => w.word)).toEqual(['Casino'])
    expect((await listed('&level=review')).total).toBe(1)
    expect((await listed('&category=广告')).total).toBe(1)
    const page2 = (await get(adminToken, '/api/sensitive-word/list?page=2&pageSize=2')).body.data
    expect(page2).toMatchObject({ total: 3, items: [{ word: 'Casino' }] })
    expect((await get(adminToken, '/api/sensitive-word/categories')).body.data).toEqual(['广告', '赌博'])

    const edit = await post(adminToken, '/api/sensitive-word/modify', {
      id: b,
      word: '代购',
      category: '广告',
      level: 'block',
    })
    expect(edit.body).toMatchObject({ code: 0, msg: '修改成功' })
    expect((await get(adminToken, `/api/sensitive-word/detail?id=${b}`)).body.data.level).toBe('block')
    const clash = await post(adminToken, '/api/sensitive-word/modify', {
      id: b,
      word: 'CASINO',
      level: 'review',
    })
    expect(clash.body.msg).toBe('该敏感词已存在')

    const ids = all.items.map((w: { id: number }) => w.id)
    const removed = await post(adminToken, '/api/sensitive-word/delete', { ids })
    expect(removed.body).toMatchObject({ code: 0, msg: '删除成功', data: { removed: 3 } })
    expect((await listed()).total).toBe(0)
  })

  it('checks text and rich text, rebuilding the matcher after every change, and says images are not reviewed', async () => {
    const check = (body: unknown) => post(adminToken, '/api/sensitive-word/check', body)
    const before = await check({ text: '网上赌博' })
    expect(before.body.data).toMatchObject({ hits: [], blocked: [] })

    await add('赌博', 'block', '违法')
    await add('代购', 'review')
    const r = (await check({ text: '代购', html: '<p>网上<b>赌</b>博</p>', images: ['/a.png'] })).body.data
    expect(r.words).toEqual([
      { word: '赌博', level: 'block', category: '违法', count: 1 },
      { word: '代购', level: 'review', category: '', count: 1 },
    ])
    expect(r.hits).toContainEqual({
      word: '赌博',
      level: 'block',
      category: '违法',
      source: 'html',
      start: 3,
      end: 5,
    })
    expect(r.blocked).toEqual(['赌博'])
    expect(r.images).toEqual({ checked: 0, flagged: [], note: IMAGE_CHECK_UNCONFIGURED })
    expect((await check({ text: '无图' })).body.data.images.note).toBe('')
    // A full-size article body (500 000 characters) is accepted and scanned.
    const long = await check({ html: `<p>${'新闻'.repeat(249_999)}赌博</p>` })
    expect(long.body.data.blocked).toEqual(['赌博'])

    const id = (await listed('&keyword=赌博')).items[0].id
    await post(adminToken, '/api/sensitive-word/modify', { id, word: '赌博', level: 'review' })
    expect((await check({ text: '赌博' })).body.data.blocked).toEqual([])
    await post(adminToken, '/api/sensitive-word/delete', { ids: [id] })
    expect((await check({ text: '赌博' })).body.data.hits).toEqual([])
  })

  it('notices a change made behind its back (another instance) by the list stamp', async () => {
    await t.ctx.sensitive.index()
    const { sensitiveWord } = await import('../src/db/schema.ts')
    await t.database.db.insert(sensitiveWord).values({ word: '暗改', level: 'block' })
    const r = await post(adminToken, '/api/sensitive-word/check', { text: '暗改了' })
    expect(r.body.data.blocked).toEqual(['暗改'])
  })

  it('refuses to submit or publish content holding a block-level word, naming the words; review words pass', async () => {
    await add('违禁品', 'block')
    await add('敏感话题', 'review')
    const draft = async (fields: Record<string, unknown>) => {
      const r = await post(adminToken, '/api/content/add', { kind: 'article', ...fields })
      expect(r.body.code, r.body.msg).toBe(0)
      return r.body.data.id as number
    }
    const bad = await draft({ title: '普通标题', body: '<p>出售<i>违禁</i>品</p>' })
    const soft = await draft({ title: '关于敏感话题的报道' })

    const checked = await post(adminToken, '/api/sensitive-word/check/content', {
      kind: 'article',
      ids: [bad, soft],
    })
    expect(checked.body.data.items.map((i: { id: number; blocked: string[] }) => [i.id, i.blocked])).toEqual([
      [bad, ['违禁品']],
      [soft, []],
    ])

    const refused = await post(adminToken, '/api/content/examination', { kind: 'article', ids: [bad, soft] })
    expect(refused.res.statusCode).toBe(422)
    expect(refused.body.msg).toBe('内容包含禁用词：违禁品')
    const noExamine = await post(adminToken, '/api/content/publish/noExamine', {
      kind: 'article',
      ids: [bad],
    })
    expect(noExamine.body.msg).toBe('内容包含禁用词：违禁品')
    const still = await get(adminToken, `/api/content/detail?kind=article&id=${soft}`)
    expect(still.body.data.verifyState).toBe(0)

    const submitted = await post(adminToken, '/api/content/examination', { kind: 'article', ids: [soft] })
    expect(submitted.body.code, submitted.body.msg).toBe(0)

    // A word listed as 禁用 after submission still stops the approval that would publish the item.
    await add('报道', 'block')
    const approve = await post(adminToken, '/api/verify-center/approved', { resType: 'article', ids: [soft] })
    expect(approve.body.msg).toBe('内容包含禁用词：报道')
    expect((await get(adminToken, `/api/content/detail?kind=article&id=${soft}`)).body.data.verifyState).toBe(
      3,
    )
  })

  it('exports to Excel and imports it back; reports duplicates, existing words and bad rows', async () => {
    const wipe = (await listed()).items.map((w: { id: number }) => w.id)
    if (wipe.length) await post(adminToken, '/api/sensitive-word/delete', { ids: wipe })
    await add('Alpha', 'block', '甲')
    await add('乙词', 'replace', '乙')
    await add('丙词', 'review')
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/sensitive-word/export',
      headers: { 'x-auth-token': adminToken },
      payload: {},
    })
    expect(exported.statusCode).toBe(200)
    expect(exported.headers['content-type']).toContain('spreadsheetml')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(exported.rawPayload as never)
    const rows = wb.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1))
    expect(rows).toEqual([
      ['敏感词', '分类', '级别'],
      ['Alpha', '甲', '禁用'],
      ['乙词', '乙', '替换'],
      ['丙词', undefined, '审核'],
    ])

    const ids = (await listed()).items.map((w: { id: number }) => w.id)
    await post(adminToken, '/api/sensitive-word/delete', { ids })
    const file = exported.rawPayload.toString('base64')
    const back = await post(adminToken, '/api/sensitive-word/import', { fileName: '敏感词.xlsx', file })
    expect(back.body).toMatchObject({ code: 0, data: { added: 3, skipped: 0, failed: [] } })
    const again = (await listed()).items.map((w: { word: string; level: string; category: string }) => [
      w.word,
      w.category,
      w.level,
    ])
    expect(again.sort()).toEqual(
      [
        ['Alpha', '甲', 'block'],
        ['乙词', '乙', 'replace'],
        ['丙词', '', 'review'],
      ].sort(),
    )

    const mixed = await sheet(
      ['级别', '敏感词'],
      [
        ['block', 'alpha'],
        ['', '新词'],
        ['替换', '新词'],
        ['严重', '坏级别'],
        [null, null],
        ['审核', 'x'.repeat(51)],
      ],
    )
    const result = await post(adminToken, '/api/sensitive-word/import', { fileName: 'a.xlsx', file: mixed })
    expect(result.body.data).toEqual({
      added: 1,
      skipped: 2,
      failed: [
        { row: 5, word: '坏级别', reason: '级别只能是禁用、替换、审核' },
        { row: 7, word: 'x'.repeat(51), reason: '敏感词不能超过50个字符' },
      ],
    })
    expect((await listed('&keyword=新词')).items[0].level).toBe('review')

    const noColumn = await sheet(['词'], [['a']])
    expect(
      (await post(adminToken, '/api/sensitive-word/import', { fileName: 'a.xlsx', file: noColumn })).body.msg,
    ).toBe('文件中没有「敏感词」列，请使用导出的文件作为模板')
    const notExcel = Buffer.from('hello').toString('base64')
    expect(
      (await post(adminToken, '/api/sensitive-word/import', { fileName: 'a.xlsx', file: notExcel })).body.msg,
    ).toBe('只支持上传excel文件')
  })

  it(`refuses a sheet of more than ${WORD_IMPORT_MAX_ROWS} rows at the first row past it, unread beyond`, async () => {
    const rows = [rowXml(1, ['敏感词', '级别'])]
    for (let n = 2; n <= WORD_IMPORT_MAX_ROWS + 3_000; n++) rows.push(rowXml(n, [`超限${n}`, '审核']))
    // Broken XML well after the cap: a reader that loaded the whole workbook first would call it no Excel file.
    const file = xlsxOf(rows.join(''), { tail: '<row r=<<<' }).toString('base64')
    const refused = await post(adminToken, '/api/sensitive-word/import', { fileName: '超限.xlsx', file })
    expect(refused.res.statusCode).toBe(400)
    expect(refused.body.msg).toBe(`单次最多导入${WORD_IMPORT_MAX_ROWS}条`)
    expect((await listed('&keyword=超限')).total).toBe(0)
  })

  it('gates management by 敏感词管理 actions; any signed-in account may check text', async () => {
    const viewer = await grantedAccount(t, 'word-viewer', powerOf({ 敏感词管理: ['查看'] }))
    const nobody = await grantedAccount(t, 'word-nobody', {})
    expect((await get(viewer.token, '/api/sensitive-word/list')).body.code).toBe(0)
    expect(
      (await post(viewer.token, '/api/sensitive-word/add', { word: 'z', level: 'block' })).res.statusCode,
    ).toBe(403)
    expect((await post(viewer.token, '/api/sensitive-word/export', {})).res.statusCode).toBe(403)
    expect((await get(nobody.token, '/api/sensitive-word/list')).res.statusCode).toBe(403)
    expect((await post(nobody.token, '/api/sensitive-word/check', { text: 'a' })).body.code).toBe(0)
    expect(
      (await call(t.app, 'POST', '/api/sensitive-word/check', { body: { text: 'a' } })).res.statusCode,
    ).toBe(401)
  })
})
