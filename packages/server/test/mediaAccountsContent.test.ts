import { mediaAccountMessages } from '@moc/domain/api/mediaAccounts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { content, department } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'
import { approvedMediaAccount } from './mediaAccountCalls.ts'
import { appCalls } from './openCommunityCalls.ts'

/**
 * A media account's content (/mediaContent, decision 0043): topics, circles and interactive items (热议) related
 * through /relation with 置顶 within the recommendation slots, 显示 and 排序; its own articles and videos put under it
 * and taken out (addRelation, deleteRelation) within the caller's data scope; each change needs 媒体号-内容's action.
 */
describe.each(engines)('media account content (%s)', (engine) => {
  let t: TestApp
  let superToken = ''
  let account = 0
  const acct = {} as Record<'operator' | 'viewer' | 'outsider', { token: string }>
  const { post: call, get } = contentCalls(() => t)
  const app = appCalls(() => t)
  const ok = async (r: ReturnType<typeof call>) => {
    const { body } = await r
    expect(body.code, body.msg).toBe(0)
    return body.data
  }
  type Item = { id: number; resId: number; title: string; top: boolean; showState: boolean; kind: string }
  const tab = async (type: string, extra = '') =>
    (
      await ok(
        get(
          acct.operator.token,
          `/api/relation/mediaContentList?mediaAccountId=${account}&type=${type}${extra}`,
        ),
      )
    ).items as Item[]
  /** 热议 items as the console leaves them (their own screens are another issue's). */
  async function discussions(...titles: string[]) {
    const createdBy = await app.adminId()
    const rows = await t.database.db
      .insert(content)
      .values(titles.map((title) => ({ kind: 'discuss', title, createdBy, verifyState: 1 })))
      .returning({ id: content.id })
    return rows.map((r) => r.id)
  }
  const eqId = (id: number) => eq(content.id, id)

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await login(t.app)
    const [d] = await t.database.db.insert(department).values({ name: '新媒体部' }).returning()
    const [e] = await t.database.db.insert(department).values({ name: '经济部' }).returning()
    acct.operator = await scopedAccount(
      t,
      'mediaContentOperator',
      {
        '媒体号-内容': ['查看', '添加', '编辑', '删除', '显示/隐藏', '置顶'],
        '内容-文章': ['查看', '添加'],
      },
      d!.id,
    )
    acct.viewer = await scopedAccount(t, 'mediaContentViewer', { '媒体号-内容': ['查看'] }, d!.id)
    acct.outsider = await scopedAccount(
      t,
      'mediaOutsider',
      { 媒体号管理: ['查看'], '内容-文章': ['查看', '添加'] },
      e!.id,
    )
    account = await approvedMediaAccount(t, superToken, '新闻综合频道')
  }, 60_000)
  afterAll(() => t?.close())

  it('relates topics, circles and 热议 items; duplicates skipped, missing ones refused; deletes relations', async () => {
    const op = acct.operator.token
    const topics = [
      await app.makeTopic('城市更新'),
      await app.makeTopic('亚运记忆'),
      await app.makeTopic('夜经济'),
    ]
    const circleId = await app.makeCircle('骑行爱好者')
    const [talk, binned] = await discussions('地铁该不该延长运营', '已删除的热议')
    await t.database.db.update(content).set({ recycledAt: new Date() }).where(eqId(binned!))

    const first = await ok(
      call(op, '/api/relation/insertBatch', {
        mediaAccountId: account,
        type: 'topic',
        ids: topics.slice(0, 2),
      }),
    )
    expect(first).toEqual({ added: 2 })
    const again = await call(op, '/api/relation/insertBatch', {
      mediaAccountId: account,
      type: 'topic',
      ids: topics,
    })
    expect([again.body.data, again.body.msg]).toEqual([{ added: 1 }, '已添加 1 条'])
    const missing = await call(op, '/api/relation/insertBatch', {
      mediaAccountId: account,
      type: 'circle',
      ids: [99_999],
    })
    expect([missing.res.statusCode, missing.body.msg]).toEqual([400, '所选圈子不存在或已删除'])
    const recycled = await call(op, '/api/relation/insertBatch', {
      mediaAccountId: account,
      type: 'interactive',
      ids: [binned],
    })
    expect(recycled.body.msg).toBe('所选热议不存在或已删除')
    const noAccount = await call(op, '/api/relation/insertBatch', {
      mediaAccountId: 99_999,
      type: 'topic',
      ids: topics,
    })
    expect([noAccount.res.statusCode, noAccount.body.msg]).toEqual([404, '媒体号不存在'])
    await ok(
      call(op, '/api/relation/insertBatch', { mediaAccountId: account, type: 'circle', ids: [circleId] }),
    )
    await ok(
      call(op, '/api/relation/insertBatch', { mediaAccountId: account, type: 'interactive', ids: [talk] }),
    )

    expect((await tab('topic')).map((i) => i.title)).toEqual(['夜经济', '亚运记忆', '城市更新'])
    expect(await tab('circle')).toMatchObject([{ title: '骑行爱好者', kind: 'circle', resId: circleId }])
    const [interactive] = await tab('interactive')
    expect(interactive).toMatchObject({
      title: '地铁该不该延长运营',
      kind: 'discuss',
      comments: 0,
      verifyState: 1,
    })
    expect((await tab('topic', `&keyword=${encodeURIComponent('亚运')}`)).map((i) => i.title)).toEqual([
      '亚运记忆',
    ])
    // POST takes the same fields in the body.
    const posted = await ok(
      call(op, '/api/relation/mediaContentList', { mediaAccountId: account, type: 'topic', pageSize: 2 }),
    )
    expect([posted.items.length, posted.total]).toEqual([2, 3])

    // A relation whose item went to the recycle bin is no longer listed.
    await t.database.db.update(content).set({ recycledAt: new Date() }).where(eqId(talk!))
    expect(await tab('interactive')).toEqual([])

    const del = await ok(call(op, '/api/relation/delectBatch', { ids: [interactive!.id] }))
    expect(del).toEqual({ deleted: 1 })
    const gone = await call(op, '/api/relation/delectBatch', { ids: [interactive!.id] })
    expect([gone.res.statusCode, gone.body.msg]).toEqual([404, '所选关联内容不存在'])
  })

  it('tops within the recommendation slots, shows, hides and orders relations, each with its own action', async () => {
    const op = acct.operator.token
    const ids = []
    for (const name of ['一', '二', '三', '四']) ids.push(await app.makeTopic(`置顶话题${name}`))
    const other = await approvedMediaAccount(t, superToken, '交通之声')
    await ok(call(op, '/api/relation/insertBatch', { mediaAccountId: other, type: 'topic', ids }))
    const rows = await ok(get(op, `/api/relation/mediaContentList?mediaAccountId=${other}&type=topic`))
    const byTitle = new Map((rows.items as Item[]).map((i) => [i.title, i.id]))
    const rel = (n: string) => byTitle.get(`置顶话题${n}`)!

    await ok(call(op, '/api/relation/updateBatch', { ids: [rel('一'), rel('二')], top: true }))
    await ok(call(op, '/api/relation/updateBatch', { ids: [rel('三')], top: true }))
    // Without a preset an account has 3 slots: a fourth is refused and nothing of it stays.
    const full = await call(op, '/api/relation/updateBatch', { ids: [rel('四')], top: true })
    expect([full.res.statusCode, full.body.msg]).toEqual([409, '推荐位已满（最多 3 个置顶）'])
    await ok(call(op, '/api/relation/updateBatch', { ids: [rel('一')], top: false }))
    await ok(call(op, '/api/relation/updateBatch', { ids: [rel('四')], top: true, sort: 1 }))
    await ok(call(op, '/api/relation/updateBatch', { ids: [rel('三')], sort: 5 }))
    await ok(call(op, '/api/relation/updateBatch', { ids: [rel('二')], showState: false }))
    const list = (await ok(get(op, `/api/relation/mediaContentList?mediaAccountId=${other}&type=topic`)))
      .items as Item[]
    // Topped first, then by 排序, then the newest relation.
    expect(list.map((i) => [i.title, i.top, i.showState])).toEqual([
      ['置顶话题二', true, false],
      ['置顶话题四', true, true],
      ['置顶话题三', true, true],
      ['置顶话题一', false, true],
    ])
    const nothing = await call(op, '/api/relation/updateBatch', { ids: [rel('一')] })
    expect([nothing.res.statusCode, nothing.body.msg]).toEqual([422, '请指定置顶、显示状态或排序'])

    // An operating preset sets the slots.
    const preset = await ok(
      call(superToken, '/api/operatingPreset/add', { name: '单推荐位', recommendSlots: 1 }),
    )
    const small = await approvedMediaAccount(t, superToken, '少推荐位号', { presetId: preset.id })
    await ok(
      call(op, '/api/relation/insertBatch', { mediaAccountId: small, type: 'topic', ids: ids.slice(0, 2) }),
    )
    const smallIds = (
      (await ok(get(op, `/api/relation/mediaContentList?mediaAccountId=${small}&type=topic`))).items as Item[]
    ).map((i) => i.id)
    expect((await call(op, '/api/relation/updateBatch', { ids: smallIds, top: true })).body.msg).toBe(
      '推荐位已满（最多 1 个置顶）',
    )

    // 查看 alone lists, but each change needs its action.
    const viewer = acct.viewer.token
    expect(
      (await ok(get(viewer, `/api/relation/mediaContentList?mediaAccountId=${other}&type=topic`))).total,
    ).toBe(4)
    for (const change of [{ top: false }, { showState: true }, { sort: 2 }])
      expect(
        (await call(viewer, '/api/relation/updateBatch', { ids: [rel('一')], ...change })).res.statusCode,
      ).toBe(403)
    expect((await call(viewer, '/api/relation/delectBatch', { ids: [rel('一')] })).res.statusCode).toBe(403)
    expect(
      (await call(viewer, '/api/relation/insertBatch', { mediaAccountId: other, type: 'topic', ids })).res
        .statusCode,
    ).toBe(403)
    // Without 媒体号-内容 at all, not even the list.
    expect(
      (await get(acct.outsider.token, `/api/relation/mediaContentList?mediaAccountId=${other}`)).res
        .statusCode,
    ).toBe(403)
    expect(
      (await get(acct.outsider.token, `/api/mediaAccount/mediaContent?mediaAccountId=${other}`)).res
        .statusCode,
    ).toBe(403)
  })

  it("lists the account's articles and videos; puts items under it and takes them out, in scope only", async () => {
    const op = acct.operator.token
    const own = await ok(
      call(op, '/api/content/add', {
        kind: 'article',
        title: '频道的文章',
        body: '<p>x</p>',
        mediaAccountId: account,
      }),
    )
    const loose = await ok(
      call(op, '/api/content/add', { kind: 'article', title: '待归入的文章', body: '<p>y</p>' }),
    )
    const foreign = await ok(
      call(acct.outsider.token, '/api/content/add', { kind: 'article', title: '别部门的文章' }),
    )
    const listed = async () =>
      ((await ok(get(op, `/api/mediaAccount/mediaContent?mediaAccountId=${account}`))).items as Item[]).map(
        (i) => i.title,
      )
    expect(await listed()).toEqual(['频道的文章'])
    expect(await tab('content')).toMatchObject([
      { id: own.id, resId: own.id, kind: 'article', top: false, comments: 0 },
    ])

    await ok(call(op, '/api/mediaAccount/addRelation', { mediaAccountId: account, contentIds: [loose.id] }))
    expect(await listed()).toEqual(['待归入的文章', '频道的文章'])
    // Another department's item is not the caller's to move.
    const outside = await call(op, '/api/mediaAccount/addRelation', {
      mediaAccountId: account,
      contentIds: [foreign.id],
    })
    expect([outside.res.statusCode, outside.body.msg]).toEqual([
      404,
      '所选内容不存在、已删除或不在数据范围内',
    ])
    // A frozen account takes no content, as a new article under it would be refused.
    await ok(call(superToken, '/api/mediaAccount/frozen', { id: account, reason: '整改' }))
    const frozen = await call(op, '/api/mediaAccount/addRelation', {
      mediaAccountId: account,
      contentIds: [loose.id],
    })
    expect([frozen.res.statusCode, frozen.body.msg]).toEqual([
      400,
      mediaAccountMessages.frozen('新闻综合频道'),
    ])
    await ok(call(superToken, '/api/mediaAccount/unfrozen', { id: account }))

    await ok(call(op, '/api/mediaAccount/deleteRelation', { contentIds: [loose.id] }))
    expect(await listed()).toEqual(['频道的文章'])
    const fields = (await ok(get(op, `/api/content/detail?kind=article&id=${loose.id}`))).fields
    expect(fields.mediaAccountId).toBeNull()
    // Without 添加 / 删除 on 媒体号-内容 the moves are refused.
    expect(
      (
        await call(acct.viewer.token, '/api/mediaAccount/addRelation', {
          mediaAccountId: account,
          contentIds: [loose.id],
        })
      ).res.statusCode,
    ).toBe(403)
    expect(
      (await call(acct.viewer.token, '/api/mediaAccount/deleteRelation', { contentIds: [own.id] })).res
        .statusCode,
    ).toBe(403)
  })
})
