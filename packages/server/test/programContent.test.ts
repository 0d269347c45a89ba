import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentCalls } from './contentCalls.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

/** 节目内容: programme replays as a partitioned content definition (source broadcast|tv), online/offline. */
describe.each(engines)('programme content (%s)', (engine) => {
  let t: TestApp
  let superToken: string
  let editor: string
  let viewer: string
  const { post, get } = contentCalls(() => t)
  const replay = (source: string, title: string, extra: Record<string, unknown> = {}) => ({
    kind: 'program_replay',
    source,
    title,
    replayUrl: 'https://media.example.com/replay/a.m3u8',
    ...extra,
  })

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await login(t.app)
    editor = (
      await grantedAccount(
        t,
        'programEditor',
        powerOf({ '内容-节目内容': ['查看', '添加', '编辑', '删除', '上线/下线'] }),
      )
    ).token
    viewer = (await grantedAccount(t, 'programViewer', powerOf({ '内容-节目内容': ['查看'] }))).token
  })
  afterAll(() => t?.close())

  it('lists and counts each source apart; the default source is broadcast', async () => {
    for (const [source, title] of [
      ['broadcast', '早间新闻回看'],
      ['broadcast', '午间音乐回看'],
      ['tv', '晚间新闻回看'],
    ] as const) {
      const r = await post(editor, '/api/content/add', replay(source, title, { channel: '新闻频道' }))
      expect(r.body.code, r.body.msg).toBe(0)
    }
    const tv = await get(editor, '/api/content/list?kind=program_replay&partition=tv&createdBy=')
    expect(tv.body.code, tv.body.msg).toBe(0)
    expect(tv.body.data.total).toBe(1)
    expect(tv.body.data.items[0]).toMatchObject({
      title: '晚间新闻回看',
      channel: '新闻频道',
      showState: true,
    })
    const byDefault = await get(editor, '/api/content/list?kind=program_replay')
    expect(byDefault.body.data.items.map((i: { title: string }) => i.title)).toEqual([
      '午间音乐回看',
      '早间新闻回看',
    ])
    const nums = await get(editor, '/api/content/nums?kind=program_replay&partition=tv')
    expect(nums.body.data).toEqual({ list: 1, recycle: 0 })
    const bad = await get(editor, '/api/content/list?kind=program_replay&partition=radio')
    expect(bad.res.statusCode).toBe(400)
    expect(bad.body.msg).toBe('未知的来源')
  })

  it('refuses an unknown source, a missing replay address and a bad link', async () => {
    const noSource = await post(editor, '/api/content/add', { ...replay('tv', '无来源'), source: undefined })
    expect(noSource.body.msg).toBe('来源填写有误')
    const wrong = await post(editor, '/api/content/add', replay('radio', '错来源'))
    expect(wrong.body.msg).toBe('来源填写有误')
    const noUrl = await post(editor, '/api/content/add', { ...replay('tv', '无地址'), replayUrl: '' })
    expect(noUrl.body.msg).toBe('请输入回看地址')
    const js = await post(
      editor,
      '/api/content/add',
      replay('tv', '坏地址', { replayUrl: 'javascript:alert(1)' }),
    )
    expect(js.body.msg).toBe('回看地址填写有误')
  })

  it('edits, takes items online and offline with 上线/下线, and bins them with 删除', async () => {
    const created = await post(editor, '/api/content/add', replay('tv', '体育回看', { showState: false }))
    const id = created.body.data.id as number
    const edited = await post(editor, '/api/content/modify', {
      ...replay('tv', '体育新闻回看'),
      id,
      airedAt: '2026-11-20T12:00:00.000Z',
      showState: false,
    })
    expect(edited.body.code, edited.body.msg).toBe(0)
    const detail = await get(editor, `/api/content/detail?kind=program_replay&id=${id}`)
    expect(detail.body.data.fields).toMatchObject({
      source: 'tv',
      title: '体育新闻回看',
      airedAt: '2026-11-20T12:00:00.000Z',
      showState: false,
    })
    expect(detail.body.data.verifyState).toBe(0)
    // No review in the spec for programme content: the shared review calls refuse the kind, even to a super admin.
    const submit = await post(superToken, '/api/content/examination', { kind: 'program_replay', ids: [id] })
    expect(submit.res.statusCode).toBe(400)
    expect(submit.body.msg).toBe('该内容类型不支持此操作')

    const denied = await post(viewer, '/api/content/showState', {
      kind: 'program_replay',
      ids: [id],
      showState: true,
    })
    expect(denied.res.statusCode).toBe(403)
    const online = await post(editor, '/api/content/showState', {
      kind: 'program_replay',
      ids: [id],
      showState: true,
    })
    expect(online.body.data).toEqual({ updated: 1 })

    // 内容-节目内容 has no 回收站 action: 删除 moves to the bin, restores and deletes for ever.
    const binned = await post(editor, '/api/content/program_replay/delete', { ids: [id] })
    expect(binned.body.data).toEqual({ recycled: 1, deleted: 0 })
    const restored = await post(editor, '/api/content/restore', { kind: 'program_replay', ids: [id] })
    expect(restored.body.data).toEqual({ restored: 1 })
    await post(editor, '/api/content/program_replay/delete', { ids: [id] })
    const gone = await post(editor, '/api/content/program_replay/delete', { ids: [id] })
    expect(gone.body.data).toEqual({ recycled: 0, deleted: 1 })
    expect((await get(superToken, `/api/content/detail?kind=program_replay&id=${id}`)).res.statusCode).toBe(
      404,
    )
  })
})
