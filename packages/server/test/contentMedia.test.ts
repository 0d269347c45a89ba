import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, department, role } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

const EDITOR = ['查看', '添加', '编辑', '删除', '提交审核', '回收站']
const VIDEO_URL = 'https://media.example.com/v/news.mp4'

/** Videos, collections (members by relation), their review queues, and the all-content search (decision 0011). */
describe.each(engines)('videos, collections and all-content search (%s)', (engine) => {
  let t: TestApp
  let superToken: string
  type Acct = { id: number; token: string; roleId: number }
  const acct: Record<
    'editor' | 'outsider' | 'videoReviewer' | 'albumReviewer' | 'searcher' | 'noSearch',
    Acct
  > = {} as never

  async function account(name: string, power: Record<string, string[]>, dept: number | null, scope: string) {
    const a = await grantedAccount(t, name, powerOf(power))
    const { db } = t.database
    await db.update(role).set({ permissionDepartment: scope }).where(eq(role.id, a.roleId))
    await db.update(admin).set({ departmentId: dept }).where(eq(admin.id, a.id))
    return a
  }

  const { post, get } = contentCalls(() => t)
  async function addVideo(token: string, title: string, extra: Record<string, unknown> = {}) {
    const r = await post(token, '/api/content/add', { kind: 'video', title, videoUrl: VIDEO_URL, ...extra })
    expect(r.body.code, r.body.msg).toBe(0)
    return r.body.data.id as number
  }
  const addCollection = (token: string, title: string, items: number[], collectionType = 'video') =>
    post(token, '/api/content/add', { kind: 'video_collection', title, collectionType, items })

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await login(t.app)
    const { db } = t.database
    const [a] = await db.insert(department).values({ name: '视频部' }).returning()
    const [b] = await db.insert(department).values({ name: '广播部' }).returning()
    const A = String(a!.id)
    const B = String(b!.id)
    acct.editor = await account('mediaEditor', { '内容-视频': EDITOR, '内容-合集': EDITOR }, a!.id, A)
    acct.outsider = await account('mediaOutsider', { '内容-视频': EDITOR, '内容-合集': EDITOR }, b!.id, B)
    acct.videoReviewer = await account('videoReviewer', { 视频审核: ['查看', '审核'] }, a!.id, A)
    acct.albumReviewer = await account('albumReviewer', { 合集审核: ['查看', '审核'] }, a!.id, A)
    acct.searcher = await account('searcher', { '内容-全部': ['查看'] }, a!.id, A)
    acct.noSearch = await account('noSearch', { '内容-视频': ['查看'] }, a!.id, A)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('creates a video draft, validates its fields, and lists it on the draft tab with totals', async () => {
    const missing = await post(acct.editor.token, '/api/content/add', { kind: 'video', title: '无视频' })
    expect(missing.res.statusCode).toBe(422)
    const badUrl = await post(acct.editor.token, '/api/content/add', {
      kind: 'video',
      title: '坏地址',
      videoUrl: 'javascript:alert(1)',
    })
    expect(badUrl.res.statusCode).toBe(422)
    const id = await addVideo(acct.editor.token, '早间新闻视频', { duration: 95, isFirst: true })
    const detail = await get(acct.editor.token, `/api/content/detail?kind=video&id=${id}`)
    expect(detail.body.data.fields).toMatchObject({ videoUrl: VIDEO_URL, duration: 95, isFirst: true })
    const draft = await get(acct.editor.token, '/api/content/list?kind=video&type=draft')
    // List rows carry the definition's columns kept outside the content table's own columns (duration).
    expect(draft.body.data.items.find((i: { id: number }) => i.id === id)).toMatchObject({
      duration: 95,
      isFirst: true,
    })
    const nums = await get(acct.editor.token, '/api/content/nums?kind=video')
    expect(nums.body.data).toMatchObject({ video: 0, first: 0, recycle: 0 })
    expect(nums.body.data.draft).toBe(draft.body.data.total)
    // Articles and videos are counted apart.
    expect((await get(superToken, '/api/content/nums?kind=article')).body.data.draft).toBe(0)
  })

  it('submits a video; the video queue, its badge and approval publish it', async () => {
    const id = await addVideo(acct.editor.token, '待审视频')
    const before = (await get(acct.videoReviewer.token, '/api/verify-center/pendingCounts')).body.data
    expect(before.counts).not.toHaveProperty('/ablumAudit')
    const submitted = await post(acct.editor.token, '/api/content/examination', { kind: 'video', ids: [id] })
    expect(submitted.body.data.updated).toBe(1)
    const counts = (await get(acct.videoReviewer.token, '/api/verify-center/pendingCounts')).body.data
    expect(counts.counts['/videoAudit']).toBe((before.counts['/videoAudit'] ?? 0) + 1)
    expect(counts.total).toBe(counts.counts['/videoAudit'])
    const queue = await get(acct.videoReviewer.token, '/api/verify-center/video?type=list&page=1&pageSize=1')
    expect(queue.body.data.total).toBe(counts.counts['/videoAudit'])
    expect(queue.body.data.items[0]).toMatchObject({ id, kind: 'video' })
    // The collection reviewer may not decide on videos.
    const wrong = await post(acct.albumReviewer.token, '/api/verify-center/approved', {
      resType: 'video',
      ids: [id],
    })
    expect(wrong.res.statusCode).toBe(403)
    const ok = await post(acct.videoReviewer.token, '/api/verify-center/approved', {
      resType: 'video',
      ids: [id],
    })
    expect(ok.body.data.updated).toBe(1)
    const listed = await get(acct.editor.token, '/api/content/list?kind=video&type=video')
    expect(listed.body.data.items.find((i: { id: number }) => i.id === id)).toMatchObject({ verifyState: 1 })
    const records = await get(acct.videoReviewer.token, '/api/verify-center/video?type=wait')
    expect(records.body.data.items[0]).toMatchObject({ id, action: 'pass' })
  })

  it('batch-rejects videos with a reason on the review centre', async () => {
    const ids = [await addVideo(acct.editor.token, '批量一'), await addVideo(acct.editor.token, '批量二')]
    await post(acct.editor.token, '/api/content/examination', { kind: 'video', ids })
    const noReason = await post(acct.videoReviewer.token, '/api/verify-center/rejection', {
      resType: 'video',
      ids,
      reason: ' ',
    })
    expect(noReason.res.statusCode).toBe(422)
    const r = await post(acct.videoReviewer.token, '/api/verify-center/rejection', {
      resType: 'video',
      ids,
      reason: '画面不清晰',
    })
    expect(r.body.data.updated).toBe(2)
    const log = await get(acct.editor.token, `/api/process/resource/log?resId=${ids[0]}`)
    expect(log.body.data.items.at(-1)).toMatchObject({
      action: 'reject',
      comment: '画面不清晰',
      resType: 'video',
    })
  })

  it('keeps a collection’s members in order and refuses members that are missing, foreign, binned or repeated', async () => {
    const v1 = await addVideo(acct.editor.token, '合集成员一')
    const v2 = await addVideo(acct.editor.token, '合集成员二')
    const foreign = await addVideo(acct.outsider.token, '外部门视频')
    const binned = await addVideo(acct.editor.token, '已删除视频')
    await post(acct.editor.token, '/api/content/video/delete', { ids: [binned] })
    const article = (await post(superToken, '/api/content/add', { kind: 'article', title: '一篇文章' })).body
      .data.id as number

    const created = await addCollection(acct.editor.token, '新闻合集', [v2, v1])
    expect(created.body.code, created.body.msg).toBe(0)
    const id = created.body.data.id as number
    const detail = await get(acct.editor.token, `/api/content/detail?kind=video_collection&id=${id}`)
    expect(detail.body.data.fields.items).toEqual([v2, v1])
    expect(detail.body.data.relations.items.map((i: { title: string }) => i.title)).toEqual([
      '合集成员二',
      '合集成员一',
    ])

    for (const [items, msg] of [
      [[v1, 999_999], '合集内容中有不存在、已删除、类型不符或不在数据范围内的内容'],
      [[v1, foreign], '合集内容中有不存在、已删除、类型不符或不在数据范围内的内容'],
      [[binned], '合集内容中有不存在、已删除、类型不符或不在数据范围内的内容'],
      [[article], '合集内容中有不存在、已删除、类型不符或不在数据范围内的内容'],
      [[v1, v1], '合集内容中有重复的内容'],
    ] as const) {
      const r = await addCollection(acct.editor.token, '坏合集', [...items])
      expect(r.res.statusCode, JSON.stringify(items)).toBe(400)
      expect(r.body.msg).toBe(msg)
    }
    // Audio collections take no members until the media library lands; an empty one is fine.
    expect((await addCollection(acct.editor.token, '音频合集', [v1], 'audio')).body.msg).toBe(
      '该类型的合集内容暂不可选择',
    )
    expect((await addCollection(acct.editor.token, '空音频合集', [], 'audio')).body.code).toBe(0)
    // Modify runs the same check.
    const mod = await post(acct.editor.token, '/api/content/modify', {
      kind: 'video_collection',
      id,
      title: '新闻合集',
      collectionType: 'video',
      items: [v1, foreign],
    })
    expect(mod.res.statusCode).toBe(400)
    // The outsider cannot see the editor's videos in the picker; the editor sees its own, by title.
    const picker = (token: string, q: string, related = 'video') =>
      get(token, `/api/content/relation?kind=video_collection&field=items&related=${related}&${q}`)
    const mine = await picker(acct.editor.token, 'title=合集成员')
    expect(mine.body.data.items.map((i: { id: number }) => i.id).sort()).toEqual([v1, v2].sort())
    expect(mine.body.data.total).toBe(2)
    expect((await picker(acct.outsider.token, 'title=合集成员')).body.data.total).toBe(0)
    const byIds = await picker(acct.editor.token, `ids=${v2},${v1}`)
    expect(byIds.body.data.total).toBe(2)
    expect((await picker(acct.editor.token, '', 'audio')).res.statusCode).toBe(400)
    expect(
      (
        await get(
          acct.albumReviewer.token,
          '/api/content/relation?kind=video_collection&field=items&related=video',
        )
      ).res.statusCode,
    ).toBe(403)
  })

  it('reviews collections on their own queue (/ablumAudit, resType video_collection), batch approval included', async () => {
    const v = await addVideo(acct.editor.token, '合集审核成员')
    const ids: number[] = []
    for (const title of ['合集甲', '合集乙']) {
      const r = await addCollection(acct.editor.token, title, [v])
      ids.push(r.body.data.id)
    }
    await post(acct.editor.token, '/api/content/examination', { kind: 'video_collection', ids })
    const counts = (await get(acct.albumReviewer.token, '/api/verify-center/pendingCounts')).body.data
    expect(counts.counts['/ablumAudit']).toBe(2)
    expect(counts.counts).not.toHaveProperty('/videoAudit')
    const all = (await get(superToken, '/api/verify-center/pendingCounts')).body.data
    expect(all.counts['/ablumAudit']).toBe(2)
    expect(all.total).toBe(Object.values(all.counts as Record<string, number>).reduce((a, b) => a + b, 0))
    const queue = await get(acct.albumReviewer.token, '/api/verify-center/video-collection?type=list')
    expect(queue.body.data.total).toBe(2)
    const detail = await get(
      acct.albumReviewer.token,
      `/api/verify-center/video-collection/detail?kind=video_collection&id=${ids[0]}`,
    )
    expect(detail.body.data.relations.items[0]).toMatchObject({ id: v, title: '合集审核成员' })
    expect(
      (await get(acct.videoReviewer.token, '/api/verify-center/video-collection?type=list')).res.statusCode,
    ).toBe(403)
    // A rejection needs its reason here too; rejected collections go back to the editor.
    const third = (await addCollection(acct.editor.token, '合集丙', [v])).body.data.id as number
    await post(acct.editor.token, '/api/content/examination', { kind: 'video_collection', ids: [third] })
    const rejected = await post(acct.albumReviewer.token, '/api/verify-center/rejection', {
      resType: 'video_collection',
      ids: [third],
      reason: '封面不清晰',
    })
    expect(rejected.body.data.updated).toBe(1)
    const approved = await post(acct.albumReviewer.token, '/api/verify-center/approved', {
      resType: 'video_collection',
      ids,
    })
    expect(approved.body.data.updated).toBe(2)
    expect(
      (await get(acct.albumReviewer.token, '/api/verify-center/pendingCounts')).body.data.counts[
        '/ablumAudit'
      ],
    ).toBe(0)
    const listed = await get(acct.editor.token, '/api/content/list?kind=video_collection&type=list')
    expect(listed.body.data.items.find((i: { id: number }) => i.id === ids[0])).toMatchObject({
      collectionType: 'video',
    })
    const nums = await get(acct.editor.token, '/api/content/nums?kind=video_collection')
    expect(Object.keys(nums.body.data)).toEqual(['list', 'recycle', 'draft'])
    // 合集列表 = everything submitted at least once: two approved, one rejected.
    expect(nums.body.data.list).toBe(3)
  })

  it('searches all content kinds in scope (/contentManager), with repeatTitle and counter totals', async () => {
    await addVideo(acct.editor.token, '重复的标题')
    await post(acct.editor.token, '/api/content/add', {
      kind: 'video_collection',
      title: '重复的标题',
      collectionType: 'video',
      items: [],
    })
    await addVideo(acct.outsider.token, '重复的标题')
    expect((await get(acct.noSearch.token, '/api/content/search')).res.statusCode).toBe(403)

    const repeat = await get(
      acct.searcher.token,
      `/api/content/search?repeatTitle=${encodeURIComponent('重复的标题')}`,
    )
    expect(repeat.body.data.total).toBe(2)
    expect(repeat.body.data.items.map((i: { kind: string }) => i.kind).sort()).toEqual([
      'video',
      'video_collection',
    ])
    expect(
      (await get(superToken, `/api/content/search?repeatTitle=${encodeURIComponent('重复的标题')}`)).body.data
        .total,
    ).toBe(3)
    // Exact title only: a keyword is `title`.
    expect(
      (await get(acct.searcher.token, `/api/content/search?repeatTitle=${encodeURIComponent('重复')}`)).body
        .data.total,
    ).toBe(0)

    // Without title/time filters the total comes from the counters and equals the rows.
    const all = await get(acct.searcher.token, '/api/content/search?pageSize=100')
    expect(all.body.data.total).toBe(all.body.data.items.length)
    const videos = await post(acct.searcher.token, '/api/content/search', {
      kind: 'video',
      verifyState: 0,
      pageSize: 100,
    })
    expect(
      videos.body.data.items.every(
        (i: { kind: string; verifyState: number }) => i.kind === 'video' && i.verifyState === 0,
      ),
    ).toBe(true)
    expect(videos.body.data.total).toBe(videos.body.data.items.length)
    const byCreator = await get(acct.searcher.token, '/api/content/search?createdBy=mediaEditor&pageSize=100')
    expect(byCreator.body.data.total).toBe(byCreator.body.data.items.length)
    expect(byCreator.body.data.total).toBeGreaterThan(0)
    expect((await get(acct.searcher.token, '/api/content/search?createdBy=nobody')).body.data.total).toBe(0)
    const paged = await get(acct.searcher.token, '/api/content/search?page=2&pageSize=3')
    expect(paged.body.data.items.length).toBe(3)
    expect(paged.body.data.total).toBe(all.body.data.total)
    expect((await get(acct.searcher.token, '/api/content/search?kind=nope')).res.statusCode).toBe(400)
  })
})
