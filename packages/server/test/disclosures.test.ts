import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { department } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

const EDITOR = ['查看', '添加', '编辑', '删除', '评论', '提交审核', '撤销审核', '显示/隐藏', '导出']

/** 爆料 and 节目爆料: regions, region filter, Excel export, one shared queue /auditDisclosure (decision 0024). */
describe.each(engines)('disclosures (%s)', (engine) => {
  let t: TestApp
  let superToken: string
  type Acct = { id: number; token: string; roleId: number }
  const acct: Record<'editor' | 'outsider' | 'reviewer' | 'viewer', Acct> = {} as never
  const { post, get } = contentCalls(() => t)
  const add = async (token: string, title: string, region: string, extra: Record<string, unknown> = {}) => {
    const r = await post(token, '/api/content/add', {
      kind: 'disclosure',
      title,
      body: `${title}，请记者来看看`,
      region,
      informant: '王先生',
      phone: '13900000000',
      ...extra,
    })
    expect(r.body.code, r.body.msg).toBe(0)
    return r.body.data.id as number
  }
  const titles = (r: { body: { data: { items: { title: string }[] } } }) =>
    r.body.data.items.map((i) => i.title).sort()

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await login(t.app)
    const [a] = await t.database.db.insert(department).values({ name: '新闻热线' }).returning()
    const [b] = await t.database.db.insert(department).values({ name: '外部' }).returning()
    const power = { '内容-爆料': EDITOR, '内容-节目爆料': EDITOR }
    acct.editor = await scopedAccount(t, 'tipEditor', power, a!.id)
    acct.outsider = await scopedAccount(t, 'tipOutsider', power, b!.id)
    acct.reviewer = await scopedAccount(t, 'tipReviewer', { 爆料审核: ['查看', '审核'] }, a!.id)
    acct.viewer = await scopedAccount(t, 'tipViewer', { '内容-爆料': ['查看'] }, a!.id)
    await add(acct.editor.token, '城东积水', '城东区')
    await add(acct.editor.token, '城东路灯坏了', '城东区')
    await add(acct.editor.token, '城西堵车', '城西区')
    await add(acct.outsider.token, '外部的爆料', '城北区')
  })
  afterAll(async () => {
    await t?.close()
  })

  it('lists the regions tips name in the caller scope, and filters the list by region', async () => {
    const regions = await post(acct.editor.token, '/api/disclosureRegion/pageList', { kind: 'disclosure' })
    expect(regions.body.data).toEqual({
      items: [
        { name: '城东区', total: 2 },
        { name: '城西区', total: 1 },
      ],
      total: 2,
    })
    const named = await post(acct.editor.token, '/api/disclosureRegion/pageList', {
      kind: 'disclosure',
      name: '西',
    })
    expect(named.body.data.items).toEqual([{ name: '城西区', total: 1 }])
    const east = await get(acct.editor.token, '/api/content/list?kind=disclosure&createdBy=&region=城东区')
    expect(titles(east)).toEqual(['城东积水', '城东路灯坏了'])
    expect(east.body.data.total).toBe(2)
    expect(east.body.data.items[0]).toMatchObject({ region: '城东区', informant: '王先生' })
    // Spec §7 path: the list filtered the same way.
    const spec = await get(acct.editor.token, '/api/content/disclosure/list?createdBy=&region=城西区')
    const partial = await get(acct.editor.token, '/api/content/disclosure/list?createdBy=&region=城西')
    expect(partial.body.data.total).toBe(0)
    expect(titles(spec)).toEqual(['城西堵车'])
    const none = await post(superToken, '/api/disclosureRegion/pageList', { kind: 'article' })
    expect(none.res.statusCode).toBe(400)
  })

  it('exports the filtered list to Excel, with 导出 only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/content/disclosure/export',
      headers: { 'x-auth-token': acct.editor.token },
      payload: { createdBy: '', fields: { region: '城东区' } },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    const { default: ExcelJS } = await import('exceljs')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]!
    const header = (ws.getRow(1).values as unknown[]).slice(1)
    expect(header).toEqual([
      'ID',
      '标题',
      '爆料内容',
      '图片',
      '视频',
      '区域',
      '爆料人',
      '联系电话',
      '显示',
      '审核状态',
      '创建人',
      '创建时间',
    ])
    const rows = ws.getSheetValues().slice(2) as unknown[][]
    expect(rows.map((r) => r[2]).sort()).toEqual(['城东积水', '城东路灯坏了'])
    expect(rows[0]!.slice(6, 12)).toEqual(['城东区', '王先生', '13900000000', '是', '草稿', 'tipEditor'])
    const denied = await post(acct.viewer.token, '/api/content/disclosure/export', {})
    expect(denied.res.statusCode).toBe(403)
  })

  it('reviews tips and programme tips in one queue /auditDisclosure (badge = both), hides and comments', async () => {
    const tip = await add(acct.editor.token, '待审爆料', '城南区')
    const noProgram = await post(acct.editor.token, '/api/content/add', {
      kind: 'program_disclosure',
      title: '缺节目',
      body: '内容',
      program: ' ',
    })
    expect(noProgram.res.statusCode).toBe(422)
    expect(noProgram.body.msg).toContain('请输入节目')
    const prog = await post(acct.editor.token, '/api/content/add', {
      kind: 'program_disclosure',
      title: '给《民生直通车》的爆料',
      body: '小区电梯停了三天',
      program: '民生直通车',
      region: '城南区',
    })
    expect(prog.body.code, prog.body.msg).toBe(0)
    await post(acct.editor.token, '/api/content/examination', { kind: 'disclosure', ids: [tip] })
    await post(acct.editor.token, '/api/content/examination', {
      kind: 'program_disclosure',
      ids: [prog.body.data.id],
    })
    const counts = (await get(acct.reviewer.token, '/api/verify-center/pendingCounts')).body.data
    expect(counts.counts['/auditDisclosure']).toBe(2)
    const q1 = await get(acct.reviewer.token, '/api/verify-center/disclosure?type=list')
    expect(q1.body.data.items.map((i: { id: number }) => i.id)).toEqual([tip])
    const q2 = await get(acct.reviewer.token, '/api/verify-center/program-disclosure?type=list')
    expect(q2.body.data.items[0]).toMatchObject({ id: prog.body.data.id, kind: 'program_disclosure' })
    const a1 = await post(acct.reviewer.token, '/api/verify-center/approved', {
      resType: 'disclosure',
      ids: [tip],
    })
    expect(a1.body.data.updated).toBe(1)
    const a2 = await post(acct.reviewer.token, '/api/verify-center/rejection', {
      resType: 'program_disclosure',
      ids: [prog.body.data.id],
      reason: '线索不足',
    })
    expect(a2.body.data.updated).toBe(1)
    const after = (await get(acct.reviewer.token, '/api/verify-center/pendingCounts')).body.data
    expect(after.counts['/auditDisclosure']).toBe(0)
    // No 免审发布 on either page: not served.
    const direct = await post(superToken, '/api/content/publish/noExamine', {
      kind: 'disclosure',
      ids: [tip],
    })
    expect(direct.res.statusCode).toBe(400)
    const hidden = await post(acct.editor.token, '/api/content/showState', {
      kind: 'disclosure',
      ids: [tip],
      showState: false,
    })
    expect(hidden.body.data.updated).toBe(1)
    const foreign = await get(acct.outsider.token, `/api/content/detail?kind=disclosure&id=${tip}`)
    expect(foreign.res.statusCode).toBe(404)
    const reply = await post(acct.editor.token, '/api/comment/add', {
      kind: 'disclosure',
      contentId: tip,
      body: '已转交记者跟进',
    })
    expect(reply.body.code, reply.body.msg).toBe(0)
    const comments = await get(acct.editor.token, `/api/comment/list?kind=disclosure&contentId=${tip}`)
    expect(comments.body.data.total).toBe(1)
  })
})
